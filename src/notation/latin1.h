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

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rgn.h"

/* The UTF-8 text is longer than the input by a byte or two at each
 * character read as Latin-1; the map turns the text's offsets (the
 * lexer's) back into the input's, which is what the library reports. It
 * marks each text byte the input does not have (the second and third
 * bytes of such a character), one bit a byte, from the oldest offset its
 * user may still ask about (rgn_offset_map_forget) to the last mark, so
 * its memory does not grow with the input; a map without a mark holds
 * nothing and answers at once (input that is all UTF-8). */
typedef struct rgn_offset_map {
    uint64_t *bits; /* [first, len): bit i of bits[k] marks text byte
                     * start + 64 * (k - first) + i */
    size_t first, len, cap;
    uint64_t start; /* a multiple of 64 */
    uint64_t extra; /* the marks before start */
    uint64_t marks; /* the marks held */
    /* the marks before text offset cursor (all of them, held or not), for
     * questions in order, and the first mark at or after it (UINT64_MAX:
     * none yet): between the two, the answer is at hand */
    uint64_t cursor, cursor_extra, next;
    bool failed; /* memory ran out: offsets may be off */
} rgn_offset_map;

void rgn_offset_map_free(rgn_offset_map *map);
/* A character ending at text offset end (after every character added
 * before) is longer by grown bytes in the text than in the input. */
void rgn_offset_map_add(rgn_offset_map *map, uint64_t end, unsigned grown);
/* The marks before text offset at (the input's offset at, in_input). */
uint64_t rgn_offset_map_extra(rgn_offset_map *map, uint64_t at, bool in_input);
/* The input's offset of the text's offset at (a character's first byte,
 * not before the map's last forget). Inline: for the reader's every
 * token, and mostly with no mark at all. */
static inline uint64_t rgn_offset_map_input(rgn_offset_map *map, uint64_t at)
{
    if (map->marks == 0)
        return at - map->extra;
    if (at >= map->cursor && at <= map->next) /* no mark since the last */
        return at - map->cursor_extra;
    return at - rgn_offset_map_extra(map, at, false);
}
/* The text's offset of the input's offset at (the inverse). */
static inline uint64_t rgn_offset_map_text(rgn_offset_map *map, uint64_t at)
{
    if (map->marks == 0)
        return at + map->extra;
    return at + rgn_offset_map_extra(map, at, true);
}
/* No offset before text offset from will be asked about again. */
void rgn_offset_map_forget(rgn_offset_map *map, uint64_t from);
/* Adds to map the marks of source in text offsets [from, to), when map is
 * to answer for them too: text that source's owner has and map's reader
 * reads next, from from on. */
void rgn_offset_map_take(rgn_offset_map *map, rgn_offset_map *source,
                         uint64_t from, uint64_t to);

/* Where the text goes as UTF-8, and who hears of the first byte read as
 * Latin-1. */
typedef struct rgn_latin1_target {
    /* the next bytes of the text; 0, or -1 to stop */
    int (*feed)(void *user, const char *data, size_t len);
    /* called at the input's first byte read as Latin-1 (where: its offset,
     * line and column in the input, lines counted as the lexer counts them, a
     * column a character), once the text before it has been fed. 0; 1 to be
     * called again at the next such byte (this one is not the caller's
     * concern: a range's reader met it in another range's game); or -1 to
     * stop */
    int (*first)(void *user, rgn_location where);
    void *user;
} rgn_latin1_target;

typedef struct rgn_latin1 rgn_latin1;

/* NULL when memory runs out. */
rgn_latin1 *rgn_latin1_new(const rgn_latin1_target *target);
void rgn_latin1_free(rgn_latin1 *converter);
/* Converts the next bytes of the input, in chunks of any size: a
 * character cut at the end of data waits for the next call. 0, or -1 when
 * the target stopped. */
int rgn_latin1_feed(rgn_latin1 *converter, const char *data, size_t len);
/* Ends the input: a character cut at its end is read as Latin-1. */
int rgn_latin1_finish(rgn_latin1 *converter);
/* The input (and so the text) starts at this offset and line of a larger
 * input, at the start of a line. Before the first feed. */
void rgn_latin1_start_at(rgn_latin1 *converter, uint64_t offset, uint32_t line);
/* The map of the text fed so far (and of what the next feeds will add),
 * text offsets counted as the input's from the start (rgn_latin1_start_at):
 * the reader of the text forgets what it no longer needs. */
rgn_offset_map *rgn_latin1_map(rgn_latin1 *converter);

#endif
