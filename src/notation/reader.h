/*
 * reader.h - private: the streaming reader (reader.c), which hands the
 * parts of each game, as written, to a visitor. The validator (validate/)
 * is its visitor; the public face of the library is the validator's game
 * sink (rgn.h), so that a user meets one callback interface. Beyond the
 * reader itself: a line kept for a later problem, and, for the parallel
 * validator, reading a file in pieces on several threads with the result
 * of one reader over the whole.
 */
#ifndef RGN_READER_H
#define RGN_READER_H

#include <stdbool.h>
#include <stdint.h>

#include "notation/latin1.h"
#include "notation/lexer.h"
#include "rgn.h"

/* The reader calls these as it meets the parts of each game. Any may be
 * NULL. A callback returning non-zero abandons the rest of the current
 * game: the reader reads on to the game's end by the same rules (its
 * result at depth 0, the next game's tags, a syntax error, after which
 * it resynchronises as always, or the end of the input) without calling
 * back, then calls end_game. */
typedef struct rgn_visitor {
    int (*begin_game)(void *user, rgn_location where);
    /* value has its \" and \\ escapes removed */
    int (*tag)(void *user, rgn_span name, rgn_span value, rgn_location where);
    /* "12." gives 12 and black == false; "12..." gives black == true */
    int (*move_number)(void *user, unsigned number, bool black,
                       rgn_location where);
    /* the move as written, with any + or # but without ! ? glyphs, which
     * follow as nag calls (! = 1, ? = 2, !! = 3, ?? = 4, !? = 5, ?! = 6) */
    int (*move)(void *user, rgn_span text, rgn_location where);
    int (*nag)(void *user, unsigned nag, rgn_location where);
    /* text between the braces, or after ';' up to the end of the line */
    int (*comment)(void *user, rgn_span text, rgn_location where);
    int (*begin_variation)(void *user, rgn_location where);
    int (*end_variation)(void *user, rgn_location where);
    /* "1-0", "0-1", "1/2-1/2" or "*"; also met inside variations, where
     * the visitor decides that it is an error */
    int (*result)(void *user, rgn_span text, rgn_location where);
    /* every begun game ends with exactly one end_game call, located at
     * its result, its error or the end of the input */
    void (*end_game)(void *user, rgn_location where);
    /* a syntax error in the current game; the reader then skips to the
     * next game and calls end_game for this one */
    void (*error)(void *user, rgn_location where, const char *message);
    /* something the standard does not allow that the reader read anyway,
     * the way files in the wild mean it (a tag value with an unescaped
     * '"' inside: RGN_W_TAG_QUOTE; "e.p." after a move:
     * RGN_W_EN_PASSANT_MARK); the game goes on */
    void (*lenient)(void *user, rgn_location where, enum rgn_problem problem,
                    const char *message);
    /* the text of a game a callback gave up, as written: from the element
     * it gave up at (a move's number included) up to its result or where
     * it stops (the end of the input), and the result (empty when there
     * is none); after a syntax error, the text from the error up to where
     * the next game begins, a result that ends it handed as the result.
     * Cut, and text empty, when it is longer than RGN_MAX_TOKEN bytes.
     * Just before end_game; where.offset is the text's (line and column
     * 0). Without this callback the reader ends a game at its syntax
     * error. */
    void (*skipped)(void *user, rgn_span text, bool cut, rgn_span result,
                    rgn_location where);
} rgn_visitor;

typedef struct rgn_reader rgn_reader;


rgn_reader *rgn_reader_new(const rgn_visitor *visitor, void *user);
void rgn_reader_free(rgn_reader *reader);
/* Feeds the next bytes of the input, in chunks of any size; callbacks run
 * inside and see the same calls whatever the chunks. Returns 0, or -1
 * when memory runs out, after rgn_reader_finish, or when called from a
 * callback. */
int rgn_reader_feed(rgn_reader *reader, const char *data, size_t len);
/* Ends the input: finishes (or reports as truncated) the last game. */
int rgn_reader_finish(rgn_reader *reader);
/* The text of the line holding where, during the callback of the token
 * at where (earlier lines may be gone); *caret is where's byte offset
 * inside the returned span. Long lines come back cut to a window around
 * where. An empty span when the line is gone. */
rgn_span rgn_reader_line(const rgn_reader *reader, rgn_location where,
                         size_t *caret);
/* Reads the input as Windows-1252 where it is not UTF-8, as older PGN
 * archives are written: a byte that does not begin a well-formed UTF-8
 * character (RFC 3629) is the Windows-1252 character of that code (the
 * Latin-1 (ISO 8859-1) one, but for 0x80 to 0x9F: curly quotes, dashes,
 * the euro sign; the five codes Windows-1252 leaves undefined keep their
 * Latin-1 meaning), and the callbacks see it as UTF-8 (tag values,
 * comments, moves, and rgn_reader_line). Lines, columns (a column a
 * character) and byte offsets stay the input's: such a byte counts as one
 * in every location handed out or taken (rgn_reader_line).
 * Without it such a byte is a syntax error. Before the first feed;
 * returns 0, or -1 when memory runs out. */
int rgn_reader_read_latin1(rgn_reader *reader);
/* Whether the input fed so far had a byte read as Windows-1252; if so,
 * *first (may be NULL) is where the first one was (its line and column
 * in the input, lines counted as the reader counts them, and its
 * offset). */
bool rgn_reader_latin1_seen(const rgn_reader *reader, rgn_location *first);

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
