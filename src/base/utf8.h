/*
 * utf8.h - reading UTF-8 (RFC 3629), private. The lexer checks every
 * character of the input with these, so the ones it calls per byte are
 * inline.
 */
#ifndef RGN_UTF8_H
#define RGN_UTF8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Whether c is a continuation byte (10xxxxxx): one that begins no
 * character, so counting the bytes that are not counts characters. */
static inline bool rgn_utf8_continuation(unsigned c)
{
    return (c & 0xC0) == 0x80;
}

/* For a byte that begins a character: how many continuation bytes follow
 * (0 for ASCII) and the range of the first of them (the later ones are
 * 80..BF). False for a byte that cannot begin a character. */
static inline bool rgn_utf8_lead(unsigned c, unsigned *need, unsigned *lo,
                                 unsigned *hi)
{
    *lo = 0x80;
    *hi = 0xBF;
    if (c < 0x80)
        *need = 0;
    else if (c >= 0xC2 && c <= 0xDF)
        *need = 1;
    else if (c >= 0xE0 && c <= 0xEF) {
        *need = 2;
        if (c == 0xE0)
            *lo = 0xA0; /* no overlong forms */
        if (c == 0xED)
            *hi = 0x9F; /* no surrogates */
    } else if (c >= 0xF0 && c <= 0xF4) {
        *need = 3;
        if (c == 0xF0)
            *lo = 0x90;
        if (c == 0xF4)
            *hi = 0x8F; /* nothing above U+10FFFF */
    } else
        return false;
    return true;
}

/* The length of the character at s[0..n) (n >= 1): 1 to 4 when it is
 * well-formed, 0 when it is not, -1 when the n bytes are a proper
 * beginning of one (more input would tell). */
static inline int rgn_utf8_length(const unsigned char *s, size_t n)
{
    unsigned need, lo, hi;
    if (!rgn_utf8_lead(s[0], &need, &lo, &hi))
        return 0;
    for (unsigned k = 1; k <= need; k++) {
        if (k >= n)
            return -1;
        if (s[k] < lo || s[k] > hi)
            return 0;
        lo = 0x80;
        hi = 0xBF;
    }
    return (int)need + 1;
}

/* The code point of the well-formed character of len bytes at s. */
uint32_t rgn_utf8_code_point(const unsigned char *s, int len);

#endif
