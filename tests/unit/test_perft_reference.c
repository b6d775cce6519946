/*
 * test_perft_reference.c - the library's move generator against an
 * independent reference (reference_movegen.c), written from the rules
 * alone. For every position the sorted coordinate move lists must be
 * identical and perft must agree at every depth up to the position's limit.
 * A few positions also carry a count derived by hand, which checks the
 * reference itself.
 *
 * On a disagreement the test prints the position, the first differing
 * move and every move only one side generates, then goes on with the other
 * positions, so that one run shows every failing case.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reference_movegen.h"
#include "rgn.h"

#define INITIAL                                                             \
    "r>S7r>S/1s>Na>St>Nk>NEt>Na>Ss>N1/ppppppppp/9/9/9/PPPPPPPPP/"           \
    "1S>NA>NT>SK>NET>SA>NS>N1/R>N7R>N w 0 1"

#define MAX_LIST RGN_MAX_MOVES
#define NO_HAND_COUNT (-1)

typedef char move_text[16];

/* A fresh library position, or NULL (reported) if the library refuses the
 * string. */
static rgn_position *load(const char *name, const char *rfen)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"));
    if (!pos) {
        print_error("%s: rgn_position_new failed\n", name);
        return NULL;
    }
    rgn_error err;
    memset(&err, 0, sizeof err);
    if (rgn_position_set_fen(pos, rfen, &err) != 0) {
        print_error("%s: library rejects \"%s\": column %d: %s\n", name, rfen,
                    err.column, err.message);
        rgn_position_free(pos);
        return NULL;
    }
    return pos;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Compares the sorted depth-1 move lists; returns the number of problems
 * found (0 when they agree). */
static int compare_moves(const char *name, const char *rfen)
{
    move_text *ref = malloc(sizeof *ref * MAX_LIST);
    move_text *lib = malloc(sizeof *lib * MAX_LIST);
    rgn_move *moves = malloc(sizeof *moves * RGN_MAX_MOVES);
    assert_non_null(ref);
    assert_non_null(lib);
    assert_non_null(moves);
    int problems = 0;

    int nref = ref_moves(rfen, ref, MAX_LIST);
    rgn_position *pos = load(name, rfen);
    if (nref < 0 || nref > MAX_LIST) {
        print_error("%s: the reference rejects \"%s\"\n", name, rfen);
        problems++;
    }
    if (!pos)
        problems++;
    if (problems)
        goto done;

    int nlib = rgn_position_legal_moves(pos, moves);
    for (int i = 0; i < nlib; i++) {
        size_t len = rgn_move_coord(pos, moves[i], lib[i], sizeof lib[i]);
        if (len >= sizeof lib[i]) {
            print_error("%s: coordinate move %d too long\n", name, i);
            problems++;
            goto done;
        }
    }
    qsort(lib, (size_t)nlib, sizeof *lib, cmp_text);

    /* Walk both sorted lists together: what one lacks, the other has. */
    int i = 0, j = 0, shown_first = 0;
    while (i < nlib || j < nref) {
        int c = i >= nlib ? 1 : j >= nref ? -1 : strcmp(lib[i], ref[j]);
        if (c == 0) {
            i++, j++;
            continue;
        }
        if (!shown_first) {
            print_error("%s: move lists differ (library %d, reference %d) "
                        "in \"%s\"; first difference at index %d: library "
                        "\"%s\", reference \"%s\"\n",
                        name, nlib, nref, rfen, c < 0 ? i : j,
                        i < nlib ? lib[i] : "(end)",
                        j < nref ? ref[j] : "(end)");
            shown_first = 1;
        }
        if (c < 0)
            print_error("  only the library generates %s\n", lib[i++]);
        else
            print_error("  only the reference generates %s\n", ref[j++]);
        problems++;
    }
    /* Equal sorted lists but a duplicate on one side would still show up
     * above; a duplicate on both sides is a bug in both, caught here. */
    for (int k = 1; k < nlib; k++) {
        if (strcmp(lib[k], lib[k - 1]) == 0) {
            print_error("%s: library generates %s twice\n", name, lib[k]);
            problems++;
        }
    }

done:
    if (pos)
        rgn_position_free(pos);
    free(moves);
    free(lib);
    free(ref);
    return problems;
}

/* Compares perft at depths 1..depth; also checks that rgn_perft leaves the
 * position as it found it. Returns the number of problems. */
static int compare_perft(const char *name, const char *rfen, int depth)
{
    int problems = 0;
    for (int d = 1; d <= depth; d++) {
        rgn_position *pos = load(name, rfen);
        if (!pos)
            return problems + 1;
        char before[512], after[512];
        rgn_position_fen(pos, before, sizeof before);
        uint64_t lib = rgn_perft(pos, d);
        rgn_position_fen(pos, after, sizeof after);
        rgn_position_free(pos);
        uint64_t ref = ref_perft(rfen, d);
        if (lib != ref) {
            print_error("%s: perft(%d) of \"%s\": library %llu, reference "
                        "%llu\n",
                        name, d, rfen, (unsigned long long)lib,
                        (unsigned long long)ref);
            problems++;
        }
        if (strcmp(before, after) != 0) {
            print_error("%s: rgn_perft(%d) changed the position from \"%s\" "
                        "to \"%s\"\n",
                        name, d, before, after);
            problems++;
        }
    }
    return problems;
}

/* Everything for one position; hand is a perft(1) worked out by hand, or
 * NO_HAND_COUNT. */
static int check_position(const char *name, const char *rfen, int depth,
                          long hand)
{
    int problems = 0;
    if (hand != NO_HAND_COUNT) {
        uint64_t ref = ref_perft(rfen, 1);
        if (ref != (uint64_t)hand) {
            print_error("%s: reference perft(1) is %llu, by hand %ld\n", name,
                        (unsigned long long)ref, hand);
            problems++;
        }
    }
    problems += compare_moves(name, rfen);
    problems += compare_perft(name, rfen, depth);
    return problems;
}

/* ------------------------------------------------------------------ */
/* The initial position */

static void test_initial_reference(void **state)
{
    (void)state;
    /* the numbers of rgn-rotary(7), THE INITIAL POSITION, and of rgn(1),
     * EXAMPLES */
    assert_int_equal(ref_perft(INITIAL, 1), 130);
    assert_int_equal(ref_perft(INITIAL, 2), 16900);
    static char moves[MAX_LIST][16];
    assert_int_equal(ref_moves(INITIAL, moves, MAX_LIST), 130);
}

static void test_initial_library(void **state)
{
    (void)state;
    assert_int_equal(check_position("initial", INITIAL, 3, 130), 0);
}

/* ------------------------------------------------------------------ */
/* Each piece alone with the two Kings, in each of its orientations.
 *
 * The piece stands on e5, the White King on b1 (orthogonal), the Black King
 * on h9 (orthogonal); neither King is on a line through e5, so nothing
 * blocks the piece and it can give no check at ply 1. From e5 each ray runs
 * 4 squares to the edge whatever its direction. By hand, for the side to
 * move (its King has 3 steps x 2 direction sets + 1 rotation = 7 moves):
 *   R, A, T: 3 rays x 4 = 12 squares: 3 steps x 8 sets = 24, 9 slides
 *            (orientation kept), 7 rotations -> 40, + 7 = 47.
 *   S:       2 rays x 4 = 8 squares, each with 4 sets (a Scythe turns
 *            freely after a slide too) = 32, 3 rotations -> 35, + 7 = 42.
 *   Q:       4 rays x 4 = 16 squares: 4 steps x 2 = 8, 12 slides,
 *            1 rotation -> 21, + 7 = 28.
 *   K:       the King itself on e5, the other King on b1/h9: 4 steps x 2
 *            + 1 rotation = 9.
 * The same positions with colours swapped (Black piece on e5, Black to
 * move) give the same numbers: Black's King on h9 also has 3 steps. */

typedef struct {
    char piece;
    const char *orientations[8];
    int count;
    long hand;
} lone_piece;

static const lone_piece lone_pieces[] = {
    {'R', {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}, 8, 47},
    {'A', {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}, 8, 47},
    {'T', {"N", "NE", "E", "SE", "S", "SW", "W", "NW"}, 8, 47},
    {'S', {"N", "NE", "E", "SE"}, 4, 42},
    {'Q', {"N", "NE"}, 2, 28},
    {'K', {"N", "NE"}, 2, 9},
};

static void test_lone_pieces(void **state)
{
    (void)state;
    int problems = 0;
    for (size_t p = 0; p < sizeof lone_pieces / sizeof lone_pieces[0]; p++) {
        const lone_piece *lp = &lone_pieces[p];
        for (int o = 0; o < lp->count; o++) {
            for (int black = 0; black <= 1; black++) {
                char rfen[128], name[64];
                const char *dir = lp->orientations[o];
                if (lp->piece == 'K' && !black)
                    snprintf(rfen, sizeof rfen,
                             "7k>N1/9/9/9/4K>%s4/9/9/9/9 w 0 1", dir);
                else if (lp->piece == 'K')
                    snprintf(rfen, sizeof rfen,
                             "9/9/9/9/4k>%s4/9/9/9/1K>N7 b 0 1", dir);
                else
                    snprintf(rfen, sizeof rfen,
                             "7k>N1/9/9/9/4%c>%s4/9/9/9/1K>N7 %c 0 1",
                             black ? lp->piece - 'A' + 'a' : lp->piece, dir,
                             black ? 'b' : 'w');
                snprintf(name, sizeof name, "lone %s %c>%s",
                         black ? "black" : "white", lp->piece, dir);
                problems += check_position(name, rfen, 3, lp->hand);
            }
        }
    }
    assert_int_equal(problems, 0);
}

/* ------------------------------------------------------------------ */
/* Hand-built positions, one or more rules each. */

typedef struct {
    const char *name;
    const char *rfen;
    int depth; /* deepest perft compared */
    long hand; /* perft(1) by hand, or NO_HAND_COUNT */
} test_case;

static const test_case cases[] = {
    /* W: Ka1>N Sb1>E Rc4>N Ad5>W; B: ra9>S ki5>N. The rook on a9 checks
     * down the a-file; the King's only squares, a2 and b1, are attacked
     * or taken, and nothing can reach a9, so White must block:
     * Rc4-a4 (slide W), Ad5-a5 (slide W), Ad5-a8 (slide NW) = 3. */
    {"check, only blocks", "r>S8/9/9/9/3A>W4k>N/2R>N6/9/9/K>NS>E7 w 0 1", 3,
     3},
    /* W: Ka1>N Sb1>E Re2>W; B: ra2>S pb3 ki9>N. The adjacent rook checks,
     * the pawn on b3 guards a2, b1 is taken: only Re2xa2 = 1. */
    {"check, only capture", "8k>N/9/9/9/9/9/1p7/r>S3R>W4/K>NS>E7 w 0 1", 3,
     1},
    /* W: Ke1>N Sa1>N Rc2>N; B: aa5>SE re9>S kh8>N. Rook (e-file) and Axe
     * (a5-e1 diagonal) both check: Sxa5 or a block (Rc3, Rd2, Re2) meets
     * only one of them. King: e2 is on the file, so Kd1, Kf1, each
     * with 2 direction sets = 4. */
    {"double check", "4r>S4/7k>N1/9/9/a>SE8/9/9/2R>N6/S>N3K>N4 w 0 1", 3,
     4},
    /* W: Ke1>N Re4>N; B: re9>S ka9>N. The rook is pinned along its own N
     * ray: e5 step x 8 sets, slides e6 e7 e8 xe9 = 4, 7 rotations (it
     * stays on the file) = 19; King d1 e2 f1 x 2 + 1 rotation = 7.
     * Total 26. */
    {"pinned along its line", "k>N3r>S4/9/9/9/9/4R>N4/9/9/4K>N4 w 0 1", 3,
     26},
    /* Same with a Scythe facing E/W: pinned across its line, it may
     * only rotate (3), King 7. Total 10. */
    {"pinned across its line", "k>N3r>S4/9/9/9/9/4S>E4/9/9/4K>N4 w 0 1", 3,
     10},
    /* W: Ka1>N Ac3>NE; B: qe5>NE ki9>N. The Axe is pinned on the a1-e5
     * diagonal, which is its own NE ray: d4 step x 8, xe5 slide, 7
     * rotations = 16; King a2, b1 x 2 + 1 rotation = 5. Total 21. */
    {"pinned on a diagonal", "8k>N/9/9/9/4q>NE4/9/2A>NE6/9/K>N8 w 0 1", 3,
     21},
    /* W: Kg6>N Re2>N; B: re7>S ke9>N. The black rook is pinned by Re2 yet
     * still attacks g7, so Kg7 is illegal: King f6 g5 h6 x 2 + 1 = 7;
     * rook: e3 d2 f2 steps x 8 = 24, slides e4 e5 e6 xe7 c2 b2 a2 g2 h2
     * i2 = 10, 7 rotations = 41. Total 48. */
    {"pinned piece still attacks", "4k>N4/9/4r>S4/6K>N2/9/9/9/4R>N4/9 w 0 1",
     3, 48},
    /* Kings on e5 and e6, both diagonal: neither attacks the other.
     * White K: d6 f6 d4 f4 x 2 + rotation (which gives check) = 9. */
    {"kings side by side, no attack", "9/9/9/4k>NE4/4K>NE4/9/9/9/9 w 0 1", 3,
     9},
    /* Black's orthogonal King on e6 checks the diagonal White King on e5:
     * d6 and f6 are attacked too, so Kd4, Kf4 x 2 = 4. */
    {"king checked by a king", "9/9/9/4k>N4/4K>NE4/9/9/9/9 w 0 1", 3, 4},
    /* Kings e5, f6, both orthogonal: no attack. Ke6 and Kf5 step into the
     * Black King's reach; Kd5, Ke4 x 2 + rotation = 5. */
    {"kings diagonally adjacent", "9/9/9/5k>N3/4K>N4/9/9/9/9 w 0 1", 3, 5},
    /* W Ka8>NE, B ka9>NE: Kb7, Kb9 x 2 + rotation = 5. The rotation to N
     * mates (it checks a9 and covers b8, the black King's only square);
     * so does Kb9>N. */
    {"king mates in one", "k>NE8/K>NE8/9/9/9/9/9/9/9 w 0 1", 3, 5},
    /* The result: Black, in check from the King on a8, has no move. */
    {"mated by a king", "k>NE8/K>N8/9/9/9/9/9/9/9 b 0 1", 3, 0},
    /* W: Ke1>N Pd2 Pe2 Pf2; B: ra1>E ki9>N. Kf1 stays on the checking
     * rank (the King does not block the ray it leaves): mate, 0. */
    {"back-rank mate", "8k>N/9/9/9/9/9/9/3PPP3/r>E3K>N4 w 0 1", 3, 0},
    /* W: Ke4>N; B: pd5 ki9>N. A pawn checks diagonally forward; the
     * orthogonal King cannot take it: Kd4 Ke3 Ke5 Kf4 x 2 = 8. */
    {"pawn check", "8k>N/9/9/9/3p5/4K>N4/9/9/9 w 0 1", 3, 8},
    /* Pawn e6-e7: decline, =Q>N, =Q>NE (3) + King b1 7 = 10. */
    {"white pawn to the 7th", "7k>N1/9/9/4P4/9/9/9/9/1K>N7 w 0 1", 3, 10},
    /* Pawn e7-e8: the same 3 choices + 7 = 10. */
    {"white pawn to the 8th", "7k>N1/9/4P4/9/9/9/9/9/1K>N7 w 0 1", 3, 10},
    /* Pawn e8-e9: must promote, 2 choices + 7 = 9. */
    {"white pawn to the 9th", "7k>N1/4P4/9/9/9/9/9/9/1K>N7 w 0 1", 3, 9},
    /* Pe8 blocked by ae9, captures rd9 and tf9, promoting: 2 x 2 + 7 = 11.
     */
    {"white captures onto the 9th", "3r>Sa>St>N1k>N1/4P4/9/9/9/9/9/9/1K>N7 w 0 1",
     3, 11},
    /* Pd6: d7 or xc7; Pg7: g8 or xf8; each 3 choices = 12, + 7 = 19. */
    {"white captures onto the 7th and 8th",
     "7k>N1/5a>S3/2p3P2/3P5/9/9/9/9/1K>N7 w 0 1", 3, 19},
    /* Black mirrors: its 7th, 8th and 9th ranks are 3, 2 and 1; the
     * King on h9 has g9 h8 i9 x 2 + 1 = 7. */
    {"black pawn to the 3rd", "7k>N1/9/9/9/9/4p4/9/9/1K>N7 b 0 1", 3, 10},
    {"black pawn to the 2nd", "7k>N1/9/9/9/9/9/4p4/9/1K>N7 b 0 1", 3, 10},
    {"black pawn to the 1st", "7k>N1/9/9/9/9/9/9/4p4/1K>N7 b 0 1", 3, 9},
    {"black captures onto the 1st",
     "7k>N1/9/9/9/K>N8/9/9/4p4/3R>NA>NT>S3 b 0 1", 3, 11},
    {"black captures onto the 3rd and 2nd",
     "7k>N1/9/9/9/9/3p5/2P3p2/5A>N3/1K>N7 b 0 1", 3, 19},
    /* Pe4 and pe5 block each other: only the King moves, 7. */
    {"pawns blocked", "7k>N1/9/9/9/4p4/4P4/9/9/1K>N7 w 0 1", 3, 7},
    /* Sa1>N slides up the file to xa7: a2..a7 = 6 squares x 4 sets = 24,
     * 3 rotations; King c1: b1 c2 d1 x 2 + 1 = 7. Total 34. */
    {"scythe turns after a slide", "8k>N/9/p8/9/9/9/9/9/S>N1K>N6 w 0 1", 3,
     34},
    /* An orthogonal queen on e5 attacks only the e-file and rank 5: Kd4
     * (its diagonal) is safe, Ke3 is not. King d3: c3 d2 d4 x 2 + 1 = 7. */
    {"orthogonal queen", "8k>N/9/9/9/4q>N4/9/3K>N5/9/9 w 0 1", 3, 7},
    /* Busy middlegame positions, one per side to move. */
    {"busy, white to move",
     "9/1P2k>NE2r>W1/1s>E1a>S5/p1t>S1pq>N1P1/1A>SE4p2/2PQ>NEP1S>NE2/"
     "1R>E1p1T>N3/9/4K>N4 w 0 1",
     3, NO_HAND_COUNT},
    {"busy, black to move",
     "9/5k>N1P1/1P2t>S1R>S2/3A>NW5/3p5/q>NE6s>N1/2K>NE1S>SE1p2/"
     "1a>Sp3Q>N1r>W/2T>NE6 b 0 1",
     3, NO_HAND_COUNT},
};

static void test_positions(void **state)
{
    (void)state;
    int problems = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        problems += check_position(cases[i].name, cases[i].rfen,
                                   cases[i].depth, cases[i].hand);
    assert_int_equal(problems, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_initial_reference),
        cmocka_unit_test(test_initial_library),
        cmocka_unit_test(test_lone_pieces),
        cmocka_unit_test(test_positions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
