/*
 * test_date.c - the value of a date tag (notation/date.c): PGN's form,
 * the forms older programs wrote and their PGN form, values that are no
 * date, and the days each can be; then the dates a validator hands on
 * and the warnings it gives.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "notation/date.h"
#include "rgn.h"

static void expect(const char *text, enum rgn_date_form form, const char *pgn,
                   long lo, long hi)
{
    char out[RGN_DATE_SIZE] = "";
    long got_lo = -1, got_hi = -1;
    enum rgn_date_form got =
        rgn_date_read(text, strlen(text), out, &got_lo, &got_hi);
    if (got != form)
        fail_msg("'%s': form %d, not %d", text, (int)got, (int)form);
    if (form == RGN_DATE_NONE)
        return;
    if (form == RGN_DATE_OTHER)
        assert_string_equal(out, pgn);
    if (got_lo != lo || got_hi != hi)
        fail_msg("'%s': %ld to %ld, not %ld to %ld", text, got_lo, got_hi, lo,
                 hi);
}

static void pgn_form(void **state)
{
    (void)state;
    expect("1960.05.12", RGN_DATE_PGN, NULL, 19600512, 19600512);
    expect("1960.??.??", RGN_DATE_PGN, NULL, 19600101, 19601231);
    expect("1960.05.??", RGN_DATE_PGN, NULL, 19600501, 19600531);
    expect("1960.05", RGN_DATE_PGN, NULL, 19600501, 19600531);
    expect("1960", RGN_DATE_PGN, NULL, 19600101, 19601231);
    expect("19??.??.??", RGN_DATE_PGN, NULL, 19000101, 19991231);
    expect("????.??.??", RGN_DATE_PGN, NULL, 0, 99991231);
}

static void other_forms(void **state)
{
    (void)state;
    expect("1960/?\?/?\?", RGN_DATE_OTHER, "1960.??.??", 19600101, 19601231);
    expect("1960/05/12", RGN_DATE_OTHER, "1960.05.12", 19600512, 19600512);
    expect("1960-05-12", RGN_DATE_OTHER, "1960.05.12", 19600512, 19600512);
    expect("1960/05", RGN_DATE_OTHER, "1960.05", 19600501, 19600531);
    expect("1960.5.1", RGN_DATE_OTHER, "1960.05.01", 19600501, 19600501);
    expect("???\?/?\?/?\?", RGN_DATE_OTHER, "????.??.??", 0, 99991231);
    expect("1960/?/?", RGN_DATE_OTHER, "1960.??.??", 19600101, 19601231);
}

static void no_dates(void **state)
{
    (void)state;
    const char *const none[] = {
        "",           "?",          "12.05.1960", "1960.13.01",  "1960.05.32",
        "1960/05.12", "1960.05/12", "1960.",      "1960..12",    "1960.005.1",
        "196",        "19?0.01.01", "1960 05 12", "1960.05.12 ", "May 1960",
        "1960.00.01", "1960.01.00", "-1960",      "1960.05.12.1"};
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++)
        expect(none[i], RGN_DATE_NONE, NULL, 0, 0);
}

/* What the validator hands on of each Date tag, and the codes of its
 * diagnostics. */
typedef struct seen {
    char dates[256], codes[256];
} seen;

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    seen *s = user;
    if (name.len == 4 && memcmp(name.data, "Date", 4) == 0)
        snprintf(s->dates + strlen(s->dates),
                 sizeof s->dates - strlen(s->dates), "%s%.*s",
                 s->dates[0] ? " " : "", (int)value.len, value.data);
}

static void on_report(void *user, const rgn_diagnostic *d)
{
    seen *s = user;
    snprintf(s->codes + strlen(s->codes), sizeof s->codes - strlen(s->codes),
             "%s%s%s", s->codes[0] ? " " : "", rgn_problem_code(d->problem),
             d->severity == RGN_ERROR ? "!" : "");
}

static seen validate(const char *text, bool strict)
{
    seen s = {"", ""};
    rgn_game_sink sink = {.tag = on_tag};
    rgn_validator_options o = {.size = sizeof o,
                               .variant = rgn_variant_find("Chess"),
                               .strict = strict,
                               .report = on_report,
                               .user = &s,
                               .sink = &sink,
                               .sink_user = &s};
    rgn_validator *v = rgn_validator_new(&o, NULL);
    assert_non_null(v);
    assert_int_equal(rgn_validator_feed(v, text, strlen(text)), 0);
    assert_int_equal(rgn_validator_finish(v), 0);
    rgn_validator_free(v);
    return s;
}

#define ROSTER(date)                                                           \
    "[Event \"E\"]\n[Site \"S\"]\n[Date \"" date "\"]\n[Round \"1\"]\n"        \
    "[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 *\n\n"

static void validated(void **state)
{
    (void)state;
    const char *games = ROSTER("1960/?\?/?\?") ROSTER("1960.05.12")
        ROSTER("1960-5-1") ROSTER("12.05.1960") ROSTER("?") ROSTER("");
    seen s = validate(games, false);
    assert_string_equal(s.dates,
                        "1960.??.?? 1960.05.12 1960.05.01 12.05.1960 ? ");
    assert_string_equal(s.codes, "date-form date-form not-a-date");
    s = validate(games, true);
    assert_string_equal(s.codes, "date-form! date-form! not-a-date!");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pgn_form),
        cmocka_unit_test(other_forms),
        cmocka_unit_test(no_dates),
        cmocka_unit_test(validated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
