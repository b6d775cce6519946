/*
 * test_rotary_san.c - move texts: the round trip over random playouts, the
 * writer's disambiguation, and each error and lenient reading of
 * rgn(5), What rgn accepts, and what it rejects, with its message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"

static rgn_position *from_fen(const char *fen)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
    assert_non_null(pos);
    rgn_error err;
    if (fen && rgn_position_set_fen(pos, fen, &err) != 0)
        fail_msg("bad test position %s: %s", fen, err.message);
    return pos;
}

static uint64_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return *state >> 33;
}

/* Writing SAN then reading it back gives the same move, exactly (no
 * warning); LAN reads back as the same move with the long-form warning. */
static void test_round_trip_over_playouts(void **state)
{
    (void)state;
    uint64_t seed = 99;
    rgn_move moves[RGN_MAX_MOVES];
    int checked = 0;
    for (int game = 0; game < 12; game++) {
        rgn_position *pos = from_fen(NULL);
        for (int ply = 0; ply < 120; ply++) {
            int n = rgn_position_legal_moves(pos, moves);
            if (n == 0)
                break;
            for (int i = 0; i < n; i++) {
                char san[64], lan[64];
                rgn_move_san(pos, moves[i], san, sizeof san);
                rgn_move got;
                unsigned warnings = 99;
                enum rgn_problem problem;
                rgn_error err;
                if (rgn_san_resolve(pos, san, strlen(san), &got, &warnings,
                                    &problem, &err) != 0)
                    fail_msg("%s does not read back: %s", san, err.message);
                assert_true(rgn_move_equal(got, moves[i]));
                assert_int_equal(warnings, 0);
                rgn_move_lan(pos, moves[i], lan, sizeof lan);
                assert_int_equal(rgn_san_resolve(pos, lan, strlen(lan), &got,
                                                 &warnings, &problem, &err),
                                 0);
                assert_true(rgn_move_equal(got, moves[i]));
                checked++;
            }
            rgn_position_play(pos, moves[next_random(&seed) % (uint64_t)n]);
        }
        rgn_position_free(pos);
    }
    assert_true(checked > 100000);
}

static void expect_san(rgn_position *pos, const char *coord, const char *san)
{
    rgn_move moves[RGN_MAX_MOVES];
    int n = rgn_position_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        char text[32];
        rgn_move_coord(pos, moves[i], text, sizeof text);
        if (strcmp(text, coord) == 0) {
            rgn_move_san(pos, moves[i], text, sizeof text);
            assert_string_equal(text, san);
            return;
        }
    }
    fail_msg("no legal move %s", coord);
}

/* White Trident d9 facing E (slides E to f9) and Trident f8 facing N
 * (steps N to f9), both keeping their sets: Tdf9 of rgn(5), Moves. */
#define TRIDENTS "3T>E5/5T>N3/9/9/9/9/9/8k>N/K>N8 w 0 1"

static void test_writer_disambiguates(void **state)
{
    (void)state;
    rgn_position *pos = from_fen(TRIDENTS);
    expect_san(pos, "d9f9", "Tdf9");
    expect_san(pos, "f8f9", "Tff9");
    expect_san(pos, "f8f9e", "Tf9>E"); /* the slide from d9 keeps E: no rival */
    rgn_position_free(pos);

    pos = from_fen(NULL);
    expect_san(pos, "e3e4", "e4");
    expect_san(pos, "b2b2ne", "Sb2>NE");
    expect_san(pos, "a1a2", "Ra2");
    expect_san(pos, "e2d1n", "Kd1>N");
    rgn_position_free(pos);

    /* promotion with its orientation, and mate by promotion: Black King
     * a9 facing N is boxed by its own pawns on a8 and b8? No: the pawns
     * stand on a7/b7; e8-e9=Q>N attacks along rank 9. */
    pos = from_fen("k>N8/pp7/9/9/9/9/9/9/4K>N4 w 0 1");
    rgn_position_free(pos);
    pos = from_fen("k>N8/pp2P4/9/9/9/9/9/9/4K>N4 w 0 1");
    expect_san(pos, "e8e9qn", "e9=Q>N#");
    expect_san(pos, "e8e9qne", "e9=Q>NE");
    rgn_position_free(pos);
}

static void expect_error(const char *fen, const char *text,
                         enum rgn_problem want, const char *message)
{
    rgn_position *pos = from_fen(fen);
    rgn_move move;
    unsigned warnings;
    enum rgn_problem problem;
    rgn_error err = {0, ""};
    assert_int_equal(rgn_san_resolve(pos, text, strlen(text), &move, &warnings,
                                     &problem, &err),
                     -1);
    assert_string_equal(rgn_problem_code(problem), rgn_problem_code(want));
    assert_string_equal(err.message, message);
    rgn_position_free(pos);
}

static void expect_warnings(const char *fen, const char *text,
                            const char *coord, unsigned want)
{
    rgn_position *pos = from_fen(fen);
    rgn_move move;
    unsigned warnings;
    enum rgn_problem problem;
    rgn_error err = {0, ""};
    if (rgn_san_resolve(pos, text, strlen(text), &move, &warnings, &problem,
                        &err) != 0)
        fail_msg("%s: %s", text, err.message);
    char got[32];
    rgn_move_coord(pos, move, got, sizeof got);
    assert_string_equal(got, coord);
    if (warnings != want)
        fail_msg("%s: warnings %#x, expected %#x", text, warnings, want);
    rgn_position_free(pos);
}

static void test_errors(void **state)
{
    (void)state;
    /* coordinates name a legal move, or say why none */
    expect_error(NULL, "e3e6", RGN_E_UNMATCHED,
                 "'e3e6' is not a legal move: no White pawn can go to e6");
    expect_error(NULL, "e4e5", RGN_E_UNMATCHED,
                 "'e4e5' is not a legal move: there is no White piece on e4");
    expect_error(NULL, "b2b6ne", RGN_E_UNMATCHED,
                 "'b2b6ne' is not a legal move: the path of the Scythe from b2 "
                 "to b6 is blocked at b3");
    expect_error(NULL, "e4>N", RGN_E_ORIENTATION_NOT_ALLOWED,
                 "'e4>N': a pawn has no orientation");
    expect_error(NULL, "Zb3", RGN_E_MOVE_SYNTAX,
                 "'Z' is not a piece letter of Rotary");
    expect_error(NULL, "Rb2>XY", RGN_E_MOVE_SYNTAX,
                 "'XY' is not a direction (N NE E SE S SW W NW)");
    expect_error(TRIDENTS, "Tf9", RGN_E_AMBIGUOUS,
                 "'Tf9' is ambiguous: it could be Tdf9, Tff9");
    /* the initial position: the rook on a1 faces N (moves N, W, E) */
    expect_error(NULL, "Ra4", RGN_E_UNMATCHED,
                 "'Ra4' is not a legal move: the path of the Rook from a1 to "
                 "a4 is blocked at a3");
    expect_error(NULL, "Rb2", RGN_E_UNMATCHED,
                 "'Rb2' is not a legal move: the Rook on a1 does not move NE "
                 "with its orientation N");
    expect_error(NULL, "Qe4", RGN_E_UNMATCHED,
                 "'Qe4' is not a legal move: there is no White Queen");
    expect_error(NULL, "Ra1>N", RGN_E_NULL_ROTATION,
                 "'Ra1>N' is not a legal move: the Rook on a1 already has the "
                 "direction set of N; a rotation must change it");
    expect_error(NULL, "Ra1", RGN_E_UNMATCHED,
                 "'Ra1' is not a legal move: a rotation in place must name the "
                 "new orientation, as in Ra1>NE");
    /* a lone Rook on e5 facing N, Kings far away */
    expect_error("k>N8/9/9/9/4R>N4/9/9/9/8K>N b 0 1", "Kb7", RGN_E_UNMATCHED,
                 "'Kb7' is not a legal move: no Black King can go to b7");
    expect_error("k>N8/9/9/9/4R>N4/9/9/9/8K>N w 0 1", "Re8>E", RGN_E_UNMATCHED,
                 "'Re8>E' is not a legal move: a slide cannot rotate the Rook "
                 "(only a Scythe turns after a slide)");
    expect_error("k>N8/9/9/9/4R>N4/9/9/9/6K>N2 w 0 1", "Kg3", RGN_E_UNMATCHED,
                 "'Kg3' is not a legal move: a King moves one square; it "
                 "cannot slide");
    /* White King e1 checked by a Black rook on e9 facing S */
    expect_error("k>N3r>S4/9/9/9/A>E8/9/9/9/4K>N4 w 0 1", "Aa5>NE",
                 RGN_E_UNMATCHED,
                 "'Aa5>NE' is not a legal move: the White King is in check "
                 "and a rotation never answers a check");
    expect_error("k>N3r>S4/9/9/9/A>E8/9/9/9/4K>N4 w 0 1", "Ac5",
                 RGN_E_UNMATCHED,
                 "'Ac5' is not a legal move: the White King is in check and "
                 "this move does not answer it");
    /* the White Axe on e2 facing N is pinned by the Rook on e9 */
    expect_error("k>N3r>S4/9/9/9/9/9/9/4A>N4/4K>N4 w 0 1", "Ad3",
                 RGN_E_UNMATCHED,
                 "'Ad3' is not a legal move: the move would leave the White "
                 "King attacked");
    expect_error("k>N8/4P4/9/9/9/9/9/9/4K>N4 w 0 1", "e9", RGN_E_UNMATCHED,
                 "'e9' is not a legal move: a pawn reaching the last rank must "
                 "promote (=Q>N or =Q>NE)");
    expect_error("k>N8/4P4/9/9/9/9/9/9/4K>N4 w 0 1", "e9=Q",
                 RGN_E_PROMOTION_ORIENTATION,
                 "'e9=Q': a promotion must name the new piece's orientation, "
                 "as in =Q>N");
    expect_error(NULL, "e4=Q>N", RGN_E_UNMATCHED,
                 "'e4=Q>N' is not a legal move: a pawn promotes only on its "
                 "7th, 8th or 9th rank");
    expect_error(NULL, "e5", RGN_E_UNMATCHED,
                 "'e5' is not a legal move: no White pawn can go to e5");
}

#define W(problem) RGN_WARNING_BIT(problem)

static void test_lenient_readings(void **state)
{
    (void)state;
    expect_warnings(NULL, "e3-e4", "e3e4", W(RGN_W_LONG_FORM));
    expect_warnings(NULL, "Ra1-a2", "a1a2", W(RGN_W_LONG_FORM));
    expect_warnings(NULL, "Raa2", "a1a2", W(RGN_W_SURPLUS_DISAMBIGUATION));
    expect_warnings(NULL, "R1a2", "a1a2", W(RGN_W_SURPLUS_DISAMBIGUATION));
    expect_warnings(NULL, "Rxa2", "a1a2", W(RGN_W_SURPLUS_CAPTURE_MARK));
    expect_warnings(NULL, "Ra2+", "a1a2", W(RGN_W_SURPLUS_CHECK_MARK));
    expect_warnings(NULL, "Ra2#", "a1a2", W(RGN_W_MATE_MARK_WITHOUT_MATE));
    expect_warnings(NULL, "Ra2>N", "a1a2", W(RGN_W_UNCHANGED_ORIENTATION));
    expect_warnings(NULL, "Sb2>ne", "b2b2ne", 0); /* lower case is fine */
    /* White pawn d4, Black pawn e5 */
    const char *pawns = "k>N8/9/9/9/4p4/3P5/9/9/K>N8 w 0 1";
    expect_warnings(pawns, "de5", "d4e5", W(RGN_W_PAWN_CAPTURE_WITHOUT_X));
    expect_warnings(pawns, "d4xe5", "d4e5", W(RGN_W_LONG_FORM));
    expect_warnings(pawns, "dxe5", "d4e5", 0);
    /* a Rook on e5 captures the Rook on e8 (no x), gives check along e */
    const char *rooks = "4k>N4/4r>N4/9/9/4R>N4/9/9/9/K>N8 w 0 1";
    expect_warnings(rooks, "Re8", "e5e8",
                    W(RGN_W_MISSING_CAPTURE_MARK) |
                        W(RGN_W_MISSING_CHECK_MARK));
    expect_warnings(rooks, "Rxe8+", "e5e8", 0);
    const char *mate = "k>N8/pp2P4/9/9/9/9/9/9/4K>N4 w 0 1";
    expect_warnings(mate, "e9=Q>N+", "e8e9qn", W(RGN_W_CHECK_MARK_ON_MATE));
    expect_warnings(mate, "e9=Q>N", "e8e9qn", W(RGN_W_MISSING_CHECK_MARK));
    /* what engines and older programs write: coordinates (which carry
     * no check mark, so none is missing) and promotions without '=' */
    expect_warnings(NULL, "e3e4", "e3e4", W(RGN_W_COORDINATE_FORM));
    expect_warnings(NULL, "b2b2NE", "b2b2ne", W(RGN_W_COORDINATE_FORM));
    expect_warnings(mate, "e8e9qn", "e8e9qn", W(RGN_W_COORDINATE_FORM));
    expect_warnings(mate, "e8e9QN", "e8e9qn", W(RGN_W_COORDINATE_FORM));
    expect_warnings(mate, "e9Q>N#", "e8e9qn",
                    W(RGN_W_PROMOTION_WITHOUT_EQUALS));
    expect_warnings(mate, "e9(Q)>N#", "e8e9qn",
                    W(RGN_W_PROMOTION_WITHOUT_EQUALS));
    expect_warnings(mate, "e9/Q>N#", "e8e9qn",
                    W(RGN_W_PROMOTION_WITHOUT_EQUALS));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_over_playouts),
        cmocka_unit_test(test_writer_disambiguates),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_lenient_readings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
