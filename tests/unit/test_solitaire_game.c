/*
 * test_solitaire_game.c - the games the solitaire tools take
 * (rgn_rotationary_knows) and a recorded Rotationary game played to its
 * end for them (rgn_rotationary_game_end): the end of its main line
 * under its own rules or the other ones; a game not played whole; the
 * failures.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"
#include "unit_helpers.h"

#define SET_UP "lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN"
#define HEAD "[Variant \"Rotationary\"]\n[SetUp \"1\"]\n"

/* The first game of text, pulled; *games to close. */
static const rgn_game *first_game(rgn_games **games, const char *text)
{
    return unit_first_game(games, "game.rgn", text);
}

static void test_games_known(void **state)
{
    (void)state;
    assert_true(rgn_rotationary_knows(rgn_variant_find("Rotationary")));
    assert_true(rgn_rotationary_knows(rgn_variant_find("Rotationary Wrap")));
    assert_false(rgn_rotationary_knows(rgn_variant_find("Chess")));
    assert_false(rgn_rotationary_knows(rgn_variant_find("Rotary")));
    assert_false(rgn_rotationary_knows(NULL));
}

static void test_end_of_the_main_line(void **state)
{
    (void)state;
    rgn_games *games;
    /* samples/rotationary-abandoned.rgn, with a variation that is not
     * played */
    const rgn_game *game = first_game(
        &games, HEAD "[FEN \"" SET_UP "\"]\n\n"
                     "1. b3+ 2. a1- (2. a1+) 3. c4- {Given up here.} *\n");
    rgn_position *end = rgn_position_new(rgn_variant_find("Chess"), NULL);
    assert_non_null(end);
    rgn_error error;
    assert_int_equal(rgn_rotationary_game_end(game, NULL, end, &error), 0);
    /* read by hand from the diagram of its last ply
     * (tests/e2e/diagram/rotationary_chain.out) */
    char fen[128];
    rgn_position_fen(end, fen, sizeof fen);
    assert_string_equal(fen, "lEsEmSsW/sNmS1lN/mSlWsNmN/lSsElNmN");
    assert_ptr_equal(rgn_position_variant(end),
                     rgn_variant_find("Rotationary"));

    const rgn_variant *wrap = rgn_variant_find("Rotationary Wrap");
    assert_int_equal(rgn_rotationary_game_end(game, wrap, end, &error), 0);
    assert_ptr_equal(rgn_position_variant(end), wrap);
    rgn_position_free(end);
    rgn_games_close(games);
}

static void test_games_not_played_whole(void **state)
{
    (void)state;
    rgn_position *end = rgn_position_new(rgn_variant_default(), NULL);
    assert_non_null(end);
    rgn_games *games;
    rgn_error error;
    /* an illegal move (there is no rank 5) */
    const rgn_game *game =
        first_game(&games, HEAD "[FEN \"" SET_UP "\"]\n\n1. b3+ 2. a5+ *\n");
    assert_int_equal(rgn_rotationary_game_end(game, NULL, end, &error), 1);
    rgn_games_close(games);
    /* a position string that is none: no start */
    game = first_game(&games, HEAD "[FEN \"no position\"]\n\n*\n");
    assert_int_equal(rgn_rotationary_game_end(game, NULL, end, &error), 1);
    rgn_games_close(games);
    /* a result the game contradicts, after all its moves: played whole */
    game = first_game(&games, HEAD "[FEN \"" SET_UP "\"]\n\n1. b3+ 1-0\n");
    assert_non_null(rgn_game_error(game));
    assert_int_equal(rgn_rotationary_game_end(game, NULL, end, &error), 0);
    rgn_games_close(games);
    rgn_position_free(end);
}

static void test_failures(void **state)
{
    (void)state;
    rgn_position *end = rgn_position_new(rgn_variant_default(), NULL);
    assert_non_null(end);
    rgn_games *games;
    rgn_error error;
    const rgn_game *game = first_game(&games, "[Variant \"Chess\"]\n\n"
                                              "1. e4 e5 *\n"
                                              "\n"
                                              "[Variant \"Chess\"]\n\n"
                                              "1. d4 *\n");
    assert_int_equal(rgn_rotationary_game_end(game, NULL, end, &error), -1);
    assert_string_equal(error.message,
                        "game 1 is Chess, not Rotationary (its Variant tag)");
    assert_int_equal(rgn_games_next(games, &game, &error), 1);
    assert_int_equal(rgn_rotationary_game_end(game, NULL, end, &error), -1);
    assert_string_equal(error.message,
                        "game 2 is Chess, not Rotationary (its Variant tag)");
    rgn_games_close(games);
    /* what made it that game: the default, or its file's name */
    game = first_game(&games, "1. e4 *\n");
    assert_int_equal(rgn_rotationary_game_end(game, NULL, end, &error), -1);
    assert_string_equal(error.message,
                        "game 1 is Rotary, not Rotationary (no Variant tag)");
    rgn_games_close(games);
    games = rgn_games_open_memory("game.pgn", "1. e4 *\n", 7, NULL, &error);
    assert_non_null(games);
    assert_int_equal(rgn_games_next(games, &game, &error), 1);
    assert_int_equal(rgn_rotationary_game_end(game, NULL, end, &error), -1);
    assert_string_equal(error.message,
                        "game 1 is Chess, not Rotationary (no Variant tag)");
    rgn_games_close(games);
    static const char tagged[] = "[Variant \"Chess\"]\n\n1. e4 *\n";
    games =
        rgn_games_open_memory("game.pgn", tagged, strlen(tagged), NULL, &error);
    assert_non_null(games);
    assert_int_equal(rgn_games_next(games, &game, &error), 1);
    assert_int_equal(rgn_rotationary_game_end(game, NULL, end, &error), -1);
    assert_string_equal(error.message, "game 1 is Chess, not Rotationary (its "
                                       "Variant tag or its file's name)");
    rgn_games_close(games);

    game = first_game(&games, HEAD "[FEN \"" SET_UP "\"]\n\n1. b3+ *\n");
    assert_int_equal(
        rgn_rotationary_game_end(game, rgn_variant_find("Chess"), end, &error),
        -1);
    assert_string_equal(error.message, "the solitaire tools know Rotationary "
                                       "and Rotationary Wrap, not Chess");
    rgn_games_close(games);
    rgn_position_free(end);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_games_known),
        cmocka_unit_test(test_end_of_the_main_line),
        cmocka_unit_test(test_games_not_played_whole),
        cmocka_unit_test(test_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
