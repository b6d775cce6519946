/*
 * rule_set.h - a rule set as the stages above rules/ see it (private):
 * functions only. struct rgn_variant (rules/variant.h) is the rule sets'
 * own business; the validator, the selection, the writers and the
 * database ask it through these calls and rgn.h's, so that a rule set
 * can change its table without them (the layers test keeps
 * rules/variant.h out of them).
 */
#ifndef RGN_RULE_SET_H
#define RGN_RULE_SET_H

#include "rules/position.h"

/* What a make saves so that the unmake can restore the position exactly:
 * the per-ply state record, kept by the caller (on its stack), so that
 * no position is copied per ply. */
typedef struct rgn_undo {
    uint64_t key;
    int halfmove;
    int fullmove;
    int extra[2];
    int16_t ep_square;
    uint8_t castling;
    uint8_t captured;
    uint8_t captured_orientation;
    uint8_t moved_orientation;
    int8_t check_cache;
} rgn_undo;

/* Makes and unmakes any move, a null move included, with the caller's
 * undo record. */
void rgn_rules_make(rgn_position *position, rgn_move move, rgn_undo *undo);
void rgn_rules_unmake(rgn_position *position, rgn_move move,
                      const rgn_undo *undo);
/* The rule set's own make, for every move but the null move: a caller
 * that makes each move of a game asks for it once and calls it without
 * rgn_rules_make's call and test between. */
typedef void (*rgn_make_function)(rgn_position *position, rgn_move move,
                                  rgn_undo *undo);
rgn_make_function rgn_rules_make_function(const rgn_variant *variant);

/* Whether the side to move has a legal move by the rules of movement. */
bool rgn_rules_has_moves(rgn_position *position);

/* Whether move is one of the legal moves of the position. */
bool rgn_rules_is_legal(rgn_position *position, rgn_move move);

/* Sets the position to its game's start: false, the position unchanged,
 * when the game has none (every game needs a set-up). */
bool rgn_rules_set_initial(rgn_position *position);

/* Reads a position string that rgn_position_set_fen refused the way
 * files in the wild mean it, saying in what what it changed: 0, or -1
 * when the game repairs none or cannot repair this one. */
int rgn_rules_repair_fen(rgn_position *position, const char *fen, char *what,
                         size_t size);

/* Whether pieces of the type have an orientation, and the canonical
 * orientation of one that faces the direction. */
bool rgn_rules_oriented(const rgn_variant *variant, int type);
int rgn_rules_canonical_orientation(const rgn_variant *variant, int type,
                                    int direction);

/* The game's rules of how a game ends that generic code judges: whether
 * a move that resets the halfmove clock can never be undone (no
 * position before it comes again); whether the fifty-move rule holds;
 * whether neither side can ever mate (false in a game without the rule);
 * whether a result of "*" on a finished game is only a warning. */
bool rgn_rules_resets_are_irreversible(const rgn_variant *variant);
bool rgn_rules_fifty_move_rule(const rgn_variant *variant);
bool rgn_rules_dead_position(const rgn_position *position);
bool rgn_rules_open_result_on_finished_game(const rgn_variant *variant);

/* Whether the game judges its result tokens itself; then
 * rgn_rules_judge_result says whether the result does not fit the final
 * position, with the problem (as the registry numbers it) and why. */
bool rgn_rules_judges_results(const rgn_variant *variant);
bool rgn_rules_judge_result(rgn_position *final, const char *result,
                            enum rgn_problem *problem, char *why, size_t size);

/* A generic problem as the game names it (Rotationary's "bad_fen" for a
 * missing FEN), numbered as the registry numbers it; other kinds stay. */
enum rgn_problem rgn_rules_own_problem(const rgn_variant *variant,
                                       enum rgn_problem problem);

/* What the validator tells the other rule sets of a game that failed and
 * named no variant. */
typedef struct rgn_failed_game {
    enum rgn_problem problem; /* its first error, a generic kind */
    const char *fen;          /* its FEN tag; NULL when it has none */
    rgn_span move;            /* the move of the error; empty for none */
    int ply;                  /* that move's ply; 0 for none */
} rgn_failed_game;

/* Whether the game takes the failed game for one of its own: then *note
 * is the kind (as the registry numbers it) of the note that suggests
 * --variant. */
bool rgn_rules_looks_like_own(const rgn_variant *variant,
                              const rgn_failed_game *game,
                              enum rgn_problem *note);

#endif
