/*
 * write_games.h - games validated as chess into a writer, its output
 * returned as one text: what the writer tests compare.
 */
#ifndef RGN_TEST_WRITE_GAMES_H
#define RGN_TEST_WRITE_GAMES_H

#include "rgn.h"

/* Validates text as chess (report, if not NULL, sees each diagnostic)
 * into a writer of options; fails the test when either cannot run;
 * returns the output, to free. */
char *write_games(const char *text, const rgn_writer_options *options,
                  void (*report)(void *user, const rgn_diagnostic *d));

#endif
