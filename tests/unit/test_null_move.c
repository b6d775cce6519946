/*
 * test_null_move.c - the null move of every two-player game (rgn(5),
 * Moves), through the public API: read from its texts where the rules
 * allow it, played and taken back exactly, written as "--" and "0000".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "position_at.h"

static int resolve(rgn_position *pos, const char *text, rgn_move *move,
                   enum rgn_problem *problem)
{
    unsigned warnings = 0;
    rgn_error err = {0, ""};
    int r = rgn_san_resolve(pos, text, strlen(text), move, &warnings, problem,
                            &err);
    if (r == 0)
        assert_int_equal(warnings, 0);
    return r;
}

/* In each game of two players: the turn passes, the en passant square
 * goes, the clocks count it; taking it back gives the position again. */
static void check_pass(const char *variant, const char *fen, const char *after)
{
    rgn_position *pos = position_at(variant, fen);
    char before_fen[256], text[256];
    rgn_position_fen(pos, before_fen, sizeof before_fen);
    uint64_t key = rgn_position_key(pos);
    static const char *const texts[] = {"--", "Z0", "@@@@"};
    for (size_t i = 0; i < 3; i++) {
        rgn_move move;
        enum rgn_problem problem;
        assert_int_equal(resolve(pos, texts[i], &move, &problem), 0);
        assert_true(rgn_move_is_null(move));
        rgn_move_san(pos, move, text, sizeof text);
        assert_string_equal(text, "--");
        rgn_move_lan(pos, move, text, sizeof text);
        assert_string_equal(text, "--");
        rgn_move_coord(pos, move, text, sizeof text);
        assert_string_equal(text, "0000");
        rgn_played played;
        rgn_position_play_undoable(pos, move, &played);
        rgn_position_fen(pos, text, sizeof text);
        assert_string_equal(text, after);
        assert_true(rgn_position_key(pos) != key);
        rgn_position_undo(pos, &played);
        rgn_position_fen(pos, text, sizeof text);
        assert_string_equal(text, before_fen);
        assert_true(rgn_position_key(pos) == key);
    }
    rgn_position_free(pos);
}

static void test_passes_the_turn(void **state)
{
    (void)state;
    check_pass("chess",
               "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
               "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4");
    check_pass("rotary", NULL,
               "r>S7r>S/1s>Na>St>Nk>NEt>Na>Ss>N1/ppppppppp/9/9/9/PPPPPPPPP/"
               "1S>NA>NT>SK>NET>SA>NS>N1/R>N7R>N b 1 1");
    check_pass("rollerball", NULL,
               "2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2 b 0 0 1 1");
}

/* Where the rules allow none: in check, after the end, in a solitaire. */
static void test_refused(void **state)
{
    (void)state;
    rgn_move move;
    enum rgn_problem problem;
    rgn_position *pos = position_at(
        "chess",
        "rnbqkbnr/ppppp2p/5p2/6pQ/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 3");
    assert_int_equal(resolve(pos, "--", &move, &problem), -1);
    assert_string_equal(rgn_problem_code(problem), "move-after-end");
    rgn_position_free(pos);
    pos = position_at(
        "chess",
        "rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2");
    assert_int_equal(resolve(pos, "--", &move, &problem), -1);
    assert_string_equal(rgn_problem_code(problem), "illegal-move");
    rgn_position_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_passes_the_turn),
        cmocka_unit_test(test_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
