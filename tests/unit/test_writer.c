/*
 * test_writer.c - what a writer keeps of an invalid game (rgn.h,
 * rgn_writer_options: keep_invalid, fix_result), through the public API:
 * games validated into a writer, and its output validated again.
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
#include "write_games.h"

/* The codes of the errors and warnings reported, space-separated. */
static char codes[256];

static void note_code(void *user, const rgn_diagnostic *d)
{
    (void)user;
    size_t n = strlen(codes);
    snprintf(codes + n, sizeof codes - n, "%s%s", n ? " " : "",
             rgn_problem_code(d->problem));
}

/* Validates text as chess into a writer of options; returns the output
 * (to free) and leaves the codes reported in codes. */
static char *convert(const char *text, const rgn_writer_options *options)
{
    codes[0] = '\0';
    return write_games(text, options, note_code);
}

static const char illegal[] = "[Result \"1-0\"]\n\n"
                              "1. e4 e5 2. Bb6 {a note} Nc6 3. Nf3 1-0\n";

static void test_kept_game_keeps_its_rest(void **state)
{
    (void)state;
    rgn_writer_options options = {.format = RGN_FORMAT_RGN,
                                  .keep_invalid = true};
    char *first = convert(illegal, &options);
    assert_string_equal(codes, "missing-tag illegal-move");
    assert_non_null(strstr(first, "[Result \"1-0\"]\n"));
    assert_non_null(strstr(first, "[Invalid \"2. Bb6: 'Bb6' is not a legal"));
    assert_non_null(strstr(first, "1. e4 e5 ;rgn: not checked, after the "
                                  "error: 2. Bb6 {a note} Nc6 3. Nf3\n1-0\n"));
    /* read again, the game is invalid for the reason its tag keeps, and
     * kept again it is the same */
    char *second = convert(first, &options);
    assert_string_equal(codes, "kept-invalid");
    assert_string_equal(second, first);
    free(first);
    free(second);
}

static void test_invalid_game_left_out(void **state)
{
    (void)state;
    rgn_writer_options options = {.format = RGN_FORMAT_RGN};
    char *out = convert(illegal, &options);
    assert_string_equal(out, "");
    free(out);
}

static const char open_end[] = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# *\n";

static void test_open_termination(void **state)
{
    (void)state;
    rgn_writer_options options = {.format = RGN_FORMAT_RGN};
    char *kept = convert(open_end, &options);
    assert_string_equal(codes, "missing-tag open-termination");
    assert_non_null(strstr(kept, "[Result \"0-1\"]\n"));
    assert_non_null(strstr(kept, "Qh4# *\n"));
    options.fix_result = true;
    char *fixed = convert(open_end, &options);
    assert_non_null(strstr(fixed, "Qh4# 0-1\n"));
    free(kept);
    free(fixed);
    /* a tag the final position contradicts is no newer result */
    char *wrong =
        convert("[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# *\n", &options);
    assert_string_equal(codes, "missing-tag result-tag-mismatch");
    free(wrong);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kept_game_keeps_its_rest),
        cmocka_unit_test(test_invalid_game_left_out),
        cmocka_unit_test(test_open_termination),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
