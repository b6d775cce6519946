/*
 * xbetza.h - XBetza piece descriptions compiled into move atoms (private).
 *
 * A piece type is written as an XBetza string ("FsN", "ifmnDfmWfceF");
 * xb_compile turns it into atoms: a base vector with the images the
 * direction modifiers keep, a range, a mode and flags. Offsets are
 * (file, rank) with the rank counted forward, so one description serves
 * both colours. Only what the project's games need is read; anything else
 * is rejected with the column that holds it.
 */
#ifndef RGN_XBETZA_H
#define RGN_XBETZA_H

#include <stdint.h>

#include "rgn.h"

#define XB_MAX_ATOMS 16
#define XB_MAX_IMAGES 8
#define XB_UNLIMITED 0xFF

enum xb_mode { XB_MOVE = 1, XB_CAPTURE = 2 };

enum xb_flag {
    XB_NON_JUMPING = 1, /* n: the squares between must be empty */
    XB_INITIAL = 2,     /* i: only from the piece's initial rank */
    XB_EN_PASSANT = 4,  /* e: may capture a pawn en passant */
    XB_CASTLING = 8,    /* O: the King's castling move */
    XB_BENT = 16        /* a: a second leg from an empty first square */
};

typedef struct xb_vector {
    int8_t file, rank;
} xb_vector;

typedef struct xb_atom {
    xb_vector base; /* e.g. (1,2) for N */
    uint8_t image_count;
    xb_vector images[XB_MAX_IMAGES]; /* the directions the filter keeps */
    uint8_t range; /* 1 = leap or step, n = at most n, XB_UNLIMITED */
    uint8_t mode;  /* enum xb_mode bits; 0 with XB_EN_PASSANT alone */
    uint8_t flags; /* enum xb_flag bits */
    /* XB_BENT: the second leg's turns from the first leg's direction in
     * eighths of a circle (bit t for a turn of t * 45 degrees clockwise,
     * t = 0..7), and its range */
    uint8_t bend_turns;
    uint8_t bend_range;
    /* XB_CASTLING: how far the King moves */
    uint8_t castling_distance;
} xb_atom;

typedef struct xb_piece {
    int atom_count;
    xb_atom atoms[XB_MAX_ATOMS];
} xb_piece;

/* Compiles a description; 0 on success, -1 with err set (column 1-based
 * in text) on something the reader does not support. */
int xb_compile(const char *text, xb_piece *piece, rgn_error *err);

/* The square a vector turned by `turns` eighths of a circle clockwise
 * points to, for unit steps (W and F directions) only. */
xb_vector xb_turn(xb_vector step, int turns);

#endif
