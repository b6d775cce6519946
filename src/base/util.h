/* util.h - small helpers shared by the library's writers (private). */
#ifndef RGN_UTIL_H
#define RGN_UTIL_H

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

#endif
