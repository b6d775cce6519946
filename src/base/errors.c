/*
 * errors.c - the helpers of rgn.h's error convention.
 */
#include "base/errors.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int rgn_fail(rgn_error *error, const char *format, ...)
{
    if (error) {
        va_list ap;
        va_start(ap, format);
        vsnprintf(error->message, sizeof error->message, format, ap);
        va_end(ap);
        error->column = 0;
    }
    return -1;
}

int rgn_options_take(void *taken, size_t full, const void *given, size_t min,
                     const char *name, rgn_error *error)
{
    memset(taken, 0, full);
    if (given) {
        size_t size;
        memcpy(&size, given, sizeof size); /* the first member */
        if (size == 0)
            return rgn_fail(
                error, "%s: size is 0 (set it to sizeof the struct)", name);
        if (size < min)
            return rgn_fail(error, "%s: size %zu is too small (at least %zu)",
                            name, size, min);
        for (size_t i = full; i < size; i++)
            if (((const unsigned char *)given)[i] != 0)
                return rgn_fail(error,
                                "%s: size %zu has fields this librgn does "
                                "not know (it knows %zu bytes)",
                                name, size, full);
        memcpy(taken, given, size < full ? size : full);
    }
    memcpy(taken, &full, sizeof full);
    return 0;
}

const char *rgn_error_reason(const rgn_error *error)
{
    const char *colon = strrchr(error->message, ':');
    return colon && colon[1] == ' ' ? colon + 2 : error->message;
}
