/*
 * test_perft_divide.c - perft divided by the first move (rules/perft.c,
 * rgn_perft_divide): chess's start at depths 1 and 3 against the
 * published counts of each first move (the chessprogramming wiki's perft
 * results, as every engine's "divide" gives them), in the order of the
 * coordinates; the position left as it was; a finished game; depth 0
 * refused.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "position_at.h"

static rgn_perft_move moves[RGN_MAX_MOVES];

static void chess_start(void **state)
{
    (void)state;
    static const struct {
        const char *coord;
        uint64_t depth3;
    } expected[] = {
        {"a2a3", 380}, {"a2a4", 420}, {"b1a3", 400}, {"b1c3", 440},
        {"b2b3", 420}, {"b2b4", 421}, {"c2c3", 420}, {"c2c4", 441},
        {"d2d3", 539}, {"d2d4", 560}, {"e2e3", 599}, {"e2e4", 600},
        {"f2f3", 380}, {"f2f4", 401}, {"g1f3", 440}, {"g1h3", 400},
        {"g2g3", 420}, {"g2g4", 421}, {"h2h3", 380}, {"h2h4", 420},
    };
    rgn_position *pos = position_at("chess", NULL);
    char before[128], after[128];
    rgn_position_fen(pos, before, sizeof before);
    rgn_error error;
    assert_int_equal(rgn_perft_divide(pos, 1, moves, &error), 20);
    for (int i = 0; i < 20; i++) {
        assert_string_equal(moves[i].coord, expected[i].coord);
        assert_true(moves[i].count == 1);
    }
    assert_int_equal(rgn_perft_divide(pos, 3, moves, &error), 20);
    uint64_t total = 0;
    for (int i = 0; i < 20; i++) {
        assert_string_equal(moves[i].coord, expected[i].coord);
        assert_true(moves[i].count == expected[i].depth3);
        /* the move is the one its coordinates name */
        char coord[32];
        rgn_move_coord(pos, moves[i].move, coord, sizeof coord);
        assert_string_equal(coord, expected[i].coord);
        total += moves[i].count;
    }
    assert_true(total == 8902);
    rgn_position_fen(pos, after, sizeof after);
    assert_string_equal(after, before);
    rgn_position_free(pos);
}

static void game_over_and_depth_zero(void **state)
{
    (void)state;
    /* fool's mate: White is mated, no move is left */
    rgn_position *pos = position_at(
        "chess",
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    rgn_error error;
    assert_int_equal(rgn_perft_divide(pos, 2, moves, &error), 0);
    assert_int_equal(rgn_perft_divide(pos, 0, moves, &error), -1);
    assert_string_equal(error.message, "perft divides from depth 1, not 0");
    assert_int_equal(rgn_perft_divide(pos, -3, moves, NULL), -1);
    rgn_position_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chess_start),
        cmocka_unit_test(game_over_and_depth_zero),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
