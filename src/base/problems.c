/*
 * problems.c - every generic kind of diagnostic in one table: its stable
 * code for scripts, its severity, and for the lenient readings what the
 * warning says of the move text. A game's own kinds are rows of its rule
 * set (rules/registry.c numbers them).
 */
#include "base/problems.h"

static const rgn_problem_kind kinds[RGN_PROBLEM_COUNT] = {
    [RGN_E_SYNTAX] = {"syntax", RGN_ERROR, ""},
    [RGN_E_MOVE_SYNTAX] = {"move-syntax", RGN_ERROR, ""},
    [RGN_E_UNMATCHED] = {"illegal-move", RGN_ERROR, ""},
    [RGN_E_AMBIGUOUS] = {"ambiguous-move", RGN_ERROR, ""},
    [RGN_E_NULL_ROTATION] = {"null-rotation", RGN_ERROR, ""},
    [RGN_E_PROMOTION_ORIENTATION] = {"promotion-orientation", RGN_ERROR, ""},
    [RGN_E_ORIENTATION_NOT_ALLOWED] = {"orientation-not-allowed", RGN_ERROR,
                                       ""},
    [RGN_E_MOVE_AFTER_END] = {"move-after-end", RGN_ERROR, ""},
    [RGN_E_RESULT_MISMATCH] = {"result-tag-mismatch", RGN_ERROR, ""},
    [RGN_E_WRONG_RESULT] = {"wrong-result", RGN_ERROR, ""},
    [RGN_E_RESULT_IN_VARIATION] = {"result-in-variation", RGN_ERROR, ""},
    [RGN_E_VARIATION_FIRST] = {"variation-before-first-move", RGN_ERROR, ""},
    [RGN_E_UNKNOWN_VARIANT] = {"unknown-variant", RGN_ERROR, ""},
    [RGN_E_BAD_FEN] = {"bad-fen", RGN_ERROR, ""},
    [RGN_E_NO_FEN] = {"missing-fen", RGN_ERROR, ""},
    [RGN_E_BAD_SETUP] = {"bad-setup", RGN_ERROR, ""},
    [RGN_E_KEPT_INVALID] = {"kept-invalid", RGN_ERROR, ""},
    [RGN_W_LONG_FORM] = {"long-algebraic", RGN_WARNING,
                         "is in long algebraic form"},
    [RGN_W_PAWN_CAPTURE_WITHOUT_X] = {"pawn-capture-without-x", RGN_WARNING,
                                      "is a pawn capture without its 'x'"},
    [RGN_W_SURPLUS_DISAMBIGUATION] = {"surplus-disambiguation", RGN_WARNING,
                                      "names more of the origin than needed"},
    [RGN_W_MISSING_CAPTURE_MARK] = {"missing-capture-mark", RGN_WARNING,
                                    "captures but has no 'x'"},
    [RGN_W_SURPLUS_CAPTURE_MARK] = {"surplus-capture-mark", RGN_WARNING,
                                    "has an 'x' but captures nothing"},
    [RGN_W_MISSING_CHECK_MARK] = {"missing-check-mark", RGN_WARNING,
                                  "gives check but has no '+' or '#'"},
    [RGN_W_SURPLUS_CHECK_MARK] = {"surplus-check-mark", RGN_WARNING,
                                  "has a '+' but gives no check"},
    [RGN_W_CHECK_MARK_ON_MATE] = {"check-mark-on-mate", RGN_WARNING,
                                  "mates, so its mark is '#', not '+'"},
    [RGN_W_MATE_MARK_WITHOUT_MATE] = {"mate-mark-without-mate", RGN_WARNING,
                                      "has a '#' but does not mate"},
    [RGN_W_UNCHANGED_ORIENTATION] =
        {"unchanged-orientation", RGN_WARNING,
         "names the direction set the piece keeps; '>Dir' is only for a "
         "change"},
    [RGN_W_CASTLING_WITH_ZEROS] = {"castling-with-zeros", RGN_WARNING,
                                   "writes castling with zeros"},
    [RGN_W_COORDINATE_FORM] = {"coordinate-form", RGN_WARNING,
                               "is in coordinate form"},
    [RGN_W_PROMOTION_WITHOUT_EQUALS] = {"promotion-without-equals", RGN_WARNING,
                                        "writes its promotion without '='"},
    [RGN_W_NULL_MOVE] = {"null-move", RGN_WARNING,
                         "is a null move in the main line"},
    [RGN_W_MISSING_TAG] = {"missing-tag", RGN_WARNING, ""},
    [RGN_W_TAG_ORDER] = {"tag-order", RGN_WARNING, ""},
    [RGN_W_MOVE_NUMBER] = {"move-number", RGN_WARNING, ""},
    [RGN_W_TAG_QUOTE] = {"unescaped-quote", RGN_WARNING, ""},
    [RGN_W_EN_PASSANT_MARK] = {"en-passant-mark", RGN_WARNING, ""},
    [RGN_W_FEN_REPAIRED] = {"fen-repaired", RGN_WARNING, ""},
    [RGN_W_OPEN_RESULT] = {"open-result", RGN_WARNING, ""},
    [RGN_W_LATIN1] = {"latin-1", RGN_WARNING, ""},
    [RGN_W_OPEN_TERMINATION] = {"open-termination", RGN_WARNING, ""},
    [RGN_W_NO_MOVES] = {"no-moves", RGN_WARNING, ""},
    [RGN_W_DATE_FORM] = {"date-form", RGN_WARNING, ""},
    [RGN_W_NOT_A_DATE] = {"not-a-date", RGN_WARNING, ""},
    [RGN_W_NO_GAME] = {"no-game", RGN_WARNING, "no game in the input"},
    [RGN_N_REPETITION] = {"threefold-repetition", RGN_NOTE, ""},
    [RGN_N_COMMENT_WITHOUT_GAME] = {"comment-without-game", RGN_NOTE, ""},
    [RGN_N_RESULT_FIXED] = {"result-fixed", RGN_NOTE, ""},
    [RGN_N_ALREADY_STORED] = {"already-stored", RGN_NOTE, ""},
    [RGN_T_PLAYER_TWICE_IN_ROUND] = {"player-twice-in-round", RGN_ERROR, ""},
    [RGN_T_REPEATED_PAIRING] = {"repeated-pairing", RGN_ERROR, ""},
    [RGN_T_MISSING_PAIRING] = {"missing-pairing", RGN_WARNING, ""},
    [RGN_T_MISSING_ROUND] = {"missing-round", RGN_WARNING, ""},
    [RGN_T_MALFORMED_ROUND] = {"malformed-round", RGN_ERROR, ""},
    [RGN_T_ROUND_DATE_ORDER] = {"round-date-order", RGN_WARNING, ""},
    [RGN_T_UNFINISHED_GAME] = {"unfinished-game", RGN_WARNING, ""},
    [RGN_T_DUPLICATE_GAME] = {"duplicate-game", RGN_WARNING, ""},
    [RGN_T_SAME_PLAYER] = {"same-player", RGN_WARNING, ""},
    [RGN_T_COLOUR_SEQUENCE] = {"colour-sequence", RGN_WARNING, ""},
    [RGN_T_COLOUR_DIFFERENCE] = {"colour-difference", RGN_WARNING, ""},
    [RGN_T_GAME_WITHOUT_PAIRING] = {"game-without-pairing", RGN_WARNING, ""},
    [RGN_T_PAIRING_WITHOUT_GAME] = {"pairing-without-game", RGN_WARNING, ""},
    [RGN_T_MISSING_GAME] = {"missing-game", RGN_WARNING, ""},
};

const rgn_problem_kind *rgn_generic_problem(enum rgn_problem problem)
{
    return problem < RGN_PROBLEM_COUNT ? &kinds[problem] : NULL;
}

const char *rgn_problem_text(enum rgn_problem problem)
{
    return problem < RGN_PROBLEM_COUNT ? kinds[problem].text : "";
}
