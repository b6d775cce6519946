/*
 * test_bitboard_vs_mailbox.c - the engine's bitboard fast path against its
 * mailbox generator, on the same compiled rules of Chess and of Chess960 with
 * the fast path turned off: along random games from positions rich in pins,
 * checks, en passant, castling and promotions, every position must give the
 * same legal moves (as sets), the same moves to each square for each piece
 * type, the same answers to SAN's question (find_moves), the same check and
 * position string, and make/unmake must keep the sets and the key in step with
 * the board. The mailbox generator is the reference: it is the one the perft
 * tables checked before the fast path existed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/engine/engine.h"

/* The rule set on trial, and the reference: the same rule set, its
 * context the rules with the fast path off. */
static const struct rgn_variant *fast_chess;
static struct rgn_variant slow_chess;
static eng_tables slow_tables;

/* pos, made a position of the rule set of r (fast or slow). */
static eng_position *at(const eng_rules *r, eng_position *pos)
{
    pos->variant = r->bb.usable ? fast_chess : &slow_chess;
    return pos;
}

static const char *const starts[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    /* en passant that would uncover a rank check; a pinned pawn */
    "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1",
    "4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1",
    /* promotions with captures, both sides */
    "r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R w KQkq - 0 1",
};

/* Chess960 (tests/perft/chess960.txt): King and Rook swapping squares,
 * a King already on its castling square, a Rook that shields its King's
 * destination, inner Rooks with rights. */
static const char *const chess960_starts[] = {
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
    "bnnqrbkr/pp1p2p1/2p1p2p/5p2/1P5P/1R6/P1PPPPP1/BNNQRBK1 w Ehe - 0 9",
    "nnrkbbqr/1p2pppp/p2p4/2p5/8/1N2P1P1/PPPP1P1P/1NKRBBQR w hc - 0 9",
    "bnrkrqnb/pppppppp/8/8/8/8/PPPPPPPP/BNRKRQNB w KQkq - 0 1",
    "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1",
    "r3k1rr/pppppppp/8/8/8/8/PPPPPPPP/R3K1RR w GQgq - 0 1",
    "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1",
};

/* Random games from each start position: under the sanitizers (ten
 * times as slow) a third of them, the same first ones. */
#ifdef RGN_TEST_SANITIZED
#define GAMES_PER_START 2
#else
#define GAMES_PER_START 6
#endif
/* the positions compared at least (games end early at a mate) */
#define MIN_POSITIONS (2500 * GAMES_PER_START / 6)

static uint32_t next(uint32_t *seed)
{
    *seed = *seed * 1664525u + 1013904223u;
    return *seed >> 8;
}

static int compare_moves(const void *a, const void *b)
{
    return memcmp(a, b, sizeof(eng_move));
}

static void sort_moves(eng_move *moves, int n)
{
    qsort(moves, (size_t)n, sizeof *moves, compare_moves);
}

static void assert_same_moves(eng_move *a, int na, eng_move *b, int nb,
                              const char *what, const char *fen)
{
    if (na != nb)
        fail_msg("%s: %d moves, the reference %d, in %s", what, na, nb, fen);
    sort_moves(a, na);
    sort_moves(b, nb);
    for (int i = 0; i < na; i++)
        if (memcmp(&a[i], &b[i], sizeof a[i]) != 0)
            fail_msg("%s: move %d differs in %s", what, i, fen);
}

/* SAN's question, answered without a list on the fast path, against
 * the reference's list filtered: the number of moves, and the move when
 * there is one (the only answer a resolver uses). Origins on the files
 * beside the target and on two ranks, promotions right and wrong; only
 * the plainest question where no move of the type goes there. */
static void compare_find_moves(const eng_rules *fast, const eng_rules *slow,
                               eng_position *pos, int type, int file, int rank,
                               bool none, const char *fen)
{
    int promotions[] = {0, eng_type_of_letter(fast, 'Q'),
                        eng_type_of_letter(fast, 'N'), fast->king_type,
                        fast->pawn_type};
    int choices = none ? 1 : type == fast->pawn_type ? 5 : 2;
    int files[] = {-1, file - 1, file + 1}, ranks[] = {-1, rank - 1, rank - 2};
    for (int i = 0; i < (none ? 1 : 3); i++)
        for (int j = 0; j < (none ? 1 : 3); j++)
            for (int p = 0; p < choices; p++) {
                int f = files[i] > 7 ? -1 : files[i], r = ranks[j];
                eng_move m1 = {0}, m2 = {0};
                int n1 = eng_find_moves(at(fast, pos), type, file, rank, f, r,
                                        promotions[p], &m1);
                int n2 = eng_find_moves(at(slow, pos), type, file, rank, f, r,
                                        promotions[p], &m2);
                if (n1 != n2 || (n1 == 1 && memcmp(&m1, &m2, sizeof m1) != 0))
                    fail_msg("find_moves(type %d to %c%d from file %d rank %d, "
                             "promotion %d): "
                             "%d moves, the reference %d, in %s",
                             type, 'a' + file, rank + 1, f, r, promotions[p],
                             n1, n2, fen);
            }
    /* squares off the board beside this one have no move on either path */
    eng_move m = {0};
    int off[][2] = {
        {file, -1}, {file, fast->ranks}, {-1, rank}, {fast->files, rank}};
    for (int i = 0; i < 4; i++)
        if (eng_find_moves(at(fast, pos), type, off[i][0], off[i][1], -1, -1, 0,
                           &m) != 0 ||
            eng_find_moves(at(slow, pos), type, off[i][0], off[i][1], -1, -1, 0,
                           &m) != 0)
            fail_msg("find_moves to file %d rank %d, off the board, found a "
                     "move in %s",
                     off[i][0], off[i][1], fen);
}

/* Every check the fast path makes on one position. */
static void compare(const eng_rules *fast, const eng_rules *slow,
                    eng_position *pos)
{
    char fen[128], fast_fen[128];
    eng_write_fen(at(slow, pos), fen, sizeof fen);
    eng_write_fen(at(fast, pos), fast_fen, sizeof fast_fen);
    assert_string_equal(fast_fen, fen);
    /* the key make kept, against one computed afresh by the reference */
    if (pos->key != eng_compute_key(slow, pos))
        fail_msg("the key after make differs from a fresh one in %s", fen);
    eng_move a[RGN_MAX_MOVES], b[RGN_MAX_MOVES];
    int na = eng_legal_moves(at(fast, pos), a),
        nb = eng_legal_moves(at(slow, pos), b);
    assert_same_moves(a, na, b, nb, "legal moves", fen);
    assert_int_equal(eng_count_moves(at(fast, pos)), nb);
    assert_int_equal(eng_has_moves(at(fast, pos)), nb > 0);
    bool check = eng_in_check(slow, pos);
    assert_int_equal(eng_in_check(fast, pos), check);
    if (pos->check_cache >= 0 && pos->check_cache != check)
        fail_msg("make judged check %d, the reference %d, in %s",
                 pos->check_cache, check, fen);
    for (int type = 1; type <= fast->type_count; type++)
        for (int rank = 0; rank < 8; rank++)
            for (int file = 0; file < 8; file++) {
                int to = eng_square(fast, file, rank);
                na = eng_legal_moves_to(at(fast, pos), a, type, to);
                nb = eng_legal_moves_to(at(slow, pos), b, type, to);
                assert_same_moves(a, na, b, nb, "moves to a square", fen);
                compare_find_moves(fast, slow, pos, type, file, rank, nb == 0,
                                   fen);
            }
    eng_position synced = *pos;
    eng_bb_sync(fast, &synced);
    assert_memory_equal(synced.by_color, pos->by_color, sizeof pos->by_color);
    assert_memory_equal(synced.by_type, pos->by_type, sizeof pos->by_type);
}

/* Random games from each start, every position compared, on the way
 * out and back. */
static long agree(const struct rgn_variant *variant, const eng_game *game,
                  const char *const *starts, size_t start_count)
{
    const eng_rules *fast = eng_variant_rules(variant);
    assert_true(fast->bb.usable);
    eng_rules *slow = malloc(sizeof *slow);
    assert_non_null(slow);
    memcpy(slow, fast, sizeof *slow);
    slow->bb.usable = false;
    slow_tables.game = game;
    slow_tables.rules = slow;
    atomic_store(&slow_tables.ready, slow);
    fast_chess = variant;
    slow_chess = *variant;
    slow_chess.context = &slow_tables;
    uint32_t seed = 12345;
    long positions = 0;
    for (size_t s = 0; s < start_count; s++)
        for (int game = 0; game < GAMES_PER_START; game++) {
            eng_position pos;
            rgn_error err;
            if (eng_set_fen(at(fast, &pos), starts[s], &err) < 0)
                fail_msg("%s: %s", starts[s], err.message);
            eng_move played[120];
            eng_undo undo[120];
            int plies = 0;
            for (; plies < 120; plies++) {
                compare(fast, slow, &pos);
                positions++;
                eng_move moves[RGN_MAX_MOVES];
                int n = eng_legal_moves(at(fast, &pos), moves);
                if (n == 0)
                    break;
                played[plies] = moves[next(&seed) % (uint32_t)n];
                eng_make(at(fast, &pos), played[plies], &undo[plies]);
            }
            /* back to the start: the sets must follow unmake too */
            while (plies-- > 0) {
                eng_unmake(at(fast, &pos), played[plies], &undo[plies]);
                compare(fast, slow, &pos);
            }
        }
    free(slow);
    return positions;
}

static void test_agrees_with_mailbox(void **state)
{
    (void)state;
    assert_true(agree(&rgn_chess_variant, &eng_chess_game, starts,
                      sizeof starts / sizeof starts[0]) > MIN_POSITIONS);
}

static void test_chess960_agrees_with_mailbox(void **state)
{
    (void)state;
    assert_true(agree(&rgn_chess960_variant, &eng_chess960_game,
                      chess960_starts,
                      sizeof chess960_starts / sizeof chess960_starts[0]) >
                MIN_POSITIONS);
}

/* The fast path is only for what it can do: Rotary Chess (12 x 12, bent
 * and limited moves) keeps the mailbox generator. */
static void test_only_where_it_fits(void **state)
{
    (void)state;
    assert_false(eng_variant_rules(&rgn_rotary_chess_variant)->bb.usable);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_agrees_with_mailbox),
        cmocka_unit_test(test_chess960_agrees_with_mailbox),
        cmocka_unit_test(test_only_where_it_fits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
