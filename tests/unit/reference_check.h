/*
 * reference_check.h - the library's move generator against a game's
 * reference generator (reference_GAME.c: a second, deliberately simple
 * one written from the rules alone), through the public API: sorted
 * coordinate move lists and perft counts. On a disagreement each check
 * prints the position, the first differing move and every move only one
 * side generates, and returns the number of problems, so that a test can
 * go on with the other positions and show every failing case in one run.
 */
#ifndef REFERENCE_CHECK_H
#define REFERENCE_CHECK_H

#include <stdint.h>

#include "rgn.h"

typedef struct {
    const char *game; /* the library's name of the game */
    /* the legal moves of a position string in coordinate form, sorted;
     * their number, or -1 when it rejects the string */
    int (*moves)(const char *fen, char moves[][16], int max);
    uint64_t (*perft)(const char *fen, int depth);
} reference;

/* A fresh library position of the game, or NULL (printed) when the
 * library refuses the string. */
rgn_position *reference_load(const reference *r, const char *name,
                             const char *fen);

/* The library's legal moves of pos in coordinate form, sorted; their
 * number, or -1 (printed) on a problem, such as more than max moves. */
int reference_library_moves(const char *name, rgn_position *pos, char out[][16],
                            int max);

/* Compares the depth-1 move lists of fen, in played when it is not NULL
 * (a position reached by play, fen its string), else in fen read afresh. */
int reference_compare_moves(const reference *r, const char *name,
                            const char *fen, rgn_position *played);

/* Compares perft at depths 1..depth (in played as above), keeping the
 * reference's counts in ref_counts[1..depth] when it is not NULL; also
 * checks that rgn_perft leaves the position as it found it. */
int reference_compare_perft(const reference *r, const char *name,
                            const char *fen, int depth, rgn_position *played,
                            uint64_t *ref_counts);

/* The game's perft table (tests/perft/GAME.txt, perft_table.h): every
 * position once compared up to compare_depth, and every count of the
 * table up to count_depth reproduced by the reference (so the counts by
 * hand check the reference too). */
int reference_check_table(const reference *r, const char *path,
                          int compare_depth, int count_depth);

#endif
