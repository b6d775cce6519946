/*
 * fen_util.h - what the position-string readers share (private): the
 * form of a rejection and the reading of numbers.
 */
#ifndef RGN_FEN_UTIL_H
#define RGN_FEN_UTIL_H

#include "rgn.h"

/* Fills err with "FORMAT field N (NAME), column C: REASON" (C counts the
 * characters of the whole string from 1, at points into fen); returns -1. */
int rgn_fen_reject(rgn_error *err, const char *format, int field,
                   const char *field_name, const char *fen, const char *at,
                   const char *reason, ...) __attribute__((format(printf, 7, 8)));

/* Reads a decimal number of at most max_digits digits that ends at a space
 * or the end of the string, without a sign or leading zeros unless
 * allow_zeros; -1 (leaving *text) if there is none. */
int rgn_fen_read_number(const char **text, int max_digits, long *value);

#endif
