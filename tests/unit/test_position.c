/*
 * test_position.c - taking moves back (rgn_position_play_undoable and
 * rgn_position_undo) in every game of the registry, and square names read
 * back (rgn_square_parse).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"

#define PLIES 40

/* A solitaire's set-up (it has no start position). */
static const char rotationary_setup[] = "lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN";

/* Plays a line of moves with records, then takes them back one by one:
 * each step back gives the position string and key of before the move;
 * a move played with a record leaves the position rgn_position_play
 * leaves. */
static void undo_line(const rgn_variant *v)
{
    rgn_position *pos = rgn_position_new(v, NULL),
                 *plain = rgn_position_new(v, NULL);
    assert_non_null(pos);
    assert_non_null(plain);
    if (rgn_variant_needs_setup(v)) {
        rgn_error err;
        assert_int_equal(rgn_position_set_fen(pos, rotationary_setup, &err), 0);
    }
    rgn_position_copy(plain, pos);
    static char fens[PLIES][256];
    uint64_t keys[PLIES];
    rgn_played played[PLIES];
    int plies = 0;
    for (; plies < PLIES; plies++) {
        rgn_move moves[RGN_MAX_MOVES];
        int n = rgn_position_legal_moves(pos, moves);
        if (n == 0)
            break;
        rgn_position_fen(pos, fens[plies], sizeof fens[plies]);
        keys[plies] = rgn_position_key(pos);
        rgn_move m = moves[(plies * 7 + 3) % n];
        rgn_position_play_undoable(pos, m, &played[plies]);
        rgn_position_play(plain, m);
        char a[256], b[256];
        rgn_position_fen(pos, a, sizeof a);
        rgn_position_fen(plain, b, sizeof b);
        assert_string_equal(a, b);
        assert_int_equal(rgn_position_key(pos), rgn_position_key(plain));
    }
    assert_true(plies > 0);
    while (plies-- > 0) {
        rgn_position_undo(pos, &played[plies]);
        char fen[256];
        rgn_position_fen(pos, fen, sizeof fen);
        if (strcmp(fen, fens[plies]) != 0)
            fail_msg("%s, ply %d taken back: %s, before it %s",
                     rgn_variant_name(v), plies + 1, fen, fens[plies]);
        assert_int_equal(rgn_position_key(pos), keys[plies]);
    }
    rgn_position_free(pos);
    rgn_position_free(plain);
}

static void every_game_takes_moves_back(void **state)
{
    (void)state;
    for (size_t i = 0; i < rgn_variant_count(); i++)
        undo_line(rgn_variant_at(i));
}

/* Every square's name reads back as the square; names of points that
 * are no square, or texts that are no name, read as -1. */
static void square_names_read_back(void **state)
{
    (void)state;
    for (size_t i = 0; i < rgn_variant_count(); i++) {
        const rgn_variant *v = rgn_variant_at(i);
        int files = rgn_variant_files(v), ranks = rgn_variant_ranks(v);
        for (int rank = -1; rank <= ranks; rank++)
            for (int file = 0; file <= files; file++) {
                char name[16];
                snprintf(name, sizeof name, "%c%d", 'a' + file, rank + 1);
                int square = rank >= 0 && rank < ranks && file < files
                                 ? rgn_square_at(v, file, rank)
                                 : -1;
                assert_int_equal(rgn_square_parse(v, name, strlen(name)),
                                 square);
                if (square >= 0) {
                    char back[8];
                    rgn_square_name(v, square, back);
                    assert_string_equal(back, name);
                }
            }
    }
    const rgn_variant *chess = rgn_variant_find("Chess");
    static const char *const no_names[] = {
        "", "e", "4", "E4", "e04", "e4+", "ee4", "e-1", "e99999999999"};
    for (size_t i = 0; i < sizeof no_names / sizeof *no_names; i++)
        assert_int_equal(
            rgn_square_parse(chess, no_names[i], strlen(no_names[i])), -1);
    /* the length given, not the terminating zero, ends the name */
    assert_int_equal(rgn_square_parse(chess, "e4xd5", 2),
                     rgn_square_at(chess, 4, 3));
    /* Rollerball's centre is a hole: no square */
    const rgn_variant *rollerball = rgn_variant_find("Rollerball");
    assert_int_equal(rgn_square_at(rollerball, 3, 3), -1);
    assert_int_equal(rgn_square_parse(rollerball, "d4", 2), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game_takes_moves_back),
        cmocka_unit_test(square_names_read_back),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
