/*
 * test_xbetza.c - the XBetza reader, modifier by modifier, and every
 * piece of Rotary Chess on an empty 12 x 12 board (counts from the moves
 * rgn-rotary-chess(7) gives each piece, worked out by hand).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "rules/engine/engine.h"

static xb_piece compile_ok(const char *text)
{
    xb_piece piece;
    rgn_error err = {0};
    int rc = xb_compile(text, &piece, &err);
    if (rc != 0)
        fail_msg("%s: %s", text, err.message);
    return piece;
}

static bool has_image(const xb_atom *atom, int file, int rank)
{
    for (int i = 0; i < atom->image_count; i++)
        if (atom->images[i].file == file && atom->images[i].rank == rank)
            return true;
    return false;
}

static void test_atoms_and_images(void **state)
{
    (void)state;
    /* clang-format off */
    static const struct { const char *text; int file, rank, images; } cases[] = {
        {"W", 0, 1, 4}, {"F", 1, 1, 4}, {"D", 0, 2, 4}, {"N", 1, 2, 8},
        {"A", 2, 2, 4}, {"G", 3, 3, 4}, {"Z", 2, 3, 8}, {"FX", 1, 4, 8},
        {"DX", 0, 5, 4},
    };
    /* clang-format on */
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        xb_piece p = compile_ok(cases[i].text);
        assert_int_equal(p.atom_count, 1);
        assert_int_equal(p.atoms[0].base.file, cases[i].file);
        assert_int_equal(p.atoms[0].base.rank, cases[i].rank);
        assert_int_equal(p.atoms[0].image_count, cases[i].images);
        assert_int_equal(p.atoms[0].range, 1);
        assert_int_equal(p.atoms[0].mode, XB_MOVE | XB_CAPTURE);
        assert_int_equal(p.atoms[0].flags, 0);
    }
}

static void test_riders_and_ranges(void **state)
{
    (void)state;
    xb_piece p = compile_ok("R");
    assert_int_equal(p.atom_count, 1);
    assert_int_equal(p.atoms[0].range, XB_UNLIMITED);
    assert_true(has_image(&p.atoms[0], 0, 1));
    p = compile_ok("B");
    assert_int_equal(p.atoms[0].range, XB_UNLIMITED);
    assert_true(has_image(&p.atoms[0], 1, 1));
    p = compile_ok("Q");
    assert_int_equal(p.atom_count, 2);
    assert_int_equal(p.atoms[1].range, XB_UNLIMITED);
    p = compile_ok("K");
    assert_int_equal(p.atom_count, 2);
    assert_int_equal(p.atoms[0].range, 1);
    assert_int_equal(p.atoms[0].image_count + p.atoms[1].image_count, 8);
    p = compile_ok("F3");
    assert_int_equal(p.atoms[0].range, 3);
    p = compile_ok("W12");
    assert_int_equal(p.atoms[0].range, 12);
}

static void test_direction_modifiers(void **state)
{
    (void)state;
    xb_piece p = compile_ok("fW");
    assert_int_equal(p.atoms[0].image_count, 1);
    assert_true(has_image(&p.atoms[0], 0, 1));
    p = compile_ok("bW");
    assert_int_equal(p.atoms[0].image_count, 1);
    assert_true(has_image(&p.atoms[0], 0, -1));
    p = compile_ok("sW");
    assert_int_equal(p.atoms[0].image_count, 2);
    assert_true(has_image(&p.atoms[0], 1, 0) && has_image(&p.atoms[0], -1, 0));
    p = compile_ok("vW");
    assert_int_equal(p.atoms[0].image_count, 2);
    assert_true(has_image(&p.atoms[0], 0, 1) && has_image(&p.atoms[0], 0, -1));
    p = compile_ok("lW");
    assert_int_equal(p.atoms[0].image_count, 1);
    assert_true(has_image(&p.atoms[0], -1, 0));
    p = compile_ok("rW");
    assert_int_equal(p.atoms[0].image_count, 1);
    assert_true(has_image(&p.atoms[0], 1, 0));
    p = compile_ok("fF");
    assert_int_equal(p.atoms[0].image_count, 2);
    assert_true(has_image(&p.atoms[0], 1, 1) && has_image(&p.atoms[0], -1, 1));
    /* oblique: s keeps the flat images, v the steep ones, f the forward */
    p = compile_ok("sN");
    assert_int_equal(p.atoms[0].image_count, 4);
    assert_true(has_image(&p.atoms[0], 2, 1) && has_image(&p.atoms[0], -2, -1));
    p = compile_ok("vN");
    assert_int_equal(p.atoms[0].image_count, 4);
    assert_true(has_image(&p.atoms[0], 1, 2) && has_image(&p.atoms[0], -1, -2));
    p = compile_ok("fN");
    assert_int_equal(p.atoms[0].image_count, 4);
    assert_false(has_image(&p.atoms[0], 1, -2));
    /* a pair narrows: forward and sideways */
    p = compile_ok("fsN");
    assert_int_equal(p.atoms[0].image_count, 2);
    assert_true(has_image(&p.atoms[0], 2, 1) && has_image(&p.atoms[0], -2, 1));
}

static void test_mode_and_flags(void **state)
{
    (void)state;
    xb_piece p = compile_ok("mA");
    assert_int_equal(p.atoms[0].mode, XB_MOVE);
    p = compile_ok("cF");
    assert_int_equal(p.atoms[0].mode, XB_CAPTURE);
    p = compile_ok("mcF");
    assert_int_equal(p.atoms[0].mode, XB_MOVE | XB_CAPTURE);
    p = compile_ok("iD");
    assert_int_equal(p.atoms[0].flags, XB_INITIAL);
    p = compile_ok("nD");
    assert_int_equal(p.atoms[0].flags, XB_NON_JUMPING);
    p = compile_ok("fceF");
    assert_int_equal(p.atoms[0].mode, XB_CAPTURE);
    assert_int_equal(p.atoms[0].flags, XB_EN_PASSANT);
    p = compile_ok("isO4");
    assert_int_equal(p.atoms[0].flags, XB_INITIAL | XB_CASTLING);
    assert_int_equal(p.atoms[0].castling_distance, 4);
    assert_int_equal(p.atoms[0].image_count, 2);
    assert_true(has_image(&p.atoms[0], 4, 0) && has_image(&p.atoms[0], -4, 0));
}

static void test_two_legs(void **state)
{
    (void)state;
    /* syafsW: a sideways step onto an empty square, then a diagonal
     * slide at 45 degrees to it (turns of one eighth either way) */
    xb_piece p = compile_ok("syafsW");
    assert_int_equal(p.atom_count, 1);
    const xb_atom *a = &p.atoms[0];
    assert_int_equal(a->flags, XB_BENT);
    assert_int_equal(a->image_count, 2);
    assert_true(has_image(a, 1, 0) && has_image(a, -1, 0));
    assert_int_equal(a->bend_turns, (1u << 1) | (1u << 7));
    assert_int_equal(a->bend_range, XB_UNLIMITED);
    /* without y the second leg is a single step */
    p = compile_ok("safsW");
    assert_int_equal(p.atoms[0].bend_range, 1);
    p = compile_ok("safW");
    assert_int_equal(p.atoms[0].bend_turns, 1u << 0);
    xb_vector east = {1, 0};
    xb_vector ne = xb_turn(east, 7), se = xb_turn(east, 1);
    assert_int_equal(ne.file, 1);
    assert_int_equal(ne.rank, 1);
    assert_int_equal(se.file, 1);
    assert_int_equal(se.rank, -1);
}

static void expect_rejected(const char *text, int column, const char *words)
{
    xb_piece piece;
    rgn_error err = {0};
    assert_int_equal(xb_compile(text, &piece, &err), -1);
    assert_int_equal(err.column, column);
    if (!strstr(err.message, words))
        fail_msg("%s: \"%s\" lacks \"%s\"", text, err.message, words);
}

static void test_rejections(void **state)
{
    (void)state;
    expect_rejected("H", 1, "unsupported XBetza atom 'H'");
    expect_rejected("WC", 2, "unsupported XBetza atom 'C'");
    expect_rejected("NX", 1, "unsupported extended atom 'NX'");
    expect_rejected("Wpx", 2, "unsupported XBetza modifier 'p'");
    expect_rejected("fs", 3, "without a piece atom");
    expect_rejected("nN", 1, "oblique");
    expect_rejected("O", 1, "needs a distance");
    expect_rejected("yW", 1, "'y' without 'a'");
    expect_rejected("aaW", 2, "only two legs");
    expect_rejected("sayN", 3, "must come before 'a'");
    expect_rejected("saN", 3, "steps only");
    expect_rejected("saW", 1, "needs direction modifiers");
    expect_rejected("W0", 2, "range of 0");
}

/* A game table with a bad piece string does not compile, and says which
 * piece and why. */
static void expect_game_rejected(const char *king, const char *rook,
                                 const char *words)
{
    static const char *xbetza[] = {NULL, NULL, NULL, "ifmnDfmWfceF"};
    xbetza[1] = king;
    xbetza[2] = rook;
    eng_game game = {"Test", 8,      8,
                     "?KRP", xbetza, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                     "R",    false};
    static eng_rules rules;
    rgn_error err;
    assert_int_equal(eng_compile(&rules, &game, &err), -1);
    if (!strstr(err.message, words))
        fail_msg("%s %s: \"%s\" lacks \"%s\"", king, rook, err.message, words);
}

static void test_game_rejections(void **state)
{
    (void)state;
    expect_game_rejected("KisO2H", "R",
                         "piece K \"KisO2H\": unsupported XBetza atom 'H'");
    expect_game_rejected("KsavsW", "R",
                         "a second leg of more than two directions");
    expect_game_rejected("KncA", "R",
                         "capturing non-jumping leaps are not supported");
    expect_game_rejected("KisO2", "RO2", "piece R: only the King castles (O)");
}

/* ------------------------------------------------------------------ */
/* Each piece from f6 on an otherwise empty board: Kings on l2 and a12,
 * on no line of any piece from f6. */

static int moves_from_f6(char letter, char *squares, size_t size)
{
    const eng_rules *r = eng_variant_rules(&rgn_rotary_chess_variant);
    char fen[128];
    snprintf(fen, sizeof fen,
             "k11/12/12/12/12/12/5%c6/12/12/12/11K/12 w - - 0 1", letter);
    eng_position pos = {.variant = &rgn_rotary_chess_variant};
    rgn_error err;
    if (eng_set_fen(&pos, fen, &err) < 0)
        fail_msg("%s: %s", fen, err.message);
    eng_move moves[RGN_MAX_MOVES];
    int n = eng_legal_moves(&pos, moves), count = 0;
    size_t used = 0;
    if (size)
        squares[0] = 0;
    for (int i = 0; i < n; i++) {
        if (moves[i].from != eng_square(r, 5, 5))
            continue;
        count++;
        if (size)
            used += (size_t)snprintf(
                squares + used, size - used, "%s%c%d", used ? " " : "",
                'a' + eng_file(r, moves[i].to), eng_rank(r, moves[i].to) + 1);
    }
    return count;
}

static void test_counts_from_f6(void **state)
{
    (void)state;
    static const struct {
        char letter;
        int count;
    } cases[] = {
        /* from rgn-rotary-chess(7)'s moves (M's 20 listed there) */
        {'T', 12},
        {'L', 8},
        {'S', 8},
        {'C', 20},
        {'W', 12},
        {'F', 32},
        {'J', 12},
        {'M', 20},
        /* by hand: 8 neighbours; 11 + 11 on the lines; diagonals
         * 6 + 5 + 5 + 5 from f6 (file 6, rank 6 of 12) */
        {'G', 8},
        {'R', 22},
        {'B', 21},
        {'Q', 43},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int count = moves_from_f6(cases[i].letter, NULL, 0);
        if (count != cases[i].count)
            fail_msg("%c from f6: %d moves, expected %d", cases[i].letter,
                     count, cases[i].count);
    }
}

static void test_mongoose_squares(void **state)
{
    (void)state;
    char squares[512];
    moves_from_f6('M', squares, sizeof squares);
    /* rgn-rotary-chess(7)'s list, in the generator's order: steps, then
     * each bend */
    const char *expected[] = {"e6",  "g6", "d7", "c8", "b9", "a10", "d5",
                              "c4",  "b3", "a2", "h7", "i8", "j9",  "k10",
                              "l11", "h5", "i4", "j3", "k2", "l1"};
    for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++) {
        char word[8];
        snprintf(word, sizeof word, "%s", expected[i]);
        bool found = false;
        for (const char *p = squares; (p = strstr(p, word)); p++)
            if ((p == squares || p[-1] == ' ') &&
                (p[strlen(word)] == ' ' || !p[strlen(word)]))
                found = true;
        if (!found)
            fail_msg("Mongoose from f6 misses %s (has %s)", expected[i],
                     squares);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_atoms_and_images),
        cmocka_unit_test(test_riders_and_ranges),
        cmocka_unit_test(test_direction_modifiers),
        cmocka_unit_test(test_mode_and_flags),
        cmocka_unit_test(test_two_legs),
        cmocka_unit_test(test_rejections),
        cmocka_unit_test(test_game_rejections),
        cmocka_unit_test(test_counts_from_f6),
        cmocka_unit_test(test_mongoose_squares),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
