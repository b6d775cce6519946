/*
 * rotationary.c - the solitaire tools of rgn.h (rgn_rotationary_*): each
 * takes an rgn_position of Rotationary or Rotationary Wrap to the compact
 * core, runs the tool there and gives its answer back as positions and
 * moves.
 */
#include <stdio.h>

#include "base/errors.h"
#include "solitaire/solitaire.h"

_Static_assert(RGN_ROTATIONARY_MAX_SOLUTION == ROT_MAX_SOLUTION &&
                   RGN_ROTATIONARY_SURVEY_DISTANCES ==
                       ROT_SURVEY_MAX_DISTANCE &&
                   RGN_ROTATIONARY_FACINGS == ROT_FACING_SPACE,
               "rgn.h and the core agree");

/* The compact form of position and the board of its arrangement; -1 with
 * err when position is of another game. */
static int to_core(const rgn_position *position, rot_position *core,
                   rot_board *board, rgn_error *err)
{
    rot_rules rules;
    if (!rot_from_position(position, core, &rules)) {
        err->column = 0;
        snprintf(err->message, sizeof err->message,
                 "the solitaire tools know Rotationary and Rotationary "
                 "Wrap, not %s",
                 rgn_variant_name(rgn_position_variant(position)));
        return -1;
    }
    rot_board_init(board, &core->arrangement, rules);
    return 0;
}

int rgn_rotationary_layers(const rgn_position *position, int depth,
                           uint64_t *counts, rgn_error *err)
{
    rgn_error dropped;
    err = rgn_error_or(err, &dropped);
    rot_position core;
    rot_board board;
    if (to_core(position, &core, &board, err) < 0)
        return -1;
    if (depth < 0 || depth >= RGN_ROTATIONARY_MAX_SOLUTION)
        return rgn_fail(err, "the depth is out of range");
    if (rot_layers(&board, core.facings, depth, counts) < 0)
        return rgn_fail(err, "out of memory");
    return 0;
}

int rgn_rotationary_solve(const rgn_position *position,
                          rgn_rotationary_solution *solution, rgn_error *err)
{
    rgn_error dropped;
    err = rgn_error_or(err, &dropped);
    rot_position core;
    rot_board board;
    if (to_core(position, &core, &board, err) < 0)
        return -1;
    rot_solution found;
    if (rot_solve(&board, core.facings, &found) < 0)
        return rgn_fail(err, "out of memory");
    solution->distance = found.distance; /* ROT_UNSOLVABLE is -1 */
    solution->positions_visited = found.positions_visited;
    for (int i = 0; i < found.distance; i++) {
        int cell = board.cell_of_slot[rot_move_slot(found.moves[i])];
        rgn_move move = {(uint16_t)cell,
                         (uint16_t)cell,
                         RGN_MOVE_TURN,
                         0,
                         (uint8_t)rot_move_turn(found.moves[i]),
                         0};
        solution->moves[i] = move;
    }
    return 0;
}

/* The caller's progress callback behind the core's. */
typedef struct progress_relay {
    void (*progress)(void *user, int distance, uint64_t done);
    void *user;
} progress_relay;

static void relay_progress(int depth, uint64_t done, void *context)
{
    const progress_relay *relay = context;
    relay->progress(relay->user, depth, done);
}

int rgn_rotationary_survey(const rgn_position *position,
                           const rgn_rotationary_survey_options *options,
                           rgn_rotationary_distances *distances,
                           rgn_position *example, rgn_error *err)
{
    rgn_error dropped;
    err = rgn_error_or(err, &dropped);
    rgn_rotationary_survey_options o;
    if (rgn_options_take(
            &o, sizeof o, options,
            RGN_OPTIONS_MIN(rgn_rotationary_survey_options, threads),
            "rgn_rotationary_survey_options", err) < 0)
        return -1;
    if (o.threads < 0 || o.threads > 64)
        return rgn_fail(err, "a survey runs on 1 to 64 threads, not %d",
                        o.threads);
    rot_position core;
    rot_board board;
    if (to_core(position, &core, &board, err) < 0)
        return -1;
    progress_relay relay = {o.progress, o.user};
    rot_survey survey;
    if (rot_survey_run(&board, o.threads ? o.threads : 1,
                       o.progress ? relay_progress : NULL, &relay, &survey) < 0)
        return rgn_fail(err, "out of memory");
    for (int d = 0; d < RGN_ROTATIONARY_SURVEY_DISTANCES; d++)
        distances->count[d] = survey.count[d];
    distances->max_distance = survey.max_distance;
    distances->unsolvable = survey.unsolvable;
    distances->mean = survey.mean;
    if (example) {
        rgn_position_copy(example, position);
        rot_position at_max = {core.arrangement, survey.example};
        rot_to_position(example, &at_max);
    }
    return 0;
}

int rgn_rotationary_puzzle(rgn_position *puzzle, int distance, uint64_t *state,
                           int max_tries, rgn_error *err)
{
    rgn_error dropped;
    err = rgn_error_or(err, &dropped);
    rot_position core;
    rot_board board;
    if (to_core(puzzle, &core, &board, err) < 0)
        return -1;
    rot_rng rng;
    rot_rng_seed(&rng, *state);
    int status = rot_generate(board.rules, distance, &rng, max_tries, &core);
    *state = rng.state;
    if (status < 0)
        return rgn_fail(err, "out of memory");
    if (status > 0)
        return 1;
    rot_to_position(puzzle, &core);
    return 0;
}

bool rgn_rotationary_knows(const rgn_variant *variant)
{
    return variant && rot_variant(variant);
}
