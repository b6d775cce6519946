/* util.h - small helpers shared by the library's stages (private). */
#ifndef RGN_UTIL_H
#define RGN_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

/* Copies a text of n bytes into buf as snprintf would: cut to size - 1
 * bytes and NUL-terminated; returns n, the length it needed. */
static inline size_t rgn_copy_out(const char *text, size_t n, char *buf,
                                  size_t size)
{
    if (size > 0) {
        size_t copy = n < size - 1 ? n : size - 1;
        memcpy(buf, text, copy);
        buf[copy] = '\0';
    }
    return n;
}

/* Whether a text of n bytes is a result that ends a game: "1-0", "0-1" or
 * "1/2-1/2" (not the open "*"). */
static inline bool rgn_is_final_result(const char *text, size_t n)
{
    return (n == 3 &&
            (memcmp(text, "1-0", 3) == 0 || memcmp(text, "0-1", 3) == 0)) ||
           (n == 7 && memcmp(text, "1/2-1/2", 7) == 0);
}

#endif
