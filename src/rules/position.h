/*
 * position.h - the layout of a position (private).
 *
 * The arrays are indexed by the variant's square numbers; what lies in
 * squares that are not on the board (borders, holes) is the variant's
 * business (Rotary keeps RGN_OFF there so that rays stop by themselves).
 */
#ifndef RGN_POSITION_H
#define RGN_POSITION_H

#include "rgn.h"

/* Room for a 12x12 board inside a border deep enough that a (0,5) leap
 * from any square lands on the board or the border (22 x 22 = 484). */
#define RGN_BOARD_CAPACITY 512

/* A square holds 0 (empty), RGN_OFF (not a square) or a piece code:
 * the piece type (1..15, the variant's numbering) plus the colour bit. */
#define RGN_EMPTY 0
#define RGN_OFF 0xFF
#define RGN_BLACK_BIT 0x10
#define RGN_PIECE(color, type) ((uint8_t)(((color) << 4) | (type)))
#define RGN_TYPE(piece) ((piece)&0x0F)
#define RGN_COLOR(piece) ((piece) >> 4)

struct rgn_position {
    const struct rgn_variant *variant;
    uint8_t board[RGN_BOARD_CAPACITY];
    /* canonical orientation of the piece on each square, 0 if it has none */
    uint8_t orientation[RGN_BOARD_CAPACITY];
    uint8_t side;
    /* castling rights, one bit per right in the rule set's numbering */
    uint8_t castling;
    uint16_t king[2];
    /* the square a pawn's double step passed over on the last move, or -1 */
    int16_t ep_square;
    int halfmove;
    int fullmove;
    uint64_t key;
    int extra[2]; /* further state a rule set needs (Rollerball's turns) */
    /* The same board as sets of squares (bit rank * 8 + file), kept by a
     * rule set on a board of at most 8 x 8 that uses them (chess) */
    uint64_t by_color[2];
    uint64_t by_type[16];
    /* whether the side to move is in check: -1 until known (setting a
     * position forgets it, a make may fill it, an unmake restores it) */
    int8_t check_cache;
};

/* rgn_position_in_check, the make's answer read without a call when it
 * left one in check_cache (every move a validator makes asks). */
static inline bool rgn_position_in_check_known(const rgn_position *pos)
{
    return pos->check_cache >= 0 ? pos->check_cache
                                 : rgn_position_in_check(pos);
}

/* A well-mixed 64-bit hash (splitmix64's finaliser): Zobrist keys are
 * computed from it on the fly instead of being kept in tables (the
 * bitboard games keep a table of the same values, bitboard.h). */
static inline uint64_t rgn_mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

#endif
