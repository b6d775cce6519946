/*
 * latin1.c - reading input that is not all UTF-8: UTF-8 passes, a byte
 * that begins no well-formed UTF-8 character is a Windows-1252
 * character (Latin-1, but for the curly quotes, dashes and the like that
 * Windows programs put at 0x80 to 0x9F, where Latin-1 has control codes).
 *
 * Most input is ASCII: long runs of it go to the target as they are;
 * shorter ones are copied with the characters around them into one
 * buffer, so that the target is not called for every few bytes.
 *
 * Each character read as Latin-1 is one or two bytes longer in the text
 * than in the input: the converter notes where in an offset map, through
 * which the reader of the text reports the input's offsets.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/lines.h"
#include "base/utf8.h"
#include "notation/latin1.h"

/* ASCII runs at least this long go to the target as they are; shorter
 * ones are copied together with the characters around them. */
#define DIRECT_RUN 512
/* The copy buffer; a character (at most 4 bytes) always fits after a
 * flush at OUT_SIZE - 8. */
#define OUT_SIZE (2 * ((size_t)1 << 16) + 8)

struct rgn_latin1 {
    rgn_latin1_target target;
    uint64_t input;  /* the input's bytes before the current data */
    uint64_t output; /* the text's bytes handed to the target */
    rgn_offset_map map;
    uint32_t line; /* the input's line and column at the next byte */
    uint32_t column;
    bool after_cr;          /* the last byte was a CR */
    bool seen;              /* the target has heard of a byte read as Latin-1 */
    unsigned char carry[4]; /* a character cut at the end of the data */
    size_t carry_len;
    unsigned char *out;
};

rgn_latin1 *rgn_latin1_new(const rgn_latin1_target *target)
{
    rgn_latin1 *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->out = malloc(OUT_SIZE);
    if (!t->out) {
        free(t);
        return NULL;
    }
    t->target = *target;
    t->line = t->column = 1;
    return t;
}

void rgn_latin1_free(rgn_latin1 *t)
{
    if (!t)
        return;
    free(t->out);
    rgn_offset_map_free(&t->map);
    free(t);
}

void rgn_latin1_start_at(rgn_latin1 *t, uint64_t offset, uint32_t line)
{
    t->input = t->output = offset;
    t->line = line;
}

rgn_offset_map *rgn_latin1_map(rgn_latin1 *t) { return &t->map; }

/* The code points of Windows-1252's bytes 0x80 to 0x9F. The five bytes
 * it leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) keep their Latin-1
 * meaning, as the WHATWG Encoding Standard maps them: nothing is lost. */
static const uint16_t windows_1252[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
    0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
};

/* Writes byte c, read as Windows-1252, as UTF-8 at out; returns its
 * length (2 or 3). */
static size_t put_windows_1252(unsigned char *out, unsigned char c)
{
    unsigned code = c >= 0x80 && c < 0xA0 ? windows_1252[c - 0x80] : c;
    if (code < 0x800) {
        out[0] = (unsigned char)(0xC0 | code >> 6);
        out[1] = (unsigned char)(0x80 | (code & 0x3F));
        return 2;
    }
    out[0] = (unsigned char)(0xE0 | code >> 12);
    out[1] = (unsigned char)(0x80 | (code >> 6 & 0x3F));
    out[2] = (unsigned char)(0x80 | (code & 0x3F));
    return 3;
}

/* The end of the run of ASCII bytes at s[i..len), eight bytes a test,
 * keeping the line and column over it. */
static size_t ascii_run(rgn_latin1 *t, const unsigned char *s, size_t i,
                        size_t len)
{
    size_t start = i;
    for (; i + 8 <= len; i += 8) {
        uint64_t word;
        memcpy(&word, s + i, 8);
        if (word & 0x8080808080808080ull)
            break;
    }
    while (i < len && s[i] < 0x80)
        i++;
    /* lines end as the lexer ends them: LF, CRLF or a lone CR */
    t->line += (uint32_t)rgn_count_line_ends_from((const char *)s + start,
                                                  i - start, &t->after_cr);
    size_t last = i; /* just after the last line end, if any */
    while (last > start && s[last - 1] != '\n' && s[last - 1] != '\r')
        last--;
    if (last > start)
        t->column = (uint32_t)(1 + (i - last));
    else
        t->column += (uint32_t)(i - start);
    return i;
}

/* Hands len bytes of text to the target. */
static int hand_on(rgn_latin1 *t, const char *text, size_t len)
{
    t->output += len;
    return len ? t->target.feed(t->target.user, text, len) : 0;
}

/* Hands the copy buffer's o bytes to the target. */
static int flush(rgn_latin1 *t, size_t o)
{
    return hand_on(t, (const char *)t->out, o);
}

/* Converts data; final: the input ends here (a carried partial character
 * is read as Latin-1). */
static int convert(rgn_latin1 *t, const char *data, size_t len, bool final)
{
    const unsigned char *s = (const unsigned char *)data;
    unsigned char *out = t->out;
    size_t i = 0, o = 0;
    while (i < len || (final && t->carry_len)) {
        if (t->carry_len == 0 && s[i] < 0x80) {
            size_t j = ascii_run(t, s, i, len);
            if (j - i >= DIRECT_RUN) {
                /* what waits in out goes first, then the run, uncopied */
                if (flush(t, o) < 0 || hand_on(t, data + i, j - i) < 0)
                    return -1;
                o = 0;
                i = j;
                continue;
            }
            /* a short run: copied into out with what surrounds it */
            if (o + (j - i) > OUT_SIZE - 8) {
                if (flush(t, o) < 0)
                    return -1;
                o = 0;
            }
            memcpy(out + o, s + i, j - i);
            o += j - i;
            i = j;
            continue;
        }
        /* the next bytes: a carried partial character first */
        unsigned char window[4];
        size_t w = 0;
        for (; w < t->carry_len; w++)
            window[w] = t->carry[w];
        for (size_t k = i; w < 4 && k < len; k++)
            window[w++] = s[k];
        int n = rgn_utf8_length(window, w);
        if (n < 0 && !final) {
            /* cut at the end of data: keep it for the next call */
            size_t keep = len - i;
            memcpy(t->carry + t->carry_len, s + i, keep);
            t->carry_len += keep;
            i = len;
            break;
        }
        if (o > OUT_SIZE - 8) {
            if (flush(t, o) < 0)
                return -1;
            o = 0;
        }
        size_t used = n > 0 ? (size_t)n : 1;
        if (n > 0) {
            memcpy(out + o, window, used);
            o += used;
        } else {
            if (!t->seen) {
                /* the text before it first: the target knows where it is */
                if (flush(t, o) < 0)
                    return -1;
                o = 0;
                rgn_location where = {t->input + i - t->carry_len, t->line,
                                      t->column};
                int told = t->target.first(t->target.user, where);
                if (told < 0)
                    return -1;
                t->seen = told == 0;
            }
            size_t width = put_windows_1252(out + o, window[0]);
            o += width;
            rgn_offset_map_add(&t->map, t->output + o, (unsigned)width - 1);
        }
        /* a non-ASCII character: no line end */
        t->after_cr = false;
        t->column++;
        /* consume used bytes: from the carry first, then from data */
        size_t from_carry = used < t->carry_len ? used : t->carry_len;
        memmove(t->carry, t->carry + from_carry, t->carry_len - from_carry);
        t->carry_len -= from_carry;
        i += used - from_carry;
    }
    t->input += len;
    return flush(t, o);
}

int rgn_latin1_feed(rgn_latin1 *t, const char *data, size_t len)
{
    return convert(t, data, len, false);
}

int rgn_latin1_finish(rgn_latin1 *t) { return convert(t, "", 0, true); }

/* ------------------------------------------------------------------ */
/* The offset map                                                     */

void rgn_offset_map_free(rgn_offset_map *map) { free(map->bits); }

/* The marks in text offsets [from, to), both held. */
static uint64_t count_marks(const rgn_offset_map *map, uint64_t from,
                            uint64_t to)
{
    uint64_t count = 0;
    while (from < to) {
        uint64_t word = map->bits[map->first + (from - map->start) / 64];
        unsigned bit = (unsigned)(from % 64);
        uint64_t span = to - from < 64 - bit ? to - from : 64 - bit;
        word >>= bit;
        if (span < 64)
            word &= ((uint64_t)1 << span) - 1;
        count += (uint64_t)__builtin_popcountll(word);
        from += span;
    }
    return count;
}

/* The text offset just after the marks held. */
static uint64_t held_end(const rgn_offset_map *map)
{
    return map->start + 64 * (uint64_t)(map->len - map->first);
}

/* The first mark at or after text offset from (held), or UINT64_MAX. */
static uint64_t next_mark(const rgn_offset_map *map, uint64_t from)
{
    for (uint64_t at = from; at < held_end(map); at = (at | 63) + 1) {
        uint64_t word = map->bits[map->first + (at - map->start) / 64];
        word >>= at % 64;
        if (word)
            return at + (uint64_t)__builtin_ctzll(word);
    }
    return UINT64_MAX;
}

/* The marks before text offset at: at once between the cursor and the
 * mark after it, else counted on from the cursor (or from the start). */
static uint64_t marks_before(rgn_offset_map *map, uint64_t at)
{
    if (at >= map->cursor && at <= map->next)
        return map->cursor_extra;
    if (at >= held_end(map)) { /* after every mark held */
        map->cursor = at;
        map->cursor_extra = map->extra + map->marks;
        map->next = UINT64_MAX;
        return map->cursor_extra;
    }
    if (at <= map->start)
        return map->extra;
    if (map->cursor < map->start || map->cursor > at) {
        map->cursor = map->start;
        map->cursor_extra = map->extra;
    }
    map->cursor_extra += count_marks(map, map->cursor, at);
    map->cursor = at;
    map->next = next_mark(map, at);
    return map->cursor_extra;
}

/* The text offset of the input's offset at: the first unmarked text byte
 * with that many unmarked bytes before it. */
static uint64_t text_of(const rgn_offset_map *map, uint64_t at)
{
    uint64_t text = at + map->cursor_extra;
    if (text >= map->cursor && text < map->next)
        return text; /* no mark between the cursor and it */
    text = map->start;
    uint64_t extra = map->extra;
    if (at + extra <= text)
        return at + extra;
    for (size_t k = map->first; k < map->len; k++, text += 64) {
        uint64_t word = map->bits[k];
        uint64_t marks = (uint64_t)__builtin_popcountll(word);
        if (at >= text + 64 - extra - marks) { /* past the word */
            extra += marks;
            continue;
        }
        for (unsigned i = 0; i < 64; i++) {
            if (word >> i & 1)
                extra++;
            else if (text + i - extra == at)
                return text + i;
        }
    }
    return at + extra;
}

uint64_t rgn_offset_map_extra(rgn_offset_map *map, uint64_t at, bool in_input)
{
    return in_input ? text_of(map, at) - at : marks_before(map, at);
}

/* Marks text byte at (after every byte marked before). */
static void mark(rgn_offset_map *map, uint64_t at)
{
    if (map->marks == 0) { /* nothing held: start at at's word */
        map->first = map->len = 0;
        map->start = at - at % 64;
    }
    while (at >= held_end(map)) {
        if (map->len == map->cap) {
            if (map->first > 0) { /* the forgotten words make room */
                memmove(map->bits, map->bits + map->first,
                        (map->len - map->first) * sizeof *map->bits);
                map->len -= map->first;
                map->first = 0;
            }
            if (map->len >= map->cap / 2) { /* more than half is held */
                size_t cap = map->cap ? 2 * map->cap : 64;
                uint64_t *bits = realloc(map->bits, cap * sizeof *bits);
                if (!bits) {
                    map->failed = true;
                    return;
                }
                map->bits = bits;
                map->cap = cap;
            }
        }
        map->bits[map->len++] = 0;
    }
    map->bits[map->first + (at - map->start) / 64] |= (uint64_t)1 << (at % 64);
    map->marks++;
    if (at >= map->cursor && at < map->next)
        map->next = at;
}

void rgn_offset_map_add(rgn_offset_map *map, uint64_t end, unsigned grown)
{
    for (uint64_t at = end - grown; at < end; at++)
        mark(map, at);
}

void rgn_offset_map_forget(rgn_offset_map *map, uint64_t from)
{
    while (map->first < map->len && from >= map->start + 64) {
        uint64_t count = (uint64_t)__builtin_popcountll(map->bits[map->first]);
        map->extra += count;
        map->marks -= count;
        map->first++;
        map->start += 64;
    }
    if (map->first == map->len)
        map->marks = 0; /* (and start is set again at the next mark) */
}

void rgn_offset_map_take(rgn_offset_map *map, rgn_offset_map *source,
                         uint64_t from, uint64_t to)
{
    if (map->marks == 0)
        map->extra = marks_before(source, from);
    uint64_t end = held_end(source);
    for (uint64_t at = from > source->start ? from : source->start;
         at < to && at < end; at++) {
        uint64_t word = source->bits[source->first + (at - source->start) / 64];
        if (word >> (at % 64) & 1)
            mark(map, at);
        else if ((word >> (at % 64)) == 0) /* no mark left in the word */
            at |= 63;
    }
    if (source->failed)
        map->failed = true;
}
