/*
 * test_latin1.c - reading input that is not UTF-8 as Latin-1, through the
 * public API only: the reader's option (rgn_reader_read_latin1) and the
 * validator's (validator_options.latin1). Tag values and comments
 * come out as UTF-8, lines, columns and offsets stay the input's, and the
 * first byte read as Latin-1 is told once.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "notation/reader.h"
#include "rgn.h"
#include "validate/options.h"
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
    validator_options options = {
        .size = sizeof options,
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

/* ------------------------------------------------------------------ */
/* Offsets are the input's                                            */

/* Games with Latin-1 bytes (one byte, two in UTF-8), Windows-1252 ones
 * (one byte, three in UTF-8) and UTF-8 (as long in both) before their
 * first tag, in tags, in comments (some long) and on the line of an
 * illegal move; where each game's first tag and its illegal move are in
 * the input. */
#define GAMES 24
typedef struct offsets_input {
    char text[32768];
    size_t len;
    uint64_t origin[GAMES], move[GAMES];
} offsets_input;

static void add_text(offsets_input *in, const char *text)
{
    size_t n = strlen(text);
    assert_true(in->len + n < sizeof in->text);
    memcpy(in->text + in->len, text, n + 1);
    in->len += n;
}

static void build_offsets_input(offsets_input *in)
{
    memset(in, 0, sizeof *in);
    for (int i = 0; i < GAMES; i++) {
        if (i % 3 == 0)
            add_text(in, "{\x80 before the game \xe9}\n");
        in->origin[i] = in->len;
        char tag[64];
        snprintf(tag, sizeof tag, "[Event \"G%d caf\xe9\"]\n", i);
        add_text(in, tag);
        if (i % 5 == 4) { /* a long comment, Latin-1 every other byte */
            add_text(in, "{");
            for (int k = 0; k < 600; k++)
                add_text(in, k % 3 ? "\xe9"
                                     "a"
                                   : "\x93"
                                     "b");
            add_text(in, "}\n");
        }
        add_text(in, "[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                     "[White \"M\x9cller\"]\n[Black \"\xc3\xa9t\xc3\xa9\"]\n"
                     "[Result \"*\"]\n\n1. e4 {d\xe9j\xe0 \x93vu\x94} e5 "
                     "2. {\x85\xe9} ");
        in->move[i] = in->len;
        add_text(in, i % 2 ? "Ke3 *\n\n" : "Ke3 *\r\n\r\n");
    }
    /* computed apart from the library: each marker found in the bytes */
    const char *from = in->text;
    for (int i = 0; i < GAMES; i++) {
        char tag[32];
        snprintf(tag, sizeof tag, "[Event \"G%d ", i);
        const char *at = strstr(from, tag);
        assert_non_null(at);
        assert_int_equal(in->origin[i], (uint64_t)(at - in->text));
        at = strstr(at, "Ke3");
        assert_int_equal(in->move[i], (uint64_t)(at - in->text));
        from = at;
    }
}

/* What the reader's callbacks saw: the games' first tags and their moves
 * "Ke3", and whether rgn_reader_line showed each move at its caret. */
typedef struct offsets_seen {
    rgn_reader *reader;
    uint64_t origin[GAMES], move[GAMES];
    int origins, moves;
    bool line_ok;
} offsets_seen;

static int offsets_tag(void *user, rgn_span name, rgn_span value,
                       rgn_location where)
{
    offsets_seen *o = user;
    (void)value;
    if (name.len == 5 && memcmp(name.data, "Event", 5) == 0 &&
        o->origins < GAMES)
        o->origin[o->origins++] = where.offset;
    return 0;
}

static int offsets_move(void *user, rgn_span text, rgn_location where)
{
    offsets_seen *o = user;
    if (text.len != 3 || memcmp(text.data, "Ke3", 3) != 0 || o->moves == GAMES)
        return 0;
    o->move[o->moves++] = where.offset;
    /* the line is found from the input's offset, the comment before the
     * move on it (five characters, eight bytes) and all */
    size_t caret;
    rgn_span line = rgn_reader_line(o->reader, where, &caret);
    if (caret < 8 || caret + 3 > line.len ||
        memcmp(line.data + caret - 8, "{\xe2\x80\xa6\xc3\xa9} Ke3", 11) != 0)
        o->line_ok = false;
    return 0;
}

static void test_reader_offsets(void **state)
{
    (void)state;
    static offsets_input in;
    build_offsets_input(&in);
    static const rgn_visitor offsets_visitor = {.tag = offsets_tag,
                                                .move = offsets_move};
    static const size_t chunks[] = {1, 2, 3, 7, 64, 1000, 0};
    for (size_t k = 0; k < sizeof chunks / sizeof *chunks; k++) {
        offsets_seen o = {.line_ok = true};
        o.reader = rgn_reader_new(&offsets_visitor, &o);
        assert_non_null(o.reader);
        assert_int_equal(rgn_reader_read_latin1(o.reader), 0);
        size_t step = chunks[k] ? chunks[k] : in.len;
        for (size_t at = 0; at < in.len; at += step)
            assert_int_equal(
                rgn_reader_feed(o.reader, in.text + at,
                                in.len - at < step ? in.len - at : step),
                0);
        assert_int_equal(rgn_reader_finish(o.reader), 0);
        rgn_location first;
        assert_true(rgn_reader_latin1_seen(o.reader, &first));
        assert_int_equal(first.offset, 1); /* the 0x80 */
        rgn_reader_free(o.reader);
        assert_int_equal(o.origins, GAMES);
        assert_int_equal(o.moves, GAMES);
        assert_memory_equal(o.origin, in.origin, sizeof in.origin);
        assert_memory_equal(o.move, in.move, sizeof in.move);
        assert_true(o.line_ok);
    }
}

/* What a validator reported: the sink's origins, and the illegal moves'
 * offsets, and whether each diagnostic's line showed the move. */
typedef struct validated {
    uint64_t origin[GAMES], move[GAMES];
    int origins, moves;
    bool line_ok;
} validated;

static void offsets_origin(void *user, rgn_location where)
{
    validated *v = user;
    if (v->origins < GAMES)
        v->origin[v->origins++] = where.offset;
}

static void offsets_report(void *user, const rgn_diagnostic *d)
{
    validated *v = user;
    if (d->problem == RGN_W_LATIN1) {
        if (d->where.offset != 1)
            v->line_ok = false;
        return;
    }
    if (d->move.len != 3 || v->moves == GAMES)
        return;
    v->move[v->moves++] = d->where.offset;
    if (d->caret + 3 > d->line.len ||
        memcmp(d->line.data + d->caret, "Ke3", 3) != 0)
        v->line_ok = false;
}

/* Validates in with the options' jobs and reading (a sink with one job),
 * fed in chunks of the given size. */
static void validate_offsets(const offsets_input *in, int jobs, bool no_replay,
                             size_t chunk)
{
    static const rgn_game_sink sink = {.origin = offsets_origin};
    validated v = {.line_ok = true};
    validator_options options = {
        .size = sizeof options,
        .variant = rgn_variant_find("chess"),
        .report = offsets_report,
        .user = &v,
        .sink = jobs == 1 ? &sink : NULL,
        .sink_user = &v,
        .jobs = jobs,
        .latin1 = true,
        .no_replay = no_replay,
    };
    rgn_validator *validator = validator_new(&options, NULL);
    assert_non_null(validator);
    for (size_t at = 0; at < in->len; at += chunk)
        assert_int_equal(
            rgn_validator_feed(validator, in->text + at,
                               in->len - at < chunk ? in->len - at : chunk),
            0);
    assert_int_equal(rgn_validator_finish(validator), 0);
    rgn_validator_free(validator);
    assert_true(v.line_ok);
    if (jobs == 1) {
        assert_int_equal(v.origins, GAMES);
        assert_memory_equal(v.origin, in->origin, sizeof in->origin);
    }
    if (!no_replay) {
        assert_int_equal(v.moves, GAMES);
        assert_memory_equal(v.move, in->move, sizeof in->move);
    }
}

static void test_validator_offsets(void **state)
{
    (void)state;
    static offsets_input in;
    build_offsets_input(&in);
    static const size_t chunks[] = {1, 5, 300, sizeof in.text};
    for (size_t k = 0; k < sizeof chunks / sizeof *chunks; k++) {
        validate_offsets(&in, 1, false, chunks[k]);
        validate_offsets(&in, 1, true, chunks[k]);
    }
    /* several jobs: chunks of the input cut every few games, and runs
     * that read on past a cut (a chunk smaller than a game) */
    static const char *const cuts[] = {"150", "400", "1000", "5000"};
    for (size_t c = 0; c < sizeof cuts / sizeof *cuts; c++) {
        setenv("RGN_TEST_CHUNK_BYTES", cuts[c], 1);
        for (size_t k = 0; k < sizeof chunks / sizeof *chunks; k++)
            validate_offsets(&in, 2, false, chunks[k]);
    }
    unsetenv("RGN_TEST_CHUNK_BYTES");
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
        cmocka_unit_test(test_reader_offsets),
        cmocka_unit_test(test_validator_offsets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
