/*
 * reader.h - private: what the validator (validate/) needs of a reader
 * (reader.c) beyond rgn.h: a line kept for a later problem, and, for the
 * parallel validator, reading a file in pieces on several threads with
 * the result of one reader over the whole.
 */
#ifndef RGN_READER_H
#define RGN_READER_H

#include <stdbool.h>
#include <stdint.h>

#include "notation/latin1.h"
#include "notation/lexer.h"
#include "rgn.h"

/* The input the new reader will be fed starts at this offset and line of
 * a larger input, at the start of a line that follows a line not
 * beginning with '[' (and not at the input's start: no byte order mark
 * is looked for). Before the first feed only. */
void rgn_reader_start_at(rgn_reader *reader, uint64_t offset, uint32_t line);

/* Reads only the games whose origin (their first token but comments:
 * their first tag, or their first element of movetext when they have no
 * tag; where a validator's sink says they begin) lies in [from, to): a
 * game whose origin lies before from is read by the same rules, so that
 * it ends where it would, but the visitor hears nothing more of it from
 * its origin on; the first game whose origin lies at or after to stops
 * the reader (rgn_reader_stopped: *where is that origin), and the input
 * fed after it is ignored. Before the first feed only. */
void rgn_reader_set_window(rgn_reader *reader, uint64_t from, uint64_t to);
bool rgn_reader_stopped(const rgn_reader *reader, uint64_t *where);
/* Whether the input byte at offset, the next the reader is fed (all before
 * it has been), lies in the window's games: in a game begun, whether that
 * game is shown; between games, whether offset lies in [from, to) (text
 * between games goes with the game after it, which is cut where that game
 * begins). Always true without a window. So that a range tells only of
 * its own bytes. */
bool rgn_reader_owns(const rgn_reader *reader, uint64_t offset);
/* The last anchor before from in data, the whole input (size bytes): a
 * place where a new reader is in the state the whole input's reader is
 * in (range.c); 0 when there is none. rgn_range_locate's start. */
uint64_t rgn_range_anchor(const char *data, uint64_t size, uint64_t from);
/* The last anchor in (lo, from), or UINT64_MAX when there is none. */
uint64_t rgn_range_anchor_after(const char *data, uint64_t size, uint64_t lo,
                                uint64_t from);
/* rgn_range_cut, given anchor, rgn_range_anchor(data, size, at), known
 * already (finding it looks up to RGN_MAX_TOKEN back for a brace). */
uint64_t rgn_range_cut_after(const char *data, uint64_t size, uint64_t at,
                             uint64_t anchor, bool latin1);
/* Reads range: started at range->start (rgn_reader_start_at), with the
 * window [range->from, range->to). Before the first feed only. */
void rgn_reader_read_range(rgn_reader *reader, const rgn_range *range);
/* The text the reader is fed is longer than the input where map says (a
 * Latin-1 converter's, before it): locations handed out and taken in
 * (rgn_reader_line) are the input's. The reader forgets from the map what
 * it no longer needs. Before the first feed, or where the text fed so far
 * is the input. */
void rgn_reader_map_offsets(rgn_reader *reader, rgn_offset_map *map);

/* A copy of a token's line, as rgn_reader_line gave it during the
 * token's callback, for a problem that shows after the reader's buffer
 * has moved on. */
typedef struct rgn_saved_line {
    uint64_t offset; /* the token's */
    bool saved;
    char text[2 * RGN_LINE_HALF];
    size_t len, caret;
} rgn_saved_line;

/* Saves the line of the token at offset, as rgn_reader_line gives it
 * now. */
void rgn_saved_line_take(rgn_saved_line *line, const rgn_reader *reader,
                         uint64_t offset);
/* The saved line and its caret, if line is saved and is the token at
 * offset's. */
bool rgn_saved_line_at(const rgn_saved_line *line, uint64_t offset,
                       rgn_span *text, size_t *caret);

/* Keeps the line of the token at offset, handed out already:
 * rgn_reader_line then gives it, as during the token's callback, until
 * this is called with UINT64_MAX (for a problem with a token that shows
 * only at a later one). */
void rgn_reader_keep_line(rgn_reader *reader, uint64_t offset);

/* Whether the reader, after the input fed so far, is between games with
 * nothing pending: no game open, no token begun or waiting. If the input
 * fed so far ends with a line end (LF) after a line that does not begin
 * with '[' (nor with a byte order mark) and the rest begins with '[', a
 * reader started there with rgn_reader_start_at then reads the rest
 * exactly as this one will: the '[' is a resynchronisation point for
 * both. *line: the line the next byte is on. */
bool rgn_reader_between_games(const rgn_reader *reader, uint32_t *line);

/* During a move's callback: whether nothing but white space follows the
 * move in the input, so that a move that is no move may be one cut off
 * by the file's end. */
bool rgn_reader_move_ends_input(const rgn_reader *reader);

/* For the tests: the bytes the reader holds in its buffers. */
size_t rgn_reader_buffer_capacity(const rgn_reader *reader);

#endif
