/*
 * lexer.c - the RGN tokenizer: bytes in, tokens out, resumable at any byte.
 *
 * rgn_lexer_next runs the scanner of the current state. A scanner either
 * completes its token, or consumes what it can and answers RGN_TOK_NONE;
 * its state (which token, which part of it, any unfinished UTF-8
 * sequence) stays in the rgn_lexer, so the next call goes on where this
 * one stopped. The comment above each scanner names the lexical rule of
 * grammar/rgn.ebnf it implements.
 *
 * Locations are kept up to date as the cursor moves: the line counts
 * line ends (LF, CRLF or a lone CR), the column counts code points (bytes
 * that are not UTF-8 continuation bytes), from 1. The lexer also notes
 * the first byte of the current and the previous line, for the
 * resynchronisation rule and for escape lines.
 */
#include "notation/lexer.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/utf8.h"
#include "base/util.h"

/* ------------------------------------------------------------------ */
/* Character classes                                                  */

enum {
    CC_SPACE = 1 << 0,  /* space, tab, VT, FF, and SUB (0x1A): the end-of-file
                           mark old DOS and Windows programs write */
    CC_EOL = 1 << 1,    /* CR, LF */
    CC_LETTER = 1 << 2, /* A-Z a-z */
    CC_DIGIT = 1 << 3,  /* 0-9 */
    CC_MOVE = 1 << 4,   /* may stand in a move: letters digits x - = > + # */
    CC_NAME = 1 << 5,   /* may stand in a tag name: letters digits _ */
    CC_CTEXT = 1 << 6,  /* plain comment text: ASCII but '}', CR, LF */
    CC_VTEXT = 1 << 7,  /* plain tag value text: ASCII but '"' '\' CR LF */
    CC_SLASH = 1 << 8,  /* '/', inside "1/2-1/2" */
    CC_DOT = 1 << 9,    /* '.' */
    CC_GLYPH = 1 << 10  /* '!' '?' */
};

#define T_ (CC_CTEXT | CC_VTEXT)                /* other ASCII */
#define SP (CC_SPACE | T_)                      /* blank */
#define EL CC_EOL                               /* line end */
#define LT (CC_LETTER | CC_MOVE | CC_NAME | T_) /* letter */
#define DG (CC_DIGIT | CC_MOVE | CC_NAME | T_)  /* digit */
#define MV (CC_MOVE | T_)                       /* - = > + # */
#define US (CC_NAME | T_)                       /* _ */
#define GL (CC_GLYPH | T_)                      /* ! ? */
#define DT (CC_DOT | T_)                        /* . */
#define SL (CC_SLASH | T_)                      /* / */
#define CB CC_VTEXT                             /* } */
#define QB CC_CTEXT                             /* " \ */
#define HI 0                                    /* not ASCII */

/* clang-format off */
static const uint16_t char_class[256] = {
    /*       0   1   2   3   4   5   6   7   8   9   A   B   C   D   E   F */
    /* 0 */ T_, T_, T_, T_, T_, T_, T_, T_, T_, SP, EL, SP, SP, EL, T_, T_,
    /* 1 */ T_, T_, T_, T_, T_, T_, T_, T_, T_, T_, SP, T_, T_, T_, T_, T_,
    /* 2 */ SP, GL, QB, MV, T_, T_, T_, T_, T_, T_, T_, MV, T_, MV, DT, SL,
    /* 3 */ DG, DG, DG, DG, DG, DG, DG, DG, DG, DG, T_, T_, T_, MV, MV, GL,
    /* 4 */ T_, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT,
    /* 5 */ LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, T_, QB, T_, T_, US,
    /* 6 */ T_, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT,
    /* 7 */ LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, LT, T_, T_, CB, T_, T_,
    /* 8 */ HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI,
    /* 9 */ HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI,
    /* A */ HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI,
    /* B */ HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI,
    /* C */ HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI,
    /* D */ HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI,
    /* E */ HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI,
    /* F */ HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI, HI,
};
/* clang-format on */

/* The scanner states: which token the lexer is in. */
enum {
    LX_START,        /* between tokens */
    LX_ESCAPE,       /* in an escape line */
    LX_TAG,          /* sub: one of the TAG_ parts below */
    LX_COMMENT,      /* in { } */
    LX_LINE_COMMENT, /* after ; */
    LX_MOVE,
    LX_DIGITS, /* a move number, or the start of a result */
    LX_RESULT, /* digits then '-' or '/': must be a result */
    LX_DOTS,
    LX_NAG,
    LX_GLYPH,
    LX_NULL, /* "--" or "@@@@" */
    LX_SKIP, /* resynchronising */
    LX_BOM   /* at the start: a byte order mark may come */
};

enum { TAG_OPEN, TAG_NAME, TAG_AFTER_NAME, TAG_VALUE, TAG_CLOSE };

/* ------------------------------------------------------------------ */
/* Buffer                                                             */

/* The buffer starts at BUFFER_MIN bytes and doubles while the bytes to
 * keep fill more than half of it, up to BUFFER_MAX: room for a token of
 * RGN_MAX_TOKEN bytes, the line window before it and a feed chunk, with
 * enough left over that compacting stays linear. */
#define BUFFER_MIN ((size_t)1 << 16)
#define BUFFER_MAX ((size_t)RGN_MAX_TOKEN + RGN_MAX_TOKEN / 2)

void rgn_lexer_init(rgn_lexer *lx)
{
    memset(lx, 0, sizeof *lx);
    lx->line = 1;
    lx->col = 1;
    lx->bol = true;
    lx->line_first = -1;
    lx->prev_first = -1;
    lx->state = LX_BOM;
}

void rgn_lexer_free(rgn_lexer *lx)
{
    free(lx->buf);
    lx->buf = NULL;
    lx->cap = lx->len = 0;
}

int rgn_lexer_append(rgn_lexer *lx, const char *data, size_t n, uint64_t keep)
{
    if (lx->cap - lx->len < n) {
        size_t drop = keep > lx->base ? (size_t)(keep - lx->base) : 0;
        if (drop > lx->pos)
            drop = lx->pos;
        size_t kept = lx->len - drop;
        size_t need = kept + n;
        if (need > lx->cap || (need > lx->cap / 2 && lx->cap < BUFFER_MAX)) {
            size_t cap = lx->cap ? lx->cap : BUFFER_MIN;
            while (cap < 2 * need && cap < BUFFER_MAX)
                cap *= 2;
            if (cap > BUFFER_MAX)
                cap = BUFFER_MAX;
            if (cap < need)
                cap = need; /* not reached: the reader bounds what it keeps */
            char *grown = malloc(cap);
            if (!grown)
                return -1;
            if (kept)
                memcpy(grown, lx->buf + drop, kept);
            free(lx->buf);
            lx->buf = grown;
            lx->cap = cap;
        } else if (drop) {
            memmove(lx->buf, lx->buf + drop, kept);
        }
        lx->base += drop;
        lx->pos -= drop;
        lx->len = kept;
    }
    if (n == 0)
        return 0;
    memcpy(lx->buf + lx->len, data, n);
    lx->len += n;
    for (size_t i = n; i > 0; i--) {
        if (data[i - 1] == '\n' || data[i - 1] == '\r') {
            lx->last_break = lx->base + lx->len - n + i;
            break;
        }
    }
    return 0;
}

void rgn_lexer_finish(rgn_lexer *lx) { lx->eof = true; }

uint64_t rgn_lexer_keep(const rgn_lexer *lx)
{
    switch (lx->state) {
    case LX_START:
    case LX_ESCAPE:
    case LX_SKIP:
    case LX_BOM: return lx->base + lx->pos;
    default: return lx->start;
    }
}

static inline rgn_location here(const rgn_lexer *lx)
{
    rgn_location where = {lx->base + lx->pos, lx->line, lx->col};
    return where;
}

rgn_location rgn_lexer_here(const rgn_lexer *lx) { return here(lx); }

/* rgn_lexer_only_space_left with at most RGN_LINE_HALF bytes left. */
int rgn_lexer_space_to_end(const rgn_lexer *lx)
{
    for (size_t i = lx->pos; i < lx->len; i++)
        if (!(char_class[(unsigned char)lx->buf[i]] & (CC_SPACE | CC_EOL)))
            return 0;
    if (lx->len - lx->pos == RGN_LINE_HALF)
        return 0; /* a long run of white space: not a file cut short */
    return lx->eof ? 1 : -1;
}

rgn_span rgn_lexer_line(const rgn_lexer *lx, uint64_t offset, size_t *caret)
{
    rgn_span none = {"", 0};
    if (caret)
        *caret = 0;
    if (!lx->buf || offset < lx->base || offset > lx->base + lx->len)
        return none;
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t i = (size_t)(offset - lx->base);

    size_t low = i > RGN_LINE_HALF ? i - RGN_LINE_HALF : 0;
    size_t s = i;
    while (s > low && !(char_class[b[s - 1]] & CC_EOL))
        s--;
    if (lx->bom && lx->base + s < 3)
        s = (size_t)(3 - lx->base); /* line 1 starts after the BOM */
    if (s > i)
        s = i;
    while (s < i && rgn_utf8_continuation(b[s]))
        s++; /* do not start inside a character */

    size_t high = lx->len - i > RGN_LINE_HALF ? i + RGN_LINE_HALF : lx->len;
    size_t e = i;
    while (e < high && !(char_class[b[e]] & CC_EOL))
        e++;
    if (e == high && e > i) {
        /* cut by the limit: nor end inside a character, judged from its
         * first byte, not from the byte after the cut, which is buffered
         * or not depending on how the input was fed */
        size_t lead = e - 1;
        while (lead > i && rgn_utf8_continuation(b[lead]))
            lead--;
        unsigned c = b[lead];
        size_t n = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
        if (lead + n > e)
            e = lead;
    }

    if (caret)
        *caret = i - s;
    rgn_span line = {lx->buf + s, e - s};
    return line;
}

/* ------------------------------------------------------------------ */
/* Moving the cursor                                                  */

/* c is the first byte of a line. */
static inline void mark_first(rgn_lexer *lx, unsigned c)
{
    lx->prev_first = lx->line_first;
    lx->line_first = (int)c;
    lx->bol = false;
    lx->after_cr = false;
}

/* Consumes the byte c at the cursor, whatever it is. The scanners of
 * tokens that cannot hold a line end move the cursor themselves. */
static inline void step(rgn_lexer *lx, unsigned c)
{
    lx->pos++;
    if (c == '\n' || c == '\r') {
        if (c == '\n' && lx->after_cr) {
            lx->after_cr = false; /* the LF of a CRLF */
            return;
        }
        if (lx->bol)
            mark_first(lx, c); /* an empty line */
        lx->line++;
        lx->col = 1;
        lx->bol = true;
        lx->after_cr = c == '\r';
        return;
    }
    if (lx->bol)
        mark_first(lx, c);
    if (!rgn_utf8_continuation(c))
        lx->col++;
}

/* Advances the cursor over text: ASCII bytes whose class is in mask and
 * well-formed UTF-8 characters, up to end. Stops before an ASCII byte
 * not in mask. A character may be cut by end: the rest of it is checked
 * by the next call (lx->u8_need). False on a byte that breaks UTF-8, with
 * lx->u8_where on the character's first byte. */
static bool scan_text(rgn_lexer *lx, size_t end, unsigned mask)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t p = lx->pos;
    uint32_t col = lx->col;
    unsigned need = lx->u8_need, lo = lx->u8_lo, hi = lx->u8_hi;
    bool ok = true;

    if (lx->bol && p < end && (b[p] >= 0x80 || (char_class[b[p]] & mask)))
        mark_first(lx, b[p]);
    while (p < end) {
        unsigned c = b[p];
        if (need) {
            if (c < lo || c > hi) {
                ok = false;
                break;
            }
            need--;
            lo = 0x80;
            hi = 0xBF;
            p++;
            continue;
        }
        if (c < 0x80) {
            size_t q = p;
            while (q < end && (char_class[b[q]] & mask))
                q++;
            col += (uint32_t)(q - p);
            p = q;
            if (q < end && b[q] < 0x80)
                break; /* a byte the caller handles */
            continue;
        }
        lx->u8_where.offset = lx->base + p;
        lx->u8_where.line = lx->line;
        lx->u8_where.column = col;
        if (!rgn_utf8_lead(c, &need, &lo, &hi)) {
            ok = false;
            break;
        }
        col++;
        p++;
    }
    lx->pos = p;
    lx->col = col;
    lx->u8_need = need;
    lx->u8_lo = lo;
    lx->u8_hi = hi;
    return ok;
}

/* ------------------------------------------------------------------ */
/* Results of a scanner                                               */

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define PRINTF_LIKE(f, a)
#define ALWAYS_INLINE inline
#endif

/* A lexical error: the lexer goes on by skipping to the next game. */
PRINTF_LIKE(4, 5)
static enum rgn_tok lex_error(rgn_lexer *lx, rgn_token *tok, rgn_location where,
                              const char *fmt, ...)
{
    va_list ap;
    tok->kind = RGN_TOK_ERROR;
    tok->where = where;
    tok->begins =
        lx->state == LX_START || lx->state == LX_SKIP ? where : lx->where;
    va_start(ap, fmt);
    vsnprintf(tok->message, sizeof tok->message, fmt, ap);
    va_end(ap);
    lx->state = LX_SKIP;
    lx->u8_need = 0;
    return RGN_TOK_ERROR;
}

static enum rgn_tok utf8_error(rgn_lexer *lx, rgn_token *tok, const char *what)
{
    return lex_error(lx, tok, lx->u8_where, "invalid UTF-8 in %s", what);
}

static enum rgn_tok too_long(rgn_lexer *lx, rgn_token *tok, const char *what)
{
    return lex_error(lx, tok, lx->where, "%s longer than %u bytes", what,
                     RGN_MAX_TOKEN);
}

/* The token from lx->start to the cursor is complete. */
static enum rgn_tok complete(rgn_lexer *lx, rgn_token *tok, enum rgn_tok kind)
{
    tok->kind = kind;
    tok->where = lx->where;
    tok->text = lx->start;
    tok->text_len = (size_t)(lx->base + lx->pos - lx->start);
    lx->state = LX_START;
    return kind;
}

/* Writes s (n bytes) quoted for a message: at most 24 bytes of it,
 * bytes outside printable ASCII as \xNN. */
static void quote(char *out, size_t size, const unsigned char *s, size_t n)
{
    size_t o = 0;
    out[o++] = '\'';
    for (size_t k = 0; k < n && k < 24 && o + 8 < size; k++) {
        if (s[k] >= 0x20 && s[k] < 0x7F)
            out[o++] = (char)s[k];
        else
            o += (size_t)snprintf(out + o, size - o, "\\x%02X", s[k]);
    }
    if (n > 24 && o + 5 < size) {
        memcpy(out + o, "...", 3);
        o += 3;
    }
    out[o++] = '\'';
    out[o] = '\0';
}

/* ------------------------------------------------------------------ */
/* The scanners                                                       */

/* The token starting with the ASCII byte c at the cursor begins: notes
 * where, and consumes c. */
static void begin_token(rgn_lexer *lx, unsigned c, int state)
{
    lx->start = lx->base + lx->pos;
    lx->where = here(lx);
    lx->at_resync = lx->bol && lx->line_first != '[';
    if (lx->bol)
        mark_first(lx, c);
    lx->pos++;
    lx->col++;
    lx->state = state;
    lx->sub = 0;
    lx->u8_need = 0;
    lx->mark = lx->base + lx->pos;
}

/* A byte no token starts with: "unexpected character". A whole UTF-8
 * character is shown as itself and its code point. */
static enum rgn_tok unexpected(rgn_lexer *lx, rgn_token *tok)
{
    const unsigned char *s = (const unsigned char *)lx->buf + lx->pos;
    int n = 1;
    char shown[48];
    if (s[0] >= 0x80) {
        n = rgn_utf8_length(s, lx->len - lx->pos);
        if (n < 0 && !lx->eof)
            return RGN_TOK_NONE;
        if (n <= 0)
            n = 1;
    }
    if (n > 1) {
        snprintf(shown, sizeof shown, "'%.*s' (U+%04lX)", n, (const char *)s,
                 (unsigned long)rgn_utf8_code_point(s, n));
    } else {
        quote(shown, sizeof shown, s, 1);
    }
    rgn_location where = here(lx);
    if (lx->bol)
        mark_first(lx, s[0]);
    if (!rgn_utf8_continuation(s[0]))
        lx->col++;
    lx->pos += (size_t)n;
    return lex_error(lx, tok, where, "unexpected character %s", shown);
}

/* escape line = "%" at the start of a line, { any byte but CR, LF } */
static enum rgn_tok lex_escape(rgn_lexer *lx)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t p = lx->pos;
    uint32_t col = lx->col;
    while (p < lx->len && !(char_class[b[p]] & CC_EOL)) {
        if (!rgn_utf8_continuation(b[p]))
            col++;
        p++;
    }
    lx->pos = p;
    lx->col = col;
    if (p < lx->len || lx->eof) {
        lx->state = LX_START;
        return RGN_TOK_AGAIN;
    }
    return RGN_TOK_NONE;
}

/* Whether the quote at b[at] closes the value only if blanks and ']'
 * follow it; at -1 until the rest of the line is buffered. */
static bool closes_tag(const unsigned char *b, size_t at, size_t end)
{
    size_t q = at + 1;
    while (q < end && (b[q] == ' ' || b[q] == '\t'))
        q++;
    return q < end && b[q] == ']';
}

/* Whether the quote at b[at] stands inside the value: it does not close
 * the tag, and a later quote on the line does. -1 when the line is not
 * all buffered yet. */
static int inner_quote(const rgn_lexer *lx, size_t at, size_t end, size_t limit)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t k = at;
    for (; k < end && b[k] != '\n' && b[k] != '\r'; k++)
        if (b[k] == '"' && closes_tag(b, k, end))
            return k != at;
    if (k == end && end < limit && !lx->eof)
        return -1;
    return 0;
}

/* tag = "[", {blank}, tag name, {blank}, '"', tag value, '"', {blank}, "]"
 * (the whole tag at most RGN_MAX_TOKEN bytes, on one line) */
static enum rgn_tok lex_tag(rgn_lexer *lx, rgn_token *tok)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t limit = (size_t)(lx->start - lx->base) + RGN_MAX_TOKEN;
    for (;;) {
        size_t end = lx->len < limit ? lx->len : limit;
        switch (lx->sub) {
        case TAG_OPEN:
        case TAG_AFTER_NAME:
        case TAG_CLOSE:
            while (lx->pos < end && (b[lx->pos] == ' ' || b[lx->pos] == '\t')) {
                lx->pos++;
                lx->col++;
            }
            break;
        case TAG_NAME:
            while (lx->pos < end && (char_class[b[lx->pos]] & CC_NAME)) {
                lx->pos++;
                lx->col++;
            }
            break;
        case TAG_VALUE:
            if (!scan_text(lx, end, CC_VTEXT))
                return utf8_error(lx, tok, "tag value");
            break;
        }
        if (lx->pos == lx->len && lx->pos < limit) {
            if (!lx->eof)
                return RGN_TOK_NONE;
            return lex_error(lx, tok, lx->where, "file ends inside a tag");
        }
        if (lx->pos == limit)
            return too_long(lx, tok, "tag");

        unsigned c = b[lx->pos];
        switch (lx->sub) {
        case TAG_OPEN:
            if (!(char_class[c] & CC_LETTER))
                return lex_error(lx, tok, here(lx),
                                 "a tag name (a letter, then letters, digits "
                                 "or '_') must follow '['");
            lx->mark = lx->base + lx->pos;
            lx->sub = TAG_NAME;
            break;
        case TAG_NAME:
            lx->name_len = (size_t)(lx->base + lx->pos - lx->mark);
            lx->sub = TAG_AFTER_NAME;
            break;
        case TAG_AFTER_NAME:
            if (c != '"')
                return lex_error(lx, tok, here(lx),
                                 "a tag value in double quotes must follow "
                                 "the tag name");
            lx->pos++;
            lx->col++;
            lx->value_start = lx->base + lx->pos;
            lx->escaped = false;
            lx->inner_quote = (rgn_location){0, 0, 0};
            lx->sub = TAG_VALUE;
            break;
        case TAG_VALUE:
            if (lx->u8_need)
                return utf8_error(lx, tok, "tag value");
            if (c == '"') {
                /* PGN from the wild has unescaped quotes inside values
                 * ([White ""Mephisto""]): a quote is read as part of
                 * the value when a later one on the line closes it. */
                int inner = inner_quote(lx, lx->pos, end, limit);
                if (inner < 0)
                    return RGN_TOK_NONE; /* the line goes on: look again */
                if (inner) {
                    if (!lx->inner_quote.line)
                        lx->inner_quote = here(lx);
                    lx->pos++;
                    lx->col++;
                    break;
                }
                lx->value_len = (size_t)(lx->base + lx->pos - lx->value_start);
                lx->pos++;
                lx->col++;
                lx->sub = TAG_CLOSE;
            } else if (c == '\\') {
                /* escape = "\", any character but a line end */
                if (lx->pos + 1 >= end) {
                    if (lx->pos + 1 == limit)
                        return too_long(lx, tok, "tag");
                    if (!lx->eof)
                        return RGN_TOK_NONE;
                    return lex_error(lx, tok, lx->where,
                                     "file ends inside a tag");
                }
                unsigned d = b[lx->pos + 1];
                lx->pos++;
                lx->col++;
                if (d == '\n' || d == '\r')
                    return lex_error(lx, tok, here(lx),
                                     "line ends inside a tag value "
                                     "(missing '\"'?)");
                lx->escaped = true;
                if (d < 0x80) {
                    lx->pos++;
                    lx->col++;
                }
            } else {
                return lex_error(lx, tok, here(lx),
                                 "line ends inside a tag value "
                                 "(missing '\"'?)");
            }
            break;
        case TAG_CLOSE:
            if (c != ']')
                return lex_error(lx, tok, here(lx),
                                 "']' must close the tag after its value");
            lx->pos++;
            lx->col++;
            complete(lx, tok, RGN_TOK_TAG);
            tok->name = lx->mark;
            tok->name_len = lx->name_len;
            tok->text = lx->value_start;
            tok->text_len = lx->value_len;
            tok->escaped = lx->escaped;
            tok->inner_quote = lx->inner_quote;
            tok->at_resync = lx->at_resync;
            return RGN_TOK_TAG;
        }
    }
}

/* comment = "{", { character - "}" }, "}"  (at most RGN_MAX_TOKEN bytes
 * between the braces) */
static enum rgn_tok lex_comment(rgn_lexer *lx, rgn_token *tok)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t limit = (size_t)(lx->mark - lx->base) + RGN_MAX_TOKEN;
    for (;;) {
        size_t end = lx->len < limit ? lx->len : limit;
        if (!scan_text(lx, end, CC_CTEXT))
            return utf8_error(lx, tok, "comment");
        if (lx->pos == lx->len) {
            if (!lx->eof)
                return RGN_TOK_NONE;
            return lex_error(lx, tok, lx->where,
                             "file ends inside a comment (missing '}'?)");
        }
        /* at '}', at a line end, or at the limit */
        unsigned c = b[lx->pos];
        if (c == '}' || (char_class[c] & CC_EOL)) {
            if (lx->u8_need)
                return utf8_error(lx, tok, "comment");
            if (c == '}') {
                complete(lx, tok, RGN_TOK_COMMENT);
                tok->text = lx->mark;
                tok->text_len = (size_t)(lx->base + lx->pos - lx->mark);
                lx->pos++;
                lx->col++;
                return RGN_TOK_COMMENT;
            }
            if (lx->pos < limit) {
                step(lx, c);
                continue;
            }
        }
        return too_long(lx, tok, "comment");
    }
}

/* comment = ... | ";", { character - line end }  (up to the line end) */
static enum rgn_tok lex_line_comment(rgn_lexer *lx, rgn_token *tok)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t limit = (size_t)(lx->mark - lx->base) + RGN_MAX_TOKEN;
    for (;;) {
        size_t end = lx->len < limit ? lx->len : limit;
        if (!scan_text(lx, end, CC_CTEXT))
            return utf8_error(lx, tok, "comment");
        if (lx->pos == lx->len && !lx->eof)
            return RGN_TOK_NONE;
        /* at the end of the input, a line end, a '}' or the limit */
        unsigned c = lx->pos < lx->len ? b[lx->pos] : '\n';
        if (c == '}' || (char_class[c] & CC_EOL)) {
            if (lx->u8_need)
                return utf8_error(lx, tok, "comment");
            if (c != '}') {
                complete(lx, tok, RGN_TOK_COMMENT);
                tok->text = lx->mark;
                tok->text_len = (size_t)(lx->base + lx->pos - lx->mark);
                return RGN_TOK_COMMENT;
            }
            if (lx->pos < limit) {
                lx->pos++; /* '}' is plain text here */
                lx->col++;
                continue;
            }
        }
        return too_long(lx, tok, "comment");
    }
}

/* Advances over the bytes of class mask that continue the current token.
 * RUN_MORE: the buffer ended (and more input may come). */
enum run { RUN_ENDED, RUN_MORE, RUN_TOO_LONG };

static enum run run(rgn_lexer *lx, unsigned mask)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t limit = (size_t)(lx->start - lx->base) + RGN_MAX_TOKEN;
    size_t end = lx->len < limit ? lx->len : limit;
    size_t p = lx->pos;
    while (p < end && (char_class[b[p]] & mask))
        p++;
    lx->col += (uint32_t)(p - lx->pos); /* all ASCII */
    lx->pos = p;
    if (p < lx->len)
        return p < limit || !(char_class[b[p]] & mask) ? RUN_ENDED
                                                       : RUN_TOO_LONG;
    return lx->eof ? RUN_ENDED : RUN_MORE;
}

/* The digits from offset from to the cursor as a number; false if it
 * exceeds max. */
static bool digits_value(const rgn_lexer *lx, uint64_t from, unsigned max,
                         unsigned *value)
{
    const char *s = lx->buf + (size_t)(from - lx->base);
    const char *e = lx->buf + lx->pos;
    unsigned long v = 0;
    for (; s < e; s++) {
        v = v * 10 + (unsigned long)(*s - '0');
        if (v > max)
            return false;
    }
    *value = (unsigned)v;
    return true;
}

/* Finishes a run-shaped token: false when it is not complete, with the
 * answer in *kind (more input needed, or too long). */
static bool run_done(rgn_lexer *lx, rgn_token *tok, unsigned mask,
                     enum rgn_tok *kind)
{
    enum run r = run(lx, mask);
    if (r == RUN_ENDED)
        return true;
    *kind = r == RUN_MORE ? RGN_TOK_NONE : too_long(lx, tok, "token");
    return false;
}

/* The text of the token being scanned. */
static const unsigned char *token_text(const rgn_lexer *lx, size_t *len)
{
    *len = (size_t)(lx->base + lx->pos - lx->start);
    return (const unsigned char *)lx->buf + (size_t)(lx->start - lx->base);
}

/* The length of a promotion that old programs write after the square
 * in parentheses or after a slash, "(Q)" or "/Q", at byte p (then maybe
 * a check mark); 0 when there is none, -1 when more input is needed to
 * tell. */
static int promotion_suffix(const rgn_lexer *lx, size_t p)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t left = lx->len - p;
    if (left == 0)
        return lx->eof ? 0 : -1;
    if (b[p] != '(' && b[p] != '/')
        return 0;
    if (left < 4 && !lx->eof)
        return -1;
    size_t n = b[p] == '(' ? 3 : 2;
    if (left < n || !(char_class[b[p + 1]] & CC_LETTER) ||
        (b[p] == '(' && b[p + 2] != ')'))
        return 0;
    if (left > n && (b[p + n] == '+' || b[p + n] == '#'))
        n++;
    return (int)n;
}

/* move = letter, { move character }, [ promotion suffix ]  (as written;
 * the SAN reader judges) */
static enum rgn_tok lex_move(rgn_lexer *lx, rgn_token *tok)
{
    enum rgn_tok kind;
    if (!run_done(lx, tok, CC_MOVE, &kind))
        return kind;
    if (lx->pos > 0 && (char_class[(unsigned char)lx->buf[lx->pos - 1]] &
                        CC_DIGIT)) { /* "a8(Q)", "a8/Q" */
        int n = promotion_suffix(lx, lx->pos);
        if (n < 0)
            return RGN_TOK_NONE; /* look again with more input */
        lx->pos += (size_t)n;
        lx->col += (uint32_t)n;
    }
    /* "e.p." after an en passant capture, as old texts write it: "e"
     * then ".p" and maybe "." */
    size_t len;
    const unsigned char *text = token_text(lx, &len);
    if (len == 1 && text[0] == 'e') {
        const unsigned char *b = (const unsigned char *)lx->buf + lx->pos;
        size_t left = lx->len - lx->pos;
        if (left < 3 && !lx->eof)
            return RGN_TOK_NONE; /* look again with more input */
        if (left >= 2 && b[0] == '.' && b[1] == 'p') {
            size_t n = left >= 3 && b[2] == '.' ? 3 : 2;
            lx->pos += n;
            lx->col += (uint32_t)n;
            return complete(lx, tok, RGN_TOK_EN_PASSANT);
        }
    }
    return complete(lx, tok, RGN_TOK_MOVE);
}

/* result = "1-0" | "0-1" | "1/2-1/2"  (a digit then "-" or "/": nothing
 * else may follow) */
static enum rgn_tok lex_result(rgn_lexer *lx, rgn_token *tok)
{
    enum rgn_tok kind;
    if (!run_done(lx, tok, CC_MOVE | CC_SLASH, &kind))
        return kind;
    size_t len;
    const unsigned char *text = token_text(lx, &len);
    if (rgn_is_final_result((const char *)text, len))
        return complete(lx, tok, RGN_TOK_RESULT);
    /* castling written with zeros, "0-0" or "0-0-0" (and a check mark) */
    size_t core =
        len - (len > 0 && (text[len - 1] == '+' || text[len - 1] == '#'));
    if ((core == 3 && memcmp(text, "0-0", 3) == 0) ||
        (core == 5 && memcmp(text, "0-0-0", 5) == 0))
        return complete(lx, tok, RGN_TOK_MOVE);
    char shown[40];
    quote(shown, sizeof shown, text, len);
    return lex_error(lx, tok, lx->where,
                     "%s is not a result (1-0, 0-1, 1/2-1/2 or *) nor a move",
                     shown);
}

/* move number = digit, { digit }  (a result when "-" or "/" follows; a
 * move when a letter follows at once, as in Rollerball's "1b2") */
static enum rgn_tok lex_digits(rgn_lexer *lx, rgn_token *tok)
{
    enum rgn_tok kind;
    if (!run_done(lx, tok, CC_DIGIT, &kind))
        return kind;
    if (lx->pos < lx->len &&
        (lx->buf[lx->pos] == '-' || lx->buf[lx->pos] == '/')) {
        lx->state = LX_RESULT;
        return lex_result(lx, tok);
    }
    if (lx->pos < lx->len &&
        (char_class[(unsigned char)lx->buf[lx->pos]] & CC_LETTER)) {
        lx->state = LX_MOVE;
        return lex_move(lx, tok);
    }
    if (!digits_value(lx, lx->start, 999999999, &tok->value))
        return lex_error(lx, tok, lx->where, "move number too large");
    tok->dots = 0; /* any come as their own token */
    return complete(lx, tok, RGN_TOK_NUMBER);
}

/* dots = ".", { "." } */
static enum rgn_tok lex_dots(rgn_lexer *lx, rgn_token *tok)
{
    enum rgn_tok kind;
    if (!run_done(lx, tok, CC_DOT, &kind))
        return kind;
    tok->value = (unsigned)(lx->base + lx->pos - lx->start);
    return complete(lx, tok, RGN_TOK_DOTS);
}

/* nag = "$", digit, { digit }  (0 to 255) */
static enum rgn_tok lex_nag(rgn_lexer *lx, rgn_token *tok)
{
    enum rgn_tok kind;
    if (!run_done(lx, tok, CC_DIGIT, &kind))
        return kind;
    size_t len;
    const unsigned char *text = token_text(lx, &len);
    if (len == 1)
        return lex_error(lx, tok, lx->where,
                         "'$' must be followed by a number (a NAG)");
    if (!digits_value(lx, lx->start + 1, 255, &tok->value)) {
        char shown[40];
        quote(shown, sizeof shown, text, len);
        return lex_error(lx, tok, lx->where, "NAG %s out of range (0 to 255)",
                         shown);
    }
    return complete(lx, tok, RGN_TOK_NAG);
}

/* suffix = "!" | "?" | "!!" | "??" | "!?" | "?!"  (NAGs 1 to 6) */
static enum rgn_tok lex_glyph(rgn_lexer *lx, rgn_token *tok)
{
    static const char *const glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};
    enum rgn_tok kind;
    if (!run_done(lx, tok, CC_GLYPH, &kind))
        return kind;
    size_t len;
    const unsigned char *text = token_text(lx, &len);
    for (unsigned k = 0; k < 6; k++) {
        if (strlen(glyphs[k]) == len && memcmp(glyphs[k], text, len) == 0) {
            tok->value = k + 1;
            return complete(lx, tok, RGN_TOK_NAG);
        }
    }
    char shown[40];
    quote(shown, sizeof shown, text, len);
    return lex_error(lx, tok, lx->where,
                     "unknown move suffix %s (one of ! ? !! ?? !? ?!)", shown);
}

/* null move = "--" | "@@@@"  (as ChessBase and other programs write a
 * move that passes the turn; "Z0" is read as a move; the rules judge
 * where one may stand). Another run of '-' or '@' is no token. */
static enum rgn_tok lex_null(rgn_lexer *lx, rgn_token *tok)
{
    size_t len;
    const unsigned char *text = token_text(lx, &len);
    unsigned char c = text[0];
    size_t want = c == '-' ? 2 : 4;
    while (len <= want && lx->pos < lx->len &&
           (unsigned char)lx->buf[lx->pos] == c) {
        lx->pos++;
        lx->col++;
        len++;
    }
    if (len <= want && lx->pos == lx->len && !lx->eof)
        return RGN_TOK_NONE;
    if (len == want)
        return complete(lx, tok, RGN_TOK_MOVE);
    char shown[16];
    quote(shown, sizeof shown, &c, 1);
    return lex_error(lx, tok, lx->where, "unexpected character %s", shown);
}

/* Quick paths for the common tokens: a run of characters that stands in
 * the buffer, with a byte after it that ends it, is lexed at once
 * without the resumable scanner's bookkeeping (begin_token, run,
 * complete); anything else (a run cut by the buffer's end, too long, or
 * a special case) is left, unchanged, to the scanner. */

/* The end of the run of class mask that starts at byte p (one of the
 * class), or 0 when it is not followed by another byte within the token
 * limit. */
static size_t quick_run_at(const rgn_lexer *lx, size_t p, unsigned mask)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t q = p + 1;
    size_t end = lx->len - p > RGN_MAX_TOKEN ? p + RGN_MAX_TOKEN : lx->len;
    while (q < end && (char_class[b[q]] & mask))
        q++;
    return q < end ? q : 0;
}

/* The same from the cursor's byte. */
static size_t quick_run(const rgn_lexer *lx, unsigned mask)
{
    return quick_run_at(lx, lx->pos, mask);
}

/* Writes a location into a token in one 16-byte store: the reader reads
 * it back at once, whole or in halves, and a load that spans several
 * smaller stores must wait for them to reach the cache (a
 * store-forwarding stall, at nearly every token). */
static inline void put_location(rgn_location *out, uint64_t offset,
                                uint32_t line, uint32_t column)
{
#if defined(__SSE2__)
    _Static_assert(sizeof(rgn_location) == 16 &&
                       offsetof(rgn_location, line) == 8 &&
                       offsetof(rgn_location, column) == 12,
                   "rgn_location is offset, line, column");
    _mm_storeu_si128((__m128i *)out,
                     _mm_set_epi32((int)column, (int)line, (int)(offset >> 32),
                                   (int)offset));
#else
    rgn_location where = {offset, line, column};
    *out = where;
#endif
}

/* Hands out the run from the cursor to q as a token of kind. The lexer's
 * fields are read and written before the token's, which the compiler
 * must assume may overlap them. */
static inline enum rgn_tok quick_token(rgn_lexer *lx, rgn_token *tok, size_t q,
                                       enum rgn_tok kind)
{
    size_t p = lx->pos;
    uint64_t offset = lx->base + p;
    uint32_t line = lx->line, col = lx->col;
    if (lx->bol)
        mark_first(lx, (unsigned char)lx->buf[p]);
    lx->col = col + (uint32_t)(q - p); /* all ASCII */
    lx->pos = q;
    tok->kind = kind;
    put_location(&tok->where, offset, line, col);
    tok->text = offset;
    tok->text_len = q - p;
    return kind;
}

/* quick_run(lx, CC_MOVE). A move's length varies from one to the next,
 * so that a loop over its bytes mispredicts its exit at almost every
 * move: with SSE2, a run shorter than 16 bytes is found from one mask
 * of the move characters among the next 16 bytes. The mask tests the
 * set that char_class marks CC_MOVE (test_lexer checks each byte).
 * (Move numbers are short and regular enough that their loop predicts
 * well; the mask would cost them more than it saves.) */
#if defined(__SSE2__)
/* The bytes of v in [lo, hi] (lo <= hi, both ASCII): moved so that lo is
 * -128, one signed compare tells the range. */
static inline __m128i bytes_in(__m128i v, int lo, int hi)
{
    return _mm_cmplt_epi8(_mm_add_epi8(v, _mm_set1_epi8((char)(-128 - lo))),
                          _mm_set1_epi8((char)(-128 + (hi - lo) + 1)));
}
#endif

static ALWAYS_INLINE size_t quick_move_run(const rgn_lexer *lx)
{
#if defined(__SSE2__)
    if (lx->len - lx->pos >= 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(lx->buf + lx->pos));
        __m128i letter =
            bytes_in(_mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 'z');
        __m128i digit = bytes_in(v, '0', '9');
        /* the signs written out: -O2 keeps a loop over them */
        __m128i signs =
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')),
                                      _mm_cmpeq_epi8(v, _mm_set1_epi8('+'))),
                         _mm_or_si128(bytes_in(v, '=', '>'),
                                      _mm_cmpeq_epi8(v, _mm_set1_epi8('#'))));
        __m128i in = _mm_or_si128(_mm_or_si128(letter, digit), signs);
        /* the first byte, a letter, is one */
        unsigned out = ~(unsigned)_mm_movemask_epi8(in) & 0xFFFE;
        if (out)
            return lx->pos + (size_t)__builtin_ctz(out);
    }
#endif
    return quick_run(lx, CC_MOVE);
}

/* A move, but an "e" that may begin "e.p." and a move that a promotion
 * in parentheses or after a slash may follow. */
static ALWAYS_INLINE bool quick_move(rgn_lexer *lx, rgn_token *tok)
{
    size_t q = quick_move_run(lx);
    if (!q || (q == lx->pos + 1 && lx->buf[lx->pos] == 'e') ||
        lx->buf[q] == '(' || lx->buf[q] == '/')
        return false;
    quick_token(lx, tok, q, RGN_TOK_MOVE);
    return true;
}

/* A move number of at most nine digits, not followed by what makes it a
 * result or a move (see lex_digits), with the dots written straight
 * after it when they end in the buffer: "12." is then one token, not
 * two, for the reader to pass on (nearly every move number has its). */
static ALWAYS_INLINE bool quick_number(rgn_lexer *lx, rgn_token *tok)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t p = lx->pos, q = p;
    if (lx->len - p <= 10)
        return false;   /* near the buffer's end: the scanner reads it */
    unsigned value = 0; /* nine digits fit */
    while ((unsigned)(b[q] - '0') < 10 && q - p <= 9)
        value = value * 10 + (unsigned)(b[q++] - '0');
    if (q - p > 9)
        return false;
    size_t digits_end = q;
    unsigned char next = b[q];
    if (next == '.') {
        /* one dot, the common case, ends before the buffer's end (10 bytes
         * on); dots that may go on past it come as their own token */
        size_t dots_end = b[q + 1] != '.' ? q + 1 : quick_run_at(lx, q, CC_DOT);
        if (dots_end)
            q = dots_end;
    } else if (next == '-' || next == '/' || (char_class[next] & CC_LETTER)) {
        return false;
    }
    quick_token(lx, tok, q, RGN_TOK_NUMBER);
    tok->value = value;
    tok->dots = (unsigned)(q - digits_end);
    tok->text_len = digits_end - p;
    return true;
}

/* A comment in braces on one line, all ASCII: its text is between them. */
static bool quick_comment(rgn_lexer *lx, rgn_token *tok)
{
    size_t q = quick_run(lx, CC_CTEXT);
    if (!q || lx->buf[q] != '}')
        return false;
    quick_token(lx, tok, q + 1, RGN_TOK_COMMENT);
    tok->text++; /* the braces are not the text */
    tok->text_len -= 2;
    return true;
}

/* Dots: their number is the value. */
static bool quick_dots(rgn_lexer *lx, rgn_token *tok)
{
    size_t q = quick_run(lx, CC_DOT);
    if (!q)
        return false;
    quick_token(lx, tok, q, RGN_TOK_DOTS);
    tok->value = (unsigned)tok->text_len;
    return true;
}

/* Whether a byte order mark (EF BB BF) is at the current position: 1
 * yes, 0 no, -1 when more input is needed to tell. */
static int bom_here(const rgn_lexer *lx)
{
    static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
    const unsigned char *b = (const unsigned char *)lx->buf + lx->pos;
    size_t n = lx->len - lx->pos < 3 ? lx->len - lx->pos : 3;
    if (memcmp(b, bom, n) != 0)
        return 0;
    return n == 3 ? 1 : lx->eof ? 0 : -1;
}

/* input = [ byte order mark ], { white space | escape line
 *         | line byte order mark | token } ;
 * here: the byte order marks, white space, the "%" of an escape line, and
 * the first byte of every token, which picks its scanner */
static enum rgn_tok lex_start(rgn_lexer *lx, rgn_token *tok)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    while (lx->pos < lx->len) {
        unsigned c = b[lx->pos];
        unsigned cls = char_class[c];
        if (cls & CC_SPACE) {
            if (lx->bol)
                mark_first(lx, c);
            lx->pos++;
            lx->col++;
            continue;
        }
        /* the common tokens first: '%' and a byte order mark are neither */
        if (cls & CC_LETTER) {
            if (quick_move(lx, tok))
                return RGN_TOK_MOVE;
            begin_token(lx, c, LX_MOVE);
            return lex_move(lx, tok);
        }
        if (cls & CC_DIGIT) {
            if (quick_number(lx, tok))
                return RGN_TOK_NUMBER;
            begin_token(lx, c, LX_DIGITS);
            return lex_digits(lx, tok);
        }
        if (cls & CC_EOL) {
            step(lx, c);
            continue;
        }
        if (c == 0xEF && lx->bol) {
            /* a byte order mark at the start of a line: where files were
             * joined (cat a b); skipped, as at the very start */
            int bom = bom_here(lx);
            if (bom < 0)
                return RGN_TOK_NONE;
            if (bom) {
                lx->pos += 3;
                continue;
            }
        }
        if (c == '%' && lx->bol) {
            step(lx, c);
            lx->state = LX_ESCAPE;
            return RGN_TOK_AGAIN;
        }
        switch (c) {
        case '[': begin_token(lx, c, LX_TAG); return lex_tag(lx, tok);
        case '{':
            if (quick_comment(lx, tok))
                return RGN_TOK_COMMENT;
            begin_token(lx, c, LX_COMMENT);
            return lex_comment(lx, tok);
        case ';':
            begin_token(lx, c, LX_LINE_COMMENT);
            return lex_line_comment(lx, tok);
        case '$': begin_token(lx, c, LX_NAG); return lex_nag(lx, tok);
        case '.':
            if (quick_dots(lx, tok))
                return RGN_TOK_DOTS;
            begin_token(lx, c, LX_DOTS);
            return lex_dots(lx, tok);
        case '!':
        case '?': begin_token(lx, c, LX_GLYPH); return lex_glyph(lx, tok);
        case '-':
        case '@': begin_token(lx, c, LX_NULL); return lex_null(lx, tok);
        case '(':
            begin_token(lx, c, LX_START);
            return complete(lx, tok, RGN_TOK_OPEN);
        case ')':
            begin_token(lx, c, LX_START);
            return complete(lx, tok, RGN_TOK_CLOSE);
        case '*':
            begin_token(lx, c, LX_START);
            return complete(lx, tok, RGN_TOK_RESULT);
        default: return unexpected(lx, tok);
        }
    }
    return lx->eof ? RGN_TOK_EOF : RGN_TOK_NONE;
}

/* Resynchronisation: up to the next line that starts with '[' and follows
 * a line that does not start with '['. */
static enum rgn_tok lex_skip(rgn_lexer *lx)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    while (lx->pos < lx->len) {
        unsigned c = b[lx->pos];
        if (c == 0xEF && lx->bol) {
            /* a byte order mark where files were joined (cat a b) */
            int bom = bom_here(lx);
            if (bom < 0)
                return RGN_TOK_NONE;
            if (bom) {
                lx->pos += 3;
                continue;
            }
        }
        if (c == '[' && lx->bol && lx->line_first != '[') {
            lx->state = LX_START;
            return RGN_TOK_AGAIN;
        }
        step(lx, c);
    }
    return lx->eof ? RGN_TOK_EOF : RGN_TOK_NONE;
}

/* bom = EF BB BF at the very start (at a line's start: lex_start), unless
 * the input starts inside a larger one (bom_checked) */
static enum rgn_tok lex_bom(rgn_lexer *lx)
{
    if (!lx->bom_checked) {
        static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};
        size_t n = lx->len - lx->pos < 3 ? lx->len - lx->pos : 3;
        bool prefix = n == 0 || memcmp(lx->buf + lx->pos, bom, n) == 0;
        if (prefix && n < 3 && !lx->eof)
            return RGN_TOK_NONE;
        if (prefix && n == 3) {
            lx->pos += 3;
            lx->bom = true;
        }
        lx->bom_checked = true;
    }
    lx->state = LX_START;
    return RGN_TOK_AGAIN;
}

void rgn_lexer_skip(rgn_lexer *lx)
{
    lx->state = LX_SKIP;
    lx->u8_need = 0;
}

/* rgn_lexer_next in any state: the resumable scanners. Not inlined, so
 * that the quick path below (nearly every token) pays none of their
 * stack frame and saved registers. */
static RGN_NOINLINE enum rgn_tok lex_any(rgn_lexer *lx, rgn_token *tok)
{
    enum rgn_tok kind;
    do {
        switch (lx->state) {
        case LX_START: kind = lex_start(lx, tok); break;
        case LX_ESCAPE: kind = lex_escape(lx); break;
        case LX_TAG: kind = lex_tag(lx, tok); break;
        case LX_COMMENT: kind = lex_comment(lx, tok); break;
        case LX_LINE_COMMENT: kind = lex_line_comment(lx, tok); break;
        case LX_MOVE: kind = lex_move(lx, tok); break;
        case LX_DIGITS: kind = lex_digits(lx, tok); break;
        case LX_RESULT: kind = lex_result(lx, tok); break;
        case LX_DOTS: kind = lex_dots(lx, tok); break;
        case LX_NAG: kind = lex_nag(lx, tok); break;
        case LX_GLYPH: kind = lex_glyph(lx, tok); break;
        case LX_NULL: kind = lex_null(lx, tok); break;
        case LX_BOM: kind = lex_bom(lx); break;
        default: kind = lex_skip(lx); break;
        }
    } while (kind == RGN_TOK_AGAIN);
    if (kind == RGN_TOK_EOF) {
        tok->kind = RGN_TOK_EOF;
        tok->where = here(lx);
    }
    return kind;
}

/* A move number from the cursor, else any token (apart from rgn_lexer_next
 * so that its registers do not weigh on the moves'). */
static RGN_NOINLINE enum rgn_tok lex_number(rgn_lexer *lx, rgn_token *tok)
{
    return quick_number(lx, tok) ? RGN_TOK_NUMBER : lex_any(lx, tok);
}

/* Between tokens, the common case: white space, then a move or a move
 * number that its quick path takes (as lex_start would); anything else is
 * lex_any's from the cursor on. In state LX_START. */
static inline enum rgn_tok lex_quick(rgn_lexer *lx, rgn_token *tok)
{
    const unsigned char *b = (const unsigned char *)lx->buf;
    size_t len = lx->len;
    for (;;) {
        size_t p = lx->pos;
        if (p == len)
            return lex_any(lx, tok);
        unsigned c = b[p];
        unsigned cls = char_class[c];
        if (cls & CC_SPACE) {
            size_t from = p;
            do
                p++;
            while (p < len && (char_class[b[p]] & CC_SPACE));
            /* all ASCII: the column moves by the distance */
            if (lx->bol)
                mark_first(lx, c);
            lx->col += (uint32_t)(p - from);
            lx->pos = p;
            if (p == len)
                return lex_any(lx, tok);
            c = b[p];
            cls = char_class[c];
        }
        if (cls & CC_LETTER)
            return quick_move(lx, tok) ? RGN_TOK_MOVE : lex_any(lx, tok);
        if (cls & CC_DIGIT)
            return lex_number(lx, tok);
        if (!(cls & CC_EOL))
            return lex_any(lx, tok);
        step(lx, c);
    }
}

enum rgn_tok rgn_lexer_next(rgn_lexer *lx, rgn_token *tok)
{
    return lx->state == LX_START ? lex_quick(lx, tok) : lex_any(lx, tok);
}
