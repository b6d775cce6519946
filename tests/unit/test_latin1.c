/*
 * test_latin1.c - reading input that is not UTF-8 as Latin-1, through the
 * public API only: the reader's option (rgn_reader_read_latin1) and the
 * validator's (rgn_validator_options.latin1). Tag values and comments
 * come out as UTF-8, lines and columns stay the input's, and the first
 * byte read as Latin-1 is told once.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"
#include "seen.h"

/* What the callbacks saw (seen.h): "tag NAME=VALUE", "comment TEXT",
 * "latin-1 L:C game G" and the like, each ending in '|'. */

static int on_tag(void *user, rgn_span name, rgn_span value, rgn_location where)
{
    (void)where;
    seen_add(user, "tag %.*s=%.*s|", (int)name.len, name.data, (int)value.len,
             value.data);
    return 0;
}

static int on_comment(void *user, rgn_span text, rgn_location where)
{
    seen_add(user, "comment %.*s@%u:%u|", (int)text.len, text.data,
             (unsigned)where.line, (unsigned)where.column);
    return 0;
}

static void on_error(void *user, rgn_location where, const char *message)
{
    seen_add(user, "error %u:%u %s|", (unsigned)where.line,
             (unsigned)where.column, message);
}

static const rgn_visitor visitor = {
    .tag = on_tag, .comment = on_comment, .error = on_error};

/* Reads input with the reader, latin1 or not, in chunks of the given size
 * (0: in one piece); returns what it saw and where the first Latin-1
 * byte was. */
static bool read_text(seen *s, const char *input, size_t chunk, bool latin1,
                      rgn_location *first)
{
    memset(s, 0, sizeof *s);
    rgn_reader *reader = rgn_reader_new(&visitor, s);
    assert_non_null(reader);
    if (latin1)
        assert_int_equal(rgn_reader_read_latin1(reader), 0);
    size_t len = strlen(input);
    size_t step = chunk ? chunk : len;
    for (size_t at = 0; at < len; at += step)
        assert_int_equal(rgn_reader_feed(reader, input + at,
                                         len - at < step ? len - at : step),
                         0);
    assert_int_equal(rgn_reader_finish(reader), 0);
    bool found = rgn_reader_latin1_seen(reader, first);
    rgn_reader_free(reader);
    return found;
}

/* "café" and "Müller" in Latin-1, and a comment with two more. */
static const char latin1_game[] = "[Event \"caf\xe9\"]\n"
                                  "[White \"M\xfcller\"]\n"
                                  "{d\xe9j\xe0 vu} *\n";

static void test_reader_converts(void **state)
{
    (void)state;
    static const size_t chunks[] = {0, 1, 7};
    for (size_t k = 0; k < 3; k++) {
        seen s;
        rgn_location first = {0};
        assert_true(read_text(&s, latin1_game, chunks[k], true, &first));
        assert_string_equal(s.text, "tag Event=caf\xc3\xa9|"
                                    "tag White=M\xc3\xbcller|"
                                    "comment d\xc3\xa9j\xc3\xa0 vu@3:1|");
        /* the first one: the input's line and column, and byte offset */
        char at[64];
        snprintf(at, sizeof at, "%u:%u offset %llu", (unsigned)first.line,
                 (unsigned)first.column, (unsigned long long)first.offset);
        assert_string_equal(at, "1:12 offset 11");
    }
}

static void test_reader_keeps_utf8(void **state)
{
    (void)state;
    /* UTF-8, also cut between chunks, passes as it is */
    seen s;
    rgn_location first = {0};
    assert_false(read_text(&s, "[Event \"caf\xc3\xa9 \xe2\x82\xac\"]\n*\n", 1,
                           true, &first));
    assert_string_equal(s.text, "tag Event=caf\xc3\xa9 \xe2\x82\xac|");
    /* without the option, Latin-1 is an error */
    assert_false(read_text(&s, latin1_game, 0, false, &first));
    assert_string_equal(s.text, "error 1:12 invalid UTF-8 in tag value|");
}

/* Windows-1252 where Latin-1 has control codes: curly quotes, en dash,
 * ellipsis, euro; an undefined code (0x81) keeps its Latin-1 meaning */
static void test_reader_windows_1252(void **state)
{
    (void)state;
    static const size_t chunks[] = {0, 1, 3};
    for (size_t k = 0; k < 3; k++) {
        seen s;
        rgn_location first = {0};
        assert_true(read_text(&s,
                              "[Event \"\x93"
                              "A\x94 \x96 b\x85 \x80\x81\"]\n*\n",
                              chunks[k], true, &first));
        assert_string_equal(s.text, "tag Event=\xe2\x80\x9c"
                                    "A\xe2\x80\x9d "
                                    "\xe2\x80\x93 b\xe2\x80\xa6 "
                                    "\xe2\x82\xac\xc2\x81|");
    }
}

/* The first byte's line is the lexer's: LF, CRLF or a lone CR ends a
 * line, also when a CRLF is cut between chunks. */
static void test_reader_line_ends(void **state)
{
    (void)state;
    static const char *const inputs[] = {
        "[Event \"a\"]\r[Site \"b\"]\r\r{ K\xf6ln}\r*\r",
        "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n{ K\xf6ln}\r\n*\r\n",
        "[Event \"a\"]\n[Site \"b\"]\n\n{ K\xf6ln}\n*\n"};
    static const size_t chunks[] = {0, 1, 2, 13};
    for (size_t i = 0; i < 3; i++) {
        for (size_t k = 0; k < 4; k++) {
            seen s;
            rgn_location first = {0};
            assert_true(read_text(&s, inputs[i], chunks[k], true, &first));
            assert_int_equal(first.line, 4);
            assert_int_equal(first.column, 4);
            /* the same line as the lexer's for the comment */
            assert_non_null(strstr(s.text, "@4:1|"));
        }
    }
}

static void on_report(void *user, const rgn_diagnostic *d)
{
    seen_add(user, "%s %u:%u game %llu|", rgn_problem_code(d->problem),
             (unsigned)d->where.line, (unsigned)d->where.column,
             (unsigned long long)d->game);
}

/* Validates input as chess with the given jobs (a sink when sink is
 * set); returns the counts. */
static rgn_validation_counts validate(seen *s, const char *input, int jobs,
                                      const rgn_game_sink *sink)
{
    memset(s, 0, sizeof *s);
    rgn_validator_options options = {
        .variant = rgn_variant_find("chess"),
        .report = on_report,
        .user = s,
        .sink = sink,
        .sink_user = s,
        .jobs = jobs,
        .latin1 = true,
    };
    return seen_validate(&options, input);
}

static void sink_tag(void *user, rgn_span name, rgn_span value)
{
    seen_add(user, "tag %.*s=%.*s|", (int)name.len, name.data, (int)value.len,
             value.data);
}

static void sink_comment(void *user, rgn_span text)
{
    seen_add(user, "comment %.*s|", (int)text.len, text.data);
}

static void test_validator_converts(void **state)
{
    (void)state;
    static const rgn_game_sink sink = {.tag = sink_tag,
                                       .comment = sink_comment};
    seen s;
    static const char game[] =
        "[Event \"caf\xe9\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
        "[Round \"?\"]\n[White \"M\xfcller\"]\n[Black \"?\"]\n"
        "[Result \"*\"]\n\n1. e4 {d\xe9j\xe0 vu} e5 *\n";
    rgn_validation_counts c = validate(&s, game, 1, &sink);
    /* one warning for the input (game 0), then the game as UTF-8 */
    assert_string_equal(s.text, "latin-1 1:12 game 0|"
                                "tag Event=caf\xc3\xa9|tag Site=?|"
                                "tag Date=????.??.??|tag Round=?|"
                                "tag White=M\xc3\xbcller|tag Black=?|"
                                "tag Result=*|"
                                "comment d\xc3\xa9j\xc3\xa0 vu|");
    /* the warning is about the input: the game is valid, without one */
    assert_int_equal(c.games, 1);
    assert_int_equal(c.valid, 1);
    assert_int_equal(c.with_warnings, 0);
}

static void test_validator_order_with_jobs(void **state)
{
    (void)state;
    /* a game with an error, a long ASCII stretch (read before the
     * warning whatever the jobs), then Latin-1 in a later game */
    static char input[8192];
    size_t n = (size_t)snprintf(input, sizeof input, "%s",
                                "[Event \"a\"]\n\n1. e4 e5 2. Ke3 *\n\n");
    for (int i = 0; i < 20; i++)
        n += (size_t)snprintf(input + n, sizeof input - n,
                              "[Event \"b\"]\n\n1. d4 d5 *\n\n");
    snprintf(input + n, sizeof input - n,
             "[Event \"\xe9t\xe9\"]\n\n1. c4 c5 2. Kd3 *\n");
    for (int jobs = 1; jobs <= 2; jobs++) {
        seen s;
        rgn_validation_counts c = validate(&s, input, jobs, NULL);
        /* the roster's warnings aside: the errors and the warning */
        char order[256] = "";
        for (char *item = strtok(s.text, "|"); item; item = strtok(NULL, "|"))
            if (strncmp(item, "missing-tag", 11) != 0) {
                strcat(order, item);
                strcat(order, "|");
            }
        assert_string_equal(order, "illegal-move 3:13 game 1|"
                                   "latin-1 85:9 game 0|"
                                   "illegal-move 87:13 game 22|");
        assert_int_equal(c.games, 22);
        assert_int_equal(c.invalid, 2);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_converts),
        cmocka_unit_test(test_reader_keeps_utf8),
        cmocka_unit_test(test_reader_windows_1252),
        cmocka_unit_test(test_reader_line_ends),
        cmocka_unit_test(test_validator_converts),
        cmocka_unit_test(test_validator_order_with_jobs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
