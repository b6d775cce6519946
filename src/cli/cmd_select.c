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

/* What rgn select was asked, and what it works with. */
typedef struct select_run {
    cli_games games;
    cli_criteria criteria;
    cli_cleaning clean;
    rgn_writer_options writing;
    bool count_only, mark;
    rgn_splitter *split; /* --split-every, --split-by */
    bool said;           /* a failure to hand a game on, told already */
    const char *path;    /* -o */
    int to;              /* --to, or -1 */
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
        {"--count", .flag = &r->count_only},
        {"--mark", .flag = &r->mark},
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
        {"--format", .set = &r->list_format,
         .names = rgn_format_names(RGN_LIST_FORMATS)},
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
        (cli_criteria_flags(&r->criteria, &cli_select) < 0 ||
         cli_cleaning_flags(&r->clean, &cli_select) < 0))
        status = EXIT_USAGE;
    /* the broken games are written only as --keep-invalid keeps them */
    if (r->criteria.invalid)
        r->writing.keep_invalid = true;
    r->listing.format = (enum rgn_list_format)r->list_format;
    if (status != CLI_GO_ON)
        return status;
    bool splitting = r->split_every || r->split_by;
    bool listing = r->list_format >= 0; /* records, not the games */
    const cli_conflict conflicts[] = {
        {r->split_every && r->split_by,
         "--split-every and --split-by cut the output two ways: give one"},
        {splitting && (!r->path || strcmp(r->path, "-") == 0 || r->count_only),
         "--split-every and --split-by write files: -o PATTERN names them"},
        {r->force && !splitting,
         "--force writes over the parts of --split-every or --split-by: -o "
         "replaces its file anyway"},
        {listing && r->to >= 0,
         "--format lists the games, --to writes them: give one"},
        {listing && r->count_only,
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
    r->said = true;
    if (!r->force && lstat(path, &st) == 0) {
        fprintf(stderr, "rgn select: %s exists: --force writes over it\n",
                path);
        return -1;
    }
    if (cli_output_check_inputs(&cli_select, "-o", path, r->paths, r->files,
                                "") < 0)
        return -1;
    r->said = false;
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
    r->split = rgn_splitter_new(&options, &error);
    if (!r->split)
        return cli_usage_error(&cli_select, "%s", error.message);
    cli_output_guard_split(r->split);
    return CLI_GO_ON;
}

/* The checks before anything is written, the parts of a split output
 * and the format: the exit status, or CLI_GO_ON. */
static int select_prepare(select_run *r)
{
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
    /* a file (or the parts) named by -o: the Variant tag its name
     * implies left out */
    if (!r->count_only)
        r->writing.path = r->path;
    return CLI_GO_ON;
}

/* A game the output failed to take: said once, unless check_part said
 * why. */
static void on_failure(void *user, const rgn_error *error)
{
    select_run *r = user;
    if (!r->said)
        fprintf(stderr, "rgn select: %s\n", error->message);
    r->said = true;
}

/* A cli_games input hook: the rule set of the input's games without a
 * Variant tag, for the records listed. */
static void list_input(void *user, const char *file, const rgn_variant *tagless)
{
    (void)file; /* the lister hears of it as the sink */
    rgn_destination_set_tagless(user, tagless);
}

/* Where the games selected go: out, the parts, or only their count; NULL
 * when there is none (said why, *refused when it was the usage error of
 * --columns). */
static rgn_destination *select_start(select_run *r, FILE *out, bool *refused)
{
    rgn_destination_options options = {
        .size = sizeof options,
        .writing = &r->writing,
        .listing = r->list_format >= 0 ? &r->listing : NULL,
        .split = r->split,
        .edits = r->clean.edits,
        .mark = r->mark,
        .report = on_failure,
        .user = r,
    };
    rgn_error error;
    rgn_destination *d = out || r->count_only || r->split
                             ? rgn_destination_new(&options, out, &error)
                             : NULL;
    *refused = !d && out && options.listing;
    if (*refused)
        cli_usage_error(&cli_select, "--columns: %s", error.message);
    if (d && options.listing) {
        r->games.input = list_input;
        r->games.input_user = d;
    }
    return d;
}

/* Reads the inputs through selector: whether every game was judged. */
static bool select_games(select_run *r, rgn_selector *selector)
{
    r->games.options.sink = rgn_selector_sink();
    r->games.options.sink_user = selector;
    cli_games_read_all(&r->games, r->paths, r->files);
    bool judged = rgn_selector_finish(selector, NULL) == 0;
    if (!judged)
        fprintf(stderr, "rgn select: out of memory\n");
    if (r->count_only)
        printf("%llu\n", (unsigned long long)rgn_selector_count(selector));
    return judged;
}

/* Selects and writes the games: 1 when all went well (the inputs read,
 * the output written), 0 when not, -1 when the output's columns were
 * refused (nothing read). */
static int select_write(select_run *r)
{
    rgn_edits_report(r->clean.edits, cli_games_report, &r->games);
    FILE *out = r->count_only || r->split ? NULL : cli_output_open(r->path);
    bool refused;
    rgn_destination *destination = select_start(r, out, &refused);
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
        .count_only = r->count_only,
        .selected = rgn_destination_selected,
        .user = destination,
    };
    rgn_selector *selector =
        destination ? rgn_selector_new(&options, NULL) : NULL;
    if (!refused && !selector && (out || r->count_only))
        fprintf(stderr, "rgn select: cannot start the output\n");
    /* an input that could not be read fails the run: the target stays */
    bool ok = selector && select_games(r, selector) && !r->games.io_error;
    rgn_error error;
    if (destination && rgn_destination_finish(destination, ok, &error) < 0) {
        /* a game's failure was told as it came (on_failure) */
        if (!r->said && r->split)
            fprintf(stderr, "rgn select: %s\n", error.message);
        else if (!r->said)
            cli_output_failed(r->path, &error);
        ok = false;
    }
    rgn_destination_free(destination);
    rgn_selector_free(selector);
    if (out && cli_output_close(out, r->path, ok) < 0)
        ok = false;
    return refused ? -1 : ok;
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
    rgn_splitter_free(r.split);
    rgn_criteria_free(r.criteria.criteria);
    rgn_edits_free(r.clean.edits);
    return status;
}
