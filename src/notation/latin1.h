/*
 * latin1.h - reading input that is not all UTF-8 (private): a byte that
 * does not begin a well-formed UTF-8 character is read as a Windows-1252
 * character (Latin-1, ISO 8859-1, in its printable range), as PGN
 * archives often hold them, and handed on as its UTF-8 bytes. The reader and
 * the validator put it before their input when asked (rgn_reader_read_latin1,
 * the validator option latin1).
 */
#ifndef RGN_LATIN1_H
#define RGN_LATIN1_H

#include <stddef.h>
#include <stdint.h>

#include "rgn.h"

/* Where the text goes as UTF-8, and who hears of the first byte read as
 * Latin-1. */
typedef struct rgn_latin1_target {
    /* the next bytes of the text; 0, or -1 to stop */
    int (*feed)(void *user, const char *data, size_t len);
    /* called once, at the input's first byte read as Latin-1 (where: its
     * offset, line and column in the input, lines counted as the lexer counts
     * them, a column a character); the text before it may still wait in the
     * converter (it has been fed up to the last long ASCII run at least). 0, or
     * -1 to stop */
    int (*first)(void *user, rgn_location where);
    void *user;
} rgn_latin1_target;

typedef struct rgn_latin1 rgn_latin1;

/* NULL when memory runs out. */
rgn_latin1 *rgn_latin1_new(const rgn_latin1_target *target);
void rgn_latin1_free(rgn_latin1 *converter);
/* The input begins at offset, at the start of line, of a larger one (the
 * first byte's place, for the first call). Before the first feed only. */
void rgn_latin1_start_at(rgn_latin1 *converter, uint64_t offset, uint32_t line);
/* Converts the next bytes of the input, in chunks of any size: a
 * character cut at the end of data waits for the next call. 0, or -1 when
 * the target stopped. */
int rgn_latin1_feed(rgn_latin1 *converter, const char *data, size_t len);
/* Ends the input: a character cut at its end is read as Latin-1. */
int rgn_latin1_finish(rgn_latin1 *converter);

#endif
