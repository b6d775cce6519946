/* cmd_list.c - "rgn list": a record per game (rgn_lister). */
#include "cli.h"

static int run_list(int argc, char **argv);

const cli_command cli_list = {
    "list",
    "list the games: a record per game (text, TSV, CSV or JSON Lines)",
    run_list,
};

/* A cli_games input hook: the rule set of the input's games without a
 * Variant tag (the lister hears the input's name as the sink). */
static void list_input(void *user, const char *file, const rgn_variant *tagless)
{
    (void)file; /* the lister hears of it as the sink */
    rgn_lister_set_tagless(user, tagless);
}

/* Reads the games into lister (writing to path): whether all went well
 * but for the inputs, which games tells of. */
static bool list_games(cli_games *games, rgn_lister *lister, const char *path,
                       char **paths, int files)
{
    games->input = list_input;
    games->input_user = lister;
    rgn_error error;
    games->options.sink =
        rgn_lister_reading(lister, &games->options.sink_user, &error);
    if (!games->options.sink) {
        fprintf(stderr, "rgn list: %s\n", error.message);
        return false;
    }
    cli_games_read_all(games, paths, files);
    if (rgn_lister_finish(lister, &error) < 0) {
        cli_output_failed(path, &error);
        return false;
    }
    return true;
}

static int run_list(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_list);
    rgn_list_options options = {.size = sizeof options}; /* text */
    int format = RGN_LIST_TEXT;
    const char *path = NULL;
    const cli_option own[] = {
        {"--format", .set = &format,
         .names = rgn_format_names(RGN_LIST_FORMATS)},
        {"--columns", .value = &options.columns},
        {"--headers-only", .flag = &options.unchecked},
        {"--duplicates", .flag = &options.duplicate_of},
        {"-o", .value = &path},
        {0},
    };
    const cli_options parser = {&cli_list, own, &games, NULL, -1, NULL, NULL};
    int files, status = cli_parse_options(&parser, argc, argv, &files);
    options.format = (enum rgn_list_format)format;
    if (status == CLI_GO_ON && options.unchecked && options.duplicate_of)
        status = cli_usage_error(&cli_list,
                                 "--duplicates compares the moves, which "
                                 "--headers-only does not replay: give one");
    char **paths = argv + 1;
    if (status == CLI_GO_ON &&
        (cli_games_check_inputs(&games, paths, files) < 0 ||
         cli_games_check_outputs(&games, path, paths, files) < 0 ||
         cli_games_ready(&games) < 0))
        status = EXIT_USAGE;
    if (status != CLI_GO_ON)
        return status;
    FILE *out = cli_output_open(path);
    if (!out)
        return EXIT_USAGE;
    rgn_error error;
    rgn_lister *lister = rgn_lister_new(&options, out, &error);
    if (!lister) {
        cli_usage_error(&cli_list, "--columns: %s", error.message);
        cli_output_close(out, path, false);
        return EXIT_USAGE;
    }
    games.no_replay = options.unchecked; /* each record as its game ends */
    bool ok = list_games(&games, lister, path, paths, files);
    rgn_lister_free(lister);
    /* an input that could not be read fails the run: the target stays */
    ok = ok && !games.io_error;
    if (cli_output_close(out, path, ok) < 0)
        ok = false;
    status = cli_games_finish(&games);
    return ok ? status : EXIT_USAGE;
}
