/*
 * position_at.h - what the tests of the public API share: a position of
 * a game named as a user names it.
 */
#ifndef RGN_TEST_POSITION_AT_H
#define RGN_TEST_POSITION_AT_H

#include "rgn.h"

/* A new position of the game named variant, set from the position
 * string fen (NULL: the game's start); fails the test when either
 * cannot be had. The caller frees it. */
rgn_position *position_at(const char *variant, const char *fen);

#endif
