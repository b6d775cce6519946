/*
 * test_rotary_vs_reference.c - Rotary: the library's move generator against an
 * independent reference (reference_rotary.c), written from the rules
 * alone. For every position of the Rotary perft table
 * (tests/perft/rotary.txt, named on the command line) the sorted
 * coordinate move lists must be identical and perft must agree at every
 * depth up to 3; and the reference must reproduce the table's counts,
 * which checks the reference itself against the counts by hand.
 *
 * The comparison itself is reference_check.c's, shared with the other
 * games.
 *
 *   test_rotary_vs_reference tests/perft/rotary.txt
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "reference_check.h"
#include "reference_rotary.h"

static const char *table_path;

static void test_table(void **state)
{
    (void)state;
    static const reference rotary = {"Rotary", ref_moves, ref_perft};
    /* perft compared to depth 3, the reference being slow */
    assert_int_equal(reference_check_table(&rotary, table_path, 3, 3), 0);
}

int main(int argc, char **argv)
{
    table_path = argc > 1 ? argv[1] : NULL;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
