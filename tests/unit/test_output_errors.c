/*
 * test_output_errors.c - what the objects that write say when they fail
 * (rgn.h, "Errors"): a writer, a lister and tournaments writing to a
 * stream that takes no write say what and why ("cannot write the games:
 * Bad file descriptor"), however long ago the write failed; options whose
 * size was not set, or whose format is out of its enum, are refused with
 * the struct's name; the reason at the end of a message, found
 * (rgn_error_reason). Through the public API.
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

static const char two_games[] =
    "[Event \"E\"]\n[Site \"S\"]\n[Round \"1\"]\n[White \"A\"]\n"
    "[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 1-0\n\n"
    "[Event \"E\"]\n[Site \"S\"]\n[Round \"2\"]\n[White \"B\"]\n"
    "[Black \"A\"]\n[Result \"0-1\"]\n\n1. d4 d5 0-1\n";

/* A stream that refuses every write, as the system says it: opened for
 * reading only, a write to it fails with EBADF. */
static FILE *unwritable(void)
{
    FILE *stream = fopen("/dev/null", "r");
    assert_non_null(stream);
    return stream;
}

/* The games of two_games, as chess, into sink. */
static void feed(const rgn_game_sink *sink, void *user)
{
    rgn_validator_options options = {.size = sizeof options,
                                     .variant = rgn_variant_find("Chess"),
                                     .sink = sink,
                                     .sink_user = user};
    rgn_validator *validator = rgn_validator_new(&options, NULL);
    assert_non_null(validator);
    assert_int_equal(
        rgn_validator_feed(validator, two_games, sizeof two_games - 1), 0);
    assert_int_equal(rgn_validator_finish(validator), 0);
    rgn_validator_free(validator);
}

/* Each format's writer: the games' writes failed as they went (RGN,
 * JSON) or at the document's end (XML, whose games libxml2 holds), and
 * finish tells the first failure's reason. */
static void writer_says_why(void **state)
{
    (void)state;
    const enum rgn_format formats[] = {RGN_FORMAT_RGN, RGN_FORMAT_JSON,
                                       RGN_FORMAT_XML, RGN_FORMAT_FEN};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        FILE *out = unwritable();
        rgn_writer_options options = {.size = sizeof options,
                                      .format = formats[i]};
        rgn_error error = {0};
        rgn_writer *writer = rgn_writer_new(&options, out, &error);
        assert_non_null(writer);
        feed(rgn_writer_sink(writer), writer);
        assert_int_equal(rgn_writer_finish(writer, &error), -1);
        assert_string_equal(error.message,
                            "cannot write the games: Bad file descriptor");
        assert_int_equal(error.column, 0);
        rgn_writer_free(writer);
        fclose(out);
    }
}

/* The HTML page's head is written by the constructor: it fails there. */
static void writer_start_says_why(void **state)
{
    (void)state;
    FILE *out = unwritable();
    rgn_writer_options options = {.size = sizeof options,
                                  .format = RGN_FORMAT_HTML};
    rgn_error error = {0};
    assert_null(rgn_writer_new(&options, out, &error));
    assert_string_equal(error.message,
                        "cannot write the games: Bad file descriptor");
    fclose(out);
}

/* A writer whose writes all went through says nothing, and NULL options
 * are RGN's defaults. */
static void writer_defaults(void **state)
{
    (void)state;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    rgn_error error = {0};
    rgn_writer *writer = rgn_writer_new(NULL, out, &error);
    assert_non_null(writer);
    feed(rgn_writer_sink(writer), writer);
    assert_int_equal(rgn_writer_finish(writer, &error), 0);
    rgn_writer_free(writer);
    fclose(out);
    assert_non_null(strstr(text, "1. e4 e5 1-0\n"));
    free(text);
}

static void lister_says_why(void **state)
{
    (void)state;
    const enum rgn_list_format formats[] = {RGN_LIST_TEXT, RGN_LIST_TSV,
                                            RGN_LIST_JSON};
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        FILE *out = unwritable();
        rgn_list_options options = {
            .size = sizeof options, .format = formats[i], .unchecked = true};
        rgn_error error = {0};
        rgn_lister *lister = rgn_lister_new(&options, out, &error);
        assert_non_null(lister);
        feed(rgn_lister_sink(), lister);
        assert_int_equal(rgn_lister_finish(lister, &error), -1);
        assert_string_equal(error.message,
                            "cannot write the list: Bad file descriptor");
        rgn_lister_free(lister);
        fclose(out);
    }
}

static void tournaments_say_why(void **state)
{
    (void)state;
    for (int format = RGN_TOURNAMENT_TEXT; format <= RGN_TOURNAMENT_TRF;
         format++) {
        rgn_tournament_options options = {.size = sizeof options,
                                          .format = format};
        rgn_error error = {0};
        rgn_tournaments *ts = rgn_tournaments_new(&options, &error);
        assert_non_null(ts);
        feed(rgn_tournaments_sink(), ts);
        assert_true(rgn_tournaments_finish(ts, NULL, NULL, &error) >= 0);
        FILE *out = unwritable();
        assert_int_equal(rgn_tournaments_write(ts, format, out, &error), -1);
        assert_string_equal(error.message,
                            "cannot write the tournaments: Bad file "
                            "descriptor");
        fclose(out);
        /* and a format out of the enum is no output */
        assert_int_equal(rgn_tournaments_write(ts, 99, stdout, &error), -1);
        assert_string_equal(error.message,
                            "format 99 is not an rgn_tournament_format");
        rgn_tournaments_free(ts);
    }
}

/* A sized struct whose size was not set (0), or too small for its first
 * field, is refused with the struct's name; so is a format out of its
 * enum. */
static void options_refused(void **state)
{
    (void)state;
    rgn_error error = {0};
    rgn_writer_options writing = {.format = RGN_FORMAT_XML};
    assert_null(rgn_writer_new(&writing, stdout, &error));
    assert_string_equal(error.message, "rgn_writer_options: size is 0 (set "
                                       "it to sizeof the struct)");
    writing = (rgn_writer_options){.size = sizeof(size_t), .format = 1};
    assert_null(rgn_writer_new(&writing, stdout, &error));
    char expected[128];
    snprintf(expected, sizeof expected,
             "rgn_writer_options: size %zu is too small (at least %zu)",
             sizeof(size_t), offsetof(rgn_writer_options, format) + 4);
    assert_string_equal(error.message, expected);
    writing = (rgn_writer_options){.size = sizeof writing, .format = 99};
    assert_null(rgn_writer_new(&writing, stdout, &error));
    assert_string_equal(error.message,
                        "rgn_writer_options: format 99 is not an rgn_format");

    rgn_selector_options selecting = {.invert = true};
    assert_null(rgn_selector_new(&selecting, &error));
    assert_string_equal(error.message, "rgn_selector_options: size is 0 (set "
                                       "it to sizeof the struct)");

    rgn_list_options listing = {.format = RGN_LIST_CSV};
    assert_null(rgn_lister_new(&listing, stdout, &error));
    assert_string_equal(error.message, "rgn_list_options: size is 0 (set "
                                       "it to sizeof the struct)");
    listing = (rgn_list_options){.size = sizeof listing, .format = 7};
    assert_null(rgn_lister_new(&listing, stdout, &error));
    assert_string_equal(error.message,
                        "rgn_list_options: format 7 is not an rgn_list_format");
}

/* A selector that judged every game says so at its finish; NULL options
 * select every game. */
static void selector_finish(void **state)
{
    (void)state;
    rgn_error error = {0};
    rgn_selector *selector = rgn_selector_new(NULL, &error);
    assert_non_null(selector);
    feed(rgn_selector_sink(), selector);
    assert_int_equal(rgn_selector_count(selector), 2);
    assert_int_equal(rgn_selector_finish(selector, &error), 0);
    rgn_selector_free(selector);
}

/* rgn_error_reason: the text after the last ": ", else all of it. */
static void error_reason(void **state)
{
    (void)state;
    rgn_error e = {0, "cannot write out.pgn: No space left on device"};
    assert_string_equal(rgn_error_reason(&e), "No space left on device");
    snprintf(e.message, sizeof e.message, "cannot write the list: a: b");
    assert_string_equal(rgn_error_reason(&e), "b");
    snprintf(e.message, sizeof e.message, "out of memory");
    assert_string_equal(rgn_error_reason(&e), "out of memory");
    snprintf(e.message, sizeof e.message, "no reason in C:games");
    assert_string_equal(rgn_error_reason(&e), "no reason in C:games");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(writer_says_why),
        cmocka_unit_test(writer_start_says_why),
        cmocka_unit_test(writer_defaults),
        cmocka_unit_test(lister_says_why),
        cmocka_unit_test(tournaments_say_why),
        cmocka_unit_test(options_refused),
        cmocka_unit_test(selector_finish),
        cmocka_unit_test(error_reason),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
