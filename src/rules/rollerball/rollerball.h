/*
 * rollerball.h - what the Rollerball rule set shares with its position
 * string (rollerball_fen.c). Private.
 */
#ifndef RGN_ROLLERBALL_H
#define RGN_ROLLERBALL_H

#include "rules/variant.h"

enum { ROLLER_KING = 1, ROLLER_ROOK, ROLLER_BISHOP, ROLLER_PAWN };

/* 7x7 grid in a 9x9 mailbox; the border and the 3x3 hole hold RGN_OFF,
 * so that "blocked" is one test. */
#define ROLLER_SIZE 7
#define ROLLER_WIDTH 9

static inline int roller_square(int file, int rank)
{
    return (rank + 1) * ROLLER_WIDTH + file + 1;
}
static inline int roller_file(int square) { return square % ROLLER_WIDTH - 1; }
static inline int roller_rank(int square) { return square / ROLLER_WIDTH - 1; }

/* c3..e5: files 2..4, ranks 2..4 */
static inline bool roller_in_hole(int file, int rank)
{
    return file >= 2 && file <= 4 && rank >= 2 && rank <= 4;
}

/* The turn counts live in extra[color]. */
#define ROLLER_TURNS(pos, color) ((pos)->extra[color])

extern const char roller_piece_letters[];

/* The rule set's members (rollerball_variant.c puts them together). */
int roller_forward(int square);
bool roller_in_check(const rgn_position *position);
bool roller_game_over(const rgn_position *position);
void roller_make(rgn_position *position, rgn_move move, rgn_undo *undo);
void roller_unmake(rgn_position *position, rgn_move move, const rgn_undo *undo);
int roller_legal_moves(rgn_position *position, rgn_move *moves);
int roller_legal_moves_to(rgn_position *position, rgn_move *moves, int type,
                          int to);
int roller_count_moves(rgn_position *position);
enum rgn_status roller_status(rgn_position *position);
enum rgn_problem roller_explain(rgn_position *position, const rgn_san *san,
                                char *why, size_t size);

int roller_zone(int square);
int roller_home_zone(int color);
int roller_target(int color);
bool roller_attacked(const rgn_position *position, int square, int by);
bool roller_won(const rgn_position *position, int color);
uint64_t roller_compute_key(const rgn_position *position);
void roller_clear(rgn_position *position);

int roller_set_fen(rgn_position *position, const char *fen, rgn_error *err);
size_t roller_write_fen(const rgn_position *position, char *buf, size_t size);

#endif
