/*
 * test_solution_write.c - an optimal solution of a Rotationary position
 * written (src/formats/solution.c): for people, with and without --hint's
 * single move, for a solved and an unsolvable position, and as a game
 * record through the RGN writer; a write that fails; a survey's
 * distances written for people.
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

/* Three moves from solved: d1- c1+ d1+. */
static const char three[] = "lNlNlNlN/lNmNmNmN/mNmN1sW/sNsNsNsN";
static const char solved[] = "lNlNlNlN/lNmNmNmN/mNmN1sN/sNsNsNsN";

static rgn_position *position(const char *fen)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotationary"), NULL);
    assert_non_null(pos);
    rgn_error error;
    if (rgn_position_set_fen(pos, fen, &error) < 0)
        fail_msg("%s", error.message);
    return pos;
}

/* What the text of solution is, with hint or without. */
static char *text_of(const rgn_position *pos,
                     const rgn_rotationary_solution *solution, bool hint)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    rgn_error error;
    assert_int_equal(
        rgn_rotationary_solution_write_text(out, pos, solution, hint, &error),
        0);
    fclose(out);
    return text;
}

static void check_text(const rgn_position *pos,
                       const rgn_rotationary_solution *solution, bool hint,
                       const char *expected)
{
    char *text = text_of(pos, solution, hint);
    assert_string_equal(text, expected);
    free(text);
}

static void text_written(void **state)
{
    (void)state;
    rgn_rotationary_solution solution;
    rgn_error error;
    rgn_position *pos = position(three);
    assert_int_equal(rgn_rotationary_solve(pos, &solution, &error), 0);
    check_text(pos, &solution, false, "distance 3\nd1- c1+ d1+\n");
    check_text(pos, &solution, true, "d1-\n");
    /* unsolvable, as a solution says (a position's need not be found) */
    rgn_rotationary_solution none = {.distance = -1};
    check_text(pos, &none, false, "unsolvable\n");
    check_text(pos, &none, true, "unsolvable\n");
    FILE *closed = fopen("/dev/null", "r");
    assert_non_null(closed);
    assert_int_equal(rgn_rotationary_solution_write_text(closed, pos, &solution,
                                                         false, &error),
                     -1);
    fclose(closed);
    rgn_position_free(pos);
    pos = position(solved);
    assert_int_equal(rgn_rotationary_solve(pos, &solution, &error), 0);
    check_text(pos, &solution, false, "distance 0\n\n");
    check_text(pos, &solution, true, "\n");
    rgn_position_free(pos);
}

static char *record_of(const rgn_position *pos,
                       const rgn_rotationary_solution *solution,
                       uint64_t number)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    rgn_writer_options options = {.size = sizeof options,
                                  .format = RGN_FORMAT_RGN};
    rgn_error error;
    rgn_writer *writer = rgn_writer_new(&options, out, &error);
    assert_non_null(writer);
    assert_int_equal(rgn_rotationary_solution_write_game(writer, pos, solution,
                                                         number, &error),
                     0);
    assert_int_equal(rgn_writer_finish(writer, &error), 0);
    rgn_writer_free(writer);
    fclose(out);
    return text;
}

static void record_written(void **state)
{
    (void)state;
    rgn_rotationary_solution solution;
    rgn_error error;
    rgn_position *pos = position(three);
    assert_int_equal(rgn_rotationary_solve(pos, &solution, &error), 0);
    char *text = record_of(pos, &solution, 7);
    assert_string_equal(text, "[Event \"Optimal solution\"]\n"
                              "[Site \"-\"]\n"
                              "[Date \"????.??.??\"]\n"
                              "[Round \"7\"]\n"
                              "[White \"rgn solve\"]\n"
                              "[Black \"-\"]\n"
                              "[Result \"1-0\"]\n"
                              "[Variant \"Rotationary\"]\n"
                              "[SetUp \"1\"]\n"
                              "[FEN \"lNlNlNlN/lNmNmNmN/mNmN1sW/sNsNsNsN\"]\n"
                              "\n"
                              "1. d1- 2. c1+ 3. d1+ 1-0\n\n");
    free(text);
    rgn_rotationary_solution none = {.distance = -1};
    text = record_of(pos, &none, 1);
    assert_non_null(strstr(text, "[Result \"*\"]\n"));
    assert_non_null(
        strstr(text, "{No sequence of moves solves this position.} *\n"));
    free(text);
    rgn_position_free(pos);
}

/* A survey's distances, made up: each line as written by hand. */
static void distances_written(void **state)
{
    (void)state;
    rgn_rotationary_distances survey = {.count = {1, 5, 12},
                                        .max_distance = 2,
                                        .unsolvable = 7,
                                        .mean = 29.0 / 18};
    rgn_position *example = position(three);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    rgn_error error;
    assert_int_equal(
        rgn_rotationary_distances_write_text(out, &survey, example, &error), 0);
    fclose(out);
    assert_string_equal(text, "0 1\n"
                              "1 5\n"
                              "2 12\n"
                              "max 2 lNlNlNlN/lNmNmNmN/mNmN1sW/sNsNsNsN\n"
                              "mean 1.6111\n"
                              "unsolvable 7\n");
    free(text);
    /* a stream that takes nothing */
    out = fopen("/dev/null", "r");
    assert_non_null(out);
    assert_int_equal(
        rgn_rotationary_distances_write_text(out, &survey, example, &error),
        -1);
    assert_string_equal(error.message, "the distances could not be written");
    fclose(out);
    rgn_position_free(example);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(text_written),
        cmocka_unit_test(record_written),
        cmocka_unit_test(distances_written),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
