/*
 * reference_rotary.h - an independent, deliberately slow and simple Rotary
 * move generator, used only by the tests to check the library's perft and
 * move lists. It shares no code with src/: it has its own RFEN reader and
 * its own reading of the rules (rgn-rotary(7)), so that a misreading
 * of the rules in either of them shows up as a disagreement.
 */
#ifndef REFERENCE_ROTARY_H
#define REFERENCE_ROTARY_H

#include <stdint.h>

/* Number of legal move sequences of length depth from the RFEN position.
 * UINT64_MAX when the string is not a position the reference accepts. */
uint64_t ref_perft(const char *rfen, int depth);

/* The legal moves of the RFEN position in coordinate form ("e3e4",
 * "b2b6ne", "b2b2ne", "e8e9qne"), sorted with strcmp. Writes at most max
 * of them; returns how many there are in all (which may exceed max), or -1
 * when the string is not a position the reference accepts. */
int ref_moves(const char *rfen, char moves[][16], int max);

#endif /* REFERENCE_ROTARY_H */
