/*
 * test_game_diagram.c - a recorded game drawn at a ply of its main line
 * (rgn_diagram_write_game): the move that led there marked, with the
 * chain it made (a Rotationary move turns the pieces it points at, which
 * a text diagram lists), the start drawn as its set-up is, the end for
 * ply -1, and the failures: no such ply, no start, options refused.
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
#include "unit_helpers.h"

#define SET_UP "lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN"
/* samples/rotationary-abandoned.rgn */
static const char abandoned[] = "[Variant \"Rotationary\"]\n"
                                "[SetUp \"1\"]\n"
                                "[FEN \"" SET_UP "\"]\n"
                                "\n"
                                "1. b3+ 2. a1- 3. c4- {Given up here.} *\n";

/* The first game of text, pulled; *games to close. */
static const rgn_game *first_game(rgn_games **games, const char *text)
{
    return unit_first_game(games, "game.rgn", text);
}

/* What a write gave (0 or -1 in *status), as a string to free. */
static char *drawn(const rgn_game *game, int ply,
                   const rgn_diagram_options *options, int *status,
                   rgn_error *error)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    *status = rgn_diagram_write_game(game, ply, options, out, error);
    assert_int_equal(fclose(out), 0);
    return text;
}

static void test_last_move_and_its_chain(void **state)
{
    (void)state;
    rgn_games *games;
    const rgn_game *game = first_game(&games, abandoned);
    rgn_diagram_options options = {.size = sizeof options};
    int status;
    char *third = drawn(game, 3, &options, &status, NULL);
    assert_int_equal(status, 0);
    /* c4- turns c4 to the west, where it points at b4, which turns east
     * and points back at c4, which turns on to the south */
    assert_non_null(
        strstr(third, "Last move [ ]: c4, turning c4>W b4>E c4>S.\n"));
    char *end = drawn(game, -1, &options, &status, NULL);
    assert_int_equal(status, 0);
    assert_string_equal(end, third);
    free(end);
    free(third);
    rgn_games_close(games);
}

static void test_start_is_the_set_up(void **state)
{
    (void)state;
    rgn_games *games;
    const rgn_game *game = first_game(&games, abandoned);
    rgn_diagram_options options = {.size = sizeof options,
                                   .format = RGN_DIAGRAM_SVG};
    int status;
    char *start = drawn(game, 0, &options, &status, NULL);
    assert_int_equal(status, 0);
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotationary"), NULL);
    assert_non_null(pos);
    assert_int_equal(rgn_position_set_fen(pos, SET_UP, NULL), 0);
    char *expected = rgn_diagram_render(pos, &options, NULL, NULL);
    assert_non_null(expected);
    assert_string_equal(start, expected);
    free(expected);
    rgn_position_free(pos);
    free(start);
    rgn_games_close(games);
}

static void test_failures(void **state)
{
    (void)state;
    rgn_games *games;
    const rgn_game *game = first_game(&games, abandoned);
    rgn_error error;
    int status;
    free(drawn(game, 4, NULL, &status, &error));
    assert_int_equal(status, -1);
    assert_string_equal(error.message, "no ply 4: the main line has 3");
    rgn_diagram_options sizeless = {.size = 0};
    free(drawn(game, 1, &sizeless, &status, &error));
    assert_int_equal(status, -1);
    assert_non_null(strstr(error.message, "rgn_diagram_options"));
    rgn_games_close(games);

    /* an error in its tags: the game never started */
    game = first_game(&games, "[Variant \"Rotationary\"]\n[SetUp \"1\"]\n"
                              "[FEN \"no position\"]\n\n*\n");
    free(drawn(game, 0, NULL, &status, &error));
    assert_int_equal(status, -1);
    assert_string_equal(error.message,
                        "game 1 has no start: an error in its tags");
    rgn_games_close(games);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_last_move_and_its_chain),
        cmocka_unit_test(test_start_is_the_set_up),
        cmocka_unit_test(test_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
