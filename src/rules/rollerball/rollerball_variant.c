/*
 * rollerball_variant.c - the Rollerball rule set as data: its names, board,
 * pieces and the functions of rollerball.c and rollerball_fen.c.
 */
#include "rules/rollerball/rollerball.h"

static int roller_square_at(int file, int rank)
{
    if (file < 0 || file >= ROLLER_SIZE || rank < 0 || rank >= ROLLER_SIZE ||
        roller_in_hole(file, rank))
        return -1;
    return roller_square(file, rank);
}

static int roller_file_of(int square) { return roller_file(square); }
static int roller_rank_of(int square) { return roller_rank(square); }

static void roller_set_initial(rgn_position *pos)
{
    rgn_error err;
    int rc = roller_set_fen(pos,
                            "2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2 "
                            "w 0 0 0 1",
                            &err);
    (void)rc; /* the initial position is known to be valid */
}

static const char *const roller_figures[] = {
    [ROLLER_KING] = RGN_FIGURE_KING,
    [ROLLER_ROOK] = RGN_FIGURE_ROOK,
    [ROLLER_BISHOP] = RGN_FIGURE_BISHOP,
    [ROLLER_PAWN] = RGN_FIGURE_PAWN,
};

const struct rgn_variant rgn_rollerball_variant = {
    .name = "Rollerball",
    .summary = "Cazaux's chess round a hole in the board",
    .players = 2,
    .files = ROLLER_SIZE,
    .ranks = ROLLER_SIZE,
    .square_at = roller_square_at,
    .square_file = roller_file_of,
    .square_rank = roller_rank_of,
    .not_a_square = "is in the hole",
    .square_forward = roller_forward,
    .piece_letters = roller_piece_letters,
    .pawn_type = ROLLER_PAWN,
    .royal = 1u << ROLLER_KING,
    .figures = roller_figures,
    .short_fins = 1u << ROLLER_KING,
    .set_initial = roller_set_initial,
    .set_fen = roller_set_fen,
    .write_fen = roller_write_fen,
    .legal_moves = roller_legal_moves,
    .legal_moves_to = roller_legal_moves_to,
    .count_moves = roller_count_moves,
    .make = roller_make,
    .unmake = roller_unmake,
    .in_check = roller_in_check,
    .game_over = roller_game_over,
    .status = roller_status,
    .explain_unmatched = roller_explain,
};
