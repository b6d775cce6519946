/* cmd_moves.c - "rgn moves": list the legal moves of a position. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int run_moves(int argc, char **argv);

const cli_command cli_moves = {
    "moves",
    "list the legal moves of a position",
    "Usage: rgn moves [--variant NAME] [--fen POSITION] [--color|--no-color]\n"
    "\n"
    "Lists the legal moves of the position (default: the initial position),\n"
    "one a line: the coordinate form, a space and the SAN, sorted by the\n"
    "coordinate form. --color and --no-color\n"
    "(or --colour, --no-colour) are taken, as by every command, and change\n"
    "nothing.",
    run_moves,
};

static int by_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static int run_moves(int argc, char **argv)
{
    const char *fen = NULL, *variant = NULL;
    int color = -1; /* nothing is coloured; taken as every command takes it */
    for (int i = 1; i < argc; i++) {
        int found;
        if (cli_is_help(argv[i]))
            return cli_print_help(&cli_moves);
        if (cli_is_end_of_options(argv[i])) {
            if (i + 1 < argc)
                return cli_usage_error(&cli_moves, "unexpected argument '%s'",
                                       argv[i + 1]);
            break;
        }
        if (cli_color_option(argv[i], &color))
            continue;
        if ((found = cli_option_value(argc, argv, &i, "--fen", &fen)) ||
            (found = cli_option_value(argc, argv, &i, "--variant", &variant))) {
            if (found < 0)
                return EXIT_USAGE;
        } else {
            return cli_usage_error(&cli_moves, "unexpected argument '%s'",
                                   argv[i]);
        }
    }
    rgn_position *pos = cli_load_position(&cli_moves, variant, fen);
    if (!pos)
        return EXIT_USAGE;
    static rgn_move moves[RGN_MAX_MOVES];
    static char texts[RGN_MAX_MOVES][64];
    int n = rgn_position_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        size_t len = rgn_move_coord(pos, moves[i], texts[i], sizeof texts[i]);
        texts[i][len++] = ' ';
        rgn_move_san(pos, moves[i], texts[i] + len, sizeof texts[i] - len);
    }
    qsort(texts, (size_t)n, sizeof texts[0], by_text);
    for (int i = 0; i < n; i++)
        puts(texts[i]);
    rgn_position_free(pos);
    return EXIT_OK;
}
