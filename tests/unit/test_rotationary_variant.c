/*
 * test_rotationary_variant.c - Rotationary and Rotationary Wrap through the
 * public API: the worked examples of rgn-rotationary(7) (expected
 * position strings worked out by hand from the table's chains), move
 * counts, the solved status and the move numbering of a solitaire.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "position_at.h"
#include "rgn.h"

static const char *const example = "lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN";

static rgn_move resolve(rgn_position *pos, const char *text)
{
    rgn_move move;
    unsigned warnings = 0;
    enum rgn_problem problem;
    rgn_error err;
    assert_int_equal(rgn_san_resolve(pos, text, strlen(text), &move, &warnings,
                                     &problem, &err),
                     0);
    assert_int_equal(warnings, 0);
    return move;
}

static void test_worked_examples(void **state)
{
    (void)state;
    static const struct {
        const char *variant, *move, *after;
    } rows[] = {
        /* b3>S b2>W a2>S */
        {"Rotationary", "b3+", "lEsSmNsW/sNmS1lN/mSlWsNmN/lWsElNmN"},
        /* a4>S a3>E b3>S b2>W */
        {"Rotationary", "a4+", "lSsSmNsW/sEmS1lN/mElWsNmN/lWsElNmN"},
        /* c2>E d2>E */
        {"Rotationary", "c2+", "lEsSmNsW/sNmE1lN/mElSsEmE/lWsElNmN"},
        /* d3>W */
        {"Rotationary", "d3-", "lEsSmNsW/sNmE1lW/mElSsNmN/lWsElNmN"},
        /* a1>S */
        {"Rotationary", "a1-", "lEsSmNsW/sNmE1lN/mElSsNmN/lSsElNmN"},
        /* c4>W b4>E c4>S */
        {"Rotationary", "c4-", "lEsEmSsW/sNmE1lN/mElSsNmN/lWsElNmN"},
        /* d3>W b3>N b4>E c4>W */
        {"Rotationary Wrap", "d3-", "lEsEmWsW/sNmN1lW/mElSsNmN/lWsElNmN"},
        /* a1>S a4>N a1>E b1>N */
        {"Rotationary Wrap", "a1-", "lNsSmNsW/sNmE1lN/mElSsNmN/lEsNlNmN"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        rgn_position *pos = position_at(rows[i].variant, example);
        rgn_move m = resolve(pos, rows[i].move);
        char text[8];
        rgn_move_san(pos, m, text, sizeof text);
        assert_string_equal(text, rows[i].move);
        rgn_position_play(pos, m);
        char fen[80];
        rgn_position_fen(pos, fen, sizeof fen);
        assert_string_equal(fen, rows[i].after);
        /* a solitaire counts every move and keeps White to move */
        assert_int_equal(rgn_position_fullmove(pos), 2);
        assert_int_equal(rgn_position_side(pos), RGN_WHITE);
        rgn_position_free(pos);
    }
}

static void test_moves_and_status(void **state)
{
    (void)state;
    rgn_position *pos = position_at("Rotationary", example);
    rgn_move moves[RGN_MAX_MOVES];
    assert_int_equal(rgn_position_legal_moves(pos, moves), 30);
    assert_int_equal(rgn_position_status(pos), RGN_ONGOING);
    assert_false(rgn_position_in_check(pos));
    /* its perft counts are in tests/perft/rotationary.txt */
    rgn_position_free(pos);

    pos = position_at("Rotationary", "lNlNlNlN/lNmNmNmN/mNmN1sN/sNsNsNsN");
    assert_int_equal(rgn_position_legal_moves(pos, moves), 0);
    assert_int_equal(rgn_position_status(pos), RGN_SOLVED);
    rgn_position_free(pos);

    /* c1 faces W; c1+ turns it N, where the empty c2 stops the chain */
    pos = position_at("Rotationary", "lNlNlNlN/lNmNmNmN/mNmN1sN/sNsNsWsN");
    rgn_position_play(pos, resolve(pos, "c1+"));
    assert_int_equal(rgn_position_status(pos), RGN_SOLVED);
    assert_int_equal(rgn_position_count_moves(pos), 0);
    rgn_position_free(pos);
}

static void test_rejected_strings(void **state)
{
    (void)state;
    rgn_position *pos = position_at("Rotationary", example);
    rgn_error err;
    /* '.' for the empty cell, at column 14 */
    assert_int_equal(
        rgn_position_set_fen(pos, "lEsSmNsW/sNmE.lN/mElSsNmN/lWsElNmN", &err),
        -1);
    assert_int_equal(err.column, 14);
    /* six large pieces, four medium */
    assert_int_equal(
        rgn_position_set_fen(pos, "lNlNlNlN/lNlNmNmN/mNmN1sN/sNsNsNsN", &err),
        -1);
    rgn_position_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_examples),
        cmocka_unit_test(test_moves_and_status),
        cmocka_unit_test(test_rejected_strings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
