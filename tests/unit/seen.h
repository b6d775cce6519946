/*
 * seen.h - what a test's callbacks saw, as one text: each callback adds an
 * item ("tag Event|", "comment TEXT|"), and the test compares the whole
 * with the items it expects, in their order.
 */
#ifndef RGN_TEST_SEEN_H
#define RGN_TEST_SEEN_H

#include <stddef.h>

#include "rgn.h"
#include "validate/options.h"

typedef struct seen {
    char text[4096];
    size_t len;
} seen;

/* Adds printf-style text; fails the test when it does not fit. */
void seen_add(seen *s, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Validates input, whole, with options; fails the test when the
 * validator cannot run; returns the counts. */
rgn_validation_counts seen_validate(const validator_options *options,
                                    const char *input);

#endif
