/*
 * test_writer.c - what a writer keeps of an invalid game (rgn.h,
 * rgn_writer_options: keep_invalid), through the public API:
 * games validated into a writer, and its output validated again; and how
 * XML and JSON name where each game was read (the sink's input event);
 * the format a file's name asks for (rgn_format_for_path).
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
    rgn_writer_options options = {
        .size = sizeof options, .format = RGN_FORMAT_RGN, .keep_invalid = true};
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
    rgn_writer_options options = {.size = sizeof options,
                                  .format = RGN_FORMAT_RGN};
    char *out = convert(illegal, &options);
    assert_string_equal(out, "");
    free(out);
}

static const char open_end[] = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# *\n";

static void test_open_termination(void **state)
{
    (void)state;
    rgn_writer_options options = {.size = sizeof options,
                                  .format = RGN_FORMAT_RGN};
    char *kept = convert(open_end, &options);
    assert_string_equal(codes, "missing-tag open-termination");
    assert_non_null(strstr(kept, "[Result \"0-1\"]\n"));
    assert_non_null(strstr(kept, "Qh4# *\n"));
    free(kept);
}

/* One game of one move written by hand through the writer's sink, told
 * its origin (at 1234) or not, by a writer named input (or not); returns
 * the output, to free. */
static char *written_by_hand(enum rgn_format format, const char *input,
                             bool origin)
{
    char *out = NULL;
    size_t size = 0;
    FILE *stream = open_memstream(&out, &size);
    assert_non_null(stream);
    rgn_writer_options options = {.size = sizeof options, .format = format};
    rgn_writer *writer = rgn_writer_new(&options, stream, NULL);
    assert_non_null(writer);
    const rgn_game_sink *sink = rgn_writer_sink(writer);
    /* two input events: the last one counts */
    if (input) {
        sink->input(writer, "first.pgn");
        sink->input(writer, input);
    }
    sink->begin_game(writer, 1);
    if (origin)
        sink->origin(writer, (rgn_location){1234, 40, 1});
    rgn_position *start = rgn_position_new(rgn_variant_find("Chess"), NULL);
    assert_non_null(start);
    sink->start(writer, start, false);
    sink->end_game(writer, (rgn_span){"*", 1}, NULL);
    rgn_position_free(start);
    assert_int_equal(rgn_writer_finish(writer, NULL), 0);
    rgn_writer_free(writer);
    fclose(stream);
    return out;
}

/* XML and JSON name each game by its input and origin; "-" for an input
 * not named; neither for a game whose origin the sink was not told. */
static void test_origin_named(void **state)
{
    (void)state;
    char *out = written_by_hand(RGN_FORMAT_JSON, "a \"b\".pgn", true);
    assert_non_null(
        strstr(out, "{\"game\":1,\"file\":\"a \\\"b\\\".pgn\",\"offset\":1234,"
                    "\"variant\":\"Chess\","));
    free(out);
    out = written_by_hand(RGN_FORMAT_JSON, NULL, true);
    assert_non_null(strstr(out, "{\"game\":1,\"file\":\"-\",\"offset\":1234,"));
    free(out);
    out = written_by_hand(RGN_FORMAT_JSON, "a.pgn", false);
    assert_non_null(strstr(out, "{\"game\":1,\"variant\":\"Chess\","));
    free(out);
    out = written_by_hand(RGN_FORMAT_XML, "<a>.pgn", true);
    assert_non_null(strstr(out, "<game number=\"1\" file=\"&lt;a&gt;.pgn\" "
                                "offset=\"1234\">"));
    free(out);
    out = written_by_hand(RGN_FORMAT_XML, "a.pgn", false);
    assert_non_null(strstr(out, "<game number=\"1\">"));
    free(out);
}

/* rgn_format_for_path fails on path and format with message. */
static void check_contradiction(const char *path, int format,
                                const char *option, const char *message)
{
    rgn_error error = {0};
    assert_int_equal(rgn_format_for_path(path, format, option, &error), -1);
    assert_string_equal(error.message, message);
}

static void test_format_for_path(void **state)
{
    (void)state;
    /* none chosen: the name's first, RGN for a name that asks for none */
    assert_int_equal(rgn_format_for_path("a.xml", -1, NULL, NULL),
                     RGN_FORMAT_XML);
    assert_int_equal(rgn_format_for_path("dir.d/A.HTM", -1, NULL, NULL),
                     RGN_FORMAT_HTML);
    assert_int_equal(rgn_format_for_path("g.jsonl", -1, NULL, NULL),
                     RGN_FORMAT_JSON);
    assert_int_equal(rgn_format_for_path("g.Pgn", -1, NULL, NULL),
                     RGN_FORMAT_RGN);
    assert_int_equal(rgn_format_for_path("notes.txt", -1, NULL, NULL),
                     RGN_FORMAT_RGN);
    assert_int_equal(rgn_format_for_path(NULL, -1, NULL, NULL), RGN_FORMAT_RGN);
    /* no extension: a leading dot, a dot in a folder's name */
    assert_int_equal(rgn_format_for_path(".xml", -1, NULL, NULL),
                     RGN_FORMAT_RGN);
    assert_int_equal(rgn_format_for_path("d.xml/games", -1, NULL, NULL),
                     RGN_FORMAT_RGN);
    /* chosen: kept when the name asks for it or for none */
    assert_int_equal(rgn_format_for_path("g.rgn", RGN_FORMAT_LAN, NULL, NULL),
                     RGN_FORMAT_LAN);
    assert_int_equal(rgn_format_for_path("g.txt", RGN_FORMAT_FEN, NULL, NULL),
                     RGN_FORMAT_FEN);
    assert_int_equal(rgn_format_for_path(NULL, RGN_FORMAT_XML, NULL, NULL),
                     RGN_FORMAT_XML);
    /* and refused when the name asks for others */
    check_contradiction("g.html", RGN_FORMAT_RGN, "--to",
                        "g.html is an HTML file's name, but --to rgn writes "
                        "another format");
    check_contradiction("out/g.JSONL", RGN_FORMAT_COORD, NULL,
                        "out/g.JSONL is a JSON Lines file's name, but format "
                        "coord writes another format");
    check_contradiction("g.pgn", RGN_FORMAT_XML, "--to",
                        "g.pgn is a PGN file's name, but --to xml writes "
                        "another format");
    check_contradiction("g.txt", 7, NULL, "no format 7");
    check_contradiction("g.txt", -2, NULL, "no format -2");
}

/* The file's name chooses the rule set a game without a Variant tag is
 * written for, unless tagless is given. */
static void test_path_names_tagless(void **state)
{
    (void)state;
    static const char game[] = "[White \"a\"]\n[Black \"b\"]\n"
                               "[Result \"*\"]\n\n1. e4 e5 *\n";
    rgn_writer_options options = {.size = sizeof options,
                                  .format = RGN_FORMAT_RGN};
    /* the games are read as Chess: a .pgn file's reader takes them so */
    const struct {
        const char *path;
        const rgn_variant *tagless;
        bool tagged;
    } cases[] = {
        {NULL, NULL, true},
        {"-", NULL, true},
        {"out.pgn", NULL, false},
        {"OUT.PGN.gz", NULL, false},
        {"out.rgn", NULL, true},
        {"out.txt", NULL, true},
        {"out.rgn", rgn_variant_find("Chess"), false},
        {"out.pgn", rgn_variant_find("Rotary"), true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        options.path = cases[i].path;
        options.tagless = cases[i].tagless;
        char *out = write_games(game, &options, NULL);
        bool tagged = strstr(out, "[Variant \"Chess\"]") != NULL;
        if (tagged != cases[i].tagged)
            fail_msg("case %zu (%s): %s", i, cases[i].path, out);
        free(out);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kept_game_keeps_its_rest),
        cmocka_unit_test(test_invalid_game_left_out),
        cmocka_unit_test(test_open_termination),
        cmocka_unit_test(test_origin_named),
        cmocka_unit_test(test_format_for_path),
        cmocka_unit_test(test_path_names_tagless),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
