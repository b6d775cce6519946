/*
 * generator.c - random set-ups of a given optimal distance, reproducible
 * from a seed (splitmix64, so the same seed gives the same puzzles on
 * every platform).
 */
#include "solitaire/solitaire.h"

void rot_rng_seed(rot_rng *rng, uint64_t seed) { rng->state = seed; }

uint64_t rot_rng_next(rot_rng *rng)
{
    uint64_t z = (rng->state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* Uniform in [0, n) (the bias of a 64-bit modulo is negligible here). */
static unsigned below(rot_rng *rng, unsigned n)
{
    return (unsigned)(rot_rng_next(rng) % n);
}

void rot_random_arrangement(rot_rng *rng, rot_arrangement *out)
{
    uint8_t sizes[ROT_PIECES];
    for (int i = 0; i < ROT_PIECES; i++)
        sizes[i] = (uint8_t)(ROT_SMALL + i / 5);
    for (int i = ROT_PIECES - 1; i > 0; i--) { /* Fisher-Yates */
        unsigned j = below(rng, (unsigned)i + 1);
        uint8_t t = sizes[i];
        sizes[i] = sizes[j];
        sizes[j] = t;
    }
    out->empty = (uint8_t)below(rng, ROT_CELLS);
    for (int cell = 0, i = 0; cell < ROT_CELLS; cell++)
        out->size[cell] = cell == out->empty ? 0 : sizes[i++];
}

/* Random facings at most steps moves from solved: a walk backwards from a
 * random solved word through random predecessors. Short distances are rare
 * among random facings, so they are drawn this way. */
static rot_facings walk_back(const rot_board *board, rot_rng *rng, int steps)
{
    rot_facings w = rot_solved((int)below(rng, 4));
    for (int i = 0; i < steps; i++) {
        rot_facings before[ROT_MAX_PREDECESSORS];
        int k = 0;
        for (int tries = 0; tries < 100 && k == 0; tries++)
            k = rot_predecessors(board, w, (int)below(rng, ROT_MOVES), before);
        if (k == 0)
            break;
        w = before[below(rng, (unsigned)k)];
    }
    return w;
}

/* Below this distance, random facings hardly ever have it (the surveys
 * put nearly all positions at 7 and more). */
#define WALK_BELOW 7

int rot_generate(rot_rules rules, int distance, rot_rng *rng, int max_tries,
                 rot_position *out)
{
    for (int t = 0; t < max_tries; t++) {
        rot_board board;
        rot_random_arrangement(rng, &out->arrangement);
        rot_board_init(&board, &out->arrangement, rules);
        if (distance < WALK_BELOW)
            out->facings = walk_back(&board, rng, distance);
        else
            out->facings = (rot_facings)(rot_rng_next(rng) & 0x3FFFFFFFu);
        rot_solution solution;
        if (rot_solve(&board, out->facings, &solution) < 0)
            return -1;
        if (solution.distance == distance)
            return 0;
    }
    return 1;
}
