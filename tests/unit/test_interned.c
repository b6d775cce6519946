/*
 * test_interned.c - base/interned.c's set of strings: each text kept
 * once (the same pointer for equal texts, a different one for different
 * texts, however they are given), its copy intact while the table grows
 * and the blocks fill, long texts and the empty text too; checked
 * against a plain list of the texts given, searched one by one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/interned.h"

#define TEXTS 5000

/* The i-th text of the test: short ones that repeat, and every 97th a
 * long one (past a block's sixteenth), so that both kinds of room are
 * used and the table grows many times. */
static void text_of(int i, char *out, size_t size)
{
    int n = i % 1000;
    if (i % 97 == 0)
        snprintf(out, size, "%0*d", 1500 + n % 7, n);
    else
        snprintf(out, size, "player %d", n);
}

static void each_text_once(void **state)
{
    (void)state;
    rgn_interned set = {0};
    static char given[TEXTS][1600];
    static const char *kept[TEXTS];
    for (int i = 0; i < TEXTS; i++) {
        text_of(i, given[i], sizeof given[i]);
        /* from a longer span, so that only len bytes count */
        char span[1700];
        size_t len = strlen(given[i]);
        memcpy(span, given[i], len);
        memcpy(span + len, "tail", 5);
        kept[i] = rgn_interned_add(&set, span, len);
        assert_non_null(kept[i]);
    }
    size_t distinct = 0;
    for (int i = 0; i < TEXTS; i++) {
        assert_string_equal(kept[i], given[i]);
        int first = i;
        for (int j = 0; j < i; j++)
            if (strcmp(given[j], given[i]) == 0) {
                first = j;
                break;
            }
        if (first == i)
            distinct++;
        assert_ptr_equal(kept[i], kept[first]);
        for (int j = 0; j < i; j += 37)
            if (strcmp(given[j], given[i]) != 0)
                assert_ptr_not_equal(kept[j], kept[i]);
    }
    assert_int_equal(set.count, distinct);
    const char *empty = rgn_interned_add(&set, "x", 0);
    assert_string_equal(empty, "");
    assert_ptr_equal(rgn_interned_add(&set, "", 0), empty);
    rgn_interned_free(&set);
    assert_null(set.table);
    assert_int_equal(set.count, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(each_text_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
