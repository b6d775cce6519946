/*
 * bitboard.h - the engine's fast path for boards of at most 8 x 8
 * squares (private).
 *
 * The same compiled rays as the mailbox generator, turned into tables of
 * 64-bit sets: per square, where each type's leaps land and where they
 * come from; per direction, the squares a slide passes on an empty
 * board. A rule set whose every ray is a leap, a slide along one of the
 * eight King directions, or a first-move leap (the Pawn's double step)
 * gets the fast path; any other (a bent move, a limited slide) keeps the
 * mailbox generator, which stays the reference.
 *
 * Squares are numbered rank * 8 + file (a1 = 0, h8 = 63). The position
 * keeps the sets in by_color and by_type, in step with its board.
 */
#ifndef RGN_BITBOARD_H
#define RGN_BITBOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "rules/position.h"

typedef uint64_t eng_bits;

#define BB_NONE 0xFF
#define BB_MAX_FIRST_LEAPS 4
#define BB_MAX_GROUPS 8

/* The eight King directions, clockwise from north. */
enum { BB_N, BB_NE, BB_E, BB_SE, BB_S, BB_SW, BB_W, BB_NW, BB_DIRECTIONS };

/* A leap allowed only from the piece's initial ranks or over empty
 * squares (the Pawn's ifmnD). */
typedef struct eng_first_leap {
    uint8_t type;
    uint8_t mode;      /* XB_MOVE | XB_CAPTURE */
    uint8_t to[64];    /* BB_NONE where the leap is not allowed */
    uint8_t from[64];  /* the reverse: where a leap to the square starts */
    eng_bits path[64]; /* squares that must be empty, by origin */
} eng_first_leap;

/* Sliding types that attack along the same directions, so that one
 * slide from the attacked square finds them all. */
typedef struct eng_slide_group {
    uint8_t directions; /* bit per direction, as the attacker moves */
    uint16_t types;     /* bit per type */
    /* per square, where such a slider attacks it from on an empty board:
     * a test that skips the slide when none of them stands there */
    eng_bits reach[64];
} eng_slide_group;

#define BB_ORTHOGONAL 0x55u /* N E S W */
#define BB_DIAGONAL 0xAAu   /* NE SE SW NW */

/* The lines of eng_bitboards.line. */
enum { BB_FILE, BB_DIAGONAL_LINE, BB_ANTI_DIAGONAL, BB_RANK };

typedef struct eng_bitboards {
    bool usable;
    /* a slide along a whole line at once: per square, the squares of its
     * file, diagonal, anti-diagonal and rank, itself left out (BB_FILE,
     * BB_DIAGONAL_LINE, BB_ANTI_DIAGONAL, BB_RANK) */
    eng_bits line[4][64];
    /* the reach along the first rank of a slider on file f when the six
     * inner files are occupied as the bits of o say: rank_reach[f][o] */
    uint8_t rank_reach[8][64];
    uint8_t index[RGN_BOARD_CAPACITY]; /* mailbox square -> 0..63, BB_NONE */
    uint16_t square[64];               /* and back */
    eng_bits ray[BB_DIRECTIONS][64];   /* empty-board slide, square excluded */
    int8_t direction[64][64];          /* from a to b on a line, or -1 */
    /* leaps, by colour, type and origin; the *_to tables by colour,
     * destination and type, so that the tests of a square for every type
     * read one line of memory */
    eng_bits leap_move[2][16][64], leap_capture[2][16][64];
    eng_bits leap_move_to[2][64][16], leap_capture_to[2][64][16];
    uint8_t slide_move[2][16], slide_capture[2][16]; /* direction bits */
    uint16_t leaper_types[2];       /* types with a capturing leap */
    uint16_t move_leaper_types[2];  /* types with a leap that moves */
    uint16_t first_leaper_types[2]; /* types with a first-move leap */
    eng_slide_group groups[2][BB_MAX_GROUPS];
    int group_count[2];
    eng_first_leap first_leaps[2][BB_MAX_FIRST_LEAPS];
    int first_leap_count[2];
    bool first_leap_captures; /* some first-move leap may capture */
    /* where a pawn of the colour stands to take en passant onto a square */
    eng_bits en_passant_from[2][64];
    eng_bits last_rank[2]; /* where the colour's pawns promote */
    /* eng_piece_key of each piece code on each square, looked up rather
     * than computed at every move */
    uint64_t piece_key[32][64];
} eng_bitboards;

static inline eng_bits bb_bit(int index) { return (eng_bits)1 << index; }
static inline int bb_first(eng_bits b) { return __builtin_ctzll(b); }
static inline int bb_last(eng_bits b) { return 63 - __builtin_clzll(b); }
static inline int bb_count(eng_bits b) { return __builtin_popcountll(b); }

/* Adds or removes a piece code on a mailbox square in the sets. */
static inline void bb_toggle(const eng_bitboards *b, rgn_position *pos,
                             int square, uint8_t piece)
{
    eng_bits bit = bb_bit(b->index[square]);
    pos->by_color[RGN_COLOR(piece)] ^= bit;
    pos->by_type[RGN_TYPE(piece)] ^= bit;
}

#endif
