/*
 * test_rotationary.c - the Rotationary core and the tools over it
 * (man/rgn-rotationary.7, man/rgn.1 "layers"):
 *   - every worked example of rgn-rotationary(7), turn by turn;
 *   - every rejection of the position string, with its column;
 *   - the layer counts (basic and wrap);
 *   - every move changes the position; predecessors are exactly the
 *     positions a move leads from (checked against brute force on a
 *     neighbourhood);
 *   - the solver against a plain breadth-first search written here, on
 *     positions a few moves from solved, and every solution replayed;
 *   - the puzzle generator: exact distance, same puzzles for the same seed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "solitaire/solitaire.h"

#define EXAMPLE "lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN"

static rot_position parse_ok(const char *text)
{
    rot_position pos;
    rgn_error err = {0, ""};
    if (rot_parse(text, &pos, &err) != 0)
        fail_msg("\"%s\" rejected: column %d: %s", text, err.column,
                 err.message);
    return pos;
}

/* The chain as rgn-rotationary(7) writes it: "b3>S b2>W a2>S". */
static void chain_text(const rot_chain *chain, char *out, size_t size)
{
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < chain->count; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%c%c>%c",
                                 i ? " " : "", 'a' + chain->turn[i].cell % 4,
                                 '1' + chain->turn[i].cell / 4,
                                 "NESW"[chain->turn[i].facing]);
}

static void test_worked_examples(void **state)
{
    (void)state;
    static const struct {
        rot_rules rules;
        const char *move, *chain;
    } examples[] = {
        {ROT_BASIC, "b3+", "b3>S b2>W a2>S"},
        {ROT_BASIC, "a4+", "a4>S a3>E b3>S b2>W"},
        {ROT_BASIC, "c2+", "c2>E d2>E"},
        {ROT_BASIC, "d3-", "d3>W"},
        {ROT_BASIC, "a1-", "a1>S"},
        {ROT_BASIC, "c4-", "c4>W b4>E c4>S"},
        {ROT_WRAP, "d3-", "d3>W b3>N b4>E c4>W"},
        {ROT_WRAP, "a1-", "a1>S a4>N a1>E b1>N"},
    };
    rot_position pos = parse_ok(EXAMPLE);
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        rot_board board;
        rot_board_init(&board, &pos.arrangement, examples[i].rules);
        int move = rot_parse_move(&board, examples[i].move);
        assert_true(move >= 0);
        rot_chain chain;
        rot_facings after = rot_apply(&board, pos.facings, move, &chain);
        char text[64];
        chain_text(&chain, text, sizeof text);
        if (strcmp(text, examples[i].chain) != 0)
            fail_msg("%s %s: chain \"%s\", expected \"%s\"",
                     examples[i].rules == ROT_WRAP ? "wrap" : "basic",
                     examples[i].move, text, examples[i].chain);
        /* The position after the move is the set-up with the last facing
         * of each chain cell. */
        uint8_t before_cells[ROT_CELLS], after_cells[ROT_CELLS];
        rot_cell_facings(&board, pos.facings, before_cells);
        rot_cell_facings(&board, after, after_cells);
        for (int t = 0; t < chain.count; t++)
            before_cells[chain.turn[t].cell] = chain.turn[t].facing;
        assert_memory_equal(before_cells, after_cells, ROT_CELLS);
        char move_text[4];
        rot_format_move(&board, move, move_text);
        assert_string_equal(move_text, examples[i].move);
    }
}

static void test_diagram_reading(void **state)
{
    (void)state;
    /* The worked example's diagram, cell by cell. */
    rot_position pos = parse_ok(EXAMPLE);
    assert_int_equal(pos.arrangement.empty, 2 * 4 + 2); /* c3 */
    static const char *const diagram[4] = {"L>SvM^S<", "S^M>..L^", "M>LvS^M^",
                                           "L<S>L^M^"};
    rot_board board;
    rot_board_init(&board, &pos.arrangement, ROT_BASIC);
    uint8_t facing[ROT_CELLS];
    rot_cell_facings(&board, pos.facings, facing);
    for (int rank = 3; rank >= 0; rank--)
        for (int file = 0; file < 4; file++) {
            const char *cell_text = diagram[3 - rank] + 2 * file;
            int cell = rank * 4 + file;
            if (cell_text[0] == '.') {
                assert_int_equal(pos.arrangement.size[cell], 0);
                continue;
            }
            assert_int_equal(pos.arrangement.size[cell],
                             strchr(" SML", cell_text[0]) - " SML");
            assert_int_equal(facing[cell],
                             strchr("^>v<", cell_text[1]) - "^>v<");
        }
    char text[ROT_TEXT_MAX];
    rot_format(&pos, text);
    assert_string_equal(text, EXAMPLE);
}

static void test_position_string_accepted(void **state)
{
    (void)state;
    rot_position pos = parse_ok("lNlNlNlN/lNmNmNmN/mNmN1sN/sNsNsNsN");
    assert_true(rot_is_solved(pos.facings));
    /* Digits add up: "1" then pieces; the writer always writes "1". */
    pos = parse_ok("1lNlNlN/lNmNmNmN/mNmNlNsN/sNsNsNsW");
    assert_int_equal(pos.arrangement.empty, 12);
    assert_false(rot_is_solved(pos.facings));
    char text[ROT_TEXT_MAX];
    rot_format(&pos, text);
    assert_string_equal(text, "1lNlNlN/lNmNmNmN/mNmNlNsN/sNsNsNsW");
}

static void test_position_string_rejected(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int column;
        const char *message_part;
    } cases[] = {
        {"", 0, "empty"},
        {"lEsSmNsW/sNmE.lN/mElSsNmN/lWsElNmN", 14, "'.'"},
        {"lEsSmNsW/sNmE0lN/mElSsNmN/lWsElNmN", 14, "'0'"},
        {"lEsSmNsW/sNmE5lN/mElSsNmN/lWsElNmN", 14, "'5'"},
        {"lEsSmNsW/sNmE9lN/mElSsNmN/lWsElNmN", 14, "'9'"},
        {"lEsSmNsW/sNmE1lN /mElSsNmN/lWsElNmN", 17, "0x20"},
        {"LEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN", 1, "'L'"},
        {"lEsSmNsW/sNMe1lN/mElSsNmN/lWsElNmN", 12, "'M'"},
        {"lEsSmNsW/sNmE1l/mElSsNmN/lWsElNmN", 15, "not followed by a facing"},
        {"lesSmNsW/sNmE1lN/mElSsNmN/lWsElNmN", 1, "not followed by a facing"},
        {"lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNm", 33, "not followed by a facing"},
        {"lEsSmNsW/sNmE1lN/mElSsNmN/lWsEmlN", 31, "not followed by a facing"},
        {"lEsSmNsW/sNmE1lN/mElSsNmN/lWsEN", 31, "without a size letter"},
        {"NlEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN", 1, "without a size letter"},
        {"lEsSmNsW/sNmE1lNsN/mElSsNmN/lWsElNmN", 17, "wider than 4"},
        {"lEsSmNsW/sNmE1lN1/mElSsNmN/lWsElNmN", 17, "wider than 4"},
        {"lEsSmNsW/sNmE2lN/mElSsNmN/lWsElNmN", 14, "more than one empty"},
        {"lEsSmNsW/sNmElN/mElSsNmN/lWsElNmN", 16, "3 cells, not 4"},
        {"lEsSmNsW/sNmE1lN/mElSsNmN/lWsElN", 33, "3 cells, not 4"},
        {"lEsSmNsW/sNmE1lN//mElSsNmN/lWsElNmN", 18, "0 cells, not 4"},
        {"lEsSmNsW/sNmE1lN/mElSsNmN", 0, "3 ranks, not 4"},
        {"lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN/sNsNsNsN", 35,
         "more than 4 ranks"},
        {"lEsSmNsW/sNmEmNlN/mElSsNmN/lWsElNmN", 0, "no empty cell"},
        {"lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNsN", 33, "more than 5 small"},
        {"lEsSmNsW/sNmE1lN/mElSmNmN/lWsElNmN", 33, "more than 5 medium"},
        {"lEsSmNsW/sNmE1lN/mElSsNlN/lWsElNmN", 31, "more than 5 large"},
        {"lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN/", 35, "more than 4 ranks"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        rot_position pos;
        rgn_error err = {-1, ""};
        if (rot_parse(cases[i].text, &pos, &err) == 0)
            fail_msg("\"%s\" accepted", cases[i].text);
        if (err.column != cases[i].column ||
            !strstr(err.message, cases[i].message_part))
            fail_msg("\"%s\": column %d \"%s\", expected column %d with "
                     "\"%s\"",
                     cases[i].text, err.column, err.message, cases[i].column,
                     cases[i].message_part);
    }
}

static void test_layers(void **state)
{
    (void)state;
    static const uint64_t expected[2][4] = {{30, 515, 6484, 64270},
                                            {30, 592, 9612, 135816}};
    rot_position pos = parse_ok(EXAMPLE);
    for (int rules = ROT_BASIC; rules <= ROT_WRAP; rules++) {
        rot_board board;
        rot_board_init(&board, &pos.arrangement, (rot_rules)rules);
        uint64_t counts[4];
        assert_int_equal(rot_layers(&board, pos.facings, 4, counts), 0);
        for (int d = 0; d < 4; d++)
            assert_int_equal(counts[d], expected[rules][d]);
    }
}

/* A small deterministic generator of test inputs (xorshift64*). */
static uint64_t test_random(uint64_t *s)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717u;
}

static void random_arrangement(uint64_t *seed, rot_arrangement *a)
{
    uint8_t sizes[ROT_PIECES];
    for (int i = 0; i < ROT_PIECES; i++)
        sizes[i] = (uint8_t)(1 + i / 5);
    for (int i = ROT_PIECES - 1; i > 0; i--) {
        int j = (int)(test_random(seed) % (uint64_t)(i + 1));
        uint8_t t = sizes[i];
        sizes[i] = sizes[j];
        sizes[j] = t;
    }
    a->empty = (uint8_t)(test_random(seed) % ROT_CELLS);
    for (int cell = 0, i = 0; cell < ROT_CELLS; cell++)
        a->size[cell] = cell == a->empty ? 0 : sizes[i++];
}

static void test_every_move_changes_position(void **state)
{
    (void)state;
    uint64_t seed = 12345;
    for (int trial = 0; trial < 2000; trial++) {
        rot_arrangement a;
        random_arrangement(&seed, &a);
        rot_board board;
        rot_board_init(&board, &a, (rot_rules)(trial & 1));
        rot_facings w = (rot_facings)(test_random(&seed) & 0x3FFFFFFF);
        for (int m = 0; m < ROT_MOVES; m++) {
            rot_chain chain;
            rot_facings after = rot_apply(&board, w, m, &chain);
            assert_true(after != w);
            /* Wrap: always k+1 turns; basic: at most k+1. */
            int k = board.chain_length[rot_move_slot(m)];
            if (trial & 1)
                assert_int_equal(chain.count, k + 1);
            else
                assert_true(chain.count >= 1 && chain.count <= k + 1);
        }
    }
}

/* Predecessors of the successors of w: w must be among them, and every
 * one listed must lead there. Also: a brute force over every word that
 * differs from w' in at most the chain cells of one move agrees. */
static void test_predecessors(void **state)
{
    (void)state;
    uint64_t seed = 777;
    for (int trial = 0; trial < 3000; trial++) {
        rot_arrangement a;
        random_arrangement(&seed, &a);
        rot_board board;
        rot_board_init(&board, &a, (rot_rules)(trial & 1));
        rot_facings w = (rot_facings)(test_random(&seed) & 0x3FFFFFFF);
        int m = (int)(test_random(&seed) % ROT_MOVES);
        rot_facings after = rot_apply(&board, w, m, NULL);
        rot_facings before[ROT_MAX_PREDECESSORS];
        int k = rot_predecessors(&board, after, m, before);
        bool found = false;
        for (int i = 0; i < k; i++) {
            assert_int_equal(rot_apply(&board, before[i], m, NULL), after);
            found |= before[i] == w;
        }
        assert_true(found);
    }
    /* Brute force on one board: every word over 4 chosen slots (all
     * others fixed) for every move touching only those slots. */
    rot_position pos = parse_ok(EXAMPLE);
    for (int rules = ROT_BASIC; rules <= ROT_WRAP; rules++) {
        rot_board board;
        rot_board_init(&board, &pos.arrangement, (rot_rules)rules);
        for (int m = 0; m < ROT_MOVES; m++) {
            /* For sampled targets, try every word that agrees with the
             * target outside up to 8 slots near the picked one. */
            for (int sample = 0; sample < 20; sample++) {
                rot_facings target =
                    (rot_facings)(test_random(&seed) & 0x3FFFFFFF);
                rot_facings listed[ROT_MAX_PREDECESSORS];
                int k = rot_predecessors(&board, target, m, listed);
                /* The chain cells of any predecessor are reachable from
                 * the picked slot within 3 pointing steps; brute force
                 * over the picked slot and the slots it can reach. */
                int slots[ROT_PIECES], n = 0;
                unsigned seen = 0;
                slots[n++] = rot_move_slot(m);
                seen |= 1u << rot_move_slot(m);
                for (int i = 0; i < n; i++)
                    for (int d = 0; d < 4; d++) {
                        int t = board.target[slots[i]][d];
                        if (t != ROT_NONE && !(seen & (1u << t))) {
                            seen |= 1u << t;
                            slots[n++] = t;
                        }
                    }
                if (n > 8)
                    n = 8; /* keep it fast: limit to the nearest slots */
                int brute = 0;
                for (uint32_t combo = 0; combo < (1u << (2 * n)); combo++) {
                    rot_facings w = target;
                    for (int i = 0; i < n; i++) {
                        w &= ~(3u << (2 * slots[i]));
                        w |= ((combo >> (2 * i)) & 3u) << (2 * slots[i]);
                    }
                    if (rot_apply(&board, w, m, NULL) != target)
                        continue;
                    brute++;
                    bool listed_it = false;
                    for (int i = 0; i < k; i++)
                        listed_it |= listed[i] == w;
                    assert_true(listed_it);
                }
                /* ...and every listed one inside that subspace was found. */
                rot_facings inside = 0;
                for (int i = 0; i < n; i++)
                    inside |= 3u << (2 * slots[i]);
                int listed_inside = 0;
                for (int i = 0; i < k; i++)
                    listed_inside += ((listed[i] ^ target) & ~inside) == 0;
                assert_int_equal(brute, listed_inside);
            }
        }
    }
}

/* ---- a plain breadth-first search, the solver's second opinion ---- */

typedef struct plain_set {
    uint32_t *slots; /* key + 1, 0 = free */
    size_t mask;
} plain_set;

static bool plain_insert(plain_set *s, rot_facings w)
{
    size_t i = ((size_t)w * 2654435761u) & s->mask;
    while (s->slots[i]) {
        if (s->slots[i] == w + 1)
            return false;
        i = (i + 1) & s->mask;
    }
    s->slots[i] = w + 1;
    return true;
}

/* Distance by forward BFS up to max_depth, or -1 if farther. */
static int plain_distance(const rot_board *board, rot_facings start,
                          int max_depth)
{
    if (rot_is_solved(start))
        return 0;
    plain_set set = {calloc(1u << 24, sizeof(uint32_t)), (1u << 24) - 1};
    rot_facings *current = malloc(sizeof *current * (1u << 22));
    rot_facings *next = malloc(sizeof *next * (1u << 22));
    assert_non_null(set.slots);
    size_t n = 1;
    current[0] = start;
    plain_insert(&set, start);
    int result = -1;
    for (int d = 1; d <= max_depth && result < 0; d++) {
        size_t m = 0;
        for (size_t i = 0; i < n && result < 0; i++)
            for (int mv = 0; mv < ROT_MOVES; mv++) {
                rot_facings w = rot_apply(board, current[i], mv, NULL);
                if (rot_is_solved(w)) {
                    result = d;
                    break;
                }
                if (plain_insert(&set, w)) {
                    assert_true(m < (1u << 22));
                    next[m++] = w;
                }
            }
        rot_facings *t = current;
        current = next;
        next = t;
        n = m;
    }
    free(set.slots);
    free(current);
    free(next);
    return result;
}

static void replay_solves(const rot_board *board, rot_facings start,
                          const rot_solution *solution)
{
    rot_facings w = start;
    for (int i = 0; i < solution->distance; i++) {
        assert_false(rot_is_solved(w)); /* no move after solved */
        w = rot_apply(board, w, solution->moves[i], NULL);
    }
    assert_true(rot_is_solved(w));
}

static void test_solver_against_plain_search(void **state)
{
    (void)state;
    uint64_t seed = 4242;
    int by_distance[8] = {0};
    for (int trial = 0; trial < 60; trial++) {
        rot_arrangement a;
        random_arrangement(&seed, &a);
        rot_board board;
        rot_board_init(&board, &a, (rot_rules)(trial & 1));
        /* A few random moves backwards from solved: facings near solved,
         * chosen by walking predecessors (the walk only picks inputs; the
         * distance is the plain search's). */
        rot_facings w = rot_solved((int)(test_random(&seed) % 4));
        int steps = 1 + trial % 5;
        for (int i = 0; i < steps; i++) {
            rot_facings before[ROT_MAX_PREDECESSORS];
            int k = rot_predecessors(
                &board, w, (int)(test_random(&seed) % ROT_MOVES), before);
            if (k)
                w = before[test_random(&seed) % (uint64_t)k];
        }
        int expected = plain_distance(&board, w, 5);
        assert_true(expected >= 0);
        rot_solution solution;
        assert_int_equal(rot_solve(&board, w, &solution), 0);
        if (solution.distance != expected) {
            rot_position p = {a, w};
            char text[ROT_TEXT_MAX];
            rot_format(&p, text);
            fail_msg("%s (%s): solver %d, plain search %d", text,
                     trial & 1 ? "wrap" : "basic", solution.distance, expected);
        }
        replay_solves(&board, w, &solution);
        by_distance[expected]++;
    }
    /* The sample covers every distance 0..4 at least. */
    for (int d = 1; d <= 4; d++)
        assert_true(by_distance[d] > 0);
}

static void test_solver_far_positions(void **state)
{
    (void)state;
    /* The example set-up and random facings: far from solved; the solution
     * is replayed, and no solution one shorter exists: the plain search
     * finds nothing within distance - 1 when that is small enough. */
    rot_position pos = parse_ok(EXAMPLE);
    uint64_t seed = 99;
    for (int trial = 0; trial < 6; trial++) {
        rot_board board;
        rot_board_init(&board, &pos.arrangement, (rot_rules)(trial & 1));
        rot_facings w = trial < 2
                            ? pos.facings
                            : (rot_facings)(test_random(&seed) & 0x3FFFFFFF);
        rot_solution solution;
        assert_int_equal(rot_solve(&board, w, &solution), 0);
        assert_true(solution.distance > 0);
        replay_solves(&board, w, &solution);
        if (solution.distance - 1 <= 5)
            assert_int_equal(plain_distance(&board, w, solution.distance - 1),
                             -1);
    }
}

static void test_solver_hardest_known(void **state)
{
    (void)state;
    /* The positions farthest from solved that "rgn survey" found for the
     * example's arrangement: a full backward search over all 4^15 facings,
     * an algorithm of its own (4-bit distances, push and pull layers).
     * The first is the one it printed of the 3033 at 12 moves (basic),
     * the second the only one at 10 (wrap). The solver must agree and its
     * solution must replay; the plain search cannot reach that far in a
     * unit test. */
    static const struct {
        const char *text;
        rot_rules rules;
        int distance;
    } hardest[] = {
        {"lNsSmNsN/sWmS1lS/mElSsNmN/lNsSlWmN", ROT_BASIC, 12},
        {"lSsNmSsE/sSmE1lN/mNlWsSmW/lWsSlNmE", ROT_WRAP, 10},
    };
    for (size_t i = 0; i < sizeof hardest / sizeof hardest[0]; i++) {
        rot_position pos = parse_ok(hardest[i].text);
        rot_board board;
        rot_board_init(&board, &pos.arrangement, hardest[i].rules);
        rot_solution solution;
        assert_int_equal(rot_solve(&board, pos.facings, &solution), 0);
        assert_int_equal(solution.distance, hardest[i].distance);
        replay_solves(&board, pos.facings, &solution);
    }
}

static void test_solver_solved_and_one_move(void **state)
{
    (void)state;
    rot_position pos = parse_ok("lNlNlNlN/lNmNmNmN/mNmN1sN/sNsNsNsN");
    rot_board board;
    rot_board_init(&board, &pos.arrangement, ROT_BASIC);
    rot_solution solution;
    assert_int_equal(rot_solve(&board, pos.facings, &solution), 0);
    assert_int_equal(solution.distance, 0);
    /* d1 and d2 small, facing W: d1+ turns d1 to N, then d1 points at d2,
     * which turns to N too (a small piece turns one more). */
    pos = parse_ok("lNlNlNlN/lNmNmNmN/mNmN1sW/sNsNsNsW");
    rot_board_init(&board, &pos.arrangement, ROT_BASIC);
    assert_int_equal(rot_solve(&board, pos.facings, &solution), 0);
    assert_int_equal(solution.distance, 1);
    char text[4];
    rot_format_move(&board, solution.moves[0], text);
    assert_string_equal(text, "d1+");
}

static void test_generator(void **state)
{
    (void)state;
    for (int distance = 0; distance <= 8; distance += 2) {
        rot_rng rng, again;
        rot_rng_seed(&rng, 2026 + (uint64_t)distance);
        rot_rng_seed(&again, 2026 + (uint64_t)distance);
        for (int rules = ROT_BASIC; rules <= ROT_WRAP; rules++) {
            rot_position a, b;
            assert_int_equal(
                rot_generate((rot_rules)rules, distance, &rng, 1000, &a), 0);
            assert_int_equal(
                rot_generate((rot_rules)rules, distance, &again, 1000, &b), 0);
            /* field by field: the struct's padding is not part of it */
            assert_memory_equal(&a.arrangement, &b.arrangement,
                                sizeof a.arrangement);
            assert_int_equal(a.facings, b.facings);
            rot_board board;
            rot_board_init(&board, &a.arrangement, (rot_rules)rules);
            if (distance <= 4)
                assert_int_equal(plain_distance(&board, a.facings, 5),
                                 distance);
            /* Exactly 5 of each size and one empty cell. */
            int sizes[4] = {0};
            for (int cell = 0; cell < ROT_CELLS; cell++)
                sizes[a.arrangement.size[cell]]++;
            assert_int_equal(sizes[0], 1);
            assert_int_equal(sizes[1], 5);
            assert_int_equal(sizes[2], 5);
            assert_int_equal(sizes[3], 5);
            assert_int_equal(a.arrangement.size[a.arrangement.empty], 0);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_worked_examples),
        cmocka_unit_test(test_diagram_reading),
        cmocka_unit_test(test_position_string_accepted),
        cmocka_unit_test(test_position_string_rejected),
        cmocka_unit_test(test_layers),
        cmocka_unit_test(test_every_move_changes_position),
        cmocka_unit_test(test_predecessors),
        cmocka_unit_test(test_solver_solved_and_one_move),
        cmocka_unit_test(test_solver_against_plain_search),
        cmocka_unit_test(test_solver_far_positions),
        cmocka_unit_test(test_solver_hardest_known),
        cmocka_unit_test(test_generator),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
