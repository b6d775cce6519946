/*
 * test_write_json.c - the JSON Lines writer (rgn.h, RGN_FORMAT_JSON)
 * through the public API: games validated into a writer, its line
 * compared whole. What each member means is in rgn(5), section JSON.
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

/* Validates text as chess into a JSON writer; returns the output (to
 * free). */
static char *convert(const char *text, bool keep_invalid, bool fen)
{
    rgn_writer_options options = {.size = sizeof options,
                                  .format = RGN_FORMAT_JSON,
                                  .keep_invalid = keep_invalid,
                                  .json_fen = fen};
    return write_games(text, &options, NULL);
}

static void expect(const char *text, const char *line)
{
    char *out = convert(text, false, false);
    assert_string_equal(out, line);
    free(out);
}

/* The name the format is parsed by; a game read as chess without a
 * Variant tag gets none: "variant" says it, "tags" are as written. */
static void test_plain_game(void **state)
{
    (void)state;
    assert_int_equal(rgn_format_parse(RGN_GAME_FORMATS, "json", NULL),
                     RGN_FORMAT_JSON);
    expect("[White \"A\"]\n\n1. e4 e5 1-0\n",
           "{\"game\":1,\"file\":\"-\",\"offset\":0,\"variant\":\"Chess\","
           "\"tags\":{\"White\":\"A\"},"
           "\"moves\":[{\"ply\":1,\"written\":\"e4\",\"san\":\"e4\","
           "\"lan\":\"e2-e4\",\"coord\":\"e2e4\"},{\"ply\":2,\"written\":"
           "\"e5\",\"san\":\"e5\",\"lan\":\"e7-e5\",\"coord\":\"e7e5\"}],"
           "\"result\":\"1-0\"}\n");
}

/* A second tag of a name is kept in more_tags; the move as written is
 * kept beside its canonical SAN. */
static void test_duplicate_tags_and_written(void **state)
{
    (void)state;
    expect("[A \"1\"]\n[B \"2\"]\n[A \"3\"]\n\n1. Ng1f3 *\n",
           "{\"game\":1,\"file\":\"-\",\"offset\":0,\"variant\":\"Chess\","
           "\"tags\":{\"A\":\"1\",\"B\":"
           "\"2\"},\"more_tags\":[[\"A\",\"3\"]],\"moves\":[{\"ply\":1,"
           "\"written\":\"Ng1f3\",\"san\":\"Nf3\",\"lan\":\"Ng1-f3\","
           "\"coord\":\"g1f3\"}],\"result\":\"*\"}\n");
}

/* [%clk] and [%eval] out of the comments after a move; what is left is
 * kept, a comment left empty is not; a second clock, a clock that is
 * none and an eval that is none stay as text. */
static void test_clock_and_eval(void **state)
{
    (void)state;
    expect("1. e4 {[%eval 0.23] [%clk 0:03:21]} e5 {[%clk 1:00:00.5] "
           "[%eval #-3] good [%clk 0:00:01]} {[%eval +.5]} 2. d4 "
           "{[%clk\n0:01:02] [%clk 0:60:00] [%eval x] [%eval -01.50]} *\n",
           "{\"game\":1,\"file\":\"-\",\"offset\":0,\"variant\":\"Chess\","
           "\"tags\":{},\"moves\":[{"
           "\"ply\":1,\"written\":\"e4\",\"san\":\"e4\",\"lan\":\"e2-e4\","
           "\"coord\":\"e2e4\",\"clock\":201,\"eval\":0.23},{\"ply\":2,"
           "\"written\":\"e5\",\"san\":\"e5\",\"lan\":\"e7-e5\",\"coord\":"
           "\"e7e5\",\"clock\":3600.5,\"eval\":{\"mate\":-3},\"comments\":["
           "\"good [%clk 0:00:01]\",\"[%eval +.5]\"]},{\"ply\":3,\"written\":"
           "\"d4\",\"san\":\"d4\",\"lan\":\"d2-d4\",\"coord\":\"d2d4\","
           "\"clock\":62,\"eval\":-1.50,\"comments\":[\"[%clk 0:60:00] "
           "[%eval x]\"]}],\"result\":\"*\"}\n");
}

/* Variations nest in the ply they replace, with their own NAGs and
 * comments; the comments before a line's first move go with it. */
static void test_variations_and_nags(void **state)
{
    (void)state;
    expect("{start} 1. e4 $1 (1. d4 $2 {or} 1... d5 ({x} 1... Nf6)) e5 *\n",
           "{\"game\":1,\"file\":\"-\",\"offset\":8,\"variant\":\"Chess\","
           "\"tags\":{},\"comments\":["
           "\"start\"],\"moves\":[{\"ply\":1,\"written\":\"e4\",\"san\":"
           "\"e4\",\"lan\":\"e2-e4\",\"coord\":\"e2e4\",\"nags\":[1],"
           "\"variations\":[[{\"ply\":1,\"written\":\"d4\",\"san\":\"d4\","
           "\"lan\":\"d2-d4\",\"coord\":\"d2d4\",\"nags\":[2],\"comments\":"
           "[\"or\"]},{\"ply\":2,\"written\":\"d5\",\"san\":\"d5\",\"lan\":"
           "\"d7-d5\",\"coord\":\"d7d5\",\"variations\":[[{\"ply\":2,"
           "\"written\":\"Nf6\",\"san\":\"Nf6\",\"lan\":\"Ng8-f6\","
           "\"coord\":\"g8f6\",\"comments_before\":[\"x\"]}]]}]]},{\"ply\":"
           "2,\"written\":\"e5\",\"san\":\"e5\",\"lan\":\"e7-e5\",\"coord\":"
           "\"e7e5\"}],\"result\":\"*\"}\n");
}

/* Quotes, backslashes and control characters escaped, UTF-8 kept. */
static void test_escapes(void **state)
{
    (void)state;
    expect("[White \"a \\\"b\\\" \\\\ \xc3\xa6\"]\n\n1. e4 {tab\there\nnew} "
           "*\n",
           "{\"game\":1,\"file\":\"-\",\"offset\":0,\"variant\":\"Chess\","
           "\"tags\":{\"White\":\"a "
           "\\\"b\\\" \\\\ \xc3\xa6\"},\"moves\":[{\"ply\":1,\"written\":"
           "\"e4\",\"san\":\"e4\",\"lan\":\"e2-e4\",\"coord\":\"e2e4\","
           "\"comments\":[\"tab\\there\\nnew\"]}],\"result\":\"*\"}\n");
}

/* The start set by a FEN tag, and with json_fen the position after each
 * ply. */
static void test_start_and_positions(void **state)
{
    (void)state;
    char *out = convert("[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n"
                        "[SetUp \"1\"]\n\n1. e4 *\n",
                        false, true);
    assert_non_null(
        strstr(out, ",\"start\":\"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\","));
    assert_non_null(
        strstr(out, ",\"fen\":\"4k3/8/8/8/4P3/8/8/4K3 b - - 0 1\"}"));
    free(out);
}

/* An invalid game is left out, or kept with its reason in "invalid" and
 * its unchecked rest in a comment. */
static void test_invalid_game(void **state)
{
    (void)state;
    const char *text = "[Result \"1-0\"]\n\n1. e4 e5 2. Bb6 Nc6 1-0\n";
    char *out = convert(text, false, false);
    assert_string_equal(out, "");
    free(out);
    out = convert(text, true, false);
    assert_non_null(strstr(out, "\"comments\":[\"rgn: not checked, after "
                                "the error: 2. Bb6 Nc6\"]}],"
                                "\"result\":\"1-0\",\"invalid\":\"2. Bb6: "
                                "'Bb6' is not a legal move"));
    assert_string_equal(out + strlen(out) - 3, "\"}\n");
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plain_game),
        cmocka_unit_test(test_duplicate_tags_and_written),
        cmocka_unit_test(test_clock_and_eval),
        cmocka_unit_test(test_variations_and_nags),
        cmocka_unit_test(test_escapes),
        cmocka_unit_test(test_start_and_positions),
        cmocka_unit_test(test_invalid_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
