/*
 * seen.c - what a test's callbacks saw, as one text (seen.h), and a
 * validation of a text whose callbacks record it.
 */
#include "seen.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

void seen_add(seen *s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(s->text + s->len, sizeof s->text - s->len, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof s->text - s->len);
    s->len += (size_t)n;
}

rgn_validation_counts seen_validate(const validator_options *options,
                                    const char *input)
{
    rgn_validator *v = validator_new(options, NULL);
    assert_non_null(v);
    assert_int_equal(rgn_validator_feed(v, input, strlen(input)), 0);
    assert_int_equal(rgn_validator_finish(v), 0);
    rgn_validation_counts counts = rgn_validator_counts(v);
    rgn_validator_free(v);
    return counts;
}
