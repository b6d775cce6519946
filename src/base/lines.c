/* lines.c - counting the lines of a stretch of text. */
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/lines.h"

size_t rgn_count_newlines(const char *data, size_t len)
{
    size_t lines = 0, i = 0;
#if defined(__SSE2__)
    /* sixteen bytes a step: lines are short, a call a line is slower */
    const __m128i newline = _mm_set1_epi8('\n');
    for (; i + 16 <= len; i += 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(data + i));
        unsigned found =
            (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, newline));
        lines += (size_t)__builtin_popcount(found);
    }
#else
    /* eight bytes a step: a newline is a zero byte of x, and a byte's
     * high bit is set after the sum only for a zero (no carry crosses
     * bytes: 7F + 7F < 100) */
    for (; i + 8 <= len; i += 8) {
        uint64_t x;
        memcpy(&x, data + i, 8);
        x ^= 0x0A0A0A0A0A0A0A0Aull;
        uint64_t nonzero =
            ((x & 0x7F7F7F7F7F7F7F7Full) + 0x7F7F7F7F7F7F7F7Full) | x;
        lines += (size_t)__builtin_popcountll(~nonzero & 0x8080808080808080ull);
    }
#endif
    for (; i < len; i++)
        lines += data[i] == '\n';
    return lines;
}

size_t rgn_count_line_ends(const char *data, size_t len)
{
    if (len == 0)
        return 0;
    if (!memchr(data, '\r', len))
        return rgn_count_newlines(data, len);
    size_t lines = 0;
    for (size_t i = 0; i < len; i++)
        if (data[i] == '\n' ||
            (data[i] == '\r' && !(i + 1 < len && data[i + 1] == '\n')))
            lines++;
    return lines;
}

size_t rgn_count_line_ends_from(const char *data, size_t len, bool *after_cr)
{
    if (len == 0)
        return 0;
    size_t lines = rgn_count_line_ends(data, len);
    if (*after_cr && data[0] == '\n')
        lines--; /* the CR before it ended the line */
    *after_cr = data[len - 1] == '\r';
    return lines;
}
