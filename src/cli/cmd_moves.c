/* cmd_moves.c - "rgn moves": list the legal moves of a position. */
#include "cli.h"

static int run_moves(int argc, char **argv);

const cli_command cli_moves = {
    "moves",
    "list the legal moves of a position",
    run_moves,
};

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
    /* at depth 1, the legal moves in the order of their coordinates */
    static rgn_perft_move moves[RGN_MAX_MOVES];
    int n = rgn_perft_divide(pos, 1, moves, NULL);
    for (int i = 0; i < n; i++) {
        char san[64];
        rgn_move_san(pos, moves[i].move, san, sizeof san);
        printf("%s %s\n", moves[i].coord, san);
    }
    rgn_position_free(pos);
    return EXIT_OK;
}
