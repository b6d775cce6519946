/*
 * test_rfen.c - RFEN reading and writing (rgn(5), RFEN).
 * Each rejection the section lists has a case here; the expected columns
 * were counted by hand on the strings below.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"

#define INITIAL                                                                \
    "r>S7r>S/1s>Na>St>Nk>NEt>Na>Ss>N1/ppppppppp/9/9/9/PPPPPPPPP/"              \
    "1S>NA>NT>SK>NET>SA>NS>N1/R>N7R>N w 0 1"

static void expect_rejection(const char *fen, int column, const char *message)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
    assert_non_null(pos);
    char before[512], after[512];
    rgn_position_fen(pos, before, sizeof before);
    rgn_error err = {0, ""};
    assert_int_equal(rgn_position_set_fen(pos, fen, &err), -1);
    assert_string_equal(err.message, message);
    assert_int_equal(err.column, column);
    /* a rejected string leaves the position as it was */
    rgn_position_fen(pos, after, sizeof after);
    assert_string_equal(before, after);
    rgn_position_free(pos);
}

static void round_trip(const char *fen, const char *canonical)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
    assert_non_null(pos);
    rgn_error err = {0, ""};
    int rc = rgn_position_set_fen(pos, fen, &err);
    if (rc != 0)
        fail_msg("rejected %s: %s", fen, err.message);
    char out[512];
    size_t len = rgn_position_fen(pos, out, sizeof out);
    assert_string_equal(out, canonical);
    assert_int_equal(len, strlen(canonical));
    rgn_position_free(pos);
}

static void test_initial_position_is_written_canonically(void **state)
{
    (void)state;
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
    assert_non_null(pos);
    char out[512];
    rgn_position_fen(pos, out, sizeof out);
    assert_string_equal(out, INITIAL);
    rgn_position_free(pos);
    round_trip(INITIAL, INITIAL);
}

static void test_equivalent_orientations_read_canonically(void **state)
{
    (void)state;
    /* K>E is an orthogonal King (K>N); s>S is s>N; q>SW is q>NE */
    round_trip("4k>E4/9/4q>SW4/9/9/9/4s>S4/9/4K>W4 w",
               "4k>N4/9/4q>NE4/9/9/9/4s>N4/9/4K>N4 w 0 1");
    /* fields 3 and 4 may be missing; consecutive digits add up */
    round_trip("44k>N/9/9/9/9/9/9/9/K>NE8 b 7",
               "8k>N/9/9/9/9/9/9/9/K>NE8 b 7 1");
}

static void test_writer_truncates_like_snprintf(void **state)
{
    (void)state;
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
    assert_non_null(pos);
    char small[8];
    size_t len = rgn_position_fen(pos, small, sizeof small);
    assert_int_equal(len, strlen(INITIAL));
    assert_string_equal(small, "r>S7r>S");
    rgn_position_free(pos);
}

static void test_rank_width(void **state)
{
    (void)state;
    expect_rejection("4k>N3/9/9/9/9/9/9/9/4K>N4 w 0 1", 1,
                     "RFEN field 1 (board), column 1: rank 9 is 8 squares "
                     "wide, expected 9");
    expect_rejection("4k>N4/9/9/91/9/9/9/9/4K>N4 w 0 1", 11,
                     "RFEN field 1 (board), column 11: rank 6 is more than 9 "
                     "squares wide");
    expect_rejection("4k>N4/9/9/9/9/9/9/9/4K>N4P w 0 1", 26,
                     "RFEN field 1 (board), column 26: rank 1 is more than 9 "
                     "squares wide");
}

static void test_rank_count(void **state)
{
    (void)state;
    expect_rejection("4k>N4/9/9/9/9/9/9/4K>N4 w 0 1", 24,
                     "RFEN field 1 (board), column 24: 8 ranks, expected 9");
    expect_rejection("4k>N4/9/9/9/9/9/9/9/4K>N4/9 w 0 1", 26,
                     "RFEN field 1 (board), column 26: more than 9 ranks");
}

static void test_unknown_letter(void **state)
{
    (void)state;
    expect_rejection("4k>N4/9/9/3X5/9/9/9/9/4K>N4 w 0 1", 12,
                     "RFEN field 1 (board), column 12: unknown piece letter "
                     "'X'");
    expect_rejection("4k>N4/9/9/0/9/9/9/9/4K>N4 w 0 1", 11,
                     "RFEN field 1 (board), column 11: unknown piece letter "
                     "'0'");
}

static void test_orientation(void **state)
{
    (void)state;
    expect_rejection("4k>N4/9/9/4R4/9/9/9/9/4K>N4 w 0 1", 13,
                     "RFEN field 1 (board), column 13: missing orientation "
                     "after 'R'");
    expect_rejection("4k>N4/9/9/4R>n4/9/9/9/9/4K>N4 w 0 1", 14,
                     "RFEN field 1 (board), column 14: unknown orientation "
                     "after 'R>' (expected one of N NE E SE S SW W NW)");
    expect_rejection("4k>N4/9/9/4P>N4/9/9/9/9/4K>N4 w 0 1", 13,
                     "RFEN field 1 (board), column 13: a pawn has no "
                     "orientation");
}

static void test_side_clock_and_move_number(void **state)
{
    (void)state;
    expect_rejection("4k>N4/9/9/9/9/9/9/9/4K>N4 x 0 1", 27,
                     "RFEN field 2 (side to move), column 27: expected 'w' "
                     "or 'b'");
    expect_rejection("4k>N4/9/9/9/9/9/9/9/4K>N4", 26,
                     "RFEN field 2 (side to move), column 26: missing");
    expect_rejection("4k>N4/9/9/9/9/9/9/9/4K>N4 w -1 1", 29,
                     "RFEN field 3 (halfmove clock), column 29: expected a "
                     "number of plies (0 to 9999999)");
    expect_rejection("4k>N4/9/9/9/9/9/9/9/4K>N4 w 0 0", 31,
                     "RFEN field 4 (fullmove number), column 31: expected a "
                     "move number (1 to 9999999)");
    expect_rejection("4k>N4/9/9/9/9/9/9/9/4K>N4 w 0 1x", 31,
                     "RFEN field 4 (fullmove number), column 31: expected a "
                     "move number (1 to 9999999)");
    expect_rejection("4k>N4/9/9/9/9/9/9/9/4K>N4 w 0 1 5", 32,
                     "RFEN field 4 (fullmove number), column 32: unexpected "
                     "text after the last field");
    expect_rejection("4k>N4/9/9/9/9/9/9/9/4K>N4  w 0 1", 27,
                     "RFEN field 2 (side to move), column 27: expected 'w' "
                     "or 'b'");
}

static void test_pawn_on_first_or_last_rank(void **state)
{
    (void)state;
    expect_rejection("P3k>N4/9/9/9/9/9/9/9/4K>N4 w 0 1", 1,
                     "RFEN field 1 (board), column 1: a pawn cannot stand on "
                     "rank 9");
    expect_rejection("4k>N4/9/9/9/9/9/9/9/4K>N3p w 0 1", 26,
                     "RFEN field 1 (board), column 26: a pawn cannot stand on "
                     "rank 1");
}

static void test_king_count(void **state)
{
    (void)state;
    expect_rejection("9/9/9/9/9/9/9/9/4K>N4 w 0 1", 1,
                     "RFEN field 1 (board), column 1: Black has no King");
    expect_rejection("4k>N4/9/9/9/9/9/9/9/9 w 0 1", 1,
                     "RFEN field 1 (board), column 1: White has no King");
    expect_rejection("4k>N4/9/9/9/9/9/9/9/K>N3K>N4 w 0 1", 25,
                     "RFEN field 1 (board), column 25: White has more than "
                     "one King");
}

static void test_side_not_to_move_in_check(void **state)
{
    (void)state;
    /* the White rook on e5 faces N: it attacks the Black King on e9 */
    expect_rejection("4k>N4/9/9/9/4R>N4/9/9/9/4K>N4 w 0 1", 31,
                     "RFEN field 2 (side to move), column 31: Black is in "
                     "check but it is White's move");
    /* facing S, the same rook attacks nothing on the e-file above it */
    round_trip("4k>N4/9/9/9/4R>S4/9/9/9/4K>N4 w 0 1",
               "4k>N4/9/9/9/4R>S4/9/9/9/4K>N4 w 0 1");
}

static void test_too_many_pawns(void **state)
{
    (void)state;
    expect_rejection("4k>N4/9/9/9/9/9/PPPPPPPPP/P8/4K>N4 w 0 1", 27,
                     "RFEN field 1 (board), column 27: White has more than 9 "
                     "pawns");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_initial_position_is_written_canonically),
        cmocka_unit_test(test_equivalent_orientations_read_canonically),
        cmocka_unit_test(test_writer_truncates_like_snprintf),
        cmocka_unit_test(test_rank_width),
        cmocka_unit_test(test_rank_count),
        cmocka_unit_test(test_unknown_letter),
        cmocka_unit_test(test_orientation),
        cmocka_unit_test(test_side_clock_and_move_number),
        cmocka_unit_test(test_pawn_on_first_or_last_rank),
        cmocka_unit_test(test_king_count),
        cmocka_unit_test(test_side_not_to_move_in_check),
        cmocka_unit_test(test_too_many_pawns),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
