/*
 * reference_rollerball.h - an independent, deliberately slow and simple
 * Rollerball move generator, used only by the tests to check the library's
 * perft and move lists. It shares no code with src/: it has its own reader
 * of the position string and its own reading of the rules
 * (rgn-rollerball(7)), written from the rules text alone, so that a
 * misreading in either of them shows up as a disagreement.
 */
#ifndef REFERENCE_ROLLERBALL_H
#define REFERENCE_ROLLERBALL_H

#include <stdint.h>

/* Number of legal move sequences of length depth from the position (the
 * six-field Rollerball position string; fields 5 and 6 may be missing). A
 * line ends after a king-reach win. UINT64_MAX when the string is not a
 * position the reference can read. */
uint64_t ref_rb_perft(const char *pos, int depth);

/* The legal moves of the position in coordinate form ("c2b2", "d6e7r"),
 * sorted with strcmp. Writes at most max of them; returns how many there
 * are in all (which may exceed max), or -1 when the string is not a
 * position the reference can read. */
int ref_rb_moves(const char *pos, char out[][16], int max);

/* How many times, since the program started, a bishop slide met a blocked
 * square with both neighbours H and V blocked after at least one step (a
 * corner of the grid: no rebound). For the tests' curiosity only. */
unsigned long ref_rb_grid_corner_stops(void);

#endif /* REFERENCE_ROLLERBALL_H */
