/*
 * unit_helpers.h - what several unit tests do alike: the two folders a
 * test of files is given, the first game of a text pulled, and each.
 */
#ifndef RGN_TEST_UNIT_HELPERS_H
#define RGN_TEST_UNIT_HELPERS_H

#include <stdint.h>

#include "rgn.h"

/* The test's two arguments: a folder it reads (*inputs) and one it
 * writes (*work, made if missing). 0, or -1 after saying how the test
 * (named name) is run, or that the folder cannot be made. */
int unit_folders(int argc, char **argv, const char *name, const char **inputs,
                 const char **work);

/* The first game of text (read as a file named name), pulled; the test
 * fails when there is none. *games is to close. */
const rgn_game *unit_first_game(rgn_games **games, const char *name,
                                const char *text);

/* Each game of text (read as a file named name) pulled and given to each
 * with its number (from 1); the test fails when the reading does. -1
 * when a call of each returned -1 (the games after it are given too),
 * else 0. */
int unit_each_game(const char *name, const char *text,
                   int (*each)(const rgn_game *game, uint64_t number,
                               void *user),
                   void *user);

#endif
