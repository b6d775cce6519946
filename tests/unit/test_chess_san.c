/*
 * test_chess_san.c - move texts of Chess and Rotary Chess through the
 * generic SAN code: castling, promotions, en passant, prefixes and
 * two-digit ranks (expected texts written by hand from the rules).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rgn.h"

static rgn_position *position(const char *variant, const char *fen)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find(variant), NULL);
    assert_non_null(pos);
    rgn_error err;
    if (fen && rgn_position_set_fen(pos, fen, &err) != 0)
        fail_msg("%s: %s", fen, err.message);
    return pos;
}

/* Resolves text and writes the move back: the canonical SAN and LAN. */
static void expect_text(rgn_position *pos, const char *text, const char *san,
                        const char *lan, unsigned warnings)
{
    rgn_move move;
    unsigned got_warnings;
    enum rgn_problem problem;
    rgn_error err;
    if (rgn_san_resolve(pos, text, strlen(text), &move, &got_warnings, &problem,
                        &err) != 0)
        fail_msg("%s: %s", text, err.message);
    assert_int_equal(got_warnings, warnings);
    char out[64];
    rgn_move_san(pos, move, out, sizeof out);
    assert_string_equal(out, san);
    rgn_move_lan(pos, move, out, sizeof out);
    assert_string_equal(out, lan);
}

static void expect_rejected(rgn_position *pos, const char *text,
                            enum rgn_problem expected, const char *words)
{
    rgn_move move;
    unsigned warnings;
    enum rgn_problem problem;
    rgn_error err;
    assert_int_equal(rgn_san_resolve(pos, text, strlen(text), &move, &warnings,
                                     &problem, &err),
                     -1);
    assert_int_equal(problem, expected);
    if (!strstr(err.message, words))
        fail_msg("%s: \"%s\" lacks \"%s\"", text, err.message, words);
}

static void test_castling_texts(void **state)
{
    (void)state;
    rgn_position *pos =
        position("Chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    expect_text(pos, "O-O", "O-O", "O-O", 0);
    expect_text(pos, "O-O-O", "O-O-O", "O-O-O", 0);
    /* zeros: read, with the warning of that lenient reading */
    expect_text(pos, "0-0", "O-O", "O-O",
                RGN_WARNING_BIT(RGN_W_CASTLING_WITH_ZEROS));
    expect_text(pos, "0-0-0", "O-O-O", "O-O-O",
                RGN_WARNING_BIT(RGN_W_CASTLING_WITH_ZEROS));
    /* a King's two-square move is not castling */
    expect_rejected(pos, "Kg1", RGN_E_UNMATCHED, "castling is written O-O");
    expect_rejected(pos, "Kc1", RGN_E_UNMATCHED, "castling is written O-O-O");
    rgn_position_free(pos);

    pos = position("Chess", "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1");
    expect_rejected(pos, "O-O", RGN_E_UNMATCHED, "White cannot castle O-O now");
    rgn_position_free(pos);

    /* a game without castling says so */
    pos = position("Rotary", NULL);
    expect_rejected(pos, "O-O", RGN_E_MOVE_SYNTAX, "Rotary has no castling");
    rgn_position_free(pos);

    pos = position("Rotary Chess",
                   "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQkq - 0 1");
    expect_text(pos, "O-O", "O-O", "O-O", 0);
    expect_text(pos, "O-O-O", "O-O-O", "O-O-O", 0);
    expect_rejected(pos, "Kk1", RGN_E_UNMATCHED, "castling is written O-O");
    expect_rejected(pos, "Kh3", RGN_E_UNMATCHED, "no White K can go to h3");
    rgn_position_free(pos);
}

static void test_promotion_and_en_passant_texts(void **state)
{
    (void)state;
    rgn_position *pos = position(
        "Rotary Chess", "3r2k5/4P7/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1");
    expect_text(pos, "e12=J", "e12=J", "e11-e12=J", 0);
    expect_text(pos, "exd12=W", "exd12=W", "e11xd12=W", 0);
    expect_text(pos, "e12=Q", "e12=Q+", "e11-e12=Q+",
                RGN_WARNING_BIT(RGN_W_MISSING_CHECK_MARK));
    expect_rejected(pos, "e12", RGN_E_UNMATCHED, "must promote");
    expect_rejected(pos, "e12=K", RGN_E_UNMATCHED,
                    "promotes to one of BRQTMLSCGWFJ");
    expect_rejected(pos, "e12=P", RGN_E_UNMATCHED, "promotes to one of");
    rgn_position_free(pos);

    pos = position("Chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    expect_text(pos, "exd6", "exd6", "e5xd6", 0);
    expect_text(pos, "ed6", "exd6", "e5xd6",
                RGN_WARNING_BIT(RGN_W_PAWN_CAPTURE_WITHOUT_X));
    rgn_position_free(pos);
    pos = position("Chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    expect_text(pos, "a8=Q+", "a8=Q+", "a7-a8=Q+", 0);
    expect_rejected(pos, "a8=T", RGN_E_UNMATCHED, "promotes to one of QRBN");
    rgn_position_free(pos);
}

static void test_prefixes_and_two_digit_ranks(void **state)
{
    (void)state;
    /* Rooks on a10 and a1 both reach a5: they share the file, so the rank
     * tells them apart */
    rgn_position *pos = position(
        "Rotary Chess", "6k5/12/R11/12/12/12/12/12/12/12/12/R5K5 w - - 0 1");
    expect_text(pos, "R10a5", "R10a5", "Ra10-a5", 0);
    expect_text(pos, "R1a5", "R1a5", "Ra1-a5", 0);
    expect_rejected(pos, "Ra5", RGN_E_AMBIGUOUS, "R10a5, R1a5");
    /* a Rook on a10 reaching l10 needs no prefix; the rank has two digits */
    expect_text(pos, "Rl10", "Rl10", "Ra10-l10", 0);
    expect_text(pos, "Ra10l10", "Rl10", "Ra10-l10",
                RGN_WARNING_BIT(RGN_W_SURPLUS_DISAMBIGUATION));
    rgn_position_free(pos);
    /* Four-Diamonds on b1 and d1 both reach c5 (1,4): the file */
    pos = position("Rotary Chess",
                   "6k5/12/12/12/12/12/12/12/12/12/12/1F1F2K5 w - - 0 1");
    expect_text(pos, "Fbc5", "Fbc5", "Fb1-c5", 0);
    rgn_position_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_castling_texts),
        cmocka_unit_test(test_promotion_and_en_passant_texts),
        cmocka_unit_test(test_prefixes_and_two_digit_ranks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
