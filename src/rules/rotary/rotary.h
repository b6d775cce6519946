/*
 * rotary.h - what the Rotary rule set shares with its position string
 * reader and writer (rfen.c). Private.
 */
#ifndef RGN_ROTARY_H
#define RGN_ROTARY_H

#include "rules/variant.h"

/* Piece types, numbered as the letters in rotary_piece_letters. */
enum {
    ROTARY_KING = 1,
    ROTARY_QUEEN,
    ROTARY_ROOK,
    ROTARY_TRIDENT,
    ROTARY_AXE,
    ROTARY_SCYTHE,
    ROTARY_PAWN
};

/* 9x9 board in an 11x11 mailbox: a one-square border of RGN_OFF stops
 * every ray, since all Rotary moves go square by square. */
#define ROTARY_SIZE 9
#define ROTARY_WIDTH 11

static inline int rotary_square(int file, int rank)
{
    return (rank + 1) * ROTARY_WIDTH + file + 1;
}

/* Mailbox offsets of the eight directions, N first, clockwise. */
static const int ray_offset[8] = {
    ROTARY_WIDTH,  ROTARY_WIDTH + 1,  1,  -ROTARY_WIDTH + 1,
    -ROTARY_WIDTH, -ROTARY_WIDTH - 1, -1, ROTARY_WIDTH - 1,
};


/* Direction set of each type when facing N: bit d for direction d. */
#define BIT(d) (1u << (d))
static const uint8_t set_facing_north[] = {
    0,
    BIT(0) | BIT(2) | BIT(4) | BIT(6), /* King: o, o+2, o+4, o+6 */
    BIT(0) | BIT(2) | BIT(4) | BIT(6), /* Queen */
    BIT(0) | BIT(6) | BIT(2),          /* Rook: o, o-2, o+2 */
    BIT(0) | BIT(5) | BIT(3),          /* Trident: o, o-3, o+3 */
    BIT(0) | BIT(7) | BIT(1),          /* Axe: o, o-1, o+1 */
    BIT(0) | BIT(4),                   /* Scythe: o, o+4 */
    0,
};

/* Pawns have no orientation: they capture diagonally forward. */
static const uint8_t pawn_captures[2] = {BIT(RGN_NE) | BIT(RGN_NW),
                                         BIT(RGN_SE) | BIT(RGN_SW)};
static const int pawn_forward[2] = {RGN_N, RGN_S};

static inline unsigned rotate8(unsigned mask, unsigned by)
{
    by &= 7;
    return ((mask << by) | (mask >> ((8 - by) & 7))) & 0xFF;
}

static inline unsigned direction_set(int type, int orientation)
{
    return rotate8(set_facing_north[type], (unsigned)orientation);
}

/* The directions along which the piece on a square captures. */
static inline unsigned capture_set(uint8_t piece, uint8_t orientation)
{
    int type = RGN_TYPE(piece);
    if (type == ROTARY_PAWN)
        return pawn_captures[RGN_COLOR(piece)];
    return direction_set(type, orientation);
}

static inline bool slides(int type)
{
    return type != ROTARY_KING && type != ROTARY_PAWN;
}

/* The two directions of a line through a square, as a mask. */
static inline unsigned line_set(int direction)
{
    return BIT(direction & 7) | BIT((direction + 4) & 7);
}

extern const uint8_t rotary_orientation_count[];
extern const char rotary_piece_letters[];

/* The rule set's members (rotary_variant.c puts them together). */
int rotary_square_at(int file, int rank);
unsigned rotary_direction_set(int type, int orientation);
bool rotary_in_check(const rgn_position *position);
int rotary_legal_moves(rgn_position *position, rgn_move *moves);
int rotary_legal_moves_to(rgn_position *position, rgn_move *moves, int type,
                          int to);
int rotary_count_moves(rgn_position *position);
bool rotary_has_moves(rgn_position *position);
enum rgn_status rotary_status(rgn_position *position);
void rotary_make(rgn_position *position, rgn_move move, rgn_undo *undo);
void rotary_unmake(rgn_position *position, rgn_move move, const rgn_undo *undo);

int rotary_canonical(int type, int direction);
enum rgn_problem rotary_explain_unmatched(rgn_position *position,
                                          const rgn_san *san, char *why,
                                          size_t size);
static inline int rotary_square_rank(int square)
{
    return square / ROTARY_WIDTH - 1;
}
static inline int rotary_square_file(int square)
{
    return square % ROTARY_WIDTH - 1;
}
bool rotary_attacked(const rgn_position *position, int square, int by);
uint64_t rotary_compute_key(const rgn_position *position);
void rotary_clear(rgn_position *position);

int rotary_set_fen(rgn_position *position, const char *fen, rgn_error *err);
size_t rotary_write_fen(const rgn_position *position, char *buf, size_t size);

#endif
