/*
 * solitaire_game.c - a recorded game of the solitaire Rotationary
 * played to its end for the solitaire tools (rgn_rotationary_game_end),
 * under its own rule set or the other one.
 */
#include <inttypes.h>

#include "base/errors.h"
#include "select/select.h"

/* Whether the game's error came after its last move, so that the whole
 * main line was played: an error about the result, which the validator
 * reports at the result token (a mismatch with the Result tag, a result
 * the final position contradicts, or the game's own end-of-game rule).
 * Errors before the movetext (tags, set-up) come before its start. */
static bool after_last_move(const rgn_diagnostic *error)
{
    return error->move.len == 0 &&
           (error->problem == RGN_E_RESULT_MISMATCH ||
            error->problem == RGN_E_WRONG_RESULT ||
            error->problem >= RGN_PROBLEM_COUNT); /* the game's own rule */
}

/* 0 when game (which has a start) is a solitaire's, else -1 with error
 * saying what made it another game. */
static int not_rotationary(const rgn_game *game, rgn_error *error)
{
    const rgn_variant *own = rgn_position_variant(rgn_game_start(game));
    if (rgn_rotationary_knows(own))
        return 0;
    /* a game its file's name made another than the default also comes
     * with a Variant tag */
    const char *input = rgn_game_input(game);
    bool by_name = own != rgn_variant_default() && input &&
                   own == rgn_variant_for_file(input);
    rgn_span tag;
    return rgn_fail(error, "game %" PRIu64 " is %s, not Rotationary (%s)",
                    rgn_game_number(game), rgn_variant_name(own),
                    !rgn_game_tag(game, "Variant", &tag) ? "no Variant tag"
                    : by_name ? "its Variant tag or its file's name"
                              : "its Variant tag");
}

/* end holds game's start read under rules: 0, or -1 with error. */
static int start_under(const rgn_game *game, const rgn_variant *rules,
                       rgn_position *end, rgn_error *error)
{
    const rgn_position *start = rgn_game_start(game);
    const rgn_variant *own = rgn_position_variant(start);
    rgn_position_copy(end, start);
    if (!rules || rules == own)
        return 0;
    /* the same position string, read under the other rule set */
    char fen[256];
    rgn_position_fen(start, fen, sizeof fen);
    rgn_position *other = rgn_position_new(rules, error);
    int read = other ? rgn_position_set_fen(other, fen, NULL) : -1;
    if (read == 0)
        rgn_position_copy(end, other);
    else if (other)
        rgn_fail(error, "game %" PRIu64 " has a position %s cannot read",
                 rgn_game_number(game), rgn_variant_name(rules));
    rgn_position_free(other);
    return read;
}

int rgn_rotationary_game_end(const rgn_game *game, const rgn_variant *rules,
                             rgn_position *end, rgn_error *error)
{
    if (rules && !rgn_rotationary_knows(rules))
        return rgn_fail(error,
                        "the solitaire tools know Rotationary and "
                        "Rotationary Wrap, not %s",
                        rgn_variant_name(rules));
    const rgn_diagnostic *problem = rgn_game_error(game);
    if (!rgn_game_start(game))
        return 1;
    if (not_rotationary(game, error) < 0)
        return -1;
    if (problem && !after_last_move(problem))
        return 1;
    if (start_under(game, rules, end, error) < 0)
        return -1;
    for (int i = 0; i < rgn_game_plies(game); i++) {
        rgn_move move;
        if (rgn_game_move_at(game, i, &move, NULL, error) < 0)
            return -1;
        if (rgn_position_count_moves(end) == 0) { /* under the other rules */
            char san[16];
            rgn_move_san(end, move, san, sizeof san);
            return rgn_fail(error,
                            "game %" PRIu64
                            " has a move after the puzzle is solved: '%s'",
                            rgn_game_number(game), san);
        }
        rgn_position_play(end, move);
    }
    return 0;
}
