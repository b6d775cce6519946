/*
 * range.c - reading a file in pieces: where a piece's reader starts
 * (rgn_range_locate), where its games begin (rgn_range_cut), and a piece
 * as a person writes it, "START:END:LINE" (rgn_range_parse).
 *
 * A piece [from, to) holds the games whose origin (a game's first tag,
 * or its first move) lies in it. Its reader must be in the state the whole
 * file's reader is in there, with nothing read before it. The lexer's state at
 * a line's start is "between tokens", "skipping to the next game after a syntax
 * error" or "inside a { } comment": nothing else spans lines. An anchor is a
 * line that starts with '[' and follows a line that does not (a
 * resynchronisation point, where skipping stops), and that no comment can span:
 * the last brace before it, if any, is a '}' (a comment ends at its first '}')
 * or too far back for a comment (RGN_MAX_TOKEN). At an anchor the whole file's
 * reader reads a tag (or a broken one, a syntax error) as a new reader started
 * there does, and is afterwards in the state the new one is in: a tag leaves
 * both in a game's tag section, an error leaves both skipping to the next game.
 * They may differ only in whether that game's origin is the anchor or earlier.
 * So a reader started at an anchor before from, hiding the games whose origin
 * lies before from (rgn_reader_set_window), reads the games from from on as the
 * whole file's reader does.
 */
#define _GNU_SOURCE /* memrchr */
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "base/lines.h"
#include "base/mapped.h"
#include "notation/lexer.h"
#include "notation/reader.h"
#include "rgn.h"

/* How far back from from anchors are looked for before reading from the
 * file's start instead (always right, but reads the whole prefix). */
#define ANCHOR_SEARCH ((uint64_t)64 << 20)
/* A comment open at a line must have begun at most this far before it
 * (a longer one is a syntax error, which skips to the next game). */
#define COMMENT_REACH ((uint64_t)RGN_MAX_TOKEN + 4096)
/* Input goes to a reader this much at a time. */
#define FEED_STEP ((size_t)1 << 16)

static bool is_break(char c) { return c == '\n' || c == '\r'; }

/* The start of the line before the one that starts at line (> 0). */
static uint64_t previous_line(const char *data, uint64_t line)
{
    uint64_t p = line - 1; /* its line end: LF, CR, or the LF of CRLF */
    if (data[p] == '\n' && p > 0 && data[p - 1] == '\r')
        p--;
    while (p > 0 && !is_break(data[p - 1]))
        p--;
    return p;
}

/* Whether a { } comment may be open at line: the last brace before it
 * is a '{' near enough. */
static bool comment_may_be_open(const char *data, uint64_t line)
{
    uint64_t stop = line > COMMENT_REACH ? line - COMMENT_REACH : 0;
    size_t len = (size_t)(line - stop);
    const char *open = memrchr(data + stop, '{', len);
    if (!open)
        return false;
    const char *after = open + 1;
    return !memchr(after, '}', (size_t)(data + line - after));
}

static bool is_anchor(const char *data, uint64_t line)
{
    if (data[line] != '[')
        return false;
    uint64_t before = previous_line(data, line);
    /* a byte order mark is skipped at a line's start: "\xEF\xBB\xBF[" is
     * a line that starts with '[' */
    if (data[before] == '[' || (unsigned char)data[before] == 0xEF)
        return false;
    return !comment_may_be_open(data, line);
}

uint64_t rgn_range_anchor_after(const char *data, uint64_t size, uint64_t lo,
                                uint64_t from)
{
    if (from > size)
        from = size;
    /* the line starts in (lo, from), latest first */
    for (uint64_t p = from; p > lo + 1;) {
        p--;
        if (!is_break(data[p - 1]) || (data[p - 1] == '\r' && data[p] == '\n'))
            continue;
        if (is_anchor(data, p))
            return p;
    }
    return UINT64_MAX;
}

uint64_t rgn_range_anchor(const char *data, uint64_t size, uint64_t from)
{
    /* the file's first line, at 0, is where a reader starts anyway */
    uint64_t lo = from > ANCHOR_SEARCH ? from - ANCHOR_SEARCH : 0;
    uint64_t anchor = rgn_range_anchor_after(data, size, lo, from);
    return anchor == UINT64_MAX ? 0 : anchor;
}

/* The line ends in data[from, to): a CR just before to that an LF at to
 * follows ends no line yet. */
static uint64_t line_ends(const char *data, uint64_t size, uint64_t from,
                          uint64_t to)
{
    uint64_t ends = rgn_count_line_ends(data + from, (size_t)(to - from));
    if (to > from && to < size && data[to - 1] == '\r' && data[to] == '\n')
        ends--;
    return ends;
}

uint32_t rgn_range_line(const char *data, uint64_t size, uint64_t at)
{
    return (uint32_t)(1 + line_ends(data, size, 0, at < size ? at : size));
}

void rgn_range_locate(const char *data, uint64_t size, rgn_range *range)
{
    range->start = rgn_range_anchor(data, size, range->from);
    range->start_line = rgn_range_line(data, size, range->start);
}

void rgn_range_locate_at_line(const char *data, uint64_t size, rgn_range *range,
                              uint32_t line)
{
    uint64_t from = range->from < size ? range->from : size;
    range->start = rgn_range_anchor(data, size, from);
    range->start_line =
        (uint32_t)(line - line_ends(data, size, range->start, from));
}

static int feed_reader(void *reader, const char *data, size_t len)
{
    return rgn_reader_feed(reader, data, len);
}

static bool reader_stopped(const void *reader)
{
    uint64_t where;
    return rgn_reader_stopped(reader, &where);
}

int rgn_range_cut(const char *data, uint64_t size, uint64_t at, bool latin1,
                  uint64_t *cut, rgn_error *error)
{
    uint64_t found =
        at == 0 || at >= size
            ? (at < size ? 0 : size)
            : rgn_range_cut_after(data, size, at,
                                  rgn_range_anchor(data, size, at), latin1);
    if (found == UINT64_MAX) /* the private sentinel of rgn_range_cut_after */
        return rgn_fail(error, "out of memory");
    *cut = found;
    return 0;
}

uint64_t rgn_range_cut_after(const char *data, uint64_t size, uint64_t at,
                             uint64_t anchor, bool latin1)
{
    if (at == 0 || at >= size)
        return at < size ? 0 : size;
    /* the line numbers do not matter here */
    rgn_range range = {at, at, anchor, 1};
    rgn_reader *reader = rgn_reader_new(NULL, NULL);
    if (!reader || (latin1 && rgn_reader_read_latin1(reader) < 0)) {
        rgn_reader_free(reader);
        return UINT64_MAX;
    }
    rgn_reader_read_range(reader, &range);
    uint64_t cut = size;
    /* data may be the caller's memory: nothing let go */
    int rc = rgn_mapped_feed(data, range.start, size, FEED_STEP, false,
                             feed_reader, reader_stopped, reader);
    if (rc == 0 && !rgn_reader_stopped(reader, &cut))
        rc = rgn_reader_finish(reader);
    rgn_reader_free(reader);
    return rc == 0 ? cut : UINT64_MAX;
}

/* A byte offset or a line: decimal digits, at most 20, no more than
 * UINT64_MAX. */
static bool parse_number(const char *text, size_t len, uint64_t *number)
{
    if (len == 0 || len > 20)
        return false;
    uint64_t value = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9' ||
            value > (UINT64_MAX - (unsigned)(text[i] - '0')) / 10)
            return false;
        value = value * 10 + (unsigned)(text[i] - '0');
    }
    *number = value;
    return true;
}

int rgn_range_parse(const char *text, uint64_t *from, uint64_t *to,
                    uint32_t *line, rgn_error *error)
{
    const char *colon = strchr(text, ':');
    const char *third = colon ? strchr(colon + 1, ':') : NULL;
    const char *end = colon ? colon + 1 : NULL;
    size_t end_len = third ? (size_t)(third - end) : end ? strlen(end) : 0;
    uint64_t start = 0, stop = UINT64_MAX, at = 0;
    if (!colon || !parse_number(text, (size_t)(colon - text), &start) ||
        (end_len && !parse_number(end, end_len, &stop)) ||
        (third && (!parse_number(third + 1, strlen(third + 1), &at) ||
                   at == 0 || at > UINT32_MAX)))
        return rgn_fail(error,
                        "takes START:END, two byte offsets (or START: to the "
                        "end of the file), and may add :LINE, the line START "
                        "lies on; not '%.100s'",
                        text);
    if (start > stop)
        return rgn_fail(error,
                        "%.100s: START comes after END, so the range is not a "
                        "range",
                        text);
    *from = start;
    *to = stop;
    *line = (uint32_t)at;
    return 0;
}
