/*
 * test_listing.c - the records of rgn_lister (rgn.h, "Listing games"),
 * through the public API: chess games validated into the sink
 * rgn_lister_reading gives, a selector whose selected games are listed
 * (rgn_lister_selected), or read without replay (no_replay) into the
 * lister's own sink.
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
#include "validate/options.h"

/* The records of text, read as chess from an input named "in.pgn", with
 * options (copies noted when duplicate_of; no replay when unchecked). */
static char *list(const char *text, const rgn_list_options *options)
{
    char *out = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&out, &size);
    assert_non_null(stream);
    rgn_error error;
    rgn_lister *lister = rgn_lister_new(options, stream, &error);
    assert_non_null(lister);
    const rgn_variant *chess = rgn_variant_find("Chess");
    rgn_lister_sink()->input(lister, "in.pgn");
    rgn_lister_set_tagless(lister, chess);
    /* the reading's sink: the lister's own, or its selector's */
    void *user = NULL;
    const rgn_game_sink *sink = rgn_lister_reading(lister, &user, &error);
    assert_non_null(sink);
    if (options->unchecked) {
        assert_ptr_equal(sink, rgn_lister_sink());
        assert_ptr_equal(user, lister);
    } else {
        assert_ptr_equal(sink, rgn_selector_sink());
        assert_ptr_not_equal(user, lister);
    }
    void *again = NULL; /* asked again: the same selector */
    assert_non_null(rgn_lister_reading(lister, &again, &error));
    assert_ptr_equal(again, user);
    validator_options v = {
        .size = sizeof v,
        .variant = chess,
        .no_replay = options->unchecked,
        .sink = sink,
        .sink_user = user,
        .jobs = 1,
    };
    rgn_validator *validator = validator_new(&v, NULL);
    assert_non_null(validator);
    assert_int_equal(rgn_validator_feed(validator, text, strlen(text)), 0);
    assert_int_equal(rgn_validator_finish(validator), 0);
    rgn_validator_free(validator);
    assert_int_equal(rgn_lister_finish(lister, NULL), 0);
    rgn_lister_free(lister);
    fclose(stream);
    return out;
}

static const char games[] =
    "[Event \"Club, \\\"A\\\"\"]\n[White \"Tal\"]\n[White \"Tal, M.\"]\n"
    "[Result \"1-0\"]\n\n"
    "1. e4 e5 (1... c5 2. Nf3) 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[White \"Fischer\"]\n\n1. e4 e5 2. Ke3 *\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n";

static void test_json_records(void **state)
{
    (void)state;
    rgn_list_options options = {
        .size = sizeof options, .format = RGN_LIST_JSON, .duplicate_of = true};
    char *out = list(games, &options);
    const char *expected =
        "{\"game\":1,\"file\":\"in.pgn\",\"offset\":0,\"line\":1,"
        "\"variant\":\"Chess\",\"tags\":{\"Event\":\"Club, \\\"A\\\"\","
        "\"White\":\"Tal\",\"Result\":\"1-0\"},\"more_tags\":[[\"White\","
        "\"Tal, M.\"]],\"plies\":7,\"result\":\"1-0\",\"valid\":true,"
        "\"problem\":null,\"duplicate_of\":null}\n"
        "{\"game\":2,\"file\":\"in.pgn\",\"offset\":132,\"line\":8,"
        "\"variant\":\"Chess\",\"tags\":{\"White\":\"Fischer\"},\"plies\":2,"
        "\"result\":\"*\",\"valid\":false,\"problem\":{\"code\":"
        "\"illegal-move\",";
    assert_memory_equal(out, expected, strlen(expected));
    /* the third game: no tags, its offset its first move's */
    const char *third = strstr(out, "{\"game\":3,");
    assert_non_null(third);
    const char *rest = "{\"game\":3,\"file\":\"in.pgn\",\"offset\":170,"
                       "\"line\":12,\"variant\":\"Chess\",\"tags\":{},"
                       "\"plies\":7,\"result\":\"1-0\",\"valid\":true,"
                       "\"problem\":null,\"duplicate_of\":1}\n";
    assert_string_equal(third, rest);
    assert_memory_equal(games + 132, "[White", 6);
    assert_memory_equal(games + 170, "1. e4", 5);
    free(out);
}

static void test_headers_only(void **state)
{
    (void)state;
    rgn_list_options options = {.size = sizeof options,
                                .format = RGN_LIST_TSV,
                                .columns = "game,offset,White,plies,valid",
                                .unchecked = true};
    char *out = list(games, &options);
    /* not replayed: the illegal 2. Ke3 is a move text like any other,
     * and the variation's moves are not the main line's */
    assert_string_equal(out, "game\toffset\tWhite\tplies\tvalid\n"
                             "1\t0\tTal\t7\t\n"
                             "2\t132\tFischer\t3\t\n"
                             "3\t170\t\t7\t\n");
    free(out);
}

static void test_csv_quotes(void **state)
{
    (void)state;
    rgn_list_options options = {.size = sizeof options,
                                .format = RGN_LIST_CSV,
                                .columns = "game,Event,result,valid"};
    char *out = list(games, &options);
    assert_string_equal(out, "game,Event,result,valid\r\n"
                             "1,\"Club, \"\"A\"\"\",1-0,true\r\n"
                             "2,,*,false\r\n"
                             "3,,1-0,true\r\n");
    free(out);
}

static void test_text_table(void **state)
{
    (void)state;
    rgn_list_options options = {.size = sizeof options,
                                .format = RGN_LIST_TEXT,
                                .columns = "game,White,valid,plies"};
    char *out = list(games, &options);
    assert_string_equal(out, "game  White    valid  plies\n"
                             "   1  Tal      yes        7\n"
                             "   2  Fischer  no         2\n"
                             "   3           yes        7\n");
    free(out);
}

static void test_bad_columns(void **state)
{
    (void)state;
    rgn_error error;
    rgn_list_options options = {
        .size = sizeof options, .format = RGN_LIST_CSV, .columns = "game,,x"};
    assert_null(rgn_lister_new(&options, stdout, &error));
    assert_non_null(strstr(error.message, "empty column"));
    options = (rgn_list_options){.size = sizeof(rgn_list_options),
                                 .format = RGN_LIST_JSON,
                                 .columns = "game"};
    assert_null(rgn_lister_new(&options, stdout, &error));
    assert_int_equal(rgn_format_parse(RGN_LIST_FORMATS, "json", NULL),
                     RGN_LIST_JSON);
    assert_int_equal(rgn_format_parse(RGN_LIST_FORMATS, "xml", NULL), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_records),
        cmocka_unit_test(test_headers_only),
        cmocka_unit_test(test_csv_quotes),
        cmocka_unit_test(test_text_table),
        cmocka_unit_test(test_bad_columns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
