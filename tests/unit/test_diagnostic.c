/*
 * test_diagnostic.c - a diagnostic written for people and for programs
 * (validate/diagnostic.c), the expected bytes written by hand: the place,
 * the game and its move, the source line with a tab and a caret under a
 * multi-byte character's line, colours, an input's own diagnostic, JSON
 * with its nulls and escapes, and a write that fails; and the counts of
 * a reading, the summary, as text (one game and several) and as JSON.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"

#define SPAN(s) ((rgn_span){s, sizeof s - 1})

/* A move that matches no legal move, in game 3, under a source line that
 * begins with a tab and holds a two-byte character before the move. */
static rgn_diagnostic move_problem(void)
{
    static const char line[] = "\t1. \xc3\xa9 Nxf3 e5";
    return (rgn_diagnostic){
        .problem = RGN_E_UNMATCHED,
        .severity = RGN_ERROR,
        .message = "'Nxf3' matches no legal move",
        .where = {40, 12, 7},
        .game = 3,
        .game_offset = 20,
        .white = "Anna",
        .black = "Ben",
        .ply = 2,
        .move_number = "1...",
        .move = {line + 7, 4},
        .line = {line, sizeof line - 1},
        .caret = 7,
    };
}

static rgn_diagnostic input_problem(void)
{
    return (rgn_diagnostic){
        .problem = RGN_W_NO_GAME,
        .severity = RGN_WARNING,
        .message = "no game in the input",
        .where = {0, 1, 1},
        .white = "",
        .black = "",
        .move_number = "",
    };
}

typedef int (*writer)(FILE *out, const rgn_diagnostic *d, unsigned flags);

static int text(FILE *out, const rgn_diagnostic *d, unsigned flags)
{
    return rgn_diagnostic_write_text(out, "g.rgn", d, flags);
}

static int json(FILE *out, const rgn_diagnostic *d, unsigned flags)
{
    (void)flags;
    return rgn_diagnostic_write_json(out, "a\"b.rgn", d);
}

static void expect(writer write, const rgn_diagnostic *d, unsigned flags,
                   const char *want)
{
    char *data = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&data, &size);
    assert_non_null(out);
    assert_int_equal(write(out, d, flags), 0);
    assert_int_equal(fclose(out), 0);
    assert_string_equal(data, want);
    free(data);
}

static void text_of_a_move(void **state)
{
    (void)state;
    rgn_diagnostic d = move_problem();
    /* the caret under byte 7: the tab kept, the two bytes of 'é' one
     * column, '~' under the move's three other characters */
    expect(text, &d, 0,
           "g.rgn:12:7: error: 'Nxf3' matches no legal move\n"
           "  in game 3 (Anna - Ben), ply 2: 1... Nxf3\n"
           "    12 | \t1. \xc3\xa9 Nxf3 e5\n"
           "       | \t     ^~~~\n");
}

static void text_in_colour(void **state)
{
    (void)state;
    rgn_diagnostic d = move_problem();
    expect(text, &d, RGN_DIAGNOSTIC_COLOR,
           "\033[1mg.rgn:12:7:\033[0m \033[1;31merror:\033[0m 'Nxf3' "
           "matches no legal move\n"
           "  in game 3 (Anna - Ben), ply 2: 1... Nxf3\n"
           "    12 | \t1. \xc3\xa9 Nxf3 e5\n"
           "       | \t     \033[1;31m^~~~\033[0m\n");
}

static void text_without_move_or_line(void **state)
{
    (void)state;
    rgn_diagnostic d = move_problem();
    d.ply = 0;
    d.move = (rgn_span){"", 0};
    d.line = (rgn_span){"", 0};
    d.severity = RGN_NOTE;
    expect(text, &d, 0,
           "g.rgn:12:7: note: 'Nxf3' matches no legal move\n"
           "  in game 3 (Anna - Ben)\n");
}

static void text_of_an_input(void **state)
{
    (void)state;
    rgn_diagnostic d = input_problem();
    expect(text, &d, 0, "g.rgn:1:1: warning: no game in the input\n");
    expect(text, &d, RGN_DIAGNOSTIC_COLOR,
           "\033[1mg.rgn:1:1:\033[0m \033[1;35mwarning:\033[0m no game in "
           "the input\n");
}

static void json_of_a_move(void **state)
{
    (void)state;
    rgn_diagnostic d = move_problem();
    expect(json, &d, 0,
           "{\"file\":\"a\\\"b.rgn\",\"offset\":40,\"line\":12,\"column\":7,"
           "\"game\":3,\"game_offset\":20,\"ply\":2,\"severity\":\"error\","
           "\"code\":\"illegal-move\",\"message\":\"'Nxf3' matches no legal "
           "move\"}\n");
    d.ply = 0;
    d.message = "tab\there";
    expect(json, &d, 0,
           "{\"file\":\"a\\\"b.rgn\",\"offset\":40,\"line\":12,\"column\":7,"
           "\"game\":3,\"game_offset\":20,\"ply\":null,\"severity\":\"error\","
           "\"code\":\"illegal-move\",\"message\":\"tab\\there\"}\n");
}

static void json_of_an_input(void **state)
{
    (void)state;
    rgn_diagnostic d = input_problem();
    expect(json, &d, 0,
           "{\"file\":\"a\\\"b.rgn\",\"offset\":0,\"line\":1,\"column\":1,"
           "\"game\":null,\"game_offset\":null,\"ply\":null,\"severity\":"
           "\"warning\",\"code\":\"no-game\",\"message\":\"no game in the "
           "input\"}\n");
}

static void failed_write(void **state)
{
    (void)state;
    FILE *out = fopen("/dev/null", "r"); /* every write fails */
    assert_non_null(out);
    rgn_diagnostic d = move_problem();
    assert_int_equal(rgn_diagnostic_write_text(out, "g", &d, 0), -1);
    assert_int_equal(rgn_diagnostic_write_json(out, "g", &d), -1);
    fclose(out);
}

/* The counts written by write, as one text. */
static char *counts_written(int (*write)(FILE *, const rgn_validation_counts *,
                                         rgn_error *),
                            const rgn_validation_counts *c)
{
    char *data = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&data, &size);
    assert_non_null(out);
    rgn_error error;
    assert_int_equal(write(out, c, &error), 0);
    assert_int_equal(fclose(out), 0);
    return data;
}

static void counts(void **state)
{
    (void)state;
    const rgn_validation_counts one = {1, 1, 0, 0, 17};
    const rgn_validation_counts many = {12, 9, 2, 3, 18446744073709551615u};
    const rgn_validation_counts none = {0, 0, 0, 0, 0};
    const struct {
        int (*write)(FILE *, const rgn_validation_counts *, rgn_error *);
        const rgn_validation_counts *counts;
        const char *want;
    } cases[] = {
        {rgn_validation_counts_write_text, &one,
         "1 game: 1 valid (0 with warnings), 0 invalid\n"},
        {rgn_validation_counts_write_text, &many,
         "12 games: 9 valid (2 with warnings), 3 invalid\n"},
        {rgn_validation_counts_write_text, &none,
         "0 games: 0 valid (0 with warnings), 0 invalid\n"},
        {rgn_validation_counts_write_json, &one,
         "{\"games\":1,\"valid\":1,\"with_warnings\":0,\"invalid\":0,"
         "\"plies\":17}\n"},
        {rgn_validation_counts_write_json, &many,
         "{\"games\":12,\"valid\":9,\"with_warnings\":2,\"invalid\":3,"
         "\"plies\":18446744073709551615}\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = counts_written(cases[i].write, cases[i].counts);
        assert_string_equal(got, cases[i].want);
        free(got);
    }
    FILE *out = fopen("/dev/null", "r"); /* every write fails */
    assert_non_null(out);
    rgn_error error;
    assert_int_equal(rgn_validation_counts_write_text(out, &one, &error), -1);
    assert_string_equal(error.message, "the summary could not be written");
    assert_int_equal(rgn_validation_counts_write_json(out, &one, NULL), -1);
    fclose(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_of_a_move),
        cmocka_unit_test(text_in_colour),
        cmocka_unit_test(text_without_move_or_line),
        cmocka_unit_test(text_of_an_input),
        cmocka_unit_test(json_of_a_move),
        cmocka_unit_test(json_of_an_input),
        cmocka_unit_test(failed_write),
        cmocka_unit_test(counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
