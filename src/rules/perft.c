/*
 * perft.c - counting legal move sequences, the first test of any move
 * generator. The last ply is counted, not played ("bulk counting");
 * divided by the first move, each move with its count (rgn_perft_divide).
 */
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
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

static int by_coord(const void *a, const void *b)
{
    return strcmp(((const rgn_perft_move *)a)->coord,
                  ((const rgn_perft_move *)b)->coord);
}

int rgn_perft_divide(rgn_position *pos, int depth, rgn_perft_move *moves,
                     rgn_error *error)
{
    if (depth < 1)
        return rgn_fail(error, "perft divides from depth 1, not %d", depth);
    rgn_move legal[RGN_MAX_MOVES];
    int n = rgn_position_legal_moves(pos, legal);
    const struct rgn_variant *v = pos->variant;
    for (int i = 0; i < n; i++) {
        moves[i].move = legal[i];
        rgn_move_coord(pos, legal[i], moves[i].coord, sizeof moves[i].coord);
        rgn_undo undo;
        v->make(pos, legal[i], &undo);
        moves[i].count = rgn_perft(pos, depth - 1);
        v->unmake(pos, legal[i], &undo);
    }
    qsort(moves, (size_t)n, sizeof *moves, by_coord);
    return n;
}
