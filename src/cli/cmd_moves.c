/* cmd_moves.c - "rgn moves": list the legal moves of a position. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int run_moves(int argc, char **argv);

const cli_command cli_moves = {
    "moves",
    "list the legal moves of a position",
    run_moves,
};

static int by_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

static int run_moves(int argc, char **argv)
{
    const char *fen = NULL, *variant = NULL;
    const cli_option own[] = {
        {"--fen", .value = &fen},
        {"--variant", .value = &variant},
        {0},
    };
    const cli_options parser = {&cli_moves, own, NULL, NULL, 0, NULL, NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
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
