/*
 * cmd_db.c - "rgn db": a database of games (import, merge, find, tree,
 * export, info). This file holds import, merge and info; cmd_db_query.c
 * the ones that answer questions; main.c runs them.
 */
#include <stdlib.h>

#include "cli.h"

static int run_import(int argc, char **argv);
static int run_merge(int argc, char **argv);
static int run_info(int argc, char **argv);

const cli_command cli_db = {
    "db",
    "a database of games: import, find positions, explore openings",
    NULL,
};

const cli_command cli_db_import = {
    "db import",
    "store games in a database",
    run_import,
};

const cli_command cli_db_info = {
    "db info",
    "what a database holds",
    run_info,
};

const cli_command cli_db_merge = {
    "db merge",
    "merge databases into one",
    run_merge,
};

const char *const cli_db_formats[] = {"text", "json", NULL};

rgn_db *cli_db_open(const cli_command *command, const char *path, bool write,
                    double wait)
{
    rgn_error error;
    rgn_db *db = rgn_db_open_wait(path, write, wait, &error);
    if (!db)
        fprintf(stderr, "rgn %s: %s: %s\n", command->name, path, error.message);
    return db;
}

/* --wait: seconds, 0 or more. */
static int take_wait(const cli_command *command, const char *value, void *out)
{
    char *end;
    double seconds =
        value[0] >= '0' && value[0] <= '9' ? strtod(value, &end) : -1;
    if (seconds < 0 || *end || seconds > 1e7)
        return cli_usage_error(command,
                               "--wait takes a number of seconds (0 to "
                               "10000000), not '%s'",
                               value),
               -1;
    *(double *)out = seconds;
    return 0;
}

/* ------------------------------------------------------------------ */
/* import                                                             */

/* A note of an import or a merge (a game not stored because the
 * database has it); user is the command. */
static void on_note(void *user, const rgn_diagnostic *note)
{
    const cli_command *command = user;
    fprintf(stderr, "rgn %s: %s:%u: %s\n", command->name,
            note->file ? note->file : "-", note->where.line, note->message);
}

/* The summary of what was stored. */
static void note_stored(const cli_command *command, const char *path,
                        const rgn_db_import_counts *counts)
{
    fprintf(stderr, "rgn %s: %s: ", command->name, path);
    /* standard error that cannot be written leaves no one to tell */
    if (rgn_db_import_counts_write(stderr, counts, RGN_DB_TEXT, NULL) < 0)
        return;
}

static int run_import(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_db_import);
    const char *path = "games.rgndb";
    rgn_db_import_options options = {.size = sizeof options};
    double wait = 10;
    const cli_option own[] = {
        {"--db", .value = &path},
        {"--variations", .flag = &options.variations},
        {"--wait", .take = take_wait, .out = &wait},
        {0},
    };
    const cli_options parser = {&cli_db_import, own, &games, NULL, -1,
                                NULL,           NULL};
    int files, status = cli_parse_options(&parser, argc, argv, &files);
    char **paths = argv + 1;
    if (status == CLI_GO_ON && files == 0)
        status =
            cli_usage_error(&cli_db_import, "give the files to import ('-' for "
                                            "standard input)");
    if (status == CLI_GO_ON &&
        (cli_games_check_inputs(&games, paths, files) < 0 ||
         cli_output_check_inputs(&cli_db_import, "--db", path, paths, files,
                                 "") < 0 ||
         cli_games_ready(&games) < 0))
        status = EXIT_USAGE;
    if (status != CLI_GO_ON)
        return status;
    rgn_db *db = cli_db_open(&cli_db_import, path, true, wait);
    if (!db)
        return EXIT_USAGE;
    /* a new database's temporary file, removed if a signal ends the run */
    const char *pending = rgn_db_pending_file(db);
    cli_output_guard_file(pending);
    /* quiet: no notes */
    options.report = games.quiet ? NULL : on_note;
    options.user = (void *)&cli_db_import;
    rgn_error error;
    /* a damaged file is refused before anything is written to it */
    bool ok = pending || rgn_db_check(db, &error) == 0;
    rgn_db_importer *importer =
        ok ? rgn_db_importer_new(db, &options, &error) : NULL;
    rgn_db_import_counts counts = {0};
    if (importer) {
        games.options.sink = rgn_db_importer_sink();
        games.options.sink_user = importer;
        cli_games_read_all(&games, paths, files);
        ok = rgn_db_importer_finish(importer, &counts, &error) == 0;
    }
    ok = ok && importer && !games.io_error;
    rgn_db_importer_free(importer);
    if (ok && rgn_db_commit(db, &error) < 0)
        ok = false;
    status = cli_games_finish(&games);
    if (!ok && !games.io_error)
        fprintf(stderr, "rgn db import: %s: %s\n", path, error.message);
    if (!ok)
        fprintf(stderr, "rgn db import: %s: nothing was imported\n", path);
    else if (!games.quiet)
        note_stored(&cli_db_import, path, &counts);
    rgn_db_close(db);
    cli_output_guard_file(NULL);
    return ok ? status : EXIT_USAGE;
}

/* ------------------------------------------------------------------ */
/* merge                                                              */

static int run_merge(int argc, char **argv)
{
    const char *path = "games.rgndb";
    bool quiet = false;
    int color = -1;
    double wait = 10;
    const cli_option own[] = {
        {"--db", .value = &path},
        {"--wait", .take = take_wait, .out = &wait},
        {"-q", .flag = &quiet},
        {"--quiet", .flag = &quiet},
        {0},
    };
    const cli_options parser = {&cli_db_merge, own, NULL, &color, -1,
                                NULL,          NULL};
    int inputs, status = cli_parse_options(&parser, argc, argv, &inputs);
    char **paths = argv + 1;
    if (status == CLI_GO_ON && inputs == 0)
        status = cli_usage_error(&cli_db_merge, "give the databases to merge");
    if (status == CLI_GO_ON &&
        cli_output_check_inputs(&cli_db_merge, "--db", path, paths, inputs,
                                "") < 0)
        status = EXIT_USAGE;
    if (status != CLI_GO_ON)
        return status;
    rgn_db *db = cli_db_open(&cli_db_merge, path, true, wait);
    if (!db)
        return EXIT_USAGE;
    /* a new database's temporary file, removed if a signal ends the run */
    const char *pending = rgn_db_pending_file(db);
    cli_output_guard_file(pending);
    rgn_db_merge_options options = {.size = sizeof options,
                                    .report = quiet ? NULL : on_note,
                                    .user = (void *)&cli_db_merge};
    rgn_db_import_counts counts = {0};
    rgn_error error;
    /* a damaged file is refused before anything is written to it; the
     * merge's errors name the database at fault, the others are PATH's */
    bool ok = pending || rgn_db_check(db, &error) == 0;
    if (ok && rgn_db_merge(db, (const char *const *)paths, (size_t)inputs,
                           &options, &counts, &error) < 0) {
        fprintf(stderr, "rgn db merge: %s\n", error.message);
        ok = false;
    } else if (!ok || rgn_db_commit(db, &error) < 0) {
        fprintf(stderr, "rgn db merge: %s: %s\n", path, error.message);
        ok = false;
    }
    if (!ok)
        fprintf(stderr, "rgn db merge: %s: nothing was merged\n", path);
    else if (!quiet)
        note_stored(&cli_db_merge, path, &counts);
    rgn_db_close(db);
    cli_output_guard_file(NULL);
    return !ok ? EXIT_USAGE : counts.invalid_read ? EXIT_INVALID : EXIT_OK;
}

/* ------------------------------------------------------------------ */
/* info                                                               */

static int run_info(int argc, char **argv)
{
    const char *path = "games.rgndb";
    int format = RGN_DB_TEXT, color = -1;
    const cli_option own[] = {
        {"--db", .value = &path},
        {"--format", .set = &format, .names = cli_db_formats},
        {0},
    };
    const cli_options parser = {&cli_db_info, own, NULL, &color, 0, NULL, NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
    rgn_db *db = cli_db_open(&cli_db_info, path, false, 10);
    rgn_db_stats stats;
    rgn_error error;
    bool ok = db && rgn_db_check(db, &error) == 0 &&
              rgn_db_info(db, &stats, &error) == 0;
    if (db && !ok)
        fprintf(stderr, "rgn db info: %s: %s\n", path, error.message);
    rgn_db_close(db);
    if (!ok)
        return EXIT_USAGE;
    /* a write that failed is told as the program ends */
    if (rgn_db_stats_write(stdout, &stats, (enum rgn_db_format)format, &error) <
            0 &&
        !ferror(stdout)) {
        fprintf(stderr, "rgn db info: %s\n", error.message);
        return EXIT_USAGE;
    }
    return EXIT_OK;
}
