/*
 * test_perft.c - perft of every game against the tables of known counts,
 * the files of tests/perft/ named on the command line (a line per
 * position: game, position, depth, count, and a comment saying where the
 * count comes from). Also checks that rgn_perft leaves the position as it
 * found it. Every line is checked and every disagreement printed, then
 * the test fails.
 *
 *   test_perft TABLE...
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perft_table.h"
#include "rgn.h"

static int table_count;
static char **tables;

/* 0 when the library's count is the table's, else 1 (printed). */
static int check(const perft_entry *e)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find(e->game), NULL);
    assert_non_null(pos);
    rgn_error err;
    if (!e->start)
        assert_int_equal(rgn_position_set_fen(pos, e->position, &err), 0);
    char before[256], after[256];
    rgn_position_fen(pos, before, sizeof before);
    uint64_t got = rgn_perft(pos, e->depth);
    rgn_position_fen(pos, after, sizeof after);
    rgn_position_free(pos);
    int problems = 0;
    if (got != e->count) {
        print_error("%s: %s perft(%d) of \"%s\" is %llu, the table says %llu\n",
                    e->where, e->game, e->depth, e->position,
                    (unsigned long long)got, (unsigned long long)e->count);
        problems++;
    }
    if (strcmp(before, after) != 0) {
        print_error("%s: rgn_perft changed the position to \"%s\"\n", e->where,
                    after);
        problems++;
    }
    return problems;
}

static void test_tables(void **state)
{
    (void)state;
    assert_true(table_count > 0);
    perft_entry *entries = NULL;
    int count = 0, problems = 0, run = 0;
    for (int i = 0; i < table_count; i++)
        assert_int_equal(perft_table_read(tables[i], &entries, &count), 0);
    for (int i = 0; i < count; i++) {
        if (!perft_entry_runs(&entries[i]))
            continue;
        problems += check(&entries[i]);
        run++;
    }
    free(entries);
    print_message("%d counts checked, %d slow ones left out\n", run,
                  count - run);
    assert_int_equal(problems, 0);
}

int main(int argc, char **argv)
{
    table_count = argc - 1;
    tables = argv + 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
