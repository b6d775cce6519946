/*
 * cmd_db_query.c - the subcommands of "rgn db" that answer from a
 * database: find (the criteria of rgn select), export (every game) and
 * tree (the moves played from a position).
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* What --format asks of find: a record a game (text, also called list,
 * tsv, csv, json), or the games in a format convert writes (rgn, lan,
 * ...; its json is --to json), into the find_format at out. */
typedef struct find_format {
    int list; /* an rgn_list_format, or -1 */
    int to;   /* an rgn_format, or -1 */
} find_format;

/* What rgn db find was asked. */
typedef struct find_run {
    const char *db_path, *path;
    rgn_db_find_options options;
    bool mark, keep_invalid;
    long limit;
    int to;
    find_format format;
    rgn_list_options listing;
} find_run;

static int take_find_format(const cli_command *command, const char *value,
                            void *out)
{
    find_format *f = out;
    int list = strcmp(value, "list") == 0
                   ? RGN_LIST_TEXT
                   : rgn_format_parse(RGN_LIST_FORMATS, value, NULL);
    int to = list < 0 ? rgn_format_parse(RGN_GAME_FORMATS, value, NULL) : -1;
    if (list < 0 && to < 0) {
        /* list, the list formats, or a format of --to */
        const char *const *lists = rgn_format_names(RGN_LIST_FORMATS);
        const char *names[RGN_LIST_JSON + 4] = {"list"};
        int n = 1;
        for (int i = 0; lists[i] && n < RGN_LIST_JSON + 2; i++)
            names[n++] = lists[i];
        names[n] = "a format of --to";
        return cli_usage_error(command, "--format takes %s, not '%s'",
                               cli_alternatives(names), value),
               -1;
    }
    f->list = list;
    f->to = to;
    return 0;
}

static int run_find(int argc, char **argv);
static int run_export(int argc, char **argv);
static int run_tree(int argc, char **argv);

const cli_command cli_db_find = {
    "db find",
    "the games of a database that match criteria",
    run_find,
};

const cli_command cli_db_export = {
    "db export",
    "write out the games of a database",
    run_export,
};

const cli_command cli_db_tree = {
    "db tree",
    "the moves played from a position",
    run_tree,
};

/* ------------------------------------------------------------------ */
/* find and export                                                    */

/* An rgn_edits_report hook: a note of the edits (--fix-result) about
 * the game being written, printed as the validator's. */
static void tell_note(void *user, const rgn_diagnostic *note)
{
    cli_games_tell(user, note->file ? note->file : "-", note);
}

/* Finds the games and writes them (or their records) to path, with
 * options's edits (NULL: none) and --mark: the exit status. */
static int find_and_write(const cli_command *command, const char *db_path,
                          rgn_db_find_options *options, int list_format,
                          rgn_list_options *listing, int to, const char *path,
                          bool keep_invalid, bool mark)
{
    rgn_writer_options writing = {.size = sizeof writing,
                                  .keep_invalid = keep_invalid};
    if (list_format < 0 && !options->count_only) {
        int format = cli_output_format(command, to, path);
        if (format < 0)
            return EXIT_USAGE;
        writing.format = (enum rgn_format)format;
    }
    rgn_db *db = cli_db_open(command, db_path, false, 10);
    FILE *out = !db || options->count_only ? NULL : cli_output_open(path);
    if (!db || (!options->count_only && !out)) {
        rgn_db_close(db);
        return EXIT_USAGE;
    }
    if (list_format >= 0)
        listing->format = (enum rgn_list_format)list_format;
    rgn_destination_options delivering = {
        .size = sizeof delivering,
        .writing = &writing,
        .listing = list_format >= 0 ? listing : NULL,
        .edits = options->edits,
        .mark = mark,
    };
    rgn_error error;
    rgn_destination *destination =
        rgn_destination_new(&delivering, out, &error);
    if (!destination && delivering.listing)
        cli_usage_error(command, "--columns: %s", error.message);
    options->valid_only = !keep_invalid;
    int64_t found =
        destination ? rgn_db_find_write(db, options, destination, &error) : -1;
    /* a write that failed is told when the output is closed */
    if (found < 0 && destination && !(out && ferror(out)))
        fprintf(stderr, "rgn %s: %s: %s\n", command->name, db_path,
                error.message);
    bool ok = found >= 0;
    if (ok && rgn_destination_finish(destination, true, &error) < 0) {
        cli_output_failed(path, &error);
        ok = false;
    }
    if (ok && options->count_only)
        printf("%lld\n", (long long)found);
    rgn_destination_free(destination);
    if (out && cli_output_close(out, path, ok) < 0)
        ok = false;
    rgn_db_close(db);
    return !ok ? EXIT_USAGE : found > 0 ? EXIT_OK : EXIT_INVALID;
}

/* find's options, and the combinations it refuses: the exit status, or
 * CLI_GO_ON. */
static int find_parse(int argc, char **argv, cli_criteria *criteria,
                      cli_cleaning *clean, find_run *r)
{
    const cli_option own[] = {
        {"--db", .value = &r->db_path},
        {"-n", .flag = &r->options.invert},
        {"--invert", .flag = &r->options.invert},
        {"--count", .flag = &r->options.count_only},
        {"--mark", .flag = &r->mark},
        {"--limit", .take = cli_take_count, .out = &r->limit},
        {"--format", .take = take_find_format, .out = &r->format},
        {"--columns", .value = &r->listing.columns},
        {"--to", .take = cli_take_format, .out = &r->to},
        {"-o", .value = &r->path},
        {"--keep-invalid", .flag = &r->keep_invalid},
        {0},
    };
    const cli_option *const tables[] = {cli_criteria_options(criteria),
                                        cli_cleaning_options(clean), own, NULL};
    int color = -1, operands;
    const cli_options parser = {&cli_db_find, NULL,  NULL, &color, 0,
                                NULL,         tables};
    int status = cli_parse_options(&parser, argc, argv, &operands);
    if (status == CLI_GO_ON &&
        (cli_criteria_flags(criteria, &cli_db_find) < 0 ||
         cli_cleaning_flags(clean, &cli_db_find) < 0))
        status = EXIT_USAGE;
    if (criteria->invalid)
        r->keep_invalid = true;
    if (status != CLI_GO_ON)
        return status;
    /* --format names a format of --to too */
    int to = r->format.to >= 0 ? r->format.to : r->to;
    bool listing = r->format.list >= 0;
    const cli_conflict conflicts[] = {
        {r->format.to >= 0 && r->to >= 0 && r->format.to != r->to,
         "--format and --to name two formats: give one"},
        {listing && to >= 0,
         "--format lists the games, --to writes them: give one"},
        {listing && r->options.count_only,
         "--format lists the games, --count counts them: give one"},
        {r->listing.columns && !listing,
         "--columns chooses what --format lists: give --format too"},
        {0},
    };
    r->to = to;
    return cli_check_conflicts(&cli_db_find, conflicts);
}

static int run_find(int argc, char **argv)
{
    cli_criteria criteria = {.criteria = rgn_criteria_new(NULL)};
    cli_cleaning clean = {.edits = rgn_edits_new(NULL)};
    find_run r = {.db_path = "games.rgndb",
                  .to = -1,
                  .format = {-1, -1},
                  .listing = {.size = sizeof(rgn_list_options), .ply = true}};
    r.options.size = sizeof r.options;
    r.options.criteria = criteria.criteria;
    int status = EXIT_USAGE;
    if (!criteria.criteria || !clean.edits)
        fprintf(stderr, "rgn db find: out of memory\n");
    else if ((status = find_parse(argc, argv, &criteria, &clean, &r)) ==
             CLI_GO_ON) {
        int list_format = r.format.list;
        if (list_format < 0 && r.to < 0 && !r.options.count_only && !r.path)
            list_format = RGN_LIST_TEXT; /* a table on the terminal */
        r.options.limit = (uint64_t)r.limit;
        r.options.duplicates = criteria.copies;
        r.options.fuzzy_ply = (int)criteria.fuzzy;
        cli_games notes; /* no games read: only its printer of diagnostics */
        cli_games_init(&notes, &cli_db_find);
        cli_games_ready(&notes);
        rgn_edits_report(clean.edits, tell_note, &notes);
        r.options.edits = clean.edits;
        status =
            find_and_write(&cli_db_find, r.db_path, &r.options, list_format,
                           &r.listing, r.to, r.path, r.keep_invalid, r.mark);
    }
    rgn_criteria_free(criteria.criteria);
    rgn_edits_free(clean.edits);
    return status;
}

static int run_export(int argc, char **argv)
{
    const char *db_path = "games.rgndb", *path = NULL;
    bool keep_invalid = false;
    int to = -1, color = -1;
    const cli_option own[] = {
        {"--db", .value = &db_path},
        {"--to", .take = cli_take_format, .out = &to},
        {"-o", .value = &path},
        {"--keep-invalid", .flag = &keep_invalid},
        {0},
    };
    const cli_options parser = {&cli_db_export, own, NULL, &color, 0,
                                NULL,           NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
    rgn_db_find_options options = {.size = sizeof options};
    status = find_and_write(&cli_db_export, db_path, &options, -1, NULL, to,
                            path, keep_invalid, false);
    /* an empty database exports nothing, and that is no failure */
    return status == EXIT_INVALID ? EXIT_OK : status;
}

/* ------------------------------------------------------------------ */
/* tree                                                               */

/* The position --position or --moves gives in the game variant: NULL,
 * after saying why. */
static rgn_position *tree_position(const rgn_variant *variant, const char *fen,
                                   const char *line)
{
    rgn_position *pos =
        cli_load_position(&cli_db_tree, rgn_variant_name(variant), fen);
    rgn_error error;
    if (pos && line && rgn_position_play_line(pos, line, &error) < 0) {
        cli_usage_error(&cli_db_tree, "--moves: %s", error.message);
        rgn_position_free(pos);
        return NULL;
    }
    return pos;
}

/* The position of the tree, in the game --variant names, else in the
 * game of the database's games that reads --position and plays --moves:
 * NULL after saying why, when none does or more than one does. */
static rgn_position *tree_start(rgn_db *db, const char *db_path,
                                const char *variant_name, const char *fen,
                                const char *line)
{
    const rgn_variant *found[2];
    rgn_error error;
    if (variant_name) {
        if (!(found[0] = cli_find_variant(&cli_db_tree, variant_name)))
            return NULL;
        return tree_position(found[0], fen, line);
    }
    int reading = rgn_db_tree_games(db, fen, line, found, &error);
    if (reading < 0)
        fprintf(stderr, "rgn db tree: %s: %s\n", db_path, error.message);
    else if (reading > 1)
        cli_usage_error(&cli_db_tree,
                        "the database holds games of %s and %s, and both "
                        "read the position: give --variant",
                        rgn_variant_name(found[0]), rgn_variant_name(found[1]));
    /* with none reading it, found[0] says why */
    return reading == 0 || reading == 1 ? tree_position(found[0], fen, line)
                                        : NULL;
}

static int run_tree(int argc, char **argv)
{
    const char *db_path = "games.rgndb", *fen = NULL, *line = NULL,
               *variant = NULL;
    int format = RGN_DB_TEXT, color = -1;
    const cli_option own[] = {
        {"--db", .value = &db_path},
        {"--position", .value = &fen},
        {"--moves", .value = &line},
        {"--variant", .value = &variant},
        {"--format", .set = &format, .names = cli_db_formats},
        {0},
    };
    const cli_options parser = {&cli_db_tree, own, NULL, &color, 0, NULL, NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status == CLI_GO_ON && !fen == !line)
        status = cli_usage_error(&cli_db_tree,
                                 "give the position: --position POS or "
                                 "--moves LINE");
    if (status != CLI_GO_ON)
        return status;
    rgn_db *db = cli_db_open(&cli_db_tree, db_path, false, 10);
    rgn_position *pos = db ? tree_start(db, db_path, variant, fen, line) : NULL;
    rgn_db_tree tree;
    rgn_error error;
    bool ok = pos && rgn_db_tree_of(db, pos, &tree, &error) == 0;
    if (pos && !ok)
        fprintf(stderr, "rgn db tree: %s: %s\n", db_path, error.message);
    /* a write that failed is told as the program ends */
    if (ok &&
        rgn_db_tree_write(stdout, &tree, pos, (enum rgn_db_format)format,
                          &error) < 0 &&
        !ferror(stdout))
        fprintf(stderr, "rgn db tree: %s\n", error.message);
    if (ok)
        rgn_db_tree_free(&tree);
    rgn_position_free(pos);
    rgn_db_close(db);
    return ok ? EXIT_OK : EXIT_USAGE;
}
