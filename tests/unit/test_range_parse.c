/*
 * test_range_parse.c - a range as a person writes it, "START:END[:LINE]"
 * (notation/range.c, rgn_range_parse): its offsets and line, END left
 * out, the largest numbers that fit and the smallest that do not, and
 * each malformed text refused with its message, the outputs untouched.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "rgn.h"

/* text read as from:to:line. */
static void reads(const char *text, uint64_t from, uint64_t to, uint32_t line)
{
    uint64_t got_from = 7, got_to = 7;
    uint32_t got_line = 7;
    rgn_error error;
    assert_int_equal(
        rgn_range_parse(text, &got_from, &got_to, &got_line, &error), 0);
    assert_true(got_from == from);
    assert_true(got_to == to);
    assert_int_equal(got_line, line);
}

/* text refused with message, the outputs left as they were. */
static void refused(const char *text, const char *message)
{
    uint64_t from = 7, to = 7;
    uint32_t line = 7;
    rgn_error error;
    assert_int_equal(rgn_range_parse(text, &from, &to, &line, &error), -1);
    assert_string_equal(error.message, message);
    assert_true(from == 7 && to == 7 && line == 7);
    assert_int_equal(rgn_range_parse(text, &from, &to, &line, NULL), -1);
}

static void ranges(void **state)
{
    (void)state;
    reads("10:20", 10, 20, 0);
    reads("0:0", 0, 0, 0);
    reads("10:", 10, UINT64_MAX, 0);
    reads("0:5:3", 0, 5, 3);
    reads("10::7", 10, UINT64_MAX, 7);
    reads("18446744073709551615:", UINT64_MAX, UINT64_MAX, 0);
    reads("1:2:4294967295", 1, 2, UINT32_MAX);
}

#define FORM                                                                   \
    "takes START:END, two byte offsets (or START: to the end of the file), "   \
    "and may add :LINE, the line START lies on; not "

static void malformed(void **state)
{
    (void)state;
    refused("10", FORM "'10'");
    refused("", FORM "''");
    refused(":5", FORM "':5'");
    refused("a:b", FORM "'a:b'");
    refused("-1:5", FORM "'-1:5'");
    refused("1:+5", FORM "'1:+5'");
    refused("18446744073709551616:", FORM "'18446744073709551616:'");
    refused("1:2:0", FORM "'1:2:0'");
    refused("1:2:", FORM "'1:2:'");
    refused("1:2:4294967296", FORM "'1:2:4294967296'");
    refused("1:2:3:4", FORM "'1:2:3:4'");
    refused("50:10", "50:10: START comes after END, so the range is not a "
                     "range");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ranges),
        cmocka_unit_test(malformed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
