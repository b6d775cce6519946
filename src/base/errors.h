/*
 * errors.h - the helpers of rgn.h's error convention (private): an error
 * the caller may leave NULL, a message into it, and options structs that
 * carry their own size.
 */
#ifndef RGN_ERRORS_H
#define RGN_ERRORS_H

#include <stddef.h>

#include "rgn.h"

/* error, or dropped when the caller passed none: an entry point calls
 * this once, so that the code under it may always write the reason. */
static inline rgn_error *rgn_error_or(rgn_error *error, rgn_error *dropped)
{
    return error ? error : dropped;
}

/* Fills error (which may be NULL) with a printf-style message and no
 * column; returns -1, for "return rgn_fail(error, ...)". */
int rgn_fail(rgn_error *error, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

/* The smallest size a sized options struct of type may have: its size
 * member and its first field after it. */
#define RGN_OPTIONS_MIN(type, first_field)                                     \
    (offsetof(type, first_field) + sizeof(((type *)0)->first_field))

/* Takes the caller's options struct given (NULL: every default) into
 * *taken, the library's struct of full bytes: the fields given's size
 * covers, the others zero (their default), taken's size set to full.
 * -1 with error naming the struct (name) when the size is 0, below min,
 * or above full with a byte beyond full that is not zero (a newer
 * caller's field the library cannot honour). */
int rgn_options_take(void *taken, size_t full, const void *given, size_t min,
                     const char *name, rgn_error *error);

#endif
