/* cmd_select.c - "rgn select": the games that match criteria. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int run_select(int argc, char **argv);

const cli_command cli_select = {
    "select",
    "write the games that match criteria (tags, positions, material, ...)",
    "Usage: rgn select [CRITERIA] [-n|--invert] [--count] [--mark]\n"
    "                  [--limit N] [--unique | --duplicates] [--fuzzy N]\n"
    "                  [--to FORMAT | --format text|tsv|csv|json]\n"
    "                  [--columns LIST] [-o FILE] [--keep-invalid]\n"
    "                  [--strip WHAT] [--set-tag NAME=VALUE]\n"
    "                  [--add-plycount] [--add-fen-comments]\n"
    "                  [--rename-players FILE] [--fix-result]\n"
    "                  [--split-every N | --split-by TAG] [--force]\n"
    "                  [--strict] [-q|--quiet] [--diagnostics=text|json]\n"
    "                  [--diagnostics-file FILE] [--variant NAME]\n"
    "                  [-j|--jobs N] [--range START:END]\n"
    "                  [--color|--no-color] [--] [FILE...]\n"
    "\n"
    "Reads and validates the games (as 'rgn validate' does, with the same\n"
    "diagnostics and exit status) and writes those that match every\n"
    "criterion, in input order, in any format 'rgn convert' writes (--to,\n"
    "-o FILE written atomically, --keep-invalid). Criteria of the same\n"
    "tag, and repeated --position or --pattern, match when any of them\n"
    "does; a tag bounded from both sides ('Date>=2018' 'Date<=2019')\n"
    "needs both; all others are ANDed (rgn(1) has the whole language).\n"
    "Criteria:\n"
    "  --tag NAME=VALUE   exact; NAME~TEXT contains (any case);\n"
    "                     NAME=~REGEX (POSIX extended); NAME<VALUE, <=,\n"
    "                     >, >=, != (dates, numbers, else text); Player,\n"
    "                     Elo and EloDiff stand for either side\n"
    "  --plies MIN-MAX    main-line length (MIN-, -MAX, N)\n"
    "  --ends mate|stalemate|repetition|fifty|insufficient|unfinished\n"
    "  --promotion[=PIECE]  --underpromotion  --setup\n"
    "  --has comments|variations|nags|clocks\n"
    "  --valid            --invalid (the broken games, kept as\n"
    "                     --keep-invalid keeps them)\n"
    "  --position POS     a position string, at any main-line ply\n"
    "  --pattern BOARD    the pieces given stand there, others anything\n"
    "  --material SIG     pieces of each side ('KQ v KR', '+': at least)\n"
    "  --material-plies N the signature holds N plies\n"
    "  --moves 'LINE'     reaches the position a line of moves reaches\n"
    "  --in-variations    positions also in variations\n"
    "  --games LIST       by number from 1 over all inputs: 5-10,17\n"
    "Selection and output:\n"
    "  -n, --invert       the games that do not match\n"
    "  --count            print only how many games are selected\n"
    "  --mark             a comment where a position criterion matched\n"
    "  --limit N          at most N games (invalid games are selected\n"
    "                     only with --keep-invalid, which writes them)\n"
    "  --unique           the first copy of each game (same start, same\n"
    "                     main-line moves); --duplicates: every later copy\n"
    "  --fuzzy N          copies are games with the same position at ply N\n"
    "  --format text|tsv|csv|json  a record per game selected, as 'rgn\n"
    "                     list' writes it (--columns too), with the field\n"
    "                     ply (where a position criterion matched), instead\n"
    "                     of the games\n"
    "  --columns LIST     the columns of a --format table ('rgn list')\n"
    "Cleaning (of the games written; without criteria, of every "
    "game):\n" CLI_CLEANING_HELP
    "Splitting (-o PATTERN: %n the part's number, %{TAG} a tag's value\n"
    "made safe, %% a %; parts renamed into place when the run succeeds;\n"
    "a Round tag's value is its round, 3 of 3.2, TAG:full the whole):\n"
    "  --split-every N    N games a file\n"
    "  --split-by TAG     a file for each value of TAG (%n: the value's\n"
    "                     number in order of coming; Round: a file a\n"
    "                     round, Round:full a file a board)\n"
    "  --force            write over files at the parts' names\n"
    "\n" CLI_GAMES_OPTIONS_HELP CLI_COLOR_HELP CLI_END_OF_OPTIONS_HELP,
    run_select,
};

/* What to do with each game selected. */
typedef struct select_output {
    bool count_only, mark;
    rgn_edits *edits; /* the cleaning options' */
    rgn_writer *writer;
    cli_split *split;   /* instead of writer: --split-every, --split-by */
    rgn_lister *lister; /* --format: records instead of games */
    bool keep_invalid;  /* --keep-invalid: invalid games listed too */
    bool failed;        /* memory ran out while a game was passed on */
} select_output;

static void on_selected(void *user, const rgn_game *game,
                        const rgn_selection *selection)
{
    select_output *o = user;
    if (o->count_only)
        return;
    if (o->lister) {
        /* the games the writer would write: invalid ones with
         * --keep-invalid only */
        if ((!rgn_game_error(game) || o->keep_invalid) &&
            rgn_lister_game(o->lister, game, selection) < 0)
            o->failed = true;
        return;
    }
    if (o->split) {
        cli_split_game(o->split, game, o->edits, o->mark ? selection->ply : -1);
        return;
    }
    /* numbered as in the input, as convert numbers them */
    rgn_writer_number_next(o->writer, selection->number);
    if (rgn_game_replay(game, o->edits, o->mark ? selection->ply : -1,
                        rgn_writer_sink(o->writer), o->writer) < 0)
        o->failed = true;
}


static int run_select(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_select);
    rgn_criteria *criteria = rgn_criteria_new();
    cli_cleaning clean = {rgn_edits_new(), false, false, false};
    if (!criteria || !clean.edits) {
        rgn_criteria_free(criteria);
        rgn_edits_free(clean.edits);
        fprintf(stderr, "rgn select: out of memory\n");
        return EXIT_USAGE;
    }
    rgn_writer_options writing = {.format = RGN_FORMAT_RGN};
    select_output output = {0};
    const char *path = NULL;
    int to = -1;
    long limit = 0;
    bool invert = false;
    cli_criteria criteria_options = {.criteria = criteria};
    enum { SPLITTING = 3, LISTING = 2 };
    cli_option own[CLI_CRITERIA_OPTIONS + 9 + CLI_CLEANING_OPTIONS + SPLITTING +
                   LISTING];
    long split_every = 0;
    const char *split_by = NULL;
    bool force = false;
    int n = cli_criteria_options(&criteria_options, own);
    own[n++] = (cli_option){"-n", .flag = &invert};
    own[n++] = (cli_option){"--invert", .flag = &invert};
    own[n++] = (cli_option){"--count", .flag = &output.count_only};
    own[n++] = (cli_option){"--mark", .flag = &output.mark};
    own[n++] = (cli_option){"--limit", .take = cli_take_count, .out = &limit};
    own[n++] = (cli_option){"--to", .take = cli_take_format, .out = &to};
    own[n++] = (cli_option){"-o", .value = &path};
    own[n++] = (cli_option){"--keep-invalid", .flag = &writing.keep_invalid};
    n += cli_cleaning_options(&clean, own + n);
    /* splitting */
    own[n++] = (cli_option){"--split-every", .take = cli_take_count,
                            .out = &split_every};
    own[n++] = (cli_option){"--split-by", .value = &split_by};
    own[n++] = (cli_option){"--force", .flag = &force};
    int list_format = -1;
    rgn_list_options listing = {.ply = true};
    own[n++] = (cli_option){"--format", .take = cli_take_list_format,
                            .out = &list_format};
    own[n++] = (cli_option){"--columns", .value = &listing.columns};
    own[n] = (cli_option){0};
    const cli_options parser = {&cli_select, own, &games, NULL, -1, NULL};
    int files, status = cli_parse_options(&parser, argc, argv, &files);
    if (status == CLI_GO_ON &&
        cli_criteria_flags(&criteria_options, &cli_select) < 0)
        status = EXIT_USAGE;
    /* the broken games are written only as --keep-invalid keeps them */
    if (criteria_options.invalid)
        writing.keep_invalid = true;
    bool splitting = split_every || split_by;
    if (status == CLI_GO_ON && split_every && split_by)
        status = cli_usage_error(&cli_select,
                                 "--split-every and --split-by cut the output "
                                 "two ways: give one");
    if (status == CLI_GO_ON && splitting &&
        (!path || strcmp(path, "-") == 0 || output.count_only))
        status = cli_usage_error(&cli_select,
                                 "--split-every and --split-by write files: "
                                 "-o PATTERN names them");
    if (status == CLI_GO_ON && force && !splitting)
        status = cli_usage_error(&cli_select,
                                 "--force writes over the parts of "
                                 "--split-every or --split-by: -o replaces "
                                 "its file anyway");
    /* --format: records of the games selected, not the games */
    if (status == CLI_GO_ON && list_format >= 0 &&
        (to >= 0 || output.count_only))
        status = cli_usage_error(&cli_select, "--format lists the games, %s",
                                 to >= 0 ? "--to writes them: give one"
                                         : "--count counts them: give one");
    if (status == CLI_GO_ON && listing.columns && list_format < 0)
        status = cli_usage_error(&cli_select,
                                 "--columns chooses what --format lists: "
                                 "give --format too");
    listing.format = (enum rgn_list_format)list_format;
    output.keep_invalid = writing.keep_invalid;
    if (status == CLI_GO_ON && list_format >= 0 && splitting)
        status = cli_usage_error(&cli_select,
                                 "--format lists the games in one table: it "
                                 "does not go with --split-every or "
                                 "--split-by");
    char **paths = argv + 1;
    if (status == CLI_GO_ON && splitting) {
        output.split = cli_split_new(&cli_select, path, split_every, split_by,
                                     force, &writing, paths, files);
        if (!output.split)
            status = EXIT_USAGE;
    }
    if (status == CLI_GO_ON &&
        (cli_games_check_inputs(&games, paths, files) < 0 ||
         cli_output_check_inputs(&cli_select, "-o", path, paths, files, "") <
             0 ||
         cli_games_check_outputs(&games, NULL, paths, files) < 0 ||
         cli_games_ready(&games) < 0))
        status = EXIT_USAGE;
    if (status == CLI_GO_ON && list_format < 0) {
        writing.format =
            (enum rgn_format)cli_output_format(&cli_select, to, path);
        if ((int)writing.format < 0)
            status = EXIT_USAGE;
    }
    if (output.split &&
        (writing.format == RGN_FORMAT_RGN || writing.format == RGN_FORMAT_LAN))
        writing.tagless = rgn_variant_for_file(path);
    if (status != CLI_GO_ON) {
        rgn_criteria_free(criteria);
        rgn_edits_free(clean.edits);
        cli_split_free(output.split);
        return status;
    }
    cli_cleaning_flags(&clean);
    rgn_edits_report(clean.edits, cli_games_report, &games);
    output.edits = clean.edits;

    FILE *out =
        output.count_only || output.split ? NULL : cli_output_open(path);
    rgn_selector_options options = {
        .criteria = criteria,
        .invert = invert,
        .limit = (uint64_t)limit,
        .duplicates = criteria_options.copies,
        .fuzzy_ply = (int)criteria_options.fuzzy,
        /* what is not written is not selected: not counted, not limited */
        .valid_only = !writing.keep_invalid,
        .edits = clean.edits,
        .move_texts = writing.format == RGN_FORMAT_JSON,
        .count_only = output.count_only,
        .selected = on_selected,
        .user = &output,
    };
    if (out && path && strcmp(path, "-") != 0 &&
        (writing.format == RGN_FORMAT_RGN || writing.format == RGN_FORMAT_LAN))
        writing.tagless = rgn_variant_for_file(path);
    rgn_selector *selector = rgn_selector_new(&options);
    if (out && list_format >= 0) {
        output.lister = cli_lister_new(&cli_select, &listing, out);
        if (!output.lister) {
            rgn_selector_free(selector);
            rgn_criteria_free(criteria);
            cli_output_close(out, path, false);
            return EXIT_USAGE;
        }
        games.input = cli_lister_input;
        games.input_user = output.lister;
    } else {
        if (out)
            output.writer = rgn_writer_new(&writing, out);
    }
    bool started = selector && (output.count_only || output.writer ||
                                output.split || output.lister);
    if (!output.count_only && !out && !output.split)
        started = false;
    bool written = false;
    if (started) {
        games.options.sink = rgn_selector_sink();
        games.options.sink_user = selector;
        cli_games_read_all(&games, paths, files);
        errno = 0;
        written = output.lister
                      ? rgn_lister_finish(output.lister) == 0
                      : !output.writer || rgn_writer_finish(output.writer) == 0;
        if (!written)
            cli_output_error(path, errno);
        if (output.failed || rgn_selector_failed(selector)) {
            fprintf(stderr, "rgn select: out of memory\n");
            written = false;
        }
    } else if (out || output.count_only)
        fprintf(stderr, "rgn select: cannot start the output\n");
    if (output.count_only && started)
        printf("%llu\n", (unsigned long long)rgn_selector_count(selector));
    rgn_writer_free(output.writer);
    rgn_lister_free(output.lister);
    rgn_selector_free(selector);
    rgn_criteria_free(criteria);
    rgn_edits_free(clean.edits);
    /* an input that could not be read fails the run: the target stays */
    bool ok = started && written && !games.io_error;
    if (out && cli_output_close(out, path, ok) < 0)
        ok = false;
    if (output.split && cli_split_finish(output.split, ok) < 0)
        ok = false;
    cli_split_free(output.split);
    status = cli_games_finish(&games);
    return ok ? status : EXIT_USAGE;
}
