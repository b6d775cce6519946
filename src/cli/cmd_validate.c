/* cmd_validate.c - "rgn validate": replay every game and report. */
#include "cli.h"

static int run_validate(int argc, char **argv);

const cli_command cli_validate = {
    "validate",
    "check that every game of RGN files is legal",
    run_validate,
};

static int run_validate(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_validate);
    games.summary_always = true;
    games.notes = true;
    static const char *const forms[] = {"text", "json", NULL};
    const cli_option own[] = {
        {"--summary", .set = &games.summary_json, .names = forms},
        {0},
    };
    const cli_options parser = {&cli_validate, own, &games, NULL, -1,
                                NULL,          NULL};
    int files, status = cli_parse_options(&parser, argc, argv, &files);
    if (status != CLI_GO_ON)
        return status;
    if (cli_games_check_outputs(&games, NULL, argv + 1, files) < 0 ||
        cli_games_ready(&games) < 0)
        return EXIT_USAGE;
    cli_games_read_all(&games, argv + 1, files);
    return cli_games_finish(&games);
}
