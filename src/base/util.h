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

/* A file name's extension: from the last '.' of the name after the last
 * '/' (".svg"); NULL for none, or for a name that begins with its only
 * '.' (".profile"), or for no path. */
static inline const char *rgn_path_extension(const char *path)
{
    const char *base = path ? strrchr(path, '/') : NULL;
    base = base ? base + 1 : path;
    const char *dot = base ? strrchr(base, '.') : NULL;
    return dot && dot != base ? dot : NULL;
}

#endif
