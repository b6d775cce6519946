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

#define RGN_BOARD_CAPACITY 256

/* A square holds 0 (empty), RGN_OFF (not a square) or a piece code:
 * the piece type (1..15, the variant's numbering) plus the colour bit. */
#define RGN_EMPTY 0
#define RGN_OFF 0xFF
#define RGN_BLACK_BIT 0x10
#define RGN_PIECE(color, type) ((uint8_t)(((color) << 4) | (type)))
#define RGN_TYPE(piece) ((piece) & 0x0F)
#define RGN_COLOR(piece) ((piece) >> 4)

struct rgn_position {
    const struct rgn_variant *variant;
    uint8_t board[RGN_BOARD_CAPACITY];
    /* canonical orientation of the piece on each square, 0 if it has none */
    uint8_t orientation[RGN_BOARD_CAPACITY];
    uint8_t side;
    uint8_t king[2];
    int halfmove;
    int fullmove;
    uint64_t key;
    int extra[2]; /* state a variant needs beyond the board */
    /* whether the side to move is in check: -1 until asked (make, unmake
     * and setting a position forget it) */
    int8_t check_cache;
};

/* A well-mixed 64-bit hash (splitmix64's finaliser): Zobrist keys are
 * computed from it on the fly instead of being kept in tables. */
static inline uint64_t rgn_mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

#endif
