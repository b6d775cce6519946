/*
 * test_solitaire.c - the solitaire tools of rgn.h (rgn_rotationary_*)
 * on positions of the public API:
 *   - an optimal solution of a known position, whose moves play (and are
 *     written) as the record's moves and end solved;
 *   - layer counts, equal to the core's under both rule sets and to the
 *     worked example's in rgn(1);
 *   - puzzles: the same seed gives the same puzzles, at the distance
 *     asked for;
 *   - every tool refuses a position of another game.
 * The survey takes minutes and is left to the program.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "position_at.h"
#include "rgn.h"
#include "solitaire/solitaire.h"

static const char *const example = "lEsSmNsW/sNmE1lN/mElSsNmN/lWsElNmN";

/* samples/rotationary-chains.rgn: solved in 4, "a4- b3- d2- d1-". */
static void test_solve_known_position(void **state)
{
    (void)state;
    rgn_position *pos =
        position_at("Rotationary", "sEmElNlN/mNlEmNmN/lNlN1mS/sNsNsNsE");
    rgn_rotationary_solution solution;
    rgn_error err;
    assert_int_equal(rgn_rotationary_solve(pos, &solution, &err), 0);
    assert_int_equal(solution.distance, 4);
    assert_true(solution.positions_visited > 0);
    const char *const expected[] = {"a4-", "b3-", "d2-", "d1-"};
    for (int i = 0; i < solution.distance; i++) {
        char san[16];
        rgn_move_san(pos, solution.moves[i], san, sizeof san);
        assert_string_equal(san, expected[i]);
        assert_int_equal(rgn_position_status(pos), RGN_ONGOING);
        rgn_position_play(pos, solution.moves[i]);
    }
    assert_int_equal(rgn_position_status(pos), RGN_SOLVED);
    /* a solved position: distance 0 */
    assert_int_equal(rgn_rotationary_solve(pos, &solution, &err), 0);
    assert_int_equal(solution.distance, 0);
    rgn_position_free(pos);
}

static void test_layers_as_the_core(void **state)
{
    (void)state;
    const char *const games[] = {"Rotationary", "Rotationary Wrap"};
    for (int g = 0; g < 2; g++) {
        rgn_position *pos = position_at(games[g], example);
        uint64_t counts[4], core_counts[4];
        rgn_error err;
        assert_int_equal(rgn_rotationary_layers(pos, 4, counts, &err), 0);
        rot_position core;
        rgn_error parse_err;
        assert_int_equal(rot_parse(example, &core, &parse_err), 0);
        rot_board board;
        rot_board_init(&board, &core.arrangement, g ? ROT_WRAP : ROT_BASIC);
        assert_int_equal(rot_layers(&board, core.facings, 4, core_counts), 0);
        for (int d = 0; d < 4; d++)
            assert_true(counts[d] == core_counts[d]);
        if (g == 0) { /* rgn(1), "layers" */
            assert_true(counts[0] == 30);
            assert_true(counts[1] == 515);
            assert_true(counts[2] == 6484);
        }
        rgn_position_free(pos);
    }
}

static void test_puzzle_by_seed(void **state)
{
    (void)state;
    const char *const games[] = {"Rotationary", "Rotationary Wrap"};
    for (int g = 0; g < 2; g++) {
        rgn_position *first = position_at(games[g], NULL);
        rgn_position *again = position_at(games[g], NULL);
        uint64_t seed_a = 7, seed_b = 7;
        rgn_error err;
        for (int n = 0; n < 3; n++) {
            assert_int_equal(
                rgn_rotationary_puzzle(first, 5, &seed_a, 2000, &err), 0);
            assert_int_equal(
                rgn_rotationary_puzzle(again, 5, &seed_b, 2000, &err), 0);
            char a[128], b[128];
            rgn_position_fen(first, a, sizeof a);
            rgn_position_fen(again, b, sizeof b);
            assert_string_equal(a, b);
            assert_true(seed_a == seed_b && seed_a != 7);
            rgn_rotationary_solution solution;
            assert_int_equal(rgn_rotationary_solve(first, &solution, &err), 0);
            assert_int_equal(solution.distance, 5);
        }
        assert_ptr_equal(rgn_position_variant(first),
                         rgn_variant_find(games[g]));
        rgn_position_free(first);
        rgn_position_free(again);
    }
}

static void test_other_games_refused(void **state)
{
    (void)state;
    rgn_position *rotary = position_at("Rotary", NULL);
    uint64_t counts[2], seed = 1;
    rgn_rotationary_solution solution;
    rgn_rotationary_distances distances;
    rgn_error err;
    const char *why = "the solitaire tools know Rotationary and Rotationary "
                      "Wrap, not Rotary";
    assert_int_equal(rgn_rotationary_layers(rotary, 2, counts, &err), -1);
    assert_string_equal(err.message, why);
    assert_int_equal(rgn_rotationary_solve(rotary, &solution, &err), -1);
    assert_string_equal(err.message, why);
    assert_int_equal(
        rgn_rotationary_survey(rotary, NULL, &distances, NULL, &err), -1);
    assert_string_equal(err.message, why);
    assert_int_equal(rgn_rotationary_puzzle(rotary, 3, &seed, 10, &err), -1);
    assert_string_equal(err.message, why);
    assert_true(seed == 1);
    rgn_position_free(rotary);
}

/* A survey's options carry their size (rgn.h, "Errors"); they are
 * judged before the position, so no survey runs here. */
static void test_survey_options_are_checked(void **state)
{
    (void)state;
    rgn_position *rotary = position_at("Rotary", NULL);
    rgn_rotationary_distances distances;
    rgn_error err;
    rgn_rotationary_survey_options options = {.threads = 2};
    assert_int_equal(
        rgn_rotationary_survey(rotary, &options, &distances, NULL, &err), -1);
    assert_string_equal(err.message,
                        "rgn_rotationary_survey_options: size is 0 (set it "
                        "to sizeof the struct)");
    options.size = sizeof options;
    options.threads = 65;
    assert_int_equal(
        rgn_rotationary_survey(rotary, &options, &distances, NULL, &err), -1);
    assert_string_equal(err.message,
                        "a survey runs on 1 to 64 threads, not 65");
    /* an older caller's struct, ending after threads: progress and user
     * beyond it are junk, never called; the position is judged next */
    memset(&options, 0xA5, sizeof options);
    options.size = offsetof(rgn_rotationary_survey_options, threads) +
                   sizeof options.threads;
    options.threads = 1;
    assert_int_equal(
        rgn_rotationary_survey(rotary, &options, &distances, NULL, &err), -1);
    assert_string_equal(err.message, "the solitaire tools know Rotationary "
                                     "and Rotationary Wrap, not Rotary");
    /* and a NULL error drops the reason */
    assert_int_equal(
        rgn_rotationary_survey(rotary, &options, &distances, NULL, NULL), -1);
    rgn_position_free(rotary);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_known_position),
        cmocka_unit_test(test_layers_as_the_core),
        cmocka_unit_test(test_puzzle_by_seed),
        cmocka_unit_test(test_other_games_refused),
        cmocka_unit_test(test_survey_options_are_checked),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
