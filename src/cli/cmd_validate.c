/* cmd_validate.c - "rgn validate": replay every game and report. */
#include <string.h>

#include "cli.h"

static int run_validate(int argc, char **argv);

const cli_command cli_validate = {
    "validate",
    "check that every game of RGN files is legal",
    "Usage: rgn validate [--strict] [-q|--quiet] [--diagnostics=text|json]\n"
    "                    [--diagnostics-file FILE] [--variant NAME]\n"
    "                    [--from rgn|xml] [-j|--jobs N] [--color|--no-color]\n"
    "                    [--] [FILE...]\n"
    "\n"
    "Replays every game, main line and variations, and reports each problem\n"
    "as FILE:LINE:COLUMN: error|warning|note: MESSAGE on standard error,\n"
    "then a summary (with --quiet nothing: the exit status tells). '-' or\n"
    "no FILE reads standard input.\n"
    "\n"
    "Options of every command that reads games:\n"
    "  --strict         lenient readings and roster or move-number warnings\n"
    "                   are errors\n"
    "  -q, --quiet      print no diagnostics and no summary\n"
    "  --diagnostics=json  one JSON object a line per diagnostic\n"
    "  --diagnostics-file FILE  diagnostics into FILE ('-': standard\n"
    "                   output) instead of standard error\n"
    "  --variant NAME   rule set of games without a Variant tag\n"
    "  --from rgn|xml   the input format (default: XML when an input\n"
    "                   begins with '<', else RGN)\n"
    "  -j, --jobs N     validate on N threads (default: the number of\n"
    "                   cores); the output is the same as with one\n"
    "  --color, --no-color  colour diagnostics (default: on a terminal,\n"
    "                   unless TERM=dumb or NO_COLOR is set); also spelt\n"
    "                   --colour, --no-colour\n"
    "  --               the arguments after it are files\n"    "\n"
    "Exit status: 0 all games valid, 1 some game invalid, 2 usage or I/O\n"
    "error.",
    run_validate,
};

static int run_validate(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_validate);
    games.summary_always = true;
    int files = 0;
    for (int i = 1; i < argc; i++) {
        if (cli_is_end_of_options(argv[i])) {
            while (++i < argc)
                argv[++files] = argv[i];
            break;
        }
        int status, taken = cli_games_take(&games, argc, argv, &i, &status);
        if (taken < 0)
            return status;
        if (taken)
            continue;
        if (argv[i][0] == '-' && argv[i][1] != '\0')
            return cli_usage_error(&cli_validate, "unknown option '%s'",
                                   argv[i]);
        argv[++files] = argv[i]; /* files gather at the front */
    }
    if (cli_games_ready(&games) < 0)
        return EXIT_USAGE;
    cli_games_read_all(&games, argv + 1, files);
    return cli_games_finish(&games);
}
