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

static void systems(void **state)
{
    (void)state;
    const char *const names[] = {"round-robin", "double-round-robin", "swiss",
                                 "match"};
    assert_int_equal(RGN_SYSTEM_COUNT, 5);
    assert_null(rgn_tournament_system_name(RGN_SYSTEM_UNKNOWN));
    assert_null(rgn_tournament_system_name(RGN_SYSTEM_COUNT));
    for (int s = RGN_SYSTEM_ROUND_ROBIN; s < RGN_SYSTEM_COUNT; s++) {
        const char *name =
            rgn_tournament_system_name((enum rgn_tournament_system)s);
        assert_string_equal(name, names[s - 1]);
        rgn_error error = {0};
        assert_int_equal(rgn_tournament_system_parse(name, &error), s);
    }
    assert_int_equal(rgn_tournament_system_parse("swiss", NULL),
                     RGN_SYSTEM_SWISS);
    rgn_error error = {0};
    assert_int_equal(rgn_tournament_system_parse("knockout", &error), -1);
    assert_string_equal(error.message,
                        "unknown system 'knockout' (known: round-robin, "
                        "double-round-robin, swiss, match)");
    assert_int_equal(rgn_tournament_system_parse("unknown", &error), -1);
    assert_int_equal(rgn_tournament_system_parse("Swiss", &error), -1);
    assert_int_equal(rgn_tournament_system_parse(NULL, &error), -1);
}

static void rules(void **state)
{
    (void)state;
    assert_string_equal(rgn_tiebreak_rules_name(RGN_RULES_2024), "2024");
    assert_string_equal(rgn_tiebreak_rules_name(RGN_RULES_2026), "2026");
    assert_null(rgn_tiebreak_rules_name(RGN_RULES_UNSTATED));
    assert_null(rgn_tiebreak_rules_name((enum rgn_tiebreak_rules)2025));
    rgn_error error = {0};
    assert_int_equal(rgn_tiebreak_rules_parse("2024", &error), 2024);
    assert_int_equal(rgn_tiebreak_rules_parse("2026", &error), 2026);
    assert_int_equal(rgn_tiebreak_rules_parse("2025", &error), -1);
    assert_string_equal(error.message,
                        "unknown tie-break rules '2025' (known: 2024, "
                        "FIDE's C.07 from August 2024; 2026, as amended "
                        "from 1 March 2026)");
    assert_int_equal(rgn_tiebreak_rules_parse("V2026", NULL), -1);
}

static void tiebreaks(void **state)
{
    (void)state;
    /* FIDE's codes as rgn(1) lists them; Cut-n and Median-n for three */
    const char *const codes[] = {"BH", "SB", "WIN", "WON", "BPG", "BWG",
                                 "GE", "DE", "ARO", "TPR", "KS",  "PS"};
    assert_int_equal(RGN_TIEBREAK_COUNT, 12);
    for (int c = 0; c < RGN_TIEBREAK_COUNT; c++) {
        enum rgn_tiebreak_code code = (enum rgn_tiebreak_code)c;
        assert_string_equal(rgn_tiebreak_name(code), codes[c]);
        assert_int_equal(rgn_tiebreak_cuts(code), c == RGN_TIEBREAK_BH ||
                                                      c == RGN_TIEBREAK_SB ||
                                                      c == RGN_TIEBREAK_ARO);
        rgn_tiebreak one[RGN_MAX_TIEBREAKS];
        rgn_error error = {0};
        assert_int_equal(rgn_tiebreaks_parse(codes[c], one, &error), 1);
        assert_int_equal(one[0].code, c);
    }
    assert_null(rgn_tiebreak_name(RGN_TIEBREAK_COUNT));
    assert_false(rgn_tiebreak_cuts(RGN_TIEBREAK_COUNT));

    /* the modifiers, in either spelling, and the rules stated */
    rgn_tiebreak list[RGN_MAX_TIEBREAKS];
    rgn_error error = {0};
    assert_int_equal(
        rgn_tiebreaks_parse("BH/C1, sb-m2,DE,ARO#V2026", list, &error), 4);
    assert_int_equal(list[0].code, RGN_TIEBREAK_BH);
    assert_int_equal(list[0].cut_low, 1);
    assert_int_equal(list[0].cut_high, 0);
    assert_int_equal(list[0].rules, RGN_RULES_UNSTATED);
    assert_int_equal(list[1].code, RGN_TIEBREAK_SB);
    assert_int_equal(list[1].cut_low, 2);
    assert_int_equal(list[1].cut_high, 2);
    assert_int_equal(list[2].code, RGN_TIEBREAK_DE);
    assert_int_equal(list[3].code, RGN_TIEBREAK_ARO);
    assert_int_equal(list[3].rules, RGN_RULES_2026);

    /* refused, with where and why */
    assert_int_equal(rgn_tiebreaks_parse("BH,XX", list, &error), -1);
    assert_int_equal(error.column, 4);
    assert_non_null(strstr(error.message, "unknown tie-break code 'XX'"));
    assert_int_equal(rgn_tiebreaks_parse("WIN-C1", list, &error), -1);
    assert_non_null(strstr(error.message, "unknown tie-break code 'WIN-C1'"));
    assert_int_equal(rgn_tiebreaks_parse("BH/V2025", list, &error), -1);
    assert_non_null(strstr(error.message, "unknown tie-break rules"));
    assert_int_equal(rgn_tiebreaks_parse("BH/V2024,SB/V2026", list, &error),
                     -1);
    assert_string_equal(error.message,
                        "'SB/V2026' states the tie-break rules of 2026, an "
                        "earlier code those of 2024: a tournament is "
                        "computed under one");
    assert_int_equal(rgn_tiebreaks_parse("BH,BH,BH,BH,BH,BH,BH,BH,BH,BH,BH,"
                                         "BH,BH,BH,BH,BH,BH",
                                         list, &error),
                     -1);
    assert_string_equal(error.message, "more than 16 tie-breaks");
    assert_int_equal(rgn_tiebreaks_parse("", list, NULL), -1);
}

/* The typed options rgn_tournaments_new takes are checked as a parser
 * would check their text. */
static void typed_options(void **state)
{
    (void)state;
    rgn_error error = {0};
    rgn_tiebreak list[2] = {{.code = RGN_TIEBREAK_SB, .cut_low = 1},
                            {.code = RGN_TIEBREAK_DE}};
    rgn_tournament_options options = {.size = sizeof options,
                                      .system = RGN_SYSTEM_SWISS,
                                      .tiebreaks = list,
                                      .tiebreak_count = 2,
                                      .tiebreak_rules = RGN_RULES_2024};
    rgn_tournaments *ts = rgn_tournaments_new(&options, &error);
    assert_non_null(ts);
    rgn_tournaments_free(ts);
    static const struct {
        rgn_tiebreak tiebreak;
        const char *message;
    } bad[] = {
        {{.code = RGN_TIEBREAK_COUNT}, "tie-break 12 (?): no tie-break code"},
        {{.code = RGN_TIEBREAK_WIN, .cut_low = 1},
         "tie-break 2 (WIN): a code that takes no Cut-n or Median-n with one"},
        {{.code = RGN_TIEBREAK_BH, .cut_low = 10},
         "tie-break 0 (BH): a cut other than Cut-n or Median-n, n from 1 to 9"},
        {{.code = RGN_TIEBREAK_BH, .cut_low = 1, .cut_high = 2},
         "tie-break 0 (BH): a cut other than Cut-n or Median-n, n from 1 to 9"},
        {{.code = RGN_TIEBREAK_BH, .rules = 2025},
         "tie-break 0 (BH): rules other than 2024 or 2026"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        options =
            (rgn_tournament_options){.size = sizeof(rgn_tournament_options),
                                     .tiebreaks = &bad[i].tiebreak,
                                     .tiebreak_count = 1};
        assert_null(rgn_tournaments_new(&options, &error));
        assert_string_equal(error.message, bad[i].message);
    }
    list[0].rules = RGN_RULES_2024;
    list[1].rules = RGN_RULES_2026;
    options = (rgn_tournament_options){.size = sizeof(rgn_tournament_options),
                                       .tiebreaks = list,
                                       .tiebreak_count = 2};
    assert_null(rgn_tournaments_new(&options, &error));
    assert_string_equal(error.message,
                        "'DE' states the tie-break rules of 2026, an earlier "
                        "code those of 2024: a tournament is computed under "
                        "one");
    options = (rgn_tournament_options){.size = sizeof(rgn_tournament_options),
                                       .system = RGN_SYSTEM_COUNT};
    assert_null(rgn_tournaments_new(&options, &error));
    assert_string_equal(error.message, "no system numbered 5");
    options = (rgn_tournament_options){.size = sizeof(rgn_tournament_options),
                                       .tiebreak_count = 17};
    assert_null(rgn_tournaments_new(&options, &error));
    assert_string_equal(error.message,
                        "17 tie-breaks (from 0 to 16, in a list)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(formats),   cmocka_unit_test(unknown_formats),
        cmocka_unit_test(systems),   cmocka_unit_test(rules),
        cmocka_unit_test(tiebreaks), cmocka_unit_test(typed_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
