/*
 * test_names.c - the names the library gives its enums and parses: the
 * families of output formats (the tournaments' systems, tie-breaks and
 * rules beside them). Each list is written out here by hand, from
 * rgn(1), so that a name lost or added in the library shows.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"

/* The NULL-terminated names equal the count expected, in order, and each
 * parses to its index in family. */
static void same_formats(enum rgn_format_family family,
                         const char *const *expected, size_t count)
{
    const char *const *names = rgn_format_names(family);
    assert_non_null(names);
    for (size_t i = 0; i < count; i++) {
        assert_non_null(names[i]);
        assert_string_equal(names[i], expected[i]);
        rgn_error error = {0};
        assert_int_equal(rgn_format_parse(family, expected[i], &error), (int)i);
    }
    assert_null(names[count]);
}

static void formats(void **state)
{
    (void)state;
    const char *const games[] = {"rgn", "lan",  "coord", "fen",
                                 "xml", "html", "json"};
    same_formats(RGN_GAME_FORMATS, games, 7);
    assert_int_equal(rgn_format_parse(RGN_GAME_FORMATS, "coord", NULL),
                     RGN_FORMAT_COORD);
    assert_int_equal(rgn_format_parse(RGN_GAME_FORMATS, "html", NULL),
                     RGN_FORMAT_HTML);
    const char *const lists[] = {"text", "tsv", "csv", "json"};
    same_formats(RGN_LIST_FORMATS, lists, 4);
    assert_int_equal(rgn_format_parse(RGN_LIST_FORMATS, "csv", NULL),
                     RGN_LIST_CSV);
    const char *const tournaments[] = {"text", "csv", "json", "html", "trf"};
    same_formats(RGN_TOURNAMENT_FORMATS, tournaments, 5);
    assert_int_equal(rgn_format_parse(RGN_TOURNAMENT_FORMATS, "trf", NULL),
                     RGN_TOURNAMENT_TRF);
    assert_null(rgn_format_names(RGN_FORMAT_FAMILIES));
    assert_null(rgn_format_names((enum rgn_format_family) - 1));
}

static void unknown_formats(void **state)
{
    (void)state;
    rgn_error error = {0};
    /* a name of another family is none of this one's */
    assert_int_equal(rgn_format_parse(RGN_LIST_FORMATS, "xml", &error), -1);
    assert_string_equal(error.message, "unknown format 'xml' (expected one "
                                       "of text, tsv, csv, json)");
    assert_int_equal(rgn_format_parse(RGN_GAME_FORMATS, "text", &error), -1);
    assert_string_equal(error.message,
                        "unknown format 'text' (expected one of rgn, lan, "
                        "coord, fen, xml, html, json)");
    assert_int_equal(rgn_format_parse(RGN_TOURNAMENT_FORMATS, "tsv", &error),
                     -1);
    assert_string_equal(error.message,
                        "unknown format 'tsv' (expected one of text, csv, "
                        "json, html, trf)");
    /* names are exact: no case folding, no prefix */
    assert_int_equal(rgn_format_parse(RGN_GAME_FORMATS, "JSON", &error), -1);
    assert_int_equal(rgn_format_parse(RGN_GAME_FORMATS, "js", &error), -1);
    assert_int_equal(rgn_format_parse(RGN_GAME_FORMATS, "", &error), -1);
    assert_int_equal(rgn_format_parse(RGN_GAME_FORMATS, NULL, &error), -1);
    assert_int_equal(rgn_format_parse(RGN_GAME_FORMATS, "x", NULL), -1);
    assert_int_equal(rgn_format_parse(RGN_FORMAT_FAMILIES, "json", &error), -1);
    assert_string_equal(error.message, "no family of formats numbered 3");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(formats),
        cmocka_unit_test(unknown_formats),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
