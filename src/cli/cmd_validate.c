/* cmd_validate.c - "rgn validate": replay every game and report. */
#include <string.h>

#include "cli.h"

static int run_validate(int argc, char **argv);

const cli_command cli_validate = {
    "validate",
    "check that every game of RGN files is legal",
    "Usage: rgn validate [--strict] [-q|--quiet] [--diagnostics=text|json]\n"
    "                    [--diagnostics-file FILE] [--variant NAME]\n"
    "                    [--from rgn|xml] [-j|--jobs N] [--range START:END]\n"
    "                    [--summary text|json] [--color|--no-color]\n"
    "                    [--] [FILE...]\n"
    "\n"
    "Replays every game, main line and variations, and reports each problem\n"
    "as FILE:LINE:COLUMN: error|warning|note: MESSAGE on standard error,\n"
    "then a summary (with --quiet nothing: the exit status tells). '-' or\n"
    "no FILE reads standard input.\n"
    "\n"
    "  --summary json   the summary on standard output, as one JSON object:\n"
    "                   {\"games\":G,\"valid\":V,\"with_warnings\":W,\n"
    "                   \"invalid\":I,\"plies\":P}; the summaries of a file's\n"
    "                   ranges add up to the whole file's\n"
    "\n" CLI_GAMES_OPTIONS_HELP CLI_COLOR_HELP CLI_END_OF_OPTIONS_HELP "\n"
    "Exit status: 0 all games valid, 1 some game invalid, 2 usage or I/O\n"
    "error.",
    run_validate,
};

static int run_validate(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_validate);
    games.summary_always = true;
    games.notes = true;
    const char *summary = "text";
    const cli_option own[] = {{"--summary", .value = &summary}, {0}};
    const cli_options parser = {&cli_validate, own, &games, NULL, -1,
                                NULL,          NULL};
    int files, status = cli_parse_options(&parser, argc, argv, &files);
    if (status != CLI_GO_ON)
        return status;
    games.summary_json = strcmp(summary, "json") == 0;
    if (!games.summary_json && strcmp(summary, "text") != 0) {
        cli_usage_error(&cli_validate, "--summary takes text or json, not '%s'",
                        summary);
        return EXIT_USAGE;
    }
    if (cli_games_check_outputs(&games, NULL, argv + 1, files) < 0 ||
        cli_games_ready(&games) < 0)
        return EXIT_USAGE;
    cli_games_read_all(&games, argv + 1, files);
    return cli_games_finish(&games);
}
