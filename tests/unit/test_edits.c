/*
 * test_edits.c - a recorded game replayed with edits (rgn_edits,
 * rgn_game_replay): parts stripped, clock commands taken out of
 * comments, tags set, added and renamed, position comments, the mark of
 * a matched ply, results fixed with a note for each change, and the
 * errors of the adders; the edits made from the options a program names
 * them by (rgn_edits_option), a file of players' spellings read by path;
 * a recorded game written with a writer under a
 * number, an input's name, edits and a mark (rgn_writer_write_game).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <unistd.h>

#include "rgn.h"
#include "validate/options.h"
#include "seen.h"

static void sink_tag(void *user, rgn_span name, rgn_span value)
{
    seen_add(user, "[%.*s %.*s]", (int)name.len, name.data, (int)value.len,
             value.data);
}

static void sink_move(void *user, rgn_position *before, rgn_move move,
                      const char *san)
{
    (void)before;
    (void)move;
    seen_add(user, " %s", san);
}

static void sink_nag(void *user, unsigned nag) { seen_add(user, " $%u", nag); }

static void sink_comment(void *user, rgn_span text)
{
    seen_add(user, " {%.*s}", (int)text.len, text.data);
}

static void sink_begin_variation(void *user) { seen_add(user, " ("); }
static void sink_end_variation(void *user) { seen_add(user, " )"); }

static void sink_end(void *user, rgn_span result, const rgn_diagnostic *error)
{
    seen_add(user, " %.*s%s", (int)result.len, result.data,
             error ? " invalid" : "");
}

static const rgn_game_sink sink = {
    .tag = sink_tag,
    .move = sink_move,
    .nag = sink_nag,
    .comment = sink_comment,
    .begin_variation = sink_begin_variation,
    .end_variation = sink_end_variation,
    .end_game = sink_end,
};

#define TAGS "[Variant \"Chess\"][White \"Tal, M\"][Result \"1-0\"]\n"
#define GAME TAGS "1. e4 $1 {[%clk 0:01:00]} e5 (1... c5 {sicilian}) 2. Nf3 *\n"

/* The (last) game of input replayed with edits and mark_ply into s. */
static void replay(seen *s, const char *input, const rgn_edits *edits,
                   int mark_ply)
{
    rgn_game *game = rgn_game_new(NULL);
    assert_non_null(game);
    validator_options options = {
        .size = sizeof options, .sink = rgn_game_recorder(), .sink_user = game};
    seen_validate(&options, input);
    memset(s, 0, sizeof *s);
    assert_int_equal(rgn_game_replay(game, edits, mark_ply, &sink, s, NULL), 0);
    rgn_game_free(game);
}

static void test_no_edits(void **state)
{
    (void)state;
    seen s;
    replay(&s, GAME, NULL, -1);
    assert_string_equal(s.text,
                        "[Variant Chess][White Tal, M][Result 1-0] e4 "
                        "$1 {[%clk 0:01:00]} e5 ( c5 {sicilian} ) Nf3 *");
}

static void test_mark(void **state)
{
    (void)state;
    seen s;
    replay(&s, GAME, NULL, 0);
    assert_string_equal(s.text,
                        "[Variant Chess][White Tal, M][Result 1-0] "
                        "{rgn: matched here} e4 $1 {[%clk 0:01:00]} e5 ( c5 "
                        "{sicilian} ) Nf3 *");
    /* after the move's NAG, before its comment; never in a variation */
    replay(&s, GAME, NULL, 1);
    assert_string_equal(s.text, "[Variant Chess][White Tal, M][Result 1-0] e4 "
                                "$1 {rgn: matched here} {[%clk 0:01:00]} e5 ( "
                                "c5 {sicilian} ) Nf3 *");
    replay(&s, GAME, NULL, 2);
    assert_string_equal(s.text, "[Variant Chess][White Tal, M][Result 1-0] e4 "
                                "$1 {[%clk 0:01:00]} e5 {rgn: matched here} ( "
                                "c5 {sicilian} ) Nf3 *");
    replay(&s, GAME, NULL, 3);
    assert_string_equal(s.text, "[Variant Chess][White Tal, M][Result 1-0] e4 "
                                "$1 {[%clk 0:01:00]} e5 ( c5 {sicilian} ) Nf3 "
                                "{rgn: matched here} *");
}

static void test_strip(void **state)
{
    (void)state;
    rgn_edits *edits = rgn_edits_new(NULL);
    rgn_error error;
    assert_int_equal(rgn_edits_strip(edits, "variations", &error), 0);
    assert_int_equal(rgn_edits_strip(edits, "nags", &error), 0);
    seen s;
    replay(&s, GAME, edits, -1);
    assert_string_equal(s.text, "[Variant Chess][White Tal, M][Result 1-0] e4 "
                                "{[%clk 0:01:00]} e5 Nf3 *");
    assert_int_equal(rgn_edits_strip(edits, "comments", &error), 0);
    replay(&s, GAME, edits, -1);
    assert_string_equal(
        s.text, "[Variant Chess][White Tal, M][Result 1-0] e4 e5 Nf3 *");
    assert_int_equal(rgn_edits_strip(edits, "glyphs", &error), -1);
    assert_string_equal(error.message,
                        "is none of comments, variations, nags, clocks");
    rgn_edits_free(edits);
}

static void test_strip_clocks(void **state)
{
    (void)state;
    rgn_edits *edits = rgn_edits_new(NULL);
    rgn_error error;
    assert_int_equal(rgn_edits_strip(edits, "clocks", &error), 0);
    seen s;
    replay(&s,
           TAGS "1. e4 {[%clk 0:01:00]} e5 {a [%clk 0:00:59] b} "
                "2. Nf3 { [%eval 0.3] [%clk 0:00:58] } Nc6 {[%clkx] kept} *\n",
           edits, -1);
    assert_string_equal(s.text, "[Variant Chess][White Tal, M][Result 1-0] e4 "
                                "e5 {a b} Nf3 { [%eval 0.3]} Nc6 {[%clkx] "
                                "kept} *");
    rgn_edits_free(edits);
}

static void test_tags(void **state)
{
    (void)state;
    rgn_edits *edits = rgn_edits_new(NULL);
    rgn_error error;
    assert_int_equal(rgn_edits_set_tag(edits, "White=Tal", &error), 0);
    assert_int_equal(rgn_edits_set_tag(edits, "Annotator=rgn", &error), 0);
    assert_int_equal(rgn_edits_set_tag(edits, "Empty=", &error), 0);
    rgn_edits_add(edits, RGN_EDIT_PLYCOUNT);
    seen s;
    replay(&s, TAGS "1. e4 e5 2. Nf3 *\n", edits, -1);
    assert_string_equal(s.text, "[Variant Chess][White Tal][Result 1-0]"
                                "[Annotator rgn][Empty ][PlyCount 3] e4 e5 Nf3 "
                                "*");
    assert_int_equal(rgn_edits_set_tag(edits, "=x", &error), -1);
    assert_int_equal(rgn_edits_set_tag(edits, "White", &error), -1);
    assert_string_equal(error.message, "is no NAME=VALUE");
    assert_int_equal(rgn_edits_set_tag(edits, "White Elo=1", &error), -1);
    assert_int_equal(rgn_edits_set_tag(edits, "FEN=8/8", &error), -1);
    assert_int_equal(rgn_edits_set_tag(edits, "Result=1-0", &error), -1);
    rgn_edits_free(edits);
}

static void test_rename_players(void **state)
{
    (void)state;
    rgn_edits *edits = rgn_edits_new(NULL);
    rgn_error error;
    static const char spellings[] = "# who is who\n\nTal, M\tTal, Mikhail\r\n"
                                    "Fischer\tFischer, Robert";
    assert_int_equal(
        rgn_edits_rename_players(edits, spellings, strlen(spellings), &error),
        0);
    seen s;
    replay(&s,
           "[Variant \"Chess\"][White \"Tal, M\"][Black \"Fischer\"]"
           "[Event \"Tal, M\"][Result \"*\"]\n1. e4 *\n",
           edits, -1);
    assert_string_equal(s.text,
                        "[Variant Chess][White Tal, Mikhail][Black "
                        "Fischer, Robert][Event Tal, M][Result *] e4 *");
    replay(&s, "[Variant \"Chess\"][White \"Tal\"][Black \"Fischer, R\"]\n*\n",
           edits, -1);
    assert_string_equal(s.text,
                        "[Variant Chess][White Tal][Black Fischer, R] *");
    rgn_edits_free(edits);

    /* a file of no spelling renames nobody (it once sorted no table,
     * which the sanitizers refuse) */
    static const char none[] = "# nobody yet\n\n";
    edits = rgn_edits_new(NULL);
    assert_int_equal(
        rgn_edits_rename_players(edits, none, strlen(none), &error), 0);
    replay(&s, "[Variant \"Chess\"][White \"Tal\"]\n*\n", edits, -1);
    assert_string_equal(s.text, "[Variant Chess][White Tal] *");
    rgn_edits_free(edits);

    static const char *const malformed[] = {
        "a\tb\nno tab here\n", "a\tb\n\n\tb\n",      "a\t\n",
        "a\tb\tc\n",           "a\tb\nc\td\na\te\n",
    };
    static const char *const messages[] = {
        "line 2: is no SPELLING<TAB>NAME (no tab)",
        "line 3: is no SPELLING<TAB>NAME (an empty column)",
        "line 1: is no SPELLING<TAB>NAME (an empty column)",
        "line 1: is no SPELLING<TAB>NAME (more than one tab)",
        "line 3: spells a name that line 1 spells already",
    };
    for (size_t i = 0; i < sizeof malformed / sizeof *malformed; i++) {
        edits = rgn_edits_new(NULL);
        assert_int_equal(rgn_edits_rename_players(edits, malformed[i],
                                                  strlen(malformed[i]), &error),
                         -1);
        assert_string_equal(error.message, messages[i]);
        rgn_edits_free(edits);
    }
}

/* The edits of the options as rgn select gives them: --strip nags,
 * --set-tag, --add-plycount, --rename-players FILE; their names and what
 * they take; the values refused. */
static void test_options(void **state)
{
    (void)state;
    const char *names[RGN_EDIT_OPTION_COUNT + 1];
    for (int i = 0; i <= RGN_EDIT_OPTION_COUNT; i++)
        names[i] = rgn_edit_option_name((enum rgn_edit_option)i);
    assert_string_equal(names[RGN_EDIT_OPTION_STRIP], "strip");
    assert_string_equal(names[RGN_EDIT_OPTION_SET_TAG], "set-tag");
    assert_string_equal(names[RGN_EDIT_OPTION_ADD_PLYCOUNT], "add-plycount");
    assert_string_equal(names[RGN_EDIT_OPTION_ADD_FEN_COMMENTS],
                        "add-fen-comments");
    assert_string_equal(names[RGN_EDIT_OPTION_RENAME_PLAYERS],
                        "rename-players");
    assert_string_equal(names[RGN_EDIT_OPTION_FIX_RESULT], "fix-result");
    assert_null(names[RGN_EDIT_OPTION_COUNT]);
    assert_int_equal(rgn_edit_option_takes(RGN_EDIT_OPTION_STRIP),
                     RGN_EDIT_TEXT);
    assert_int_equal(rgn_edit_option_takes(RGN_EDIT_OPTION_FIX_RESULT),
                     RGN_EDIT_FLAG);
    assert_int_equal(rgn_edit_option_takes(RGN_EDIT_OPTION_RENAME_PLAYERS),
                     RGN_EDIT_FILE);

    char path[] = "/tmp/test_edits_players.XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    static const char spellings[] = "Tal, M\tTal, Mikhail\n";
    assert_int_equal(write(fd, spellings, strlen(spellings)),
                     (ssize_t)strlen(spellings));
    close(fd);
    rgn_edits *edits = rgn_edits_new(NULL);
    rgn_error error;
    assert_int_equal(
        rgn_edits_option(edits, RGN_EDIT_OPTION_STRIP, "nags", &error), 0);
    assert_int_equal(
        rgn_edits_option(edits, RGN_EDIT_OPTION_SET_TAG, "Site=Riga", &error),
        0);
    assert_int_equal(
        rgn_edits_option(edits, RGN_EDIT_OPTION_ADD_PLYCOUNT, NULL, &error), 0);
    assert_int_equal(
        rgn_edits_option(edits, RGN_EDIT_OPTION_RENAME_PLAYERS, path, &error),
        0);
    seen s;
    replay(&s, "[Variant \"Chess\"][White \"Tal, M\"]\n1. e4 $1 e5 *\n", edits,
           -1);
    assert_string_equal(s.text, "[Variant Chess][White Tal, Mikhail][Site "
                                "Riga][PlyCount 2] e4 e5 *");
    unlink(path);

    /* refused: the adder's message, the file's, a value too many or too
     * few, no such option */
    assert_int_equal(
        rgn_edits_option(edits, RGN_EDIT_OPTION_STRIP, "glyphs", &error), -1);
    assert_string_equal(error.message,
                        "is none of comments, variations, nags, clocks");
    assert_int_equal(
        rgn_edits_option(edits, RGN_EDIT_OPTION_RENAME_PLAYERS, path, &error),
        -1);
    assert_string_equal(error.message, "No such file or directory");
    assert_int_equal(
        rgn_edits_option(edits, RGN_EDIT_OPTION_FIX_RESULT, "yes", &error), -1);
    assert_string_equal(error.message, "takes no value");
    assert_int_equal(
        rgn_edits_option(edits, RGN_EDIT_OPTION_SET_TAG, NULL, &error), -1);
    assert_string_equal(error.message, "takes a value");
    assert_int_equal(
        rgn_edits_option(edits, RGN_EDIT_OPTION_COUNT, NULL, &error), -1);
    rgn_edits_free(edits);
}

static void test_fen_comments(void **state)
{
    (void)state;
    rgn_edits *edits = rgn_edits_new(NULL);
    rgn_edits_add(edits, RGN_EDIT_FEN_COMMENTS);
    seen s;
    replay(&s, TAGS "1. e4 (1. d4) *\n", edits, 1);
    assert_string_equal(
        s.text, "[Variant Chess][White Tal, M][Result 1-0] e4 "
                "{rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1} "
                "{rgn: matched here} ( d4 ) *");
    rgn_edits_free(edits);
}

static void note(void *user, const rgn_diagnostic *d)
{
    assert_int_equal(d->problem, RGN_N_RESULT_FIXED);
    assert_int_equal(d->severity, RGN_NOTE);
    seen_add(user, "%s: %s|", d->white, d->message);
}

static void test_fix_result(void **state)
{
    (void)state;
    rgn_edits *edits = rgn_edits_new(NULL);
    rgn_edits_add(edits, RGN_EDIT_FIX_RESULT);
    seen notes = {0};
    rgn_edits_report(edits, note, &notes);
    seen s;
    /* a mate: the winner's result, tag and terminator */
    replay(&s,
           "[Variant \"Chess\"][White \"A\"][Result \"*\"]\n"
           "1. f3 e5 2. g4 Qh4# *\n",
           edits, -1);
    assert_string_equal(s.text,
                        "[Variant Chess][White A][Result 0-1] f3 e5 g4 Qh4# "
                        "0-1");
    assert_string_equal(notes.text,
                        "A: --fix-result: the result * becomes 0-1 (the game "
                        "ends in checkmate)|A: --fix-result: the Result tag "
                        "\"*\" becomes \"0-1\" (the game ends in checkmate)|");
    /* a terminator that disagrees with the tag wins; the game is valid */
    memset(&notes, 0, sizeof notes);
    replay(&s, "[Variant \"Chess\"][White \"B\"][Result \"1-0\"]\n1. e4 0-1\n",
           edits, -1);
    assert_string_equal(s.text, "[Variant Chess][White B][Result 0-1] e4 0-1");
    assert_string_equal(notes.text, "B: --fix-result: the Result tag \"1-0\" "
                                    "becomes \"0-1\" (its result says so)|");
    /* '*' whose tag is a result: the tag's */
    memset(&notes, 0, sizeof notes);
    replay(&s, "[Variant \"Chess\"][White \"C\"][Result \"1-0\"]\n1. e4 *\n",
           edits, -1);
    assert_string_equal(s.text, "[Variant Chess][White C][Result 1-0] e4 1-0");
    assert_string_equal(notes.text, "C: --fix-result: the result * becomes "
                                    "1-0 (its Result tag says so)|");
    /* nothing to fix: no note; a game broken before its end: left alone */
    memset(&notes, 0, sizeof notes);
    replay(&s, "[Variant \"Chess\"][White \"D\"][Result \"*\"]\n1. e4 *\n",
           edits, -1);
    assert_string_equal(s.text, "[Variant Chess][White D][Result *] e4 *");
    replay(&s, "[Variant \"Chess\"][White \"E\"][Result \"1-0\"]\n1. e5 0-1\n",
           edits, -1);
    assert_string_equal(s.text, "[Variant Chess][White E][Result 1-0] 0-1 "
                                "invalid");
    assert_string_equal(notes.text, "");
    rgn_edits_free(edits);
}

/* One call writes a recorded game numbered as asked, named by its input,
 * with the mark; number 0 and input NULL keep the writer's own. */
static void test_write_game(void **state)
{
    (void)state;
    rgn_game *game = rgn_game_new(NULL);
    assert_non_null(game);
    validator_options options = {
        .size = sizeof options, .sink = rgn_game_recorder(), .sink_user = game};
    /* the input's name, which the game keeps and its replay sends */
    rgn_game_recorder()->input(game, "in.rgn");
    seen_validate(&options, GAME);
    char *data = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&data, &size);
    assert_non_null(out);
    rgn_writer_options writer_options = {.size = sizeof writer_options,
                                         .format = RGN_FORMAT_RGN};
    rgn_writer *writer = rgn_writer_new(&writer_options, out, NULL);
    assert_non_null(writer);
    rgn_edits *edits = rgn_edits_new(NULL);
    assert_non_null(edits);
    assert_int_equal(rgn_edits_set_tag(edits, "White=Anna", NULL), 0);
    rgn_error error = {0};
    assert_int_equal(rgn_writer_write_game(writer, game, 7, edits, 3, &error),
                     0);
    assert_int_equal(rgn_writer_write_game(writer, game, 0, NULL, -1, &error),
                     0);
    assert_int_equal(rgn_writer_finish(writer, NULL), 0);
    rgn_writer_free(writer);
    assert_int_equal(fclose(out), 0);
    /* canonical RGN: the roster filled, White set, the mark after ply 3
     * (its comment wrapped at 80 columns); the second game as recorded */
    const char *roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
                         "[Round \"?\"]\n";
    const char *moves =
        "1. e4 $1 {[%clk 0:01:00]} 1... e5 (1... c5 {sicilian}) "
        "2. Nf3";
    char want[1024];
    snprintf(want, sizeof want,
             "%s[White \"Anna\"]\n[Black \"?\"]\n[Result \"1-0\"]\n"
             "[Variant \"Chess\"]\n\n%s {rgn: matched\nhere} *\n\n"
             "%s[White \"Tal, M\"]\n[Black \"?\"]\n[Result \"1-0\"]\n"
             "[Variant \"Chess\"]\n\n%s *\n\n",
             roster, moves, roster, moves);
    assert_string_equal(data, want);
    free(data);
    /* the number and the input's name, where JSON writes them */
    data = NULL;
    out = open_memstream(&data, &size);
    assert_non_null(out);
    writer_options.format = RGN_FORMAT_JSON;
    writer = rgn_writer_new(&writer_options, out, NULL);
    assert_non_null(writer);
    assert_int_equal(rgn_writer_write_game(writer, game, 7, NULL, -1, NULL), 0);
    assert_int_equal(rgn_writer_write_game(writer, game, 0, NULL, -1, NULL), 0);
    assert_int_equal(rgn_writer_finish(writer, NULL), 0);
    rgn_writer_free(writer);
    assert_int_equal(fclose(out), 0);
    assert_memory_equal(data, "{\"game\":7,\"file\":\"in.rgn\",", 26);
    const char *second = strchr(data, '\n');
    assert_non_null(second);
    assert_memory_equal(second + 1, "{\"game\":8,\"file\":\"in.rgn\",", 26);
    free(data);
    rgn_edits_free(edits);
    rgn_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_no_edits),
        cmocka_unit_test(test_mark),
        cmocka_unit_test(test_strip),
        cmocka_unit_test(test_strip_clocks),
        cmocka_unit_test(test_tags),
        cmocka_unit_test(test_rename_players),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_fen_comments),
        cmocka_unit_test(test_fix_result),
        cmocka_unit_test(test_write_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
