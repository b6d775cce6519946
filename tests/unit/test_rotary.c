/*
 * test_rotary.c - the Rotary rules core beyond perft: make/unmake, keys,
 * check, mate and the coordinate form. Positions are built by hand; the
 * reasoning behind each expectation is in the comments.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rules/rotary/rotary.h"

static rgn_position *from_fen(const char *fen)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
    assert_non_null(pos);
    rgn_error err;
    if (rgn_position_set_fen(pos, fen, &err) != 0)
        fail_msg("bad test position %s: %s", fen, err.message);
    return pos;
}

/* The legal move whose coordinate form is text; fails the test if none. */
static rgn_move find_move(rgn_position *pos, const char *text)
{
    rgn_move moves[RGN_MAX_MOVES];
    int n = rgn_position_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        char coord[32];
        rgn_move_coord(pos, moves[i], coord, sizeof coord);
        if (strcmp(coord, text) == 0)
            return moves[i];
    }
    fail_msg("no legal move %s", text);
    return moves[0];
}

static uint64_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return *state >> 33;
}

/* Random playouts: unmake restores every byte, the incremental key
 * equals the key computed from scratch, and writing then reading RFEN
 * gives the same position. */
static void test_make_unmake_and_keys_over_playouts(void **state)
{
    (void)state;
    uint64_t seed = 12345;
    rgn_move moves[RGN_MAX_MOVES];
    for (int game = 0; game < 200; game++) {
        rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
        assert_non_null(pos);
        for (int ply = 0; ply < 150; ply++) {
            int n = rgn_position_legal_moves(pos, moves);
            assert_int_equal(n, rgn_position_count_moves(pos));
            if (n == 0)
                break;
            rgn_move m = moves[next_random(&seed) % (uint64_t)n];
            rgn_position before = *pos;
            rgn_undo undo;
            pos->variant->make(pos, m, &undo);
            assert_int_equal(pos->key, rotary_compute_key(pos));
            /* make's quick check test agrees with the full one */
            assert_int_equal(
                pos->check_cache,
                rotary_attacked(pos, pos->king[pos->side], pos->side ^ 1));
            pos->variant->unmake(pos, m, &undo);
            assert_memory_equal(&before, pos, sizeof before);
            rgn_position_play(pos, m);

            char fen[512];
            rgn_position_fen(pos, fen, sizeof fen);
            rgn_position *copy = from_fen(fen);
            assert_int_equal(rgn_position_key(copy), rgn_position_key(pos));
            assert_memory_equal(copy->board, pos->board, sizeof pos->board);
            rgn_position_free(copy);
        }
        rgn_position_free(pos);
    }
}

/* The filtered generator (legal moves of one type to one square, used to
 * resolve move texts) agrees with the full one, filtered, everywhere. */
static void test_moves_to_one_square_agree_with_all_moves(void **state)
{
    (void)state;
    uint64_t seed = 777;
    static rgn_move all[RGN_MAX_MOVES], some[RGN_MAX_MOVES];
    int compared = 0;
    for (int game = 0; game < 30; game++) {
        rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
        assert_non_null(pos);
        for (int ply = 0; ply < 120; ply++) {
            int n = rgn_position_legal_moves(pos, all);
            if (n == 0)
                break;
            for (int type = ROTARY_KING; type <= ROTARY_PAWN; type++) {
                for (int rank = 0; rank < ROTARY_SIZE; rank++) {
                    for (int file = 0; file < ROTARY_SIZE; file++) {
                        int to = rotary_square(file, rank);
                        int k =
                            pos->variant->legal_moves_to(pos, some, type, to);
                        int expected = 0;
                        for (int i = 0; i < n; i++) {
                            if (all[i].to != to ||
                                RGN_TYPE(pos->board[all[i].from]) != type)
                                continue;
                            expected++;
                            bool found = false;
                            for (int j = 0; j < k && !found; j++)
                                found = rgn_move_equal(all[i], some[j]);
                            assert_true(found);
                        }
                        assert_int_equal(k, expected);
                        compared++;
                    }
                }
            }
            /* the early-stopping test agrees with the count */
            assert_true(pos->variant->has_moves(pos));
            rgn_position_play(pos, all[next_random(&seed) % (uint64_t)n]);
        }
        rgn_position_free(pos);
    }
    assert_true(compared > 100000);
}

/* Turning a rook away and back (both sides) repeats the position; a
 * single turn does not. */
static void test_repetition_key(void **state)
{
    (void)state;
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
    assert_non_null(pos);
    uint64_t start = rgn_position_key(pos);
    rgn_position_play(pos, find_move(pos, "a1a1e"));
    assert_int_not_equal(rgn_position_key(pos), start);
    rgn_position_play(pos, find_move(pos, "a9a9e"));
    rgn_position_play(pos, find_move(pos, "a1a1n"));
    rgn_position_play(pos, find_move(pos, "a9a9s"));
    assert_int_equal(rgn_position_key(pos), start);
    rgn_position_free(pos);
}

/* Scythes facing N and S have the same direction set: one key. */
static void test_key_follows_direction_sets(void **state)
{
    (void)state;
    rgn_position *a = from_fen("4k>N4/9/9/9/S>N8/9/9/9/4K>N4 w 0 1");
    rgn_position *b = from_fen("4k>N4/9/9/9/S>S8/9/9/9/4K>E4 w 0 1");
    assert_int_equal(rgn_position_key(a), rgn_position_key(b));
    rgn_position_free(a);
    rgn_position_free(b);
}

/* Black: King a9 facing N (moves to a8, b9). White: King c7 diagonal,
 * Axe d7 facing NW (its NW ray c8-b9 covers b9), Trident c6 facing S (its
 * NW ray b7-a8 covers a8). Kc7-b8 keeping the diagonal set attacks a9
 * along NW: check, a8 and b9 are covered, a rotation never answers a
 * check and Black has nothing else: mate by a King. The same step turning
 * orthogonal attacks a8 but not a9: no check. */
static void test_mate_by_a_king(void **state)
{
    (void)state;
    const char *fen = "k>N8/9/2K>NEA>NW5/2T>S6/9/9/9/9/9 w 0 1";
    rgn_position *pos = from_fen(fen);
    assert_false(rgn_position_in_check(pos));
    rgn_position_play(pos, find_move(pos, "c7b8"));
    assert_true(rgn_position_in_check(pos));
    assert_int_equal(rgn_position_count_moves(pos), 0);
    assert_false(pos->variant->has_moves(pos));
    assert_int_equal(rgn_position_status(pos), RGN_CHECKMATE);
    rgn_position_free(pos);

    pos = from_fen(fen);
    rgn_position_play(pos, find_move(pos, "c7b8n"));
    assert_false(rgn_position_in_check(pos));
    assert_int_equal(rgn_position_status(pos), RGN_ONGOING);
    rgn_position_free(pos);
}

/* In check, rotations are never legal, not even the King's. White King e1
 * (orthogonal) is checked by a Black rook on e9 facing S; the White Axe
 * on a5 (facing E) may block on e5 only by sliding (keeps its set). */
static void test_check_forbids_rotation(void **state)
{
    (void)state;
    rgn_position *pos = from_fen("k>N3r>S4/9/9/9/A>E8/9/9/9/4K>N4 w 0 1");
    assert_true(rgn_position_in_check(pos));
    rgn_move moves[RGN_MAX_MOVES];
    int n = rgn_position_legal_moves(pos, moves);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(moves[i].from, moves[i].to);
    find_move(pos, "a5e5");
    rgn_position_free(pos);
}

/* The coordinate form: orientation only when the set changes, always after
 * a promotion. */
static void test_coordinate_form(void **state)
{
    (void)state;
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
    assert_non_null(pos);
    find_move(pos, "e3e4");
    find_move(pos, "a1a2");   /* Rook step keeping its set */
    find_move(pos, "a1a2ne"); /* ... turning NE */
    find_move(pos, "b2b2ne"); /* rotation in place */
    find_move(pos, "e2d1n");  /* the diagonal King steps SW, turns orthogonal */
    rgn_position_free(pos);

    pos = from_fen("4k>N4/9/9/9/9/9/9/1S>N7/4K>N4 w 0 1");
    find_move(pos, "b2b6");   /* Scythe slide keeping N-S */
    find_move(pos, "b2b6ne"); /* ... turning NE-SW after the slide */
    rgn_position_free(pos);

    pos = from_fen("k>N8/4P4/9/9/9/9/9/9/4K>N4 w 0 1");
    find_move(pos, "e8e9qn");
    find_move(pos, "e8e9qne");
    rgn_position_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_make_unmake_and_keys_over_playouts),
        cmocka_unit_test(test_moves_to_one_square_agree_with_all_moves),
        cmocka_unit_test(test_repetition_key),
        cmocka_unit_test(test_key_follows_direction_sets),
        cmocka_unit_test(test_mate_by_a_king),
        cmocka_unit_test(test_check_forbids_rotation),
        cmocka_unit_test(test_coordinate_form),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
