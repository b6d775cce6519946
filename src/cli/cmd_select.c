/* cmd_select.c - "rgn select": the games that match criteria. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

static int run_select(int argc, char **argv);

const cli_command cli_select = {
    "select",
    "write the games that match criteria (tags, positions, material, ...)",
    run_select,
};

/* What to do with each game selected. */
typedef struct select_output {
    bool count_only, mark;
    rgn_edits *edits; /* the cleaning options' */
    rgn_writer *writer;
    rgn_splitter *split; /* instead of writer: --split-every, --split-by */
    bool split_failed;   /* and said why (split_reported: already) */
    bool split_reported;
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
            rgn_lister_game(o->lister, game, selection, NULL) < 0)
            o->failed = true;
        return;
    }
    if (o->split) {
        rgn_error error;
        if (!o->split_failed &&
            rgn_splitter_game(o->split, game, 0, o->edits,
                              o->mark ? selection->ply : -1, &error) < 0) {
            if (!o->split_reported)
                fprintf(stderr, "rgn select: %s\n", error.message);
            o->split_failed = true;
        }
        return;
    }
    /* numbered as in the input, as convert numbers them */
    if (rgn_writer_write_game(o->writer, game, selection->number, o->edits,
                              o->mark ? selection->ply : -1, NULL) < 0)
        o->failed = true;
}


/* What rgn select was asked, and what it works with. */
typedef struct select_run {
    cli_games games;
    cli_criteria criteria;
    cli_cleaning clean;
    rgn_writer_options writing;
    select_output output;
    const char *path; /* -o */
    int to;           /* --to, or -1 */
    long limit;
    bool invert;
    long split_every;
    const char *split_by;
    bool force;
    int list_format; /* --format, or -1 */
    rgn_list_options listing;
    char **paths;
    int files;
} select_run;

/* The options, and the combinations refused: the exit status, or
 * CLI_GO_ON. */
static int select_parse(select_run *r, int argc, char **argv)
{
    const cli_option own[] = {
        {"-n", .flag = &r->invert},
        {"--invert", .flag = &r->invert},
        {"--count", .flag = &r->output.count_only},
        {"--mark", .flag = &r->output.mark},
        {"--limit", .take = cli_take_count, .out = &r->limit},
        {"--to", .take = cli_take_format, .out = &r->to},
        {"-o", .value = &r->path},
        {"--keep-invalid", .flag = &r->writing.keep_invalid},
        {0},
    };
    const cli_option splitting_and_listing[] = {
        {"--split-every", .take = cli_take_count, .out = &r->split_every},
        {"--split-by", .value = &r->split_by},
        {"--force", .flag = &r->force},
        {"--format", .take = cli_take_list_format, .out = &r->list_format},
        {"--columns", .value = &r->listing.columns},
        {0},
    };
    const cli_option *const tables[] = {cli_criteria_options(&r->criteria), own,
                                        cli_cleaning_options(&r->clean),
                                        splitting_and_listing, NULL};
    const cli_options parser = {&cli_select, NULL, &r->games, NULL,
                                -1,          NULL, tables};
    int status = cli_parse_options(&parser, argc, argv, &r->files);
    r->paths = argv + 1;
    if (status == CLI_GO_ON &&
        cli_criteria_flags(&r->criteria, &cli_select) < 0)
        status = EXIT_USAGE;
    /* the broken games are written only as --keep-invalid keeps them */
    if (r->criteria.invalid)
        r->writing.keep_invalid = true;
    r->listing.format = (enum rgn_list_format)r->list_format;
    r->output.keep_invalid = r->writing.keep_invalid;
    if (status != CLI_GO_ON)
        return status;
    bool splitting = r->split_every || r->split_by;
    bool listing = r->list_format >= 0; /* records, not the games */
    const cli_conflict conflicts[] = {
        {r->split_every && r->split_by,
         "--split-every and --split-by cut the output two ways: give one"},
        {splitting &&
             (!r->path || strcmp(r->path, "-") == 0 || r->output.count_only),
         "--split-every and --split-by write files: -o PATTERN names them"},
        {r->force && !splitting,
         "--force writes over the parts of --split-every or --split-by: -o "
         "replaces its file anyway"},
        {listing && r->to >= 0,
         "--format lists the games, --to writes them: give one"},
        {listing && r->output.count_only,
         "--format lists the games, --count counts them: give one"},
        {r->listing.columns && !listing,
         "--columns chooses what --format lists: give --format too"},
        {listing && splitting,
         "--format lists the games in one table: it does not go with "
         "--split-every or --split-by"},
        {0},
    };
    return cli_check_conflicts(&cli_select, conflicts);
}

/* A new part of a split output (path): refused, after saying why, when
 * a file is there (without --force) or it is one of the inputs. */
static int check_part(void *user, const char *path, rgn_error *error)
{
    select_run *r = user;
    struct stat st;
    (void)error; /* said here: the usage error needs its hint */
    r->output.split_reported = true;
    if (!r->force && lstat(path, &st) == 0) {
        fprintf(stderr, "rgn select: %s exists: --force writes over it\n",
                path);
        return -1;
    }
    if (cli_output_check_inputs(&cli_select, "-o", path, r->paths, r->files,
                                "") < 0)
        return -1;
    r->output.split_reported = false;
    return 0;
}

/* The split output's parts, named by -o: the exit status, or
 * CLI_GO_ON. */
static int select_split(select_run *r)
{
    rgn_splitter_options options = {
        .size = sizeof options,
        .pattern = r->path,
        .every = (uint64_t)r->split_every,
        .by = r->split_by,
        .writing = &r->writing, /* its format set below, read later */
        .check = check_part,
        .user = r,
        .pattern_name = "-o",
        .every_name = "--split-every",
        .by_name = "--split-by",
    };
    rgn_error error;
    r->output.split = rgn_splitter_new(&options, &error);
    if (!r->output.split)
        return cli_usage_error(&cli_select, "%s", error.message);
    cli_output_guard_split(r->output.split);
    return CLI_GO_ON;
}

/* The checks before anything is written, the parts of a split output
 * and the format: the exit status, or CLI_GO_ON. */
static int select_prepare(select_run *r)
{
    select_output *output = &r->output;
    if ((r->split_every || r->split_by) && select_split(r) != CLI_GO_ON)
        return EXIT_USAGE;
    if (cli_games_check_inputs(&r->games, r->paths, r->files) < 0 ||
        cli_output_check_inputs(&cli_select, "-o", r->path, r->paths, r->files,
                                "") < 0 ||
        cli_games_check_outputs(&r->games, NULL, r->paths, r->files) < 0 ||
        cli_games_ready(&r->games) < 0)
        return EXIT_USAGE;
    if (r->list_format < 0) {
        r->writing.format =
            (enum rgn_format)cli_output_format(&cli_select, r->to, r->path);
        if ((int)r->writing.format < 0)
            return EXIT_USAGE;
    }
    bool rgn = r->writing.format == RGN_FORMAT_RGN ||
               r->writing.format == RGN_FORMAT_LAN;
    if (output->split && rgn)
        r->writing.tagless = rgn_variant_for_file(r->path);
    return CLI_GO_ON;
}

/* Where the games selected go (out, or the parts), and each input's name
 * given to it: false after saying why not. */
static bool select_start(select_run *r, FILE *out)
{
    select_output *output = &r->output;
    if (out && r->path && strcmp(r->path, "-") != 0 &&
        (r->writing.format == RGN_FORMAT_RGN ||
         r->writing.format == RGN_FORMAT_LAN))
        r->writing.tagless = rgn_variant_for_file(r->path);
    if (out && r->list_format >= 0) {
        output->lister = cli_lister_new(&cli_select, &r->listing, out);
        if (!output->lister)
            return false;
        r->games.input = cli_lister_input;
        r->games.input_user = output->lister;
        return true;
    }
    if (out)
        output->writer = rgn_writer_new(&r->writing, out, NULL);
    return true;
}

/* Reads the inputs through selector into what select_start made: whether
 * everything selected was written. */
static bool select_games(select_run *r, rgn_selector *selector)
{
    select_output *output = &r->output;
    r->games.options.sink = rgn_selector_sink();
    r->games.options.sink_user = selector;
    cli_games_read_all(&r->games, r->paths, r->files);
    rgn_error error;
    bool written =
        output->lister
            ? rgn_lister_finish(output->lister, &error) == 0
            : !output->writer || rgn_writer_finish(output->writer, &error) == 0;
    if (!written)
        cli_output_failed(r->path, &error);
    if (output->failed || rgn_selector_finish(selector, NULL) < 0) {
        fprintf(stderr, "rgn select: out of memory\n");
        written = false;
    }
    if (output->count_only)
        printf("%llu\n", (unsigned long long)rgn_selector_count(selector));
    return written;
}

/* Selects and writes the games: 1 when all went well (the inputs read,
 * the output written), 0 when not, -1 when the output's columns were
 * refused (nothing read). */
static int select_write(select_run *r)
{
    select_output *output = &r->output;
    cli_cleaning_flags(&r->clean);
    rgn_edits_report(r->clean.edits, cli_games_report, &r->games);
    output->edits = r->clean.edits;
    FILE *out =
        output->count_only || output->split ? NULL : cli_output_open(r->path);
    rgn_selector_options options = {
        .size = sizeof options,
        .criteria = r->criteria.criteria,
        .invert = r->invert,
        .limit = (uint64_t)r->limit,
        .duplicates = r->criteria.copies,
        .fuzzy_ply = (int)r->criteria.fuzzy,
        /* what is not written is not selected: not counted, not limited */
        .valid_only = !r->writing.keep_invalid,
        .edits = r->clean.edits,
        .move_texts = r->writing.format == RGN_FORMAT_JSON,
        .count_only = output->count_only,
        .selected = on_selected,
        .user = output,
    };
    rgn_selector *selector = rgn_selector_new(&options, NULL);
    bool opened = select_start(r, out);
    bool started = opened && selector &&
                   (output->count_only || output->writer || output->split ||
                    output->lister) &&
                   (output->count_only || out || output->split);
    bool written = started && select_games(r, selector);
    if (opened && !started && (out || output->count_only))
        fprintf(stderr, "rgn select: cannot start the output\n");
    rgn_writer_free(output->writer);
    rgn_lister_free(output->lister);
    rgn_selector_free(selector);
    /* an input that could not be read fails the run: the target stays */
    bool ok = written && !r->games.io_error;
    if (out && cli_output_close(out, r->path, ok) < 0)
        ok = false;
    rgn_error error;
    if (output->split &&
        rgn_splitter_finish(output->split, ok && !output->split_failed,
                            &error) < 0) {
        fprintf(stderr, "rgn select: %s\n", error.message);
        ok = false;
    }
    if (output->split_failed)
        ok = false;
    return opened ? ok : -1;
}

static int run_select(int argc, char **argv)
{
    select_run r = {.to = -1, .list_format = -1};
    r.writing = (rgn_writer_options){.size = sizeof r.writing}; /* RGN */
    r.listing = (rgn_list_options){.size = sizeof r.listing, .ply = true};
    cli_games_init(&r.games, &cli_select);
    r.criteria.criteria = rgn_criteria_new(NULL);
    r.clean.edits = rgn_edits_new(NULL);
    int status = EXIT_USAGE;
    if (!r.criteria.criteria || !r.clean.edits)
        fprintf(stderr, "rgn select: out of memory\n");
    else if ((status = select_parse(&r, argc, argv)) == CLI_GO_ON &&
             (status = select_prepare(&r)) == CLI_GO_ON) {
        int ok = select_write(&r);
        if (ok >= 0)
            status = cli_games_finish(&r.games);
        if (ok <= 0)
            status = EXIT_USAGE;
    }
    cli_output_guard_split(NULL);
    rgn_splitter_free(r.output.split);
    rgn_criteria_free(r.criteria.criteria);
    rgn_edits_free(r.clean.edits);
    return status;
}
