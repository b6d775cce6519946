/*
 * rotary_variant.c - the Rotary rule set as data: its names, board, pieces
 * and the functions of rotary.c, rfen.c and rotary_explain.c.
 */
#include <pthread.h>
#include <string.h>

#include "rules/rotary/rotary.h"

static int rotary_file_of(int square) { return rotary_square_file(square); }
static int rotary_rank_of(int square) { return rotary_square_rank(square); }

/* ------------------------------------------------------------------ */
/* Initial position                                                   */

/* Read once (every game starts here), then copied. */
static rgn_position initial_position;
static pthread_once_t initial_once = PTHREAD_ONCE_INIT;

static void read_initial(void)
{
    static const char initial[] =
        "r>S7r>S/1s>Na>St>Nk>NEt>Na>Ss>N1/ppppppppp/9/9/9/PPPPPPPPP/"
        "1S>NA>NT>SK>NET>SA>NS>N1/R>N7R>N w 0 1";
    rgn_error err;
    int rc = rotary_set_fen(&initial_position, initial, &err);
    (void)rc; /* the initial position is known to be valid */
}

static void rotary_set_initial(rgn_position *pos)
{
    pthread_once(&initial_once, read_initial);
    const struct rgn_variant *variant = pos->variant;
    *pos = initial_position;
    pos->variant = variant;
}

/* ------------------------------------------------------------------ */
/* A Rotary record read as another game                               */

extern const struct rgn_variant rgn_rotary_variant;

/* Rotary's own problem kinds: the note that suggests it for a record
 * that failed as another game. */
enum { ROTARY_HINT };
static const rgn_problem_kind rotary_problems[] = {
    [ROTARY_HINT] = {"rotary-hint", RGN_NOTE, ""},
    {NULL, RGN_ERROR, NULL},
};

/* Whether a game that failed as another game reads as Rotary: the error
 * is at a FEN tag that is a Rotary position, or at a move with an
 * orientation (">N") or the letter of a Trident, Axe or Scythe. */
static bool looks_like_rotary(const rgn_failed_game *g, enum rgn_problem *note)
{
    *note = RGN_OWN_PROBLEM(ROTARY_HINT);
    if (g->problem == RGN_E_BAD_FEN) {
        rgn_position pos = {.variant = &rgn_rotary_variant};
        rgn_error err;
        return g->fen && rotary_set_fen(&pos, g->fen, &err) == 0;
    }
    if (g->problem != RGN_E_UNMATCHED && g->problem != RGN_E_MOVE_SYNTAX &&
        g->problem != RGN_E_ORIENTATION_NOT_ALLOWED)
        return false;
    if (g->move.len < 2)
        return false;
    return memchr(g->move.data, '>', g->move.len) ||
           memchr("TAS", g->move.data[0], 3);
}

/* Only the Pawn, which has no fins, is ever drawn as a figure. */
static const char *const rotary_figures[] = {
    [ROTARY_KING] = RGN_FIGURE_KING,
    [ROTARY_QUEEN] = RGN_FIGURE_QUEEN,
    [ROTARY_ROOK] = RGN_FIGURE_ROOK,
    [ROTARY_PAWN] = RGN_FIGURE_PAWN,
};

const struct rgn_variant rgn_rotary_variant = {
    .name = "Rotary",
    .summary = "Freeling's chess variant whose pieces rotate",
    .file_extension = "rgn",
    .players = 2,
    .files = ROTARY_SIZE,
    .ranks = ROTARY_SIZE,
    .square_at = rotary_square_at,
    .square_file = rotary_file_of,
    .square_rank = rotary_rank_of,
    .piece_letters = rotary_piece_letters,
    .pawn_type = ROTARY_PAWN,
    .royal = 1u << ROTARY_KING,
    .figures = rotary_figures,
    .short_fins = 1u << ROTARY_KING,
    /* pawns only go forward, and nothing comes back on the board */
    .resets_are_irreversible = true,
    .orientation_count = rotary_orientation_count,
    .canonical_orientation = rotary_canonical,
    .direction_set = rotary_direction_set,
    .set_initial = rotary_set_initial,
    .set_fen = rotary_set_fen,
    .write_fen = rotary_write_fen,
    .legal_moves = rotary_legal_moves,
    .legal_moves_to = rotary_legal_moves_to,
    .count_moves = rotary_count_moves,
    .has_moves = rotary_has_moves,
    .make = rotary_make,
    .unmake = rotary_unmake,
    .in_check = rotary_in_check,
    .status = rotary_status,
    .explain_unmatched = rotary_explain_unmatched,
    .problems = rotary_problems,
    .looks_like_own = looks_like_rotary,
};
