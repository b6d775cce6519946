/*
 * perft.c - counting legal move sequences, the first test of any move
 * generator. The last ply is counted, not played ("bulk counting").
 */
#include "rules/variant.h"

static uint64_t perft(rgn_position *pos, int depth)
{
    const struct rgn_variant *v = pos->variant;
    if (v->game_over && v->game_over(pos))
        return 0; /* a finished game has no successors */
    if (depth == 1)
        return (uint64_t)v->count_moves(pos);
    rgn_move moves[RGN_MAX_MOVES];
    int n = v->legal_moves(pos, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        rgn_undo undo;
        v->make(pos, moves[i], &undo);
        total += perft(pos, depth - 1);
        v->unmake(pos, moves[i], &undo);
    }
    return total;
}

uint64_t rgn_perft(rgn_position *pos, int depth)
{
    return depth <= 0 ? 1 : perft(pos, depth);
}
