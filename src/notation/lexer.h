/*
 * lexer.h - private: the RGN tokenizer under the reader (reader.c).
 *
 * The lexer owns the input buffer. rgn_lexer_append adds bytes to it and
 * rgn_lexer_next hands out one token at a time. A token that is not
 * complete yet makes rgn_lexer_next answer RGN_TOK_NONE; it keeps what it
 * has scanned and goes on from there once more bytes arrive, so every
 * byte is looked at a bounded number of times whatever the chunk sizes.
 * The lexical rules are those of grammar/rgn.ebnf, part 2; the scanner
 * functions in lexer.c name the rule each implements.
 *
 * The buffer holds the unconsumed input, the token being scanned and
 * RGN_LINE_HALF bytes before it (for rgn_reader_line); the caller says at
 * each append from which offset on it still needs the bytes. Token texts
 * are given as input offsets, turned into views with rgn_lexer_span.
 */
#ifndef RGN_LEXER_H
#define RGN_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rgn.h"

/* Keeps a rarely called function out of its hot caller, whose common path
 * then needs fewer registers and no work hoisted from the rare one. */
#if defined(__GNUC__)
#define RGN_NOINLINE __attribute__((noinline))
#else
#define RGN_NOINLINE
#endif

/* rgn_reader_line shows at most this many bytes on each side of a
 * location. */
#define RGN_LINE_HALF 128

enum rgn_tok {
    RGN_TOK_NONE,       /* no complete token yet: append more input */
    RGN_TOK_EOF,        /* the end of the input (after rgn_lexer_finish) */
    RGN_TOK_ERROR,      /* a lexical error: where and message are set, and
                         * the lexer now skips to the next game */
    RGN_TOK_TAG,        /* name and text (the value, escapes still in) */
    RGN_TOK_COMMENT,    /* text: between the braces, or after ';' */
    RGN_TOK_NUMBER,     /* value: the move number (digits only); dots: the
                         * dots written straight after it, if the lexer
                         * read them with it (else they come as DOTS) */
    RGN_TOK_DOTS,       /* value: how many dots */
    RGN_TOK_MOVE,       /* text: the move as written */
    RGN_TOK_NAG,        /* value: 0..255, from "$n" or a suffix glyph */
    RGN_TOK_OPEN,       /* "(" */
    RGN_TOK_CLOSE,      /* ")" */
    RGN_TOK_RESULT,     /* text: "1-0", "0-1", "1/2-1/2" or "*" */
    RGN_TOK_EN_PASSANT, /* "e.p." (or "e.p") standing after a move */
    RGN_TOK_AGAIN       /* internal to lexer.c */
};

typedef struct rgn_token {
    enum rgn_tok kind;
    rgn_location where; /* the token's first byte, or the error's place */
    uint64_t text;      /* input offset of the text (see the kinds) */
    size_t text_len;
    uint64_t name; /* TAG: the tag name */
    size_t name_len;
    unsigned value; /* NUMBER, DOTS, NAG */
    unsigned dots;  /* NUMBER */
    bool escaped;   /* TAG: the value holds backslash escapes */
    /* TAG: the value holds a '"' that is not escaped, read as part of it
     * because no ']' follows it ([White ""Mephisto""]) */
    rgn_location inner_quote;
    bool at_resync;      /* TAG: its '[' starts a line that follows a line not
                          * starting with '[' (a resynchronisation point) */
    char message[128];   /* ERROR */
    rgn_location begins; /* ERROR: the first byte of the token it spoils */
} rgn_token;

typedef struct rgn_lexer {
    /* The buffer: buf[0 .. len) holds the input from offset base on. */
    char *buf;
    size_t cap, len;
    uint64_t base;
    size_t pos; /* the cursor: the next byte to scan */
    bool eof;   /* no more input will come */
    bool bom_checked, bom;
    uint64_t last_break; /* 1 + the offset of the last CR or LF appended,
                          * 0 before any */

    /* Where the cursor is. bol: the next byte starts a line. line_first
     * and prev_first: the first byte of the current and of the previous
     * line (a CR or LF for an empty line), -1 when there is none. */
    uint32_t line, col;
    bool bol, after_cr;
    int line_first, prev_first;

    /* The token being scanned. */
    int state, sub;
    uint64_t start;     /* offset of its first byte */
    rgn_location where; /* and its location */
    bool at_resync;
    uint64_t mark; /* COMMENT: text start; TAG: name start */
    size_t name_len;
    uint64_t value_start; /* TAG */
    size_t value_len;
    bool escaped;
    rgn_location inner_quote; /* line 0: none */
    /* An unfinished UTF-8 sequence: bytes still due and the range of the
     * next one; u8_where is its lead byte (or the byte found invalid). */
    unsigned u8_need, u8_lo, u8_hi;
    rgn_location u8_where;
} rgn_lexer;

void rgn_lexer_init(rgn_lexer *lexer);
void rgn_lexer_free(rgn_lexer *lexer);
/* Adds len bytes; the bytes before offset keep may be dropped. Returns
 * -1 when memory runs out (nothing is added then). */
int rgn_lexer_append(rgn_lexer *lexer, const char *data, size_t len,
                     uint64_t keep);
/* No more input: the next calls finish the last token, then give EOF. */
void rgn_lexer_finish(rgn_lexer *lexer);
/* The next token, RGN_TOK_NONE when more input is needed. */
enum rgn_tok rgn_lexer_next(rgn_lexer *lexer, rgn_token *token);
/* Resynchronise: skip to the next line that starts with '[' and follows a
 * line that does not, or to the end of the input. */
void rgn_lexer_skip(rgn_lexer *lexer);
/* The earliest offset the lexer still needs (the token being scanned). */
uint64_t rgn_lexer_keep(const rgn_lexer *lexer);
/* Where the cursor is. */
rgn_location rgn_lexer_here(const rgn_lexer *lexer);
/* Whether only white space follows the cursor to the end of the input:
 * 1 yes, 0 no (something else follows, or more than RGN_LINE_HALF bytes
 * of white space), -1 not known until more input comes. */
int rgn_lexer_space_to_end(const rgn_lexer *lexer);
/* Asked after every move: with more than RGN_LINE_HALF bytes buffered
 * past the cursor the answer is 0 without a look, so that only a move
 * near the end of the buffer pays for the scan. */
static inline int rgn_lexer_only_space_left(const rgn_lexer *lexer)
{
    return lexer->len - lexer->pos > RGN_LINE_HALF
               ? 0
               : rgn_lexer_space_to_end(lexer);
}
/* A view of buffered input (inline: every move's text is one). */
static inline rgn_span rgn_lexer_span(const rgn_lexer *lexer, uint64_t offset,
                                      size_t len)
{
    rgn_span span = {lexer->buf + (size_t)(offset - lexer->base), len};
    return span;
}
/* The line around offset, cut to RGN_LINE_HALF bytes on each side (at
 * character boundaries); an empty span if offset is not buffered. */
rgn_span rgn_lexer_line(const rgn_lexer *lexer, uint64_t offset, size_t *caret);

#endif /* RGN_LEXER_H */
