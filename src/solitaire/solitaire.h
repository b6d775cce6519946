/*
 * solitaire.h - the tools over Rotationary's compact core: layer counts,
 * an optimal solver, the exhaustive survey of one arrangement and a
 * puzzle generator. Private to librgn; rotationary.c puts them behind
 * the rgn_rotationary_* functions of rgn.h.
 */
#ifndef RGN_SOLITAIRE_H
#define RGN_SOLITAIRE_H

#include "rules/rotationary/rotationary_core.h"

/* ---- layers (rgn(1), "layers") ---- */

/* counts[n-1] = positions first reached after exactly n moves, n = 1..depth;
 * a solved position has no successors. Returns 0, or -1 when out of
 * memory. */
int rot_layers(const rot_board *board, rot_facings start, int depth,
               uint64_t *counts);

/* ---- solver ---- */

#define ROT_MAX_SOLUTION 64

typedef struct rot_solution {
    int distance;                /* ROT_UNSOLVABLE if there is none */
    int moves[ROT_MAX_SOLUTION]; /* distance moves */
    uint64_t positions_visited;  /* both directions together */
} rot_solution;

/* Optimal solution by bidirectional breadth-first search. Returns 0, or -1
 * when out of memory. */
int rot_solve(const rot_board *board, rot_facings start, rot_solution *out);

/* ---- survey: every facing of one arrangement ---- */

#define ROT_SURVEY_MAX_DISTANCE 15 /* 4-bit cells: 15 = not reached */

typedef struct rot_survey {
    uint64_t count[ROT_SURVEY_MAX_DISTANCE]; /* positions per distance */
    int max_distance;
    rot_facings example; /* one position at max_distance */
    uint64_t unsolvable;
    double mean; /* over the solvable positions */
} rot_survey;

/* progress(depth, positions done so far, context) is called after each
 * layer when not NULL. Returns 0, or -1 when out of memory. */
int rot_survey_run(const rot_board *board, int threads,
                   void (*progress)(int depth, uint64_t done, void *context),
                   void *context, rot_survey *out);

/* ---- puzzle generator ---- */

typedef struct rot_rng {
    uint64_t state;
} rot_rng;

void rot_rng_seed(rot_rng *rng, uint64_t seed);
uint64_t rot_rng_next(rot_rng *rng);

/* A random arrangement (sizes and empty cell uniformly). */
void rot_random_arrangement(rot_rng *rng, rot_arrangement *out);

/* A random set-up whose distance is exactly distance; tries at most
 * max_tries random set-ups. Returns 0, 1 when none was found, -1 when out
 * of memory. Deterministic for a given rng state. */
int rot_generate(rot_rules rules, int distance, rot_rng *rng, int max_tries,
                 rot_position *out);

#endif
