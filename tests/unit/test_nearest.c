/*
 * test_nearest.c - "did you mean" (base/nearest.c, rgn_nearest): the
 * name nearest to one given, each distance counted here by hand: a
 * letter put in, left out, changed or swapped with its neighbour, case
 * aside; at most two edits in a name of more than four bytes, one in a
 * shorter one; the first of equals kept; and the rule sets' names and
 * aliases (rgn_variant_nearest).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "rgn.h"

static const char *const formats[] = {"rgn", "lan",  "coord", "fen",
                                      "xml", "html", "json",  NULL};

static void one_edit(void **state)
{
    (void)state;
    assert_string_equal(rgn_nearest_name("hmtl", formats), "html"); /* swap */
    assert_string_equal(rgn_nearest_name("jsn", formats), "json");  /* out */
    assert_string_equal(rgn_nearest_name("coords", formats), "coord"); /* in */
    assert_string_equal(rgn_nearest_name("xm1", formats), "xml");   /* change */
    assert_string_equal(rgn_nearest_name("HTML", formats), "html"); /* case */
}

static void how_near_is_near(void **state)
{
    (void)state;
    /* "png" is two changes from "rgn" and from "fen": a short name
     * allows one */
    assert_null(rgn_nearest_name("png", formats));
    /* "cord" is one from "coord" (5 bytes: two allowed), "cod" two */
    assert_string_equal(rgn_nearest_name("cod", formats), "coord");
    assert_null(rgn_nearest_name("cd", formats)); /* three */
    const char *const commands[] = {"perft", "convert", NULL};
    assert_string_equal(rgn_nearest_name("pft", commands), "perft");
    assert_string_equal(rgn_nearest_name("cnvrt", commands), "convert");
    assert_null(rgn_nearest_name("cnvt", commands));
    /* a name over 32 bytes is near nothing, even itself */
    const char *const long_names[] = {"abcdefghijklmnopqrstuvwxyzabcdefg",
                                      NULL};
    assert_null(
        rgn_nearest_name("abcdefghijklmnopqrstuvwxyzabcdefg", long_names));
    assert_null(rgn_nearest_name("x", NULL));
}

static void one_at_a_time(void **state)
{
    (void)state;
    rgn_nearest nearest;
    rgn_nearest_init(&nearest, "--jobz");
    assert_null(nearest.best);
    rgn_nearest_offer(&nearest, "--quiet");
    assert_null(nearest.best);
    rgn_nearest_offer(&nearest, NULL);    /* passed over */
    rgn_nearest_offer(&nearest, "--jab"); /* two: a change, one out */
    assert_string_equal(nearest.best, "--jab");
    assert_int_equal(nearest.distance, 2);
    rgn_nearest_offer(&nearest, "--jobs"); /* one: nearer */
    assert_string_equal(nearest.best, "--jobs");
    assert_int_equal(nearest.distance, 1);
    rgn_nearest_offer(&nearest, "--joba"); /* one too: the first kept */
    assert_string_equal(nearest.best, "--jobs");
    rgn_nearest_offer(&nearest, "--JOBZ"); /* none */
    assert_string_equal(nearest.best, "--JOBZ");
    assert_int_equal(nearest.distance, 0);
}

static void variants(void **state)
{
    (void)state;
    assert_string_equal(rgn_variant_nearest("rotery"), "Rotary");
    assert_string_equal(rgn_variant_nearest("Rotary Chezz"), "Rotary Chess");
    assert_string_equal(rgn_variant_nearest("Chess9600"), "Chess960");
    assert_string_equal(rgn_variant_nearest("Standrad"),
                        "Standard"); /* alias */
    assert_null(rgn_variant_nearest("shogi"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(one_edit),
        cmocka_unit_test(how_near_is_near),
        cmocka_unit_test(one_at_a_time),
        cmocka_unit_test(variants),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
