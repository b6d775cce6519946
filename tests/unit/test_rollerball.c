/*
 * test_rollerball.c - the Rollerball rule set (rgn-rollerball(7)) through
 * the public API:
 *   - the library's move generator against an independent reference
 *     (reference_rollerball.c, written from the rules text alone): sorted
 *     coordinate move lists at depth 1 and perft at depths 1..4, on the
 *     positions of the Rollerball perft table (tests/perft/rollerball.txt,
 *     named on the command line: hand-built positions for every ruling on
 *     the pieces), on every piece alone on every square, and along seeded
 *     random games;
 *   - the reference reproduces the table's counts up to depth 5, and the
 *     destination lists worked out by hand from the rules' own examples
 *     (these check the reference too);
 *   - rgn_position_status: checkmate, stalemate, king-reach;
 *   - the position string (rgn(5), Rollerball positions): every rejection with
 * its message and column, and the accepted forms;
 *   - canonical SAN (rgn(5), ROLLERBALL) and the resolving errors.
 *
 * On a disagreement the tests print the position, the first differing move
 * and every move only one side generates, and go on with the other
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

#include "reference_check.h"
#include "reference_rollerball.h"
#include "rgn.h"

#define INITIAL "2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2 w 0 0 0 1"

#define MAX_LIST 512
/* the deepest perft compared, and the deepest count of the table the
 * reference reproduces (6 is too slow under the sanitizers) */
#define COMPARE_DEPTH 4
#define COUNT_DEPTH 5

static const char *table_path;

typedef char move_text[16];

static const reference reference_rollerball = {"Rollerball", ref_rb_moves,
                                               ref_rb_perft};

static const rgn_variant *rollerball(void)
{
    const rgn_variant *v = rgn_variant_find("Rollerball");
    assert_non_null(v);
    return v;
}

/* A fresh library position, or NULL (reported) if the library refuses the
 * string. */
static rgn_position *load(const char *name, const char *fen)
{
    return reference_load(&reference_rollerball, name, fen);
}

/* The library against the reference in one position: moves, and perft to
 * depth. */
static int check_position(const char *name, const char *fen, int depth)
{
    return reference_compare_moves(&reference_rollerball, name, fen, NULL) +
           reference_compare_perft(&reference_rollerball, name, fen, depth,
                                   NULL, NULL);
}

/* Writes a position string from a list of pieces ("Ra2 Kd1 kd6"), with
 * its own little writer (digits for empty runs, '*' for the hole). */
static void build(char *out, size_t size, const char *pieces, char side, int tw,
                  int tb)
{
    char grid[7][7];
    memset(grid, 0, sizeof grid);
    for (const char *p = pieces; *p;) {
        if (*p == ' ') {
            p++;
            continue;
        }
        grid[p[1] - 'a'][p[2] - '1'] = p[0];
        p += 3;
    }
    size_t n = 0;
    for (int y = 6; y >= 0; y--) {
        int run = 0;
        for (int x = 0; x < 7; x++) {
            int hole = x >= 2 && x <= 4 && y >= 2 && y <= 4;
            if (!hole && !grid[x][y]) {
                run++;
                continue;
            }
            if (run)
                out[n++] = (char)('0' + run);
            run = 0;
            out[n++] = hole ? '*' : grid[x][y];
        }
        if (run)
            out[n++] = (char)('0' + run);
        if (y)
            out[n++] = '/';
    }
    snprintf(out + n, size - n, " %c %d %d 0 1", side, tw, tb);
}

/* ------------------------------------------------------------------ */
/* The initial position */

static void test_initial_position(void **state)
{
    (void)state;
    rgn_position *pos = rgn_position_new(rollerball(), NULL);
    assert_non_null(pos);
    char fen[256];
    rgn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, INITIAL);
    rgn_position_free(pos);
    /* c1b1 c1b2 c2b1 c2b2 c2b3 (pawns), e1f1 e2f2 (rook back steps) */
    static move_text moves[MAX_LIST];
    assert_int_equal(ref_rb_moves(INITIAL, moves, MAX_LIST), 7);
    const char *expect[] = {"c1b1", "c1b2", "c2b1", "c2b2",
                            "c2b3", "e1f1", "e2f2"};
    for (int i = 0; i < 7; i++)
        assert_string_equal(moves[i], expect[i]);
}

/* ------------------------------------------------------------------ */
/* Worked examples of the pieces' moves (some in rgn-rollerball(7)), destination
 * by destination. The Kings stand where no example's path runs: mostly White g4
 * (East, T = -1) and Black f6 (East, T = 1) for the rooks and pawns, White g2
 * (East, T = -1) and Black b7 (North, T = 0) for the bishops. */

typedef struct {
    const char *pieces; /* the piece under test first */
    const char *dests;  /* its destinations as the rules list them, sorted */
} example;

static const example examples[] = {
    /* Rooks: "d1: c1 b1 a1 then a2..a7; d2 (sideways); e1 (back)" */
    {"Rd1 Kg4 kf6", "a1 a2 a3 a4 a5 a6 a7 b1 c1 d2 e1"},
    /* "b1: a1, a2..a7; b2..b7 (sideways); c1" */
    {"Rb1 Kg4 kf6", "a1 a2 a3 a4 a5 a6 a7 b2 b3 b4 b5 b6 b7 c1"},
    /* "a1: a2..a7 then b7..g7; b1" (never along rank 1: no c1) */
    {"Ra1 Kg4 kf6", "a2 a3 a4 a5 a6 a7 b1 b7 c7 d7 e7 f7 g7"},
    /* "a2: a3..a7 then b7..g7; b2..g2 (sideways); a1" */
    {"Ra2 Kg4 kf6", "a1 a3 a4 a5 a6 a7 b2 b7 c2 c7 d2 d7 e2 e7 f2 f7 g2 g7"},
    /* "b2: b3..b7; a2; b1; c2" (straight past the bend b6) */
    {"Rb2 Kg4 kf6", "a2 b1 b3 b4 b5 b6 b7 c2"},
    /* "f1: f2..f7" sideways, e1..a1 a2..a7 forward, g1 back */
    {"Rf1 Kg4 kd6", "a1 a2 a3 a4 a5 a6 a7 b1 c1 d1 e1 f2 f3 f4 f5 f6 f7 g1"},
    /* Bishops: "d1: c2 b3 a4, rebound, b5 c6 d7; e2 (back)" */
    {"Bd1 Kg2 kb7", "a4 b3 b5 c2 c6 d7 e2"},
    /* "a4: b5 c6 d7, rebound, e6 f5 g4" and b3 back */
    {"Ba4 Kg2 kb7", "b3 b5 c6 d7 e6 f5 g4"},
    /* "e1: d2, rebound off the hole, c1; f2" */
    {"Be1 Kg2 kb7", "c1 d2 f2"},
    /* "b3: a4, rebound, b5 c6 d7; c2, a2 (back)" */
    {"Bb3 Kg2 kd6", "a2 a4 b5 c2 c6 d7"},
    /* "a1: b2 only" (aimed at the hole corner c3: no rebound) */
    {"Ba1 Kg2 kb7", "b2"},
    /* "b2: a3, rebound, b4 (then c5 is the hole); c1, a1 (back)" */
    {"Bb2 Kg2 kb7", "a1 a3 b4 c1"},
    /* Pawns: "c1: b1, b2. c2: b1, b2, b3. a1: a2, b2. b2: b3, a3." */
    {"Pc1 Kg4 kf6", "b1 b2"},
    {"Pc2 Kg4 kf6", "b1 b2 b3"},
    {"Pa1 Kg4 kf6", "a2 b2"},
    {"Pb2 Kg4 kf6", "a3 b3"},
    /* the same for Black pawns (no Black pawn may stand on c1/c2) */
    {"pa1 Kg4 kf6", "a2 b2"},
    {"pb2 Kg4 kf6", "a3 b3"},
    /* promotion: d6 reaches e6 (F) and e7 (NE), each =R or =B */
    {"Pd6 Kg4 kb2", "e6b e6r e7b e7r"},
    {"pd2 Kg4 kf6", "c1b c1r c2b c2r"},
};

/* The destinations of the moves from origin in a sorted move list, as
 * "dest[promotion] ...". */
static void destinations(move_text *moves, int n, const char *origin, char *out,
                         size_t size)
{
    out[0] = 0;
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        if (strncmp(moves[i], origin, 2) != 0)
            continue;
        len += (size_t)snprintf(out + len, size - len, "%s%s", len ? " " : "",
                                moves[i] + 2);
    }
}

static void test_rule_examples(void **state)
{
    (void)state;
    int problems = 0;
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        const example *ex = &examples[i];
        /* side and turn counts from the pieces: the piece's colour moves;
         * g4/g2 are East (White T = -1), f6 East (Black T = 1), b7 and
         * d6 North (0), b2 West (Black T = -1) */
        char side = ex->pieces[0] >= 'a' ? 'b' : 'w';
        int tb = strstr(ex->pieces, "kf6")   ? 1
                 : strstr(ex->pieces, "kb2") ? -1
                                             : 0;
        char fen[128];
        build(fen, sizeof fen, ex->pieces, side, -1, tb);
        char origin[3] = {ex->pieces[1], ex->pieces[2], 0};

        static move_text ref[MAX_LIST], lib[MAX_LIST];
        int nref = ref_rb_moves(fen, ref, MAX_LIST);
        rgn_position *pos = load(ex->pieces, fen);
        if (nref < 0 || !pos) {
            problems++;
            if (pos)
                rgn_position_free(pos);
            continue;
        }
        int nlib = reference_library_moves(ex->pieces, pos, lib, MAX_LIST);
        rgn_position_free(pos);
        char got_ref[256], got_lib[256];
        destinations(ref, nref, origin, got_ref, sizeof got_ref);
        destinations(lib, nlib < 0 ? 0 : nlib, origin, got_lib, sizeof got_lib);
        if (strcmp(got_ref, ex->dests) != 0) {
            print_error("%s (%s): reference gives \"%s\", the rules \"%s\"\n",
                        ex->pieces, fen, got_ref, ex->dests);
            problems++;
        }
        if (strcmp(got_lib, ex->dests) != 0) {
            print_error("%s (%s): library gives \"%s\", the rules \"%s\"\n",
                        ex->pieces, fen, got_lib, ex->dests);
            problems++;
        }
    }
    assert_int_equal(problems, 0);
}

/* ------------------------------------------------------------------ */
/* Every piece alone on every square, both colours, with the two Kings on
 * the first of these pairs that makes a legal position (the piece's
 * side to move, so the other King must not be attacked). */

typedef struct {
    const char *white, *black; /* squares */
    int tw, tb;                /* turn counts fitting their zones */
} king_pair;

static const king_pair king_pairs[] = {
    {"d2", "d6", 0, 0},   /* South, North: both home */
    {"g4", "a4", -1, -1}, /* East: White -1; West: Black 1 - 2 = -1 */
    {"b4", "f4", 1, 1},   /* West: White 1; East: Black 3 - 2 = 1 */
    {"a1", "g7", 1, 1},   /* West; East */
};

static void test_lone_pieces_everywhere(void **state)
{
    (void)state;
    int problems = 0, positions = 0;
    const char *letters = "RBPrbp";
    for (int l = 0; letters[l]; l++) {
        char piece = letters[l];
        int black = piece >= 'a';
        for (int x = 0; x < 7; x++) {
            for (int y = 0; y < 7; y++) {
                if (x >= 2 && x <= 4 && y >= 2 && y <= 4)
                    continue;
                char sq[3] = {(char)('a' + x), (char)('1' + y), 0};
                /* a pawn never stands on its own promotion squares */
                if (piece == 'P' && x == 4 && y >= 5)
                    continue;
                if (piece == 'p' && x == 2 && y <= 1)
                    continue;
                int done = 0;
                for (size_t k = 0; k < 4 && !done; k++) {
                    const king_pair *kp = &king_pairs[k];
                    if (!strcmp(kp->white, sq) || !strcmp(kp->black, sq))
                        continue;
                    char pieces[32], fen[128];
                    snprintf(pieces, sizeof pieces, "%c%s K%s k%s", piece, sq,
                             kp->white, kp->black);
                    build(fen, sizeof fen, pieces, black ? 'b' : 'w', kp->tw,
                          kp->tb);
                    rgn_position *pos = rgn_position_new(rollerball(), NULL);
                    assert_non_null(pos);
                    rgn_error err;
                    int ok = rgn_position_set_fen(pos, fen, &err) == 0;
                    rgn_position_free(pos);
                    if (!ok)
                        continue;
                    char name[64];
                    snprintf(name, sizeof name, "lone %s", pieces);
                    problems += check_position(name, fen, 3);
                    positions++;
                    done = 1;
                }
                if (!done) {
                    print_error("no legal position for %c on %s\n", piece, sq);
                    problems++;
                }
            }
        }
    }
    /* 40 squares x 6 pieces, less 2 squares for each pawn */
    assert_int_equal(positions, 40 * 6 - 4);
    assert_int_equal(problems, 0);
    /* The rules' "both blocked: a corner of the grid, no rebound" never
     * happens to a slide that has made a step: the diagonal approaches
     * to a1, a7, g7, g1 all come out of the hole. */
    assert_int_equal(ref_rb_grid_corner_stops(), 0);
}

/* ------------------------------------------------------------------ */
/* The perft table: every position once, and its counts up to COUNT_DEPTH
 * from the reference. */

static void test_table(void **state)
{
    (void)state;
    assert_int_equal(reference_check_table(&reference_rollerball, table_path,
                                           COMPARE_DEPTH, COUNT_DEPTH),
                     0);
}

/* ------------------------------------------------------------------ */
/* Seeded random games: at every ply the library's and the reference's
 * move lists must agree, and every 8th ply perft(2). The library's side
 * is the position reached by play (make), so that what make keeps up
 * (the King's square, turn counts, the key) is checked too: its key must
 * be the key of the same position read from its string, and counting its
 * moves must give as many as listing them. */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;

static unsigned rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state >> 16);
}

static void test_random_games(void **state)
{
    (void)state;
    const char *starts[] = {
        INITIAL,
        "7/3k3/2***2/2***2/2***2/3K3/R6 w 0 0 0 1",
        "3P3/3P3/2***2/2***2/2***2/1k4K/7 w -1 -1 0 1",
        "2K4/7/2***2/2***2/2***2/6k/7 w 2 1 0 1",
        "7/5k1/2***2/K1***2/2***2/3p3/3p3 b 1 1 0 1",
    };
    rgn_move *moves = malloc(sizeof *moves * RGN_MAX_MOVES);
    assert_non_null(moves);
    int problems = 0, wins = 0;
    for (int game = 0; game < 150 && problems < 5; game++) {
        const char *start = starts[game % 5];
        rgn_position *pos = load("random game", start);
        assert_non_null(pos);
        for (int ply = 0; ply < 120; ply++) {
            char fen[256], name[64];
            rgn_position_fen(pos, fen, sizeof fen);
            snprintf(name, sizeof name, "game %d ply %d", game, ply);
            if (rgn_position_status(pos) == RGN_KING_REACH) {
                /* the game is over: no successors for either */
                wins++;
                if (rgn_perft(pos, 1) != 0 || ref_rb_perft(fen, 1) != 0) {
                    print_error("%s: \"%s\" is won, yet has successors\n", name,
                                fen);
                    problems++;
                }
                break;
            }
            problems +=
                reference_compare_moves(&reference_rollerball, name, fen, pos);
            if (ply % 8 == 0)
                problems += reference_compare_perft(&reference_rollerball, name,
                                                    fen, 2, pos, NULL);
            rgn_position *fresh = load(name, fen);
            assert_non_null(fresh);
            if (rgn_position_key(pos) != rgn_position_key(fresh)) {
                print_error("%s: the key of \"%s\" differs from the key of "
                            "the same position read afresh\n",
                            name, fen);
                problems++;
            }
            rgn_position_free(fresh);
            int n = rgn_position_legal_moves(pos, moves);
            if (rgn_position_count_moves(pos) != n) {
                print_error("%s: \"%s\" has %d legal moves but counts %d\n",
                            name, fen, n, rgn_position_count_moves(pos));
                problems++;
            }
            if (n == 0)
                break;
            rgn_position_play(pos, moves[rng_next() % (unsigned)n]);
        }
        rgn_position_free(pos);
    }
    free(moves);
    assert_true(wins > 0);
    assert_int_equal(problems, 0);
}

/* ------------------------------------------------------------------ */
/* rgn_position_status */

static void expect_status(const char *fen, enum rgn_status status)
{
    rgn_position *pos = load("status", fen);
    assert_non_null(pos);
    assert_int_equal(rgn_position_status(pos), status);
    rgn_position_free(pos);
}

static void test_status(void **state)
{
    (void)state;
    expect_status(INITIAL, RGN_ONGOING);
    expect_status("7/R2k3/2***2/2***2/2***2/3K3/7 b 0 0 0 1", RGN_CHECKMATE);
    expect_status("7/7/2***2/2***2/k1***2/R6/KR5 b 1 3 0 1", RGN_CHECKMATE);
    expect_status("7/7/B1***2/2***2/k1***2/B6/K6 b 1 3 0 1", RGN_STALEMATE);
    /* in check with a way out */
    rgn_position *pos =
        load("check", "3b2k/7/R1***2/2***2/2***2/7/3K3 w 0 1 0 1");
    assert_true(rgn_position_in_check(pos));
    assert_int_equal(rgn_position_status(pos), RGN_ONGOING);
    rgn_position_free(pos);
    /* the side not to move has just won (a finished game may be set up):
     * White's King on d6 with T = 2, Black's on d2 with T = 2 */
    expect_status("7/3K3/2***2/2***2/2***2/6k/7 b 2 1 0 1", RGN_KING_REACH);
    {
        /* once the game is won, no move may follow: the public move list
         * is empty though the King could still step */
        rgn_position *won = rgn_position_new(rollerball(), NULL);
        assert_non_null(won);
        rgn_error err;
        assert_int_equal(
            rgn_position_set_fen(won, "7/3K3/2***2/2***2/2***2/6k/7 b 2 1 0 1",
                                 &err),
            0);
        rgn_move moves[RGN_MAX_MOVES];
        assert_int_equal(rgn_position_legal_moves(won, moves), 0);
        assert_int_equal(rgn_position_count_moves(won), 0);
        rgn_position_free(won);
    }
    expect_status("7/3K3/2***2/2***2/2***2/6k/7 b 6 1 0 1", RGN_KING_REACH);
    expect_status("7/7/2***2/2***1K/2***2/3k3/7 w -1 2 0 1", RGN_KING_REACH);
    /* on the target having turned the other way: nothing won */
    expect_status("7/3K3/2***2/2***2/2***2/6k/7 b -2 1 0 1", RGN_ONGOING);
    expect_status("7/7/2***2/2***1K/2***2/3k3/7 b -1 -2 0 1", RGN_ONGOING);
}

/* Plays coord in the position and returns the position (the caller frees
 * it). */
static rgn_position *play_coord(const char *fen, const char *coord)
{
    rgn_position *pos = load("play", fen);
    assert_non_null(pos);
    rgn_move moves[RGN_MAX_MOVES];
    int n = rgn_position_legal_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        char buf[16];
        rgn_move_coord(pos, moves[i], buf, sizeof buf);
        if (strcmp(buf, coord) == 0) {
            rgn_position_play(pos, moves[i]);
            return pos;
        }
    }
    fail_msg("%s is not a legal move in %s", coord, fen);
    return NULL;
}

static void test_king_reach_by_play(void **state)
{
    (void)state;
    char fen[256];
    /* T = 2: Kc7-d6 wins; the position after it has no successors */
    rgn_position *pos =
        play_coord("2K4/7/2***2/2***2/2***2/6k/7 w 2 1 0 1", "c7d6");
    assert_int_equal(rgn_position_status(pos), RGN_KING_REACH);
    assert_int_equal(rgn_perft(pos, 1), 0);
    assert_int_equal(rgn_perft(pos, 2), 0);
    rgn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "7/3K3/2***2/2***2/2***2/6k/7 b 2 1 1 1");
    assert_int_equal(ref_rb_perft(fen, 1), 0);
    rgn_position_free(pos);
    /* T = -2: the same step wins nothing */
    pos = play_coord("2K4/7/2***2/2***2/2***2/6k/7 w -2 1 0 1", "c7d6");
    assert_int_equal(rgn_position_status(pos), RGN_ONGOING);
    assert_int_equal(rgn_perft(pos, 1), 5);
    rgn_position_free(pos);
    /* Black: ke2-d2 with T = 2 */
    pos = play_coord("7/7/2***2/2***1K/2***2/4k2/7 b -1 2 0 1", "e2d2");
    assert_int_equal(rgn_position_status(pos), RGN_KING_REACH);
    assert_int_equal(rgn_perft(pos, 1), 0);
    rgn_position_free(pos);
    /* Turn counts follow the King across zones: White from a2 (West,
     * T = 1) to b1 (South): T = 0; to a3 (West): unchanged; Black's King
     * from g2 (East, T = 1) to f1 (South): T = 2 */
    pos = play_coord("7/3k3/2***2/2***2/2***2/K6/7 w 1 0 0 1", "a2b1");
    rgn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "7/3k3/2***2/2***2/2***2/7/1K5 b 0 0 1 1");
    rgn_position_free(pos);
    pos = play_coord("7/3K3/2***2/2***2/2***2/6k/7 b -2 1 0 1", "g2f1");
    rgn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "7/3K3/2***2/2***2/2***2/7/5k1 w -2 2 1 2");
    rgn_position_free(pos);
    /* West -> North is +1 (a6-a7), North -> West -1 (a7-a6), East ->
     * South +1 (g2-f1), South -> East -1 (f1-g2) */
    pos = play_coord("7/K2k3/2***2/2***2/2***2/7/7 w 1 0 0 1", "a6a7");
    rgn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "K6/3k3/2***2/2***2/2***2/7/7 b 2 0 1 1");
    rgn_position_free(pos);
    pos = play_coord("K6/7/2***2/2***2/2***2/7/3k3 w 2 -2 0 1", "a7a6");
    rgn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "7/K6/2***2/2***2/2***2/7/3k3 b 1 -2 1 1");
    rgn_position_free(pos);
    pos = play_coord("7/3k3/2***2/2***2/2***2/6K/7 w -1 0 0 1", "g2f1");
    rgn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "7/3k3/2***2/2***2/2***2/7/5K1 b 0 0 1 1");
    rgn_position_free(pos);
    pos = play_coord("7/3k3/2***2/2***2/2***2/7/5K1 w 4 0 0 1", "f1g2");
    rgn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(fen, "7/3k3/2***2/2***2/2***2/6K/7 b 3 0 1 1");
    rgn_position_free(pos);
}

/* ------------------------------------------------------------------ */
/* The position string (rgn(5)). Every expected column below was
 * computed independently of the library: each string was written with a
 * marker '|' before the character the error must point at (or at its
 * end), and the column is the marker's index + 1 (python's str.index);
 * the markers are shown in the comments. */

static void expect_rejection(const char *fen, int column, const char *message)
{
    rgn_position *pos = rgn_position_new(rollerball(), NULL);
    assert_non_null(pos);
    char before[256], after[256];
    rgn_position_fen(pos, before, sizeof before);
    rgn_error err = {0, ""};
    if (rgn_position_set_fen(pos, fen, &err) != -1)
        fail_msg("accepted \"%s\"", fen);
    if (strcmp(err.message, message) != 0 || err.column != column)
        fail_msg("\"%s\": got column %d \"%s\", expected column %d \"%s\"", fen,
                 err.column, err.message, column, message);
    /* a rejected string leaves the position as it was */
    rgn_position_fen(pos, after, sizeof after);
    assert_string_equal(before, after);
    rgn_position_free(pos);
}

static void round_trip(const char *fen, const char *canonical)
{
    rgn_position *pos = rgn_position_new(rollerball(), NULL);
    assert_non_null(pos);
    rgn_error err = {0, ""};
    if (rgn_position_set_fen(pos, fen, &err) != 0)
        fail_msg("rejected \"%s\": column %d: %s", fen, err.column,
                 err.message);
    char out[256];
    size_t len = rgn_position_fen(pos, out, sizeof out);
    assert_string_equal(out, canonical);
    assert_int_equal(len, strlen(canonical));
    rgn_position_free(pos);
}

#define B "position field 1 (board), column "
#define W_LONG " is more than 7 squares wide"

static void test_fen_board_shape(void **state)
{
    (void)state;
    /* |2rbp1/... */
    expect_rejection("2rbp1/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2 w 0 0 0 1", 1,
                     B "1: rank 7 is 6 squares wide, expected 7");
    /* 2rbp|3/... */
    expect_rejection("2rbp3/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2 w 0 0 0 1", 5,
                     B "5: rank 7" W_LONG);
    /* .../2PBR2|p w */
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2p w 0 0 0 1", 42,
                     B "42: rank 1" W_LONG);
    /* .../2PBR|8 w: 8 is no digit of a 7-square rank */
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR8 w 0 0 0 1", 41,
                     B "41: rank 1" W_LONG);
    /* .../|2PBR1 w */
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR1 w 0 0 0 1", 37,
                     B "37: rank 1 is 6 squares wide, expected 7");
    /* 2rbp2/2rkp2/2***2/|/2***2/... */
    expect_rejection("2rbp2/2rkp2/2***2//2***2/2***2/2PKR2/2PBR2 w 0 0 0 1", 19,
                     B "19: rank 4 is 0 squares wide, expected 7");
    /* ...2/|2** then a slash (rank 4 cut short) */
    expect_rejection("2rbp2/2rkp2/2***2/2**/2***2/2PKR2/2PBR2 w 0 0 0 1", 19,
                     B "19: rank 4 is 4 squares wide, expected 7");
    /* | (the empty string) */
    expect_rejection("", 1, B "1: rank 7 is 0 squares wide, expected 7");
    /* .../2PKR2| w: six ranks */
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/2PKR2 w 0 0 0 1", 36,
                     B "36: 6 ranks, expected 7");
    /* .../2PBR2|/7 w and .../2PBR2|/ w */
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2/7 w 0 0 0 1",
                     42, B "42: more than 7 ranks");
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2/ w 0 0 0 1", 42,
                     B "42: more than 7 ranks");
}

static void test_fen_characters_and_hole(void **state)
{
    (void)state;
    /* .../2PB|Q2, .../2PBR|02, 2rk|n2 */
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBQ2 w 0 0 0 1", 40,
                     B "40: unknown character 'Q'");
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR02 w 0 0 0 1", 41,
                     B "41: unknown character '0'");
    expect_rejection("2rbp2/2rkn2/2***2/2***2/2***2/2PKR2/2PBR2 w 0 0 0 1", 10,
                     B "10: unknown character 'n'");
    /* '*' off the hole: .../2PBR|*1, 1|****2, 2***|*1 */
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR*1 w 0 0 0 1", 41,
                     B "41: '*' stands for a hole square, and f1 is not "
                       "one");
    expect_rejection("2rbp2/2rkp2/2***2/2***2/1****2/2PKR2/2PBR2 w 0 0 0 1", 26,
                     B "26: '*' stands for a hole square, and b3 is not "
                       "one");
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2****1/2PKR2/2PBR2 w 0 0 0 1", 29,
                     B "29: '*' stands for a hole square, and f3 is not "
                       "one");
    /* a hole square written otherwise: |7 covers c3; 2**|12 covers e3;
     * 2*|R*2 puts a rook on d3 */
    expect_rejection("2rbp2/2rkp2/2***2/2***2/7/2PKR2/2PBR2 w 0 0 0 1", 25,
                     B "25: c3 is in the hole and must be written '*', not "
                       "covered by a digit");
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2**12/2PKR2/2PBR2 w 0 0 0 1", 28,
                     B "28: e3 is in the hole and must be written '*', "
                       "not covered by a digit");
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2*R*2/2PKR2/2PBR2 w 0 0 0 1", 27,
                     B "27: d3 is in the hole and must be written '*'");
}

#define S "position field 2 (side to move), column "
#define TW "position field 3 (White's turn count), column "
#define TB "position field 4 (Black's turn count), column "
#define BAD_T                                                                  \
    ": expected a whole number of at most 4 digits, without '+' "              \
    "or leading zeros"
#define CLOCK "position field 5 (halfmove clock), column "
#define BAD_CLOCK ": expected a number of plies (0 to 9999999)"
#define MOVE "position field 6 (fullmove number), column "
#define BAD_MOVE ": expected a move number (1 to 9999999)"
#define BOARD "2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2"

static void test_fen_fields(void **state)
{
    (void)state;
    /* the board is 41 characters: the side is column 43, White's turn
     * count 45, Black's 47, the clock 49, the move number 51 */
    /* side: |x |W |ww, and | w (a second space) */
    expect_rejection(BOARD " x 0 0 0 1", 43, S "43: expected 'w' or 'b'");
    expect_rejection(BOARD " W 0 0 0 1", 43, S "43: expected 'w' or 'b'");
    expect_rejection(BOARD " ww 0 0 0 1", 43, S "43: expected 'w' or 'b'");
    expect_rejection(BOARD "  w 0 0 0 1", 43, S "43: expected 'w' or 'b'");
    /* missing fields: BOARD|, BOARD w|, BOARD w 0| */
    expect_rejection(BOARD, 42, S "42: missing");
    expect_rejection(BOARD " w", 44, TW "44: missing");
    expect_rejection(BOARD " w 0", 46, TB "46: missing");
    /* turn counts: no '+', no leading zeros, not -0, at most 4 digits */
    expect_rejection(BOARD " w +0 0 0 1", 45, TW "45" BAD_T);
    expect_rejection(BOARD " w 00 0 0 1", 45, TW "45" BAD_T);
    expect_rejection(BOARD " w -0 0 0 1", 45, TW "45" BAD_T);
    expect_rejection(BOARD " w 1.0 0 0 1", 45, TW "45" BAD_T);
    expect_rejection(BOARD " w 0 04 0 1", 47, TB "47" BAD_T);
    expect_rejection(BOARD " w 0 10000 0 1", 47, TB "47" BAD_T);
    expect_rejection(BOARD " w 0 -10000 0 1", 47, TB "47" BAD_T);
    expect_rejection(BOARD " w 0 - 0 1", 47, TB "47" BAD_T);
    expect_rejection(BOARD " w 0 x 0 1", 47, TB "47" BAD_T);
    /* clock */
    expect_rejection(BOARD " w 0 0 -1 1", 49, CLOCK "49" BAD_CLOCK);
    expect_rejection(BOARD " w 0 0 +0 1", 49, CLOCK "49" BAD_CLOCK);
    expect_rejection(BOARD " w 0 0 x 1", 49, CLOCK "49" BAD_CLOCK);
    expect_rejection(BOARD " w 0 0 10000000 1", 49, CLOCK "49" BAD_CLOCK);
    expect_rejection(BOARD " w 0 0 ", 49, CLOCK "49" BAD_CLOCK);
    /* never five fields: BOARD w 0 0 5| */
    expect_rejection(BOARD " w 0 0 5", 50,
                     MOVE "50: missing (give both fields 5 and 6, or "
                          "neither)");
    /* move number */
    expect_rejection(BOARD " w 0 0 0 0", 51, MOVE "51" BAD_MOVE);
    expect_rejection(BOARD " w 0 0 0 -1", 51, MOVE "51" BAD_MOVE);
    expect_rejection(BOARD " w 0 0 0 +1", 51, MOVE "51" BAD_MOVE);
    expect_rejection(BOARD " w 0 0 0 1x", 51, MOVE "51" BAD_MOVE);
    expect_rejection(BOARD " w 0 0 0 10000000", 51, MOVE "51" BAD_MOVE);
    /* BOARD w 0 0 0 1| 7 and a trailing space */
    expect_rejection(BOARD " w 0 0 0 1 7", 52,
                     MOVE "52: unexpected text after the last field");
    expect_rejection(BOARD " w 0 0 0 1 ", 52,
                     MOVE "52: unexpected text after the last field");
}

static void test_fen_pieces(void **state)
{
    (void)state;
    /* Kings: none (column 1: the board as a whole), or a second one:
     * 2rkp2/2r|kp2, .../2P|KR2 */
    expect_rejection("2rbp2/2rbp2/2***2/2***2/2***2/2PKR2/2PBR2 w 0 0 0 1", 1,
                     B "1: Black has no King");
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/2PBR2/2PBR2 w 0 0 0 1", 1,
                     B "1: White has no King");
    expect_rejection("2rkp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2 w 0 0 0 1", 9,
                     B "9: Black has more than one King");
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PKR2 w 0 0 0 1", 39,
                     B "39: White has more than one King");
    /* the 7th piece, the 3rd pawn of a side: .../1RP1|R2, .../2|P1R2,
     * 2rbpr1/2rk|p2, 2r1p2/2rkp1|p */
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/1RPKR2/1RP1R2 w 0 0 0 1",
                     42, B "42: White has more than 6 pieces");
    expect_rejection("2rbp2/2rkp2/2***2/2***2/2***2/1PPKR2/2P1R2 w 0 0 0 1", 39,
                     B "39: White has more than 2 pawns");
    expect_rejection("2rbpr1/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2 w 0 0 0 1", 11,
                     B "11: Black has more than 6 pieces");
    expect_rejection("2r1p2/2rkp1p/2***2/2***2/2***2/2PKR2/2PBR2 w 0 0 0 1", 12,
                     B "12: Black has more than 2 pawns");
    /* pawns on their promotion squares: 2rb|Pp1, 2rk|P2, .../2|pBR2,
     * .../2|pKR2 */
    expect_rejection("2rbPp1/2rkp2/2***2/2***2/2***2/2PKR2/2BBR2 w 0 0 0 1", 4,
                     B "4: a White pawn cannot stand on e7, where it "
                       "promotes");
    expect_rejection("2rbp2/2rkP2/2***2/2***2/2***2/2BKR2/2PBR2 w 0 0 0 1", 10,
                     B "10: a White pawn cannot stand on e6, where it "
                       "promotes");
    expect_rejection("2rbp2/2rk3/2***2/2***2/2***2/2PKR2/2pBR2 w 0 0 0 1", 37,
                     B "37: a Black pawn cannot stand on c1, where it "
                       "promotes");
    expect_rejection("2rbp2/2rk3/2***2/2***2/2***2/2pKR2/2PBR2 w 0 0 0 1", 31,
                     B "31: a Black pawn cannot stand on c2, where it "
                       "promotes");
}

static void test_fen_turn_counts_and_kings(void **state)
{
    (void)state;
    /* T = zone(King) - home zone (mod 4); the column is the field's */
    expect_rejection(BOARD " w 1 0 0 1", 45,
                     TW "45: White's turn count 1 does not fit its King's "
                        "zone (it must be 0 modulo 4)");
    expect_rejection(BOARD " w 0 2 0 1", 47,
                     TB "47: Black's turn count 2 does not fit its King's "
                        "zone (it must be 0 modulo 4)");
    expect_rejection(BOARD " w 0 -1 0 1", 47,
                     TB "47: Black's turn count -1 does not fit its King's "
                        "zone (it must be 0 modulo 4)");
    /* White a4 (West): 1; Black g4 (East): 3 - 2 = 1. The board is 27
     * characters: White's count at 31. 7/7/2***2/K1***1k/2***2/7/7 w |0 */
    expect_rejection("7/7/2***2/K1***1k/2***2/7/7 w 0 -1 0 1", 31,
                     TW "31: White's turn count 0 does not fit its King's "
                        "zone (it must be 1 modulo 4)");
    /* ... w 1 |-1 */
    expect_rejection("7/7/2***2/K1***1k/2***2/7/7 w 1 -1 0 1", 33,
                     TB "33: Black's turn count -1 does not fit its King's "
                        "zone (it must be 1 modulo 4)");
    /* White g4 (East): 3; Black a4 (West): 1 - 2 = 3 */
    expect_rejection("7/7/2***2/k1***1K/2***2/7/7 w 1 -1 0 1", 31,
                     TW "31: White's turn count 1 does not fit its King's "
                        "zone (it must be 3 modulo 4)");
    expect_rejection("7/7/2***2/k1***1K/2***2/7/7 w -1 1 0 1", 34,
                     TB "34: Black's turn count 1 does not fit its King's "
                        "zone (it must be 3 modulo 4)");
    /* the side not to move in check (the column is the side's): Ra6
     * sideways; Ra6 after its rebound at a7; Kings side by side */
    expect_rejection("7/R2k3/2***2/2***2/2***2/3K3/7 w 0 0 0 1", 32,
                     S "32: Black is in check but it is White's move");
    expect_rejection("3k3/R6/2***2/2***2/2***2/3K3/7 w 0 0 0 1", 32,
                     S "32: Black is in check but it is White's move");
    expect_rejection("7/7/2***2/2***2/2***2/3Kk2/7 w 0 2 0 1", 30,
                     S "30: Black is in check but it is White's move");
    /* the side to move has already won */
    expect_rejection("7/3K3/2***2/2***2/2***2/6k/7 w 2 1 0 1", 30,
                     S "30: White is to move but has already won (its King "
                       "is on d6 with a turn count of 2)");
    expect_rejection("7/3K3/2***2/2***2/2***2/6k/7 w 6 1 0 1", 30,
                     S "30: White is to move but has already won (its King "
                       "is on d6 with a turn count of 6)");
    expect_rejection("7/7/2***2/2***1K/2***2/3k3/7 b -1 2 0 1", 30,
                     S "30: Black is to move but has already won (its King "
                       "is on d2 with a turn count of 2)");
}

static void test_fen_accepted(void **state)
{
    (void)state;
    /* the writer's canonical form: all six fields, shortest digits */
    round_trip(INITIAL, INITIAL);
    round_trip(BOARD " b 0 0 17 42", BOARD " b 0 0 17 42");
    round_trip(BOARD " w 0 0 9999999 9999999", BOARD " w 0 0 9999999 9999999");
    /* fields 5 and 6 missing: 0 and 1 */
    round_trip(BOARD " w 0 0", INITIAL);
    /* consecutive digits add up */
    round_trip("11rbp11/2rkp2/11***11/2***2/2***2/2PKR2/2PBR2 w 0 0 0 1",
               INITIAL);
    round_trip("1111111/3k3/2***2/2***2/2***2/3K3/43 w 0 0",
               "7/3k3/2***2/2***2/2***2/3K3/7 w 0 0 0 1");
    /* negative turn counts, any multiple of 4 away */
    round_trip(BOARD " w -4 8 0 1", BOARD " w -4 8 0 1");
    round_trip(BOARD " w 9996 -9996 0 1", BOARD " w 9996 -9996 0 1");
    /* T = zone(King) - home zone (mod 4), every zone: White a4 (West)
     * 1, -3, 5; g4 (East) 3, -1; b6 (North) 2, -2; Black g4 (East) 1,
     * -3; a4 (West) 3, -1; e2 (South) 2, -2 */
    round_trip("7/7/2***2/K1***1k/2***2/7/7 w 1 1",
               "7/7/2***2/K1***1k/2***2/7/7 w 1 1 0 1");
    round_trip("7/7/2***2/K1***1k/2***2/7/7 w -3 -3 0 1",
               "7/7/2***2/K1***1k/2***2/7/7 w -3 -3 0 1");
    round_trip("7/7/2***2/K1***1k/2***2/7/7 w 5 5 0 1",
               "7/7/2***2/K1***1k/2***2/7/7 w 5 5 0 1");
    round_trip("7/7/2***2/k1***1K/2***2/7/7 b 3 3 0 1",
               "7/7/2***2/k1***1K/2***2/7/7 b 3 3 0 1");
    round_trip("7/7/2***2/k1***1K/2***2/7/7 b -1 -1 0 1",
               "7/7/2***2/k1***1K/2***2/7/7 b -1 -1 0 1");
    round_trip("7/1K5/2***2/2***2/2***2/4k2/7 w 2 2 0 1",
               "7/1K5/2***2/2***2/2***2/4k2/7 w 2 2 0 1");
    round_trip("7/1K5/2***2/2***2/2***2/4k2/7 b -2 -2 0 1",
               "7/1K5/2***2/2***2/2***2/4k2/7 b -2 -2 0 1");
    /* the side not to move may have just won */
    round_trip("7/3K3/2***2/2***2/2***2/6k/7 b 2 1",
               "7/3K3/2***2/2***2/2***2/6k/7 b 2 1 0 1");
    /* the side to move may be in check */
    round_trip("3b2k/7/R1***2/2***2/2***2/7/3K3 w 0 1 0 1",
               "3b2k/7/R1***2/2***2/2***2/7/3K3 w 0 1 0 1");
}

/* ------------------------------------------------------------------ */
/* SAN (rgn(5), ROLLERBALL) */

static void expect_san(const char *fen, const char *coord, const char *san)
{
    rgn_position *pos = load("san", fen);
    assert_non_null(pos);
    rgn_move moves[RGN_MAX_MOVES];
    int n = rgn_position_legal_moves(pos, moves);
    int found = 0;
    for (int i = 0; i < n; i++) {
        char buf[32];
        rgn_move_coord(pos, moves[i], buf, sizeof buf);
        if (strcmp(buf, coord) != 0)
            continue;
        found = 1;
        rgn_move_san(pos, moves[i], buf, sizeof buf);
        if (strcmp(buf, san) != 0)
            fail_msg("%s in %s: SAN \"%s\", expected \"%s\"", coord, fen, buf,
                     san);
        /* and the SAN reads back as the same move, without warnings */
        rgn_move back;
        unsigned warnings = 0;
        enum rgn_problem problem;
        rgn_error err = {0, ""};
        if (rgn_san_resolve(pos, san, strlen(san), &back, &warnings, &problem,
                            &err) != 0)
            fail_msg("\"%s\" in %s does not resolve: %s", san, fen,
                     err.message);
        assert_true(rgn_move_equal(back, moves[i]));
        assert_int_equal(warnings, 0);
    }
    if (!found)
        fail_msg("%s is not a legal move in %s", coord, fen);
    rgn_position_free(pos);
}

static void test_san_writer(void **state)
{
    (void)state;
    /* pawns on c1 and c2 both reach b1 and b2: the rank tells them
     * apart; only c2 reaches b3 */
    expect_san(INITIAL, "c1b1", "1b1");
    expect_san(INITIAL, "c1b2", "1b2");
    expect_san(INITIAL, "c2b1", "2b1");
    expect_san(INITIAL, "c2b2", "2b2");
    expect_san(INITIAL, "c2b3", "b3");
    expect_san(INITIAL, "e1f1", "Rf1");
    /* pawn captures carry the origin square when a rival pawn shares
     * the file (bb2 is Black's) */
    const char *caps = "7/3k3/2***2/2***2/2***2/1bPK3/2P1R2 w 0 0 0 1";
    expect_san(caps, "c1b2", "c1xb2");
    expect_san(caps, "c2b2", "c2xb2");
    expect_san(caps, "c1b1", "1b1");
    expect_san(caps, "c2b3", "b3");
    expect_san(caps, "e1e2", "Re2");
    /* pawns on a1 and b1 both reach a2; only a1 reaches b2 */
    const char *ab = "7/3k3/2***2/2***2/2***2/3K3/PP5 w 0 0 0 1";
    expect_san(ab, "a1a2", "aa2");
    expect_san(ab, "b1a2", "ba2");
    expect_san(ab, "a1b2", "b2");
    /* a pawn capture always carries its file, also without a rival:
     * dxe7=R checks (e7: f7 g7, rebound, g6..g2) */
    const char *prom = "4r2/3Pb2/2***2/K1***2/2***2/6k/7 w 1 1 0 1";
    expect_san(prom, "d6e7r", "dxe7=R+");
    expect_san(prom, "d6e7b", "dxe7=B");
    expect_san(prom, "d6e6r", "dxe6=R");
    expect_san(prom, "d6e6b", "dxe6=B");
    /* two pawns on the d-file reach e6 and e7 */
    const char *two = "3P3/3P3/2***2/2***2/2***2/1k4K/7 w -1 -1 0 1";
    expect_san(two, "d6e7r", "6e7=R");
    expect_san(two, "d7e7r", "7e7=R");
    expect_san(two, "d6e6b", "6e6=B");
    expect_san(two, "d7e6b", "7e6=B");
    /* Black: a Rook promoted on c1 checks Ka4 (b1 a1, rebound, a2 a3
     * a4); a Bishop on c2 too (b3 a4) */
    const char *bl = "7/5k1/2***2/K1***2/2***2/3p3/3p3 b 1 1 0 1";
    expect_san(bl, "d2c1r", "2c1=R+");
    expect_san(bl, "d1c1b", "1c1=B");
    expect_san(bl, "d1c2b", "1c2=B+");
    expect_san(bl, "d2c2r", "2c2=R");
    const char *blx = "7/5k1/2***2/K1***2/2***2/2Rp3/2B4 b 1 1 0 1";
    expect_san(blx, "d2c2r", "dxc2=R");
    expect_san(blx, "d2c1b", "dxc1=B");
    /* pieces: file, then rank, prefixes; + and # */
    const char *mate = "7/7/B1***2/2***2/k1***2/2R4/KR5 w 1 3 0 1";
    expect_san(mate, "c2a2", "Ra2#");
    expect_san(mate, "b1b3", "Rb3+");
    expect_san(mate, "a5b4", "Bb4+");
    expect_san(mate, "b1b2", "Rbb2");
    expect_san(mate, "c2b2", "Rcb2");
    expect_san(mate, "b1c1", "Rbc1");
    expect_san(mate, "c2c1", "Rcc1");
    expect_san(mate, "a5d6", "Bd6");
    const char *ranks = "7/3k3/2***2/K1***R1/2***2/6R/5R1 w 1 0 0 1";
    expect_san(ranks, "f1f2", "R1f2");
    expect_san(ranks, "f4f2", "R4f2");
    expect_san(ranks, "g2f2", "Rgf2");
    const char *lone = "7/3k3/2***2/2***2/2***2/3K3/R6 w 0 0 0 1";
    expect_san(lone, "a1a6", "Ra6#");
    expect_san(lone, "a1d7", "Rd7+");
    expect_san(lone, "a1c7", "Rc7");
    /* captures by pieces: Ra5 takes on d7 after its rebound at a7 and
     * checks kg7 along rank 7 (e7 f7 g7) */
    expect_san("3b2k/7/R1***2/2***2/2***2/7/3K3 w 0 1 0 1", "a5d7", "Rxd7+");
    /* the king-reach move has no mark of its own */
    expect_san("2K4/7/2***2/2***2/2***2/6k/7 w 2 1 0 1", "c7d6", "Kd6");
}

static void expect_unresolved(const char *fen, const char *text,
                              enum rgn_problem expected, const char *words)
{
    rgn_position *pos = load("resolve", fen);
    assert_non_null(pos);
    rgn_move move;
    unsigned warnings = 0;
    enum rgn_problem problem = RGN_PROBLEM_COUNT;
    rgn_error err = {0, ""};
    if (rgn_san_resolve(pos, text, strlen(text), &move, &warnings, &problem,
                        &err) != -1)
        fail_msg("\"%s\" resolved in %s", text, fen);
    if (problem != expected || !strstr(err.message, words))
        fail_msg("\"%s\" in %s: problem %s \"%s\", expected %s with \"%s\"",
                 text, fen, rgn_problem_code(problem), err.message,
                 rgn_problem_code(expected), words);
    rgn_position_free(pos);
}

static void test_san_resolve_errors(void **state)
{
    (void)state;
    const char *prom = "4r2/3Pb2/2***2/K1***2/2***2/6k/7 w 1 1 0 1";
    /* a hole square is never a destination */
    expect_unresolved(INITIAL, "Rc3", RGN_E_UNMATCHED, "c3 is in the hole");
    expect_unresolved(INITIAL, "c3", RGN_E_UNMATCHED, "c3 is in the hole");
    expect_unresolved(prom, "Ke5", RGN_E_UNMATCHED, "e5 is in the hole");
    /* no orientations */
    expect_unresolved(INITIAL, "b3>N", RGN_E_ORIENTATION_NOT_ALLOWED,
                      "no orientation");
    expect_unresolved(prom, "dxe7=R>N", RGN_E_ORIENTATION_NOT_ALLOWED,
                      "no orientation");
    /* promotion required on e6/e7 (White), c1/c2 (Black) */
    expect_unresolved(prom, "dxe7", RGN_E_UNMATCHED,
                      "a pawn arriving on e7 must promote (=R or =B)");
    expect_unresolved(prom, "dxe6", RGN_E_UNMATCHED,
                      "a pawn arriving on e6 must promote (=R or =B)");
    const char *bl = "7/5k1/2***2/K1***2/2***2/3p3/3p3 b 1 1 0 1";
    expect_unresolved(bl, "1c1", RGN_E_UNMATCHED,
                      "a pawn arriving on c1 must promote (=R or =B)");
    /* and allowed nowhere else */
    expect_unresolved(INITIAL, "b3=R", RGN_E_UNMATCHED,
                      "a White pawn promotes only on e6 or e7");
    expect_unresolved(INITIAL, "2b2=B", RGN_E_UNMATCHED,
                      "a White pawn promotes only on e6 or e7");
    /* =Q and friends */
    expect_unresolved(prom, "dxe7=Q", RGN_E_UNMATCHED,
                      "a pawn promotes to a Rook (=R) or a Bishop (=B)");
    expect_unresolved(prom, "dxe7=K", RGN_E_UNMATCHED,
                      "a pawn promotes to a Rook (=R) or a Bishop (=B)");
    expect_unresolved(bl, "1c1=Q", RGN_E_UNMATCHED,
                      "a pawn promotes to a Rook (=R) or a Bishop (=B)");
    /* two pawns on c1 and c2 capture on b2: the file is not enough */
    const char *caps = "7/3k3/2***2/2***2/2***2/1bPK3/2P1R2 w 0 0 0 1";
    expect_unresolved(caps, "cxb2", RGN_E_AMBIGUOUS, "c1xb2, c2xb2");
    expect_unresolved(bl, "c1=R", RGN_E_AMBIGUOUS, "1c1=R+, 2c1=R+");
    /* coordinates name a legal move, or say why none */
    expect_unresolved(prom, "a1a2", RGN_E_UNMATCHED,
                      "there is no White piece on a1");
}

static void test_san_lenient(void **state)
{
    (void)state;
    /* LAN and surplus parts resolve, with warnings */
    const char *prom = "4r2/3Pb2/2***2/K1***2/2***2/6k/7 w 1 1 0 1";
    const char *texts[] = {"d6xe7=R+", "d6-e7=R+", "dxe7=R", "e7=R+"};
    for (size_t i = 0; i < 4; i++) {
        rgn_position *pos = load("lenient", prom);
        rgn_move move;
        unsigned warnings = 0;
        enum rgn_problem problem;
        rgn_error err = {0, ""};
        if (rgn_san_resolve(pos, texts[i], strlen(texts[i]), &move, &warnings,
                            &problem, &err) != 0)
            fail_msg("\"%s\": %s", texts[i], err.message);
        char buf[16];
        rgn_move_coord(pos, move, buf, sizeof buf);
        assert_string_equal(buf, "d6e7r");
        assert_true(warnings != 0);
        rgn_position_free(pos);
    }
}

int main(int argc, char **argv)
{
    table_path = argc > 1 ? argv[1] : NULL;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_initial_position),
        cmocka_unit_test(test_rule_examples),
        cmocka_unit_test(test_lone_pieces_everywhere),
        cmocka_unit_test(test_table),
        cmocka_unit_test(test_random_games),
        cmocka_unit_test(test_status),
        cmocka_unit_test(test_king_reach_by_play),
        cmocka_unit_test(test_fen_board_shape),
        cmocka_unit_test(test_fen_characters_and_hole),
        cmocka_unit_test(test_fen_fields),
        cmocka_unit_test(test_fen_pieces),
        cmocka_unit_test(test_fen_turn_counts_and_kings),
        cmocka_unit_test(test_fen_accepted),
        cmocka_unit_test(test_san_writer),
        cmocka_unit_test(test_san_resolve_errors),
        cmocka_unit_test(test_san_lenient),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
