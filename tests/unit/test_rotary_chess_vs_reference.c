/*
 * test_rotary_chess_vs_reference.c - Rotary Chess perft against a second,
 * deliberately simple move generator written here from the plain move
 * lists of the rules (no XBetza, no mailbox, no pins): moves are played
 * on a copy of a 12 x 12 array and kept when no enemy move could then
 * capture the King.
 */
#include <ctype.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "rules/engine/engine.h"

#define N 12

typedef struct simple {
    char board[N][N];     /* [rank][file], '.' empty, letters as in FEN */
    int side;             /* 0 White, 1 Black */
    bool rights[4];       /* K Q k q */
    int ep_file, ep_rank; /* -1 if none */
} simple;

typedef struct smove {
    int ff, fr, tf, tr;
    char promotion;
    char kind; /* 'n' normal, 'e' en passant, 'c' castling */
} smove;

static int color_of(char c)
{
    return c == '.' ? -1 : islower((unsigned char)c) ? 1 : 0;
}
static bool on_board(int f, int r)
{
    return f >= 0 && f < N && r >= 0 && r < N;
}

static void parse(simple *p, const char *fen)
{
    int rank = N - 1, file = 0;
    const char *c = fen;
    for (; *c != ' '; c++) {
        if (*c == '/') {
            rank--, file = 0;
        } else if (isdigit((unsigned char)*c)) {
            int run = 0;
            while (isdigit((unsigned char)*c))
                run = run * 10 + (*c++ - '0');
            c--;
            while (run--)
                p->board[rank][file++] = '.';
        } else {
            p->board[rank][file++] = *c;
        }
    }
    p->side = c[1] == 'b';
    c += 3;
    memset(p->rights, 0, sizeof p->rights);
    for (; *c != ' '; c++)
        if (*c != '-')
            p->rights[strchr("KQkq", *c) - "KQkq"] = true;
    c++;
    p->ep_file = p->ep_rank = -1;
    if (*c != '-') {
        p->ep_file = *c - 'a';
        p->ep_rank = atoi(c + 1) - 1;
    }
}

/* The leaps of each leaping piece as (x, y): every (+-x, +-y), (+-y, +-x). */
/* clang-format off */
static const struct { char piece; int count; int8_t leaps[5][2]; } leapers[] = {
    {'K', 2, {{0, 1}, {1, 1}}},         {'G', 2, {{0, 1}, {1, 1}}},
    {'T', 2, {{1, 2}, {3, 3}}},         {'L', 2, {{0, 1}, {3, 3}}},
    {'C', 3, {{1, 1}, {1, 2}, {2, 3}}}, {'J', 2, {{3, 3}, {2, 3}}},
    {'F', 5, {{0, 1}, {1, 2}, {2, 3}, {1, 4}, {0, 5}}},
    {'S', 1, {{1, 1}}},
};
/* clang-format on */
static const int8_t orthogonal[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
static const int8_t diagonal[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

typedef struct list {
    smove moves[4096];
    int n;
} list;

/* Adds a move once (the Walrus reaches some squares two ways). */
static void add(list *l, int ff, int fr, int tf, int tr, char promotion,
                char kind)
{
    for (int i = 0; i < l->n; i++) {
        smove *m = &l->moves[i];
        if (m->ff == ff && m->fr == fr && m->tf == tf && m->tr == tr &&
            m->promotion == promotion)
            return;
    }
    l->moves[l->n++] = (smove){ff, fr, tf, tr, promotion, kind};
}

/* A destination the mover may take: empty, or an enemy when capturing
 * is allowed. */
static void target(const simple *p, list *l, int ff, int fr, int tf, int tr,
                   bool may_move, bool may_capture)
{
    if (!on_board(tf, tr))
        return;
    int c = color_of(p->board[tr][tf]), me = color_of(p->board[fr][ff]);
    if ((c < 0 && may_move) || (c == 1 - me && may_capture))
        add(l, ff, fr, tf, tr, 0, 'n');
}

static void slide(const simple *p, list *l, int f, int r, int df, int dr,
                  int max, bool may_capture)
{
    for (int k = 1; k <= max; k++) {
        int tf = f + k * df, tr = r + k * dr;
        if (!on_board(tf, tr))
            return;
        target(p, l, f, r, tf, tr, true, may_capture);
        if (p->board[tr][tf] != '.')
            return;
    }
}

static void pawn_moves(const simple *p, list *l, int f, int r, int me)
{
    int dir = me ? -1 : 1, start = me ? 9 : 2, last = me ? 0 : N - 1;
    list raw = {.n = 0};
    if (on_board(f, r + dir) && p->board[r + dir][f] == '.') {
        add(&raw, f, r, f, r + dir, 0, 'n');
        if (r == start && p->board[r + 2 * dir][f] == '.')
            add(&raw, f, r, f, r + 2 * dir, 0, 'n');
    }
    for (int s = -1; s <= 1; s += 2) {
        int tf = f + s, tr = r + dir;
        if (!on_board(tf, tr))
            continue;
        if (color_of(p->board[tr][tf]) == 1 - me)
            add(&raw, f, r, tf, tr, 0, 'n');
        if (tf == p->ep_file && tr == p->ep_rank)
            add(&raw, f, r, tf, tr, 0, 'e');
    }
    for (int i = 0; i < raw.n; i++) {
        smove m = raw.moves[i];
        if (m.tr == last)
            for (const char *q = "BRQTMLSCGWFJ"; *q; q++)
                add(l, m.ff, m.fr, m.tf, m.tr, *q, 'n');
        else
            add(l, m.ff, m.fr, m.tf, m.tr, 0, m.kind);
    }
}

/* Every move of the piece on (f, r) by the rules of movement, castling
 * aside; attacks_only leaves out what cannot capture. */
static void piece_moves(const simple *p, list *l, int f, int r,
                        bool attacks_only)
{
    char piece = (char)toupper((unsigned char)p->board[r][f]);
    int me = color_of(p->board[r][f]);
    for (size_t i = 0; i < sizeof leapers / sizeof leapers[0]; i++)
        if (leapers[i].piece == piece)
            for (int k = 0; k < leapers[i].count; k++) {
                int x = leapers[i].leaps[k][0], y = leapers[i].leaps[k][1];
                int images[8][2] = {{x, y}, {-x, y}, {x, -y}, {-x, -y},
                                    {y, x}, {-y, x}, {y, -x}, {-y, -x}};
                for (int j = 0; j < 8; j++)
                    target(p, l, f, r, f + images[j][0], r + images[j][1], true,
                           true);
            }
    switch (piece) {
    case 'S': /* the (2,1) leaps sideways only */
        for (int j = 0; j < 4; j++)
            target(p, l, f, r, f + 2 * diagonal[j][0], r + diagonal[j][1], true,
                   true);
        break;
    case 'Q':
    case 'R':
        for (int j = 0; j < 4; j++)
            slide(p, l, f, r, orthogonal[j][0], orthogonal[j][1], N, true);
        if (piece == 'R')
            break;
        /* fall through */
    case 'B':
        for (int j = 0; j < 4; j++)
            slide(p, l, f, r, diagonal[j][0], diagonal[j][1], N, true);
        break;
    case 'W': /* three squares along a diagonal; (2,2), (3,3) onto empty */
        for (int j = 0; j < 4; j++) {
            slide(p, l, f, r, diagonal[j][0], diagonal[j][1], 3, true);
            if (!attacks_only)
                for (int k = 2; k <= 3; k++)
                    target(p, l, f, r, f + k * diagonal[j][0],
                           r + k * diagonal[j][1], true, false);
        }
        break;
    case 'M': /* a step sideways; or onto an empty square sideways, then
                 on diagonally away from the start */
        for (int s = -1; s <= 1; s += 2) {
            target(p, l, f, r, f + s, r, true, true);
            if (on_board(f + s, r) && p->board[r][f + s] == '.')
                for (int d = -1; d <= 1; d += 2)
                    for (int k = 1; k < N; k++) {
                        int tf = f + s + k * s, tr = r + k * d;
                        if (!on_board(tf, tr))
                            break;
                        target(p, l, f, r, tf, tr, true, true);
                        if (p->board[tr][tf] != '.')
                            break;
                    }
        }
        break;
    case 'P':
        if (attacks_only) {
            int dir = me ? -1 : 1;
            for (int s = -1; s <= 1; s += 2)
                target(p, l, f, r, f + s, r + dir, false, true);
        } else {
            pawn_moves(p, l, f, r, me);
        }
        break;
    default: break;
    }
}

static bool attacked(const simple *p, int f, int r, int by)
{
    static list l; /* single-threaded test: one scratch list */
    for (int rr = 0; rr < N; rr++)
        for (int ff = 0; ff < N; ff++) {
            if (color_of(p->board[rr][ff]) != by)
                continue;
            l.n = 0;
            piece_moves(p, &l, ff, rr, true);
            for (int i = 0; i < l.n; i++)
                if (l.moves[i].tf == f && l.moves[i].tr == r)
                    return true;
        }
    return false;
}

static void find_king(const simple *p, int color, int *f, int *r)
{
    for (*r = 0; *r < N; (*r)++)
        for (*f = 0; *f < N; (*f)++)
            if (p->board[*r][*f] == (color ? 'k' : 'K'))
                return;
}

static void play(simple *p, smove m)
{
    char piece = p->board[m.fr][m.ff];
    p->board[m.fr][m.ff] = '.';
    if (m.kind == 'e')
        p->board[m.fr][m.tf] = '.';
    if (m.kind == 'c') { /* the Rook from the corner to beside the King */
        int corner = m.tf > m.ff ? N - 1 : 0,
            beside = m.tf > m.ff ? m.tf - 1 : m.tf + 1;
        p->board[m.fr][beside] = p->board[m.fr][corner];
        p->board[m.fr][corner] = '.';
    }
    p->board[m.tr][m.tf] =
        m.promotion ? (char)(p->side ? tolower(m.promotion) : m.promotion)
                    : piece;
    /* rights: a King or Rook that moves, anything that lands on a corner */
    int squares[2][2] = {{m.ff, m.fr}, {m.tf, m.tr}};
    for (int i = 0; i < 2; i++) {
        int f = squares[i][0], r = squares[i][1];
        for (int c = 0; c < 2; c++) {
            int home = c ? N - 1 : 0;
            if (r != home)
                continue;
            if (f == 6)
                p->rights[2 * c] = p->rights[2 * c + 1] = false;
            if (f == N - 1)
                p->rights[2 * c] = false;
            if (f == 0)
                p->rights[2 * c + 1] = false;
        }
    }
    p->ep_file = p->ep_rank = -1;
    if (toupper((unsigned char)piece) == 'P' && abs(m.tr - m.fr) == 2) {
        p->ep_file = m.ff;
        p->ep_rank = (m.fr + m.tr) / 2;
    }
    p->side ^= 1;
}

static void castlings(const simple *p, list *l)
{
    int me = p->side, r = me ? N - 1 : 0;
    char king = me ? 'k' : 'K', rook = me ? 'r' : 'R';
    if (p->board[r][6] != king || attacked(p, 6, r, 1 - me))
        return;
    for (int side = 0; side < 2; side++) {
        int corner = side ? 0 : N - 1, dir = side ? -1 : 1, to = 6 + 4 * dir;
        if (!p->rights[2 * me + side] || p->board[r][corner] != rook)
            continue;
        bool ok = true;
        for (int f = 6 + dir; f != corner; f += dir)
            ok &= p->board[r][f] == '.';
        for (int f = 6 + dir; ok && f != to + dir; f += dir)
            ok &= !attacked(p, f, r, 1 - me);
        if (ok)
            add(l, 6, r, to, r, 0, 'c');
    }
}

static void legal(const simple *p, list *out)
{
    list pseudo = {.n = 0};
    for (int r = 0; r < N; r++)
        for (int f = 0; f < N; f++)
            if (color_of(p->board[r][f]) == p->side)
                piece_moves(p, &pseudo, f, r, false);
    castlings(p, &pseudo);
    out->n = 0;
    for (int i = 0; i < pseudo.n; i++) {
        simple next = *p;
        play(&next, pseudo.moves[i]);
        int kf, kr;
        find_king(&next, p->side, &kf, &kr);
        if (!attacked(&next, kf, kr, next.side))
            out->moves[out->n++] = pseudo.moves[i];
    }
}

static uint64_t simple_perft(const simple *p, int depth)
{
    list *l = malloc(sizeof *l);
    legal(p, l);
    uint64_t total = 0;
    if (depth == 1) {
        total = (uint64_t)l->n;
    } else {
        for (int i = 0; i < l->n; i++) {
            simple next = *p;
            play(&next, l->moves[i]);
            total += simple_perft(&next, depth - 1);
        }
    }
    free(l);
    return total;
}

static void test_engine_agrees_with_simple_generator(void **state)
{
    (void)state;
    static const struct {
        const char *fen;
        int depth;
    } cases[] = {
        /* castling both ways for both sides, the Rooks' files open */
        {"r5k4r/12/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/12/R5K4R w KQkq "
         "- 0 1",
         3},
        /* promotions and capture-promotions on both sides */
        {"r5k5/1P2P7/12/12/12/12/12/12/12/12/1p4p5/R5K5 w Q - 0 1", 3},
        /* double steps next to enemy pawns: en passant at ply 2 */
        {"6k5/12/3p1p6/12/4P7/12/12/4p7/12/3P1P6/12/6K5 w - - 0 1", 4},
        /* Mongooses and Walruses among blockers */
        {"6k5/2w5m3/12/3M4W3/5p6/1m3P2w3/12/2W2M6/12/12/12/6K5 w - - 0 1", 3},
        /* a Rook pinned by a Mongoose's bend: slide squares, first square */
        {"6k5/12/12/12/12/12/12/12/4m7/12/1R10/K11 w - - 0 1", 3},
        {"6k5/12/12/12/12/12/12/12/12/12/1Rm9/K11 w - - 0 1", 3},
        /* middlegames from random play */
        {"rfcgbqkbgc1r/mtswjll2s1m/pppppppwp2p/9p1t/7p2p1/12/3L8/7F3j/2T1PW5T/"
         "PPPP1PPPPPPP/M1S1JL1JWS1M/RFCGBQKBGC1R w KQkq - 3 11",
         2},
        {"rfcgbqkbg1rs/m1s3l4m/pppp2p1ppcp/1j2pp5t/7pJ1p1/1t5j2w1/8L3/"
         "l1Pw2PP1P2/"
         "P1J5P3/1P1PPP4PP/1MSWCBLTWSTM/R2G1QKBGCFR w KQq - 1 23",
         2},
        {"r2gb1kbg1r1/mt1w1l1c2cm/2pqpplppp2/2Q6s1p/p5p2jpf/3p8/12/5WwP1F1T/"
         "5PP1P1S1/PPPP5PPP/MT1WCLLt2JM/RSG1B1KB1C1R w KQq - 0 35",
         2},
        {"r2gbq1b1c1r/m1sw2lk1s1m/2cp1p1p1ppp/1jpfpFp3wt/p1l5p3/1p10/9C2/"
         "5PP3P1/"
         "TP1PP7/P1P2C2PP1P/1MSW1LLGWSTM/R2GBQKR3F w Q - 0 41",
         2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        simple p;
        parse(&p, cases[i].fen);
        eng_position pos = {.variant = &rgn_rotary_chess_variant};
        rgn_error err;
        if (eng_set_fen(&pos, cases[i].fen, &err) < 0)
            fail_msg("%s: %s", cases[i].fen, err.message);
        for (int depth = 1; depth <= cases[i].depth; depth++) {
            uint64_t expected = simple_perft(&p, depth),
                     got = eng_perft(&pos, depth);
            if (got != expected)
                fail_msg("%s depth %d: engine %llu, simple generator %llu",
                         cases[i].fen, depth, (unsigned long long)got,
                         (unsigned long long)expected);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_agrees_with_simple_generator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
