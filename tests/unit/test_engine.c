/*
 * test_engine.c - the data-driven engine on Chess, Chess960 and Rotary Chess:
 * positions whose move counts are worked out by hand in the comments
 * (the perft tables of both games are in tests/perft/, checked by
 * test_perft).
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

/* The rule set whose compiled rules r are. */
static const rgn_variant *variant_of(const eng_rules *r)
{
    for (size_t i = 0; i < rgn_variant_count(); i++) {
        const rgn_variant *v = rgn_variant_at(i);
        if (v->make == eng_make && eng_variant_rules(v) == r)
            return v;
    }
    fail_msg("no rule set has these rules");
    return NULL;
}

/* pos, made a position of the game of r. */
static eng_position *at(const eng_rules *r, eng_position *pos)
{
    pos->variant = variant_of(r);
    return pos;
}

static void set(const eng_rules *r, eng_position *pos, const char *fen)
{
    rgn_error err;
    if (eng_set_fen(at(r, pos), fen, &err) < 0)
        fail_msg("%s: %s", fen, err.message);
}

static int square(const eng_rules *r, const char *name)
{
    return eng_square(r, name[0] - 'a', atoi(name + 1) - 1);
}

/* The legal move from -> to (with the promotion letter, or 0); -1 if
 * there is none. */
static int find(const eng_rules *r, eng_position *pos, const char *from,
                const char *to, char promotion, eng_move *found)
{
    eng_move moves[RGN_MAX_MOVES];
    int n = eng_legal_moves(pos, moves);
    for (int i = 0; i < n; i++)
        if (moves[i].from == square(r, from) && moves[i].to == square(r, to) &&
            (!promotion ||
             moves[i].promotion == eng_type_of_letter(r, promotion))) {
            *found = moves[i];
            return 0;
        }
    return -1;
}

static bool legal(const eng_rules *r, eng_position *pos, const char *from,
                  const char *to)
{
    eng_move m;
    return find(r, pos, from, to, 0, &m) == 0;
}

static void play(const eng_rules *r, eng_position *pos, const char *from,
                 const char *to)
{
    eng_move m;
    eng_undo undo;
    if (find(r, pos, from, to, 0, &m) < 0)
        fail_msg("%s%s is not legal", from, to);
    eng_make(pos, m, &undo);
}

static int count(const eng_rules *r, const char *fen)
{
    eng_position pos;
    set(r, &pos, fen);
    return eng_count_moves(&pos);
}

/* Kiwipete, the chessprogramming wiki's perft position 2: castling, en
 * passant, promotions and pins in one position (its perft counts are in
 * tests/perft/chess.txt). */
static const char *const kiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/* make and unmake restore every field, the key included */
static void test_make_unmake_restores(void **state)
{
    (void)state;
    const eng_rules *r = eng_variant_rules(&rgn_chess_variant);
    eng_position pos, before;
    set(r, &pos, kiwipete);
    before = pos;
    eng_move moves[RGN_MAX_MOVES];
    int n = eng_legal_moves(&pos, moves);
    for (int i = 0; i < n; i++) {
        eng_undo undo;
        eng_make(&pos, moves[i], &undo);
        assert_int_equal(pos.key, eng_compute_key(r, &pos));
        eng_unmake(&pos, moves[i], &undo);
        assert_memory_equal(&pos, &before, sizeof pos);
    }
}

/* legal_moves_to finds, from the destination, exactly the moves the full
 * generator lists for that piece type and square */
static void test_moves_to_agree(void **state)
{
    (void)state;
    const struct {
        const eng_rules *r;
        const char *fen;
    } cases[] = {
        {eng_variant_rules(&rgn_chess_variant), kiwipete},
        {eng_variant_rules(&rgn_chess_variant),
         "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
        {eng_variant_rules(&rgn_chess_variant),
         "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1"},
        {eng_variant_rules(&rgn_chess960_variant),
         "bnnqrbkr/pp1p2p1/2p1p2p/5p2/1P5P/1R6/P1PPPPP1/BNNQRBK1 w Ehe - 0 9"},
        {eng_variant_rules(&rgn_chess960_variant),
         "b1q1rrkb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GE - 1 9"},
        {eng_variant_rules(&rgn_rotary_chess_variant), NULL},
        {eng_variant_rules(&rgn_rotary_chess_variant),
         "r5k4r/12/3m8/12/2W2pPm4/12/4F7/1C10/12/12/2S9/R5K4R w KQkq f9 0 1"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const eng_rules *r = cases[c].r;
        eng_position pos;
        if (cases[c].fen)
            set(r, &pos, cases[c].fen);
        else
            eng_set_initial(at(r, &pos));
        eng_move all[RGN_MAX_MOVES], some[RGN_MAX_MOVES];
        int n = eng_legal_moves(&pos, all), total = 0;
        for (int rank = 0; rank < r->ranks; rank++)
            for (int file = 0; file < r->files; file++)
                for (int type = 1; type <= r->type_count; type++) {
                    int to = eng_square(r, file, rank);
                    int k = eng_legal_moves_to(&pos, some, type, to);
                    total += k;
                    for (int i = 0; i < k; i++) {
                        bool listed = false;
                        for (int j = 0; j < n; j++)
                            listed |=
                                memcmp(&all[j], &some[i], sizeof some[i]) == 0;
                        assert_true(listed);
                        assert_int_equal(RGN_TYPE(pos.board[some[i].from]),
                                         type);
                    }
                }
        assert_int_equal(total, n);
    }
}

/* ------------------------------------------------------------------ */
/* Castling                                                            */

static void test_castling(void **state)
{
    (void)state;
    const eng_rules *r = eng_variant_rules(&rgn_chess_variant);
    eng_position pos;
    /* King: d1 f1 d2 e2 f2 and both castlings (7); Ra1: b1 c1 d1, a2..a7,
     * xa8 (10); Rh1: g1 f1, h2..h7, xh8 (9) */
    set(r, &pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_int_equal(eng_count_moves(&pos), 26);
    assert_true(legal(r, &pos, "e1", "g1") && legal(r, &pos, "e1", "c1"));

    /* in check from e4: no castling; the King goes to d1 f1 d2 f2 and
     * nothing can block or capture */
    assert_int_equal(count(r, "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1"), 4);

    /* f1 attacked by the Rook on f2 (not a check): O-O is out, O-O-O in */
    set(r, &pos, "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
    assert_false(legal(r, &pos, "e1", "g1"));
    assert_true(legal(r, &pos, "e1", "c1"));
    /* the destination attacked */
    set(r, &pos, "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1");
    assert_false(legal(r, &pos, "e1", "g1"));
    /* b1 may be attacked, it is not passed by the King */
    set(r, &pos, "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_true(legal(r, &pos, "e1", "c1"));
    /* but it must be empty */
    set(r, &pos, "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert_false(legal(r, &pos, "e1", "c1"));

    /* a Rook that moved and came back has lost its right */
    set(r, &pos, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    play(r, &pos, "h1", "h2");
    play(r, &pos, "a8", "a7");
    play(r, &pos, "h2", "h1");
    play(r, &pos, "a7", "a8");
    assert_false(legal(r, &pos, "e1", "g1"));
    assert_true(legal(r, &pos, "e1", "c1"));
    char fen[128];
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(fen, "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 4 3");

    /* a Rook captured on its square takes the right with it */
    set(r, &pos, "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1");
    play(r, &pos, "g2", "h1");
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(fen, "r3k2r/8/8/8/8/8/8/R3K2b w Qkq - 0 2");

    /* Rotary Chess: the King moves 4 squares, g1 -> k1 with l1 -> j1 and
     * g1 -> c1 with a1 -> d1 */
    const eng_rules *rc = eng_variant_rules(&rgn_rotary_chess_variant);
    set(rc, &pos, "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w KQkq - 0 1");
    eng_move m;
    eng_undo undo;
    assert_int_equal(find(rc, &pos, "g1", "k1", 0, &m), 0);
    assert_int_equal(m.kind, RGN_MOVE_CASTLING);
    eng_make(&pos, m, &undo);
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(fen,
                        "r5k4r/12/12/12/12/12/12/12/12/12/12/R8RK1 b kq - 1 1");
    assert_int_equal(find(rc, &pos, "g12", "c12", 0, &m), 0);
    eng_make(&pos, m, &undo);
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(fen,
                        "2kr7r/12/12/12/12/12/12/12/12/12/12/R8RK1 w - - 2 2");
    /* the King's 4-square move needs the right: a King that moved back */
    set(rc, &pos, "r5k4r/12/12/12/12/12/12/12/12/12/12/R5K4R w kq - 0 1");
    assert_false(legal(rc, &pos, "g1", "k1"));
    assert_false(legal(rc, &pos, "g1", "c1"));
}

/* ------------------------------------------------------------------ */
/* En passant                                                          */

static void test_en_passant(void **state)
{
    (void)state;
    const eng_rules *r = eng_variant_rules(&rgn_chess_variant);
    eng_position pos;
    char fen[128];
    /* King d1 f1 d2 e2 f2, e6 and exd6 */
    set(r, &pos, "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_int_equal(eng_count_moves(&pos), 7);
    eng_move m;
    eng_undo undo;
    assert_int_equal(find(r, &pos, "e5", "d6", 0, &m), 0);
    assert_int_equal(m.kind, RGN_MOVE_EN_PASSANT);
    eng_make(&pos, m, &undo);
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(fen, "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1");

    /* the pinned case: exd6 would empty the fifth rank between the King
     * on a5 and the Rook on h5. King a4 a6 b4 b5 b6 and e6: 6 */
    set(r, &pos, "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert_int_equal(eng_count_moves(&pos), 6);
    assert_false(legal(r, &pos, "e5", "d6"));
    /* the square is accepted on reading, written only when usable */
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(fen, "8/8/8/K2pP2r/8/8/8/7k w - - 0 1");

    /* written after a double step only when a capture is possible */
    set(r, &pos, "4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1");
    play(r, &pos, "e2", "e4");
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(fen, "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    set(r, &pos, "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    play(r, &pos, "e2", "e4");
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(fen, "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1");

    /* Rotary Chess: a Black double step d10-d8 beside a White pawn on e8;
     * e8xd9 removes the pawn on d8 */
    const eng_rules *rc = eng_variant_rules(&rgn_rotary_chess_variant);
    set(rc, &pos, "6k5/12/3p8/12/4P7/12/12/12/12/12/12/6K5 b - - 0 1");
    play(rc, &pos, "d10", "d8");
    assert_int_equal(find(rc, &pos, "e8", "d9", 0, &m), 0);
    assert_int_equal(m.kind, RGN_MOVE_EN_PASSANT);
    eng_make(&pos, m, &undo);
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(fen,
                        "6k5/12/12/3P8/12/12/12/12/12/12/12/6K5 b - - 0 2");
}

/* ------------------------------------------------------------------ */
/* Promotion, Mongoose and Walrus                                      */

static void test_twelve_promotions(void **state)
{
    (void)state;
    const eng_rules *r = eng_variant_rules(&rgn_rotary_chess_variant);
    eng_position pos;
    /* e11-e12 in 12 ways; the King on g1: f1 h1 f2 g2 h2 */
    set(r, &pos, "6k5/4P7/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1");
    assert_int_equal(eng_count_moves(&pos), 17);
    eng_move moves[RGN_MAX_MOVES];
    int n = eng_legal_moves_to(&pos, moves, r->pawn_type, square(r, "e12"));
    assert_int_equal(n, 12);
    const char *letters = "BRQTMLSCGWFJ";
    for (int i = 0; i < 12; i++) {
        assert_int_equal(moves[i].kind, RGN_MOVE_PROMOTION);
        assert_int_equal(r->letters[moves[i].promotion], letters[i]);
    }
    /* a capture-promotion on d12 also gives 12; Black promotes on rank 1 */
    assert_int_equal(
        count(r, "3r2k5/4P7/12/12/12/12/12/12/12/12/12/6K5 w - - 0 1"), 29);
    assert_int_equal(
        count(r, "6k5/12/12/12/12/12/12/12/12/12/4p7/K11 b - - 0 1"), 12 + 5);
}

static void test_mongoose(void **state)
{
    (void)state;
    const eng_rules *r = eng_variant_rules(&rgn_rotary_chess_variant);
    eng_position pos;
    /* a friendly piece on e6: no step there and no bend through it;
     * g6, h7..l11, h5..l1: 11 */
    set(r, &pos, "k11/12/12/12/12/12/4GM6/12/12/12/11K/12 w - - 0 1");
    eng_move moves[RGN_MAX_MOVES];
    int n = eng_legal_moves(&pos, moves), from_f6 = 0;
    for (int i = 0; i < n; i++)
        from_f6 += moves[i].from == square(r, "f6");
    assert_int_equal(from_f6, 11);
    /* an enemy on e6: captured by the step, still no bend: 12 */
    set(r, &pos, "k11/12/12/12/12/12/4gM6/12/12/12/11K/12 w - - 0 1");
    n = eng_legal_moves(&pos, moves);
    from_f6 = 0;
    for (int i = 0; i < n; i++)
        from_f6 += moves[i].from == square(r, "f6");
    assert_int_equal(from_f6, 12);
    /* the bend checks in each of its four directions (Black's King put
     * on a10, a2, l11, l1 in turn), and stops at the first piece */
    static const char *kings[] = {"a10", "a2", "l11", "l1"};
    for (int i = 0; i < 4; i++) {
        set(r, &pos, "7k4/12/12/12/12/12/5M6/12/12/12/12/K11 w - - 0 1");
        pos.board[square(r, "h12")] = RGN_EMPTY;
        pos.board[square(r, kings[i])] = RGN_PIECE(1, r->king_type);
        assert_true(eng_attacked(r, pos.board, square(r, kings[i]), 0));
    }
    set(r, &pos, "12/12/12/12/12/12/5M6/12/2p9/12/12/K10k b - - 0 1");
    assert_false(eng_attacked(r, pos.board, square(r, "b3"), 0));
    assert_true(eng_attacked(r, pos.board, square(r, "c4"), 0));
    /* a Black Mongoose bends the same way (the set is mirrored) */
    set(r, &pos, "K11/12/12/12/12/12/5m6/12/12/12/12/11k b - - 0 1");
    n = eng_legal_moves(&pos, moves);
    from_f6 = 0;
    for (int i = 0; i < n; i++)
        from_f6 += moves[i].from == square(r, "f6");
    assert_int_equal(from_f6, 19); /* a12's King blocks nothing; l1 holds
                                      Black's own King */
}

static void test_walrus(void **state)
{
    (void)state;
    const eng_rules *r = eng_variant_rules(&rgn_rotary_chess_variant);
    eng_position pos;
    eng_move moves[RGN_MAX_MOVES];
    static const struct {
        const char *fen;
        int count;
    } cases[] = {
        /* empty: three squares on each diagonal */
        {"k11/12/12/12/12/12/5W6/12/12/12/11K/12 w - - 0 1", 12},
        /* own piece on g7: the leaps still reach h8 and i9 */
        {"k11/12/12/12/12/6G5/5W6/12/12/12/11K/12 w - - 0 1", 11},
        /* enemy on h8, g7 empty: the slide captures h8, the leap goes on to i9
         */
        {"k11/12/12/12/7g4/12/5W6/12/12/12/11K/12 w - - 0 1", 12},
        /* enemy on h8 behind an own piece on g7: the leap cannot capture */
        {"k11/12/12/12/7g4/6G5/5W6/12/12/12/11K/12 w - - 0 1", 10},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        set(r, &pos, cases[c].fen);
        int n = eng_legal_moves(&pos, moves), from_f6 = 0;
        for (int i = 0; i < n; i++)
            from_f6 += moves[i].from == square(r, "f6");
        if (from_f6 != cases[c].count)
            fail_msg("%s: %d Walrus moves, expected %d", cases[c].fen, from_f6,
                     cases[c].count);
    }
    /* the move-only leaps do not attack */
    set(r, &pos, "12/12/12/12/7k4/6R5/5W6/12/12/12/11K/12 w - - 0 1");
    assert_false(eng_attacked(r, pos.board, square(r, "h8"), 0));
    set(r, &pos, "12/12/12/12/7k4/12/5W6/12/12/12/11K/12 b - - 0 1");
    assert_true(eng_attacked(r, pos.board, square(r, "h8"), 0));
}

/* the pawn's modifiers one by one: n (a blocked double step), i (only
 * from rank 3), m (no forward capture), c (diagonal captures only) */
static void test_pawn_modifiers(void **state)
{
    (void)state;
    const eng_rules *r = eng_variant_rules(&rgn_rotary_chess_variant);
    /* King g1: f1 h1 f2 g2 h2 (5), then the pawn's moves */
    /* e3: e4 and the double step e5 */
    assert_int_equal(
        count(r, "6k5/12/12/12/12/12/12/12/12/4P7/12/6K5 w - - 0 1"), 5 + 2);
    /* e5 taken: e4 only (the double step is move-only) */
    assert_int_equal(
        count(r, "6k5/12/12/12/12/12/12/4g7/12/4P7/12/6K5 w - - 0 1"), 5 + 1);
    /* e4 taken: no step and, non-jumping, no double step over it */
    assert_int_equal(
        count(r, "6k5/12/12/12/12/12/12/12/4g7/4P7/12/6K5 w - - 0 1"), 5);
    /* e4 is not the initial rank: e5 only */
    assert_int_equal(
        count(r, "6k5/12/12/12/12/12/12/12/4P7/12/12/6K5 w - - 0 1"), 5 + 1);
    /* captures diagonally forward: d4 and f4, besides e4 and e5 */
    assert_int_equal(
        count(r, "6k5/12/12/12/12/12/12/12/3g1g6/4P7/12/6K5 w - - 0 1"), 5 + 4);
    /* never captures forwards: an enemy pawn on e4 blocks it */
    assert_int_equal(
        count(r, "6k5/12/12/12/12/12/12/12/4p7/4P7/12/6K5 w - - 0 1"), 5);
}

/* ------------------------------------------------------------------ */
/* Position strings                                                    */

static void expect_fen_error(const eng_rules *r, const char *fen, int field,
                             int column, const char *words)
{
    eng_position pos;
    rgn_error err;
    assert_int_equal(eng_set_fen(at(r, &pos), fen, &err), -1);
    char head[64];
    snprintf(head, sizeof head, "field %d", field);
    if (!strstr(err.message, head) || err.column != column ||
        !strstr(err.message, words))
        fail_msg("%s: \"%s\" (column %d), expected field %d, column %d, \"%s\"",
                 fen, err.message, err.column, field, column, words);
}

static void test_fen(void **state)
{
    (void)state;
    const eng_rules *r = eng_variant_rules(&rgn_rotary_chess_variant);
    eng_position pos;
    char fen[256];
    eng_set_initial(at(r, &pos));
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(fen, r->game->start_fen);
    /* adjacent digits are one number; maximal runs on writing; fields 5
     * and 6 optional */
    set(r, &pos, "6k5/12/12/12/12/12/12/12/12/12/12/1K10 w - -");
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(fen,
                        "6k5/12/12/12/12/12/12/12/12/12/12/1K10 w - - 0 1");

    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K9 w - - 0 1", 1,
                     35, "11 squares wide");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/1K10 w - - 0 1", 1, 36,
                     "11 ranks");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K9X w - - 0 1", 1,
                     38, "unknown character 'X'");
    expect_fen_error(r, "12/12/12/12/12/12/12/12/12/12/12/1K10 w - - 0 1", 1, 1,
                     "no Black King");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1KK9 w - - 0 1", 1,
                     37, "more than one White King");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/P11/1K10 w - - 0 1", 1,
                     32, "White pawn on rank 2");
    expect_fen_error(r, "6k5/p11/12/12/12/12/12/12/12/12/12/1K10 w - - 0 1", 1,
                     5, "Black pawn on rank 11");
    expect_fen_error(r, "P5k5/12/12/12/12/12/12/12/12/12/12/1K10 w - - 0 1", 1,
                     1, "White pawn on rank 12");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K10 x - - 0 1", 2,
                     40, "expected 'w' or 'b'");
    /* the string ends where the en passant field should start (found by
     * fuzzing: the reader went past the end) */
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K10 w - ", 4, 44,
                     "missing");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K10 w K - 0 1", 3,
                     42, "without its King and Rook");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K10 w X - 0 1", 3,
                     42, "unknown castling right");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K10 w - e8 0 1", 4,
                     44, "not on rank 9");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K10 w - e9 0 1", 4,
                     44, "no Black pawn");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K10 b - e9 0 1", 4,
                     44, "not on rank 4");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K10 w - - x 1", 5,
                     46, "expected a number");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K10 w - - 0 0", 6,
                     48, "expected a number");
    expect_fen_error(r, "6k5/12/12/12/12/12/12/12/12/12/12/1K4r5 b - - 0 1", 2,
                     41, "not to move is in check");
    /* a rejected string leaves the position as it was */
    eng_position before;
    eng_set_initial(at(r, &pos));
    before = pos;
    assert_int_equal(
        eng_set_fen(at(r, &pos),
                    "6k5/12/12/12/12/12/12/12/12/12/12/1K10 w K - 0 1",
                    &(rgn_error){0}),
        -1);
    assert_memory_equal(&pos, &before, sizeof pos);
    /* accepted though no capture is possible: changes nothing */
    eng_position with, without;
    set(r, &with, "6k5/12/12/12/4p7/12/12/12/12/12/12/1K10 w - e9 0 1");
    set(r, &without, "6k5/12/12/12/4p7/12/12/12/12/12/12/1K10 w - - 0 1");
    assert_int_equal(with.key, without.key);
    eng_write_fen(&with, fen, sizeof fen);
    assert_string_equal(fen,
                        "6k5/12/12/12/4p7/12/12/12/12/12/12/1K10 w - - 0 1");

    const eng_rules *c = eng_variant_rules(&rgn_chess_variant);
    eng_set_initial(at(c, &pos));
    eng_write_fen(&pos, fen, sizeof fen);
    assert_string_equal(
        fen, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    expect_fen_error(c, "4k3/8/8/8/8/8/8/4K2 w - - 0 1", 1, 17,
                     "7 squares wide");
    expect_fen_error(c, "4k3/8/8/8/8/8/8/4K4 w - - 0 1", 1, 19,
                     "more than 8 squares wide");
}

/* ------------------------------------------------------------------ */
/* Chess960                                                            */

/* A position's string (in a buffer the next call reuses). */
static const char *written(const eng_position *pos)
{
    static char fen[128];
    eng_write_fen(pos, fen, sizeof fen);
    return fen;
}

/* The position string after playing from -> to (a castling move goes
 * from the King to its Rook). */
static void expect_after(const eng_rules *r, const char *fen, const char *from,
                         const char *to, const char *after)
{
    eng_position pos;
    set(r, &pos, fen);
    eng_move m;
    if (find(r, &pos, from, to, 0, &m) < 0)
        fail_msg("%s%s is not legal in %s", from, to, fen);
    eng_undo undo;
    eng_position before = pos;
    eng_make(&pos, m, &undo);
    assert_int_equal(pos.key, eng_compute_key(r, &pos));
    assert_string_equal(written(&pos), after);
    eng_unmake(&pos, m, &undo);
    assert_memory_equal(&pos, &before, sizeof pos);
}

static void test_chess960(void **state)
{
    (void)state;
    const eng_rules *r = eng_variant_rules(&rgn_chess960_variant);
    eng_position pos;
    /* without a FEN: the orthodox start, position 518 */
    eng_set_initial(at(r, &pos));
    assert_string_equal(
        written(&pos),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");

    /* Shredder-FEN read, X-FEN written: KQkq for the outermost Rooks, the
     * file for an inner one */
    set(r, &pos, "bnrkrqnb/pppppppp/8/8/8/8/PPPPPPPP/BNRKRQNB w ECec - 0 1");
    assert_string_equal(
        written(&pos),
        "bnrkrqnb/pppppppp/8/8/8/8/PPPPPPPP/BNRKRQNB w KQkq - 0 1");
    set(r, &pos, "r3k1rr/pppppppp/8/8/8/8/PPPPPPPP/R3K1RR w GAga - 0 1");
    assert_string_equal(written(&pos),
                        "r3k1rr/pppppppp/8/8/8/8/PPPPPPPP/R3K1RR w GQgq - 0 1");
    /* the two forms are one position */
    eng_position shredder, xfen;
    memset(&shredder, 0, sizeof shredder); /* the padding too */
    memset(&xfen, 0, sizeof xfen);
    set(r, &shredder, "r3k1rr/8/8/8/8/8/8/R3K1RR w GAga - 0 1");
    set(r, &xfen, "r3k1rr/8/8/8/8/8/8/R3K1RR w GQgq - 0 1");
    assert_memory_equal(&shredder, &xfen, sizeof xfen);

    expect_fen_error(r, "r3k2r/8/8/8/8/8/8/R3K2R w KH - 0 1", 3, 28,
                     "'H' repeats a right");
    expect_fen_error(r, "r3k2r/8/8/8/8/8/8/R3K2R w E - 0 1", 3, 27,
                     "unknown castling right 'E'");
    expect_fen_error(r, "r3k2r/8/8/8/8/8/8/R3K2R w G - 0 1", 3, 27,
                     "without its King and Rook");
    expect_fen_error(r, "r3k2r/8/8/8/8/8/8/4K2R w Q - 0 1", 3, 26,
                     "without its King and Rook");

    /* castling goes from the King to its Rook, which may swap with it or
     * stay on its square; the King ends on g or c, the Rook on f or d */
    expect_after(r, "b1q1rrkb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w GE - 1 9",
                 "f1", "g1",
                 "b1q1rrkb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRRKB b - - 2 9");
    expect_after(r, "nnrkbbqr/pppppppp/8/8/8/8/PPPPPPPP/1NKRBBQR b hc - 0 9",
                 "d8", "c8",
                 "nnkrbbqr/pppppppp/8/8/8/8/PPPPPPPP/1NKRBBQR w - - 1 10");
    expect_after(r, "bnnqrbkr/pppppppp/8/8/8/8/PPPPPPPP/B3R1K1 w Ehe - 0 9",
                 "g1", "e1",
                 "bnnqrbkr/pppppppp/8/8/8/8/PPPPPPPP/B1KR4 b kq - 1 9");
    expect_after(r, "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", "d1", "e1",
                 "2r5/8/8/8/8/8/6PP/k4RK1 b - - 1 1");
    /* the King's ordinary move to a castling square is no castling */
    set(r, &pos, "bnnqrbkr/pppppppp/8/8/8/8/PPPPPPPP/B3R1K1 w Ehe - 0 9");
    assert_true(legal(r, &pos, "g1", "h1"));
    assert_false(legal(r, &pos, "g1", "c1"));
    /* the Rook b1 shields c1 from the Queen a1: leaving, it uncovers it */
    set(r, &pos, "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1");
    assert_false(legal(r, &pos, "d1", "b1"));
    assert_false(legal(r, &pos, "d1", "f1")); /* e1 attacked from e8 */
    set(r, &pos, "8/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1");
    assert_true(legal(r, &pos, "d1", "f1")); /* the Rook f1 stays put */
    /* a Rook that moves loses its right, the other keeps its own */
    set(r, &pos, "r3k1rr/pppppppp/8/8/8/8/PPPPPPPP/R3K1RR w GAga - 0 1");
    play(r, &pos, "g1", "f1");
    assert_string_equal(written(&pos),
                        "r3k1rr/pppppppp/8/8/8/8/PPPPPPPP/R3KR1R b Qgq - 1 1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_make_unmake_restores),
        cmocka_unit_test(test_moves_to_agree),
        cmocka_unit_test(test_castling),
        cmocka_unit_test(test_en_passant),
        cmocka_unit_test(test_twelve_promotions),
        cmocka_unit_test(test_mongoose),
        cmocka_unit_test(test_walrus),
        cmocka_unit_test(test_pawn_modifiers),
        cmocka_unit_test(test_fen),
        cmocka_unit_test(test_chess960),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
