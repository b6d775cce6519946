/*
 * seen.c - what a test's callbacks saw, as one text (seen.h).
 */
#include "seen.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

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
