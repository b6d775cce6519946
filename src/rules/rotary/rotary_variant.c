/*
 * rotary_variant.c - the Rotary rule set as data: its names, board, pieces
 * and the functions of rotary.c, rfen.c and rotary_explain.c.
 */
#include <pthread.h>

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
};
