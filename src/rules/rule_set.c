/*
 * rule_set.c - the calls of rules/rule_set.h: what the stages above
 * rules/ ask a rule set, answered from its struct rgn_variant.
 */
#include "rules/variant.h"

void rgn_rules_make(rgn_position *position, rgn_move move, rgn_undo *undo)
{
    rgn_make(position, move, undo);
}

rgn_make_function rgn_rules_make_function(const rgn_variant *variant)
{
    return variant->make;
}

void rgn_rules_unmake(rgn_position *position, rgn_move move,
                      const rgn_undo *undo)
{
    rgn_unmake(position, move, undo);
}

bool rgn_rules_has_moves(rgn_position *position)
{
    return rgn_variant_has_moves(position->variant, position);
}

/* Whether move is in the position's lists of legal moves: out of line,
 * for the lists' room on the stack is not wanted by the quick way. */
static __attribute__((noinline)) bool listed(rgn_position *position,
                                             rgn_move move, bool placed)
{
    rgn_move moves[RGN_MAX_MOVES];
    const rgn_variant *v = position->variant;
    /* the moves of the piece to the square first, the fewest to make */
    if (v->legal_moves_to && placed) {
        int type = RGN_TYPE(position->board[move.from]);
        int n = v->legal_moves_to(position, moves, type, move.to);
        for (int i = 0; i < n; i++)
            if (rgn_move_equal(moves[i], move))
                return true;
    }
    int n = v->legal_moves(position, moves);
    for (int i = 0; i < n; i++)
        if (rgn_move_equal(moves[i], move))
            return true;
    return false;
}

bool rgn_rules_is_legal(rgn_position *position, rgn_move move)
{
    const rgn_variant *v = position->variant;
    uint8_t piece = position->board[move.from];
    bool placed = piece != RGN_EMPTY && piece != RGN_OFF;
    /* a step or a promotion found by its squares, as the SAN resolver
     * finds one, with no list of moves made: most moves a database
     * replays are such (the lists judge the rest) */
    if (v->find_moves && placed && move.orientation == 0 &&
        (move.kind == RGN_MOVE_NORMAL || move.kind == RGN_MOVE_PROMOTION)) {
        rgn_move found;
        if (v->find_moves(position, RGN_TYPE(piece), v->square_file(move.to),
                          v->square_rank(move.to), v->square_file(move.from),
                          v->square_rank(move.from), move.promotion,
                          &found) == 1 &&
            rgn_move_equal(found, move))
            return true;
    }
    return listed(position, move, placed);
}

bool rgn_rules_set_initial(rgn_position *position)
{
    if (!position->variant->set_initial)
        return false;
    position->variant->set_initial(position);
    return true;
}

int rgn_rules_repair_fen(rgn_position *position, const char *fen, char *what,
                         size_t size)
{
    const rgn_variant *v = position->variant;
    return v->repair_fen ? v->repair_fen(position, fen, what, size) : -1;
}

bool rgn_rules_oriented(const rgn_variant *variant, int type)
{
    return rgn_variant_oriented(variant, type);
}

int rgn_rules_canonical_orientation(const rgn_variant *variant, int type,
                                    int direction)
{
    return variant->canonical_orientation(type, direction);
}

bool rgn_rules_resets_are_irreversible(const rgn_variant *variant)
{
    return variant->resets_are_irreversible;
}

bool rgn_rules_fifty_move_rule(const rgn_variant *variant)
{
    return variant->fifty_move_rule;
}

bool rgn_rules_dead_position(const rgn_position *position)
{
    const rgn_variant *v = position->variant;
    return v->dead_position && v->dead_position(position);
}

bool rgn_rules_open_result_on_finished_game(const rgn_variant *variant)
{
    return variant->open_result_on_finished_game;
}

bool rgn_rules_judges_results(const rgn_variant *variant)
{
    return variant->judge_result != NULL;
}

bool rgn_rules_judge_result(rgn_position *final, const char *result,
                            enum rgn_problem *problem, char *why, size_t size)
{
    const rgn_variant *v = final->variant;
    if (!v->judge_result(final, result, problem, why, size))
        return false;
    *problem = rgn_problem_of(v, *problem);
    return true;
}

enum rgn_problem rgn_rules_own_problem(const rgn_variant *variant,
                                       enum rgn_problem problem)
{
    if (problem >= RGN_PROBLEM_COUNT || !variant->own_problem)
        return problem;
    return rgn_problem_of(variant, variant->own_problem(problem));
}

bool rgn_rules_looks_like_own(const rgn_variant *variant,
                              const rgn_failed_game *game,
                              enum rgn_problem *note)
{
    if (!variant->looks_like_own || !variant->looks_like_own(game, note))
        return false;
    *note = rgn_problem_of(variant, *note);
    return true;
}
