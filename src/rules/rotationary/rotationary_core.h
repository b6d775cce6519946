/*
 * rotationary_core.h - the computational core of Rotationary (Dave
 * Chalker's solitaire; rules in man/rgn-rotationary.7): compact
 * positions, moves under both rule sets and the position string. The
 * tools built on it (layers, solver, survey, puzzles) are in
 * solitaire/. Private to librgn.
 *
 * Cells are numbered 0..15 as rank * 4 + file (a1 = 0, b1 = 1, d4 = 15).
 * A position is an arrangement (the empty cell and the size of each piece)
 * plus a 30-bit facing word: the 15 pieces, in increasing cell order
 * skipping the empty cell ("slots" 0..14), 2 bits each (N=0 E=1 S=2 W=3),
 * slot s in bits 2s and 2s+1.
 */
#ifndef RGN_ROTATIONARY_CORE_H
#define RGN_ROTATIONARY_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rgn.h"

#define ROT_CELLS 16
#define ROT_PIECES 15
#define ROT_MOVES 30                /* 15 pieces x 2 turns */
#define ROT_FACING_SPACE (1u << 30) /* 4^15 facing words */
#define ROT_NONE 0xFF
#define ROT_MAX_CHAIN 4 /* turns in one move, at most */
#define ROT_UNSOLVABLE (-1)

typedef uint32_t rot_facings;

typedef enum { ROT_BASIC = 0, ROT_WRAP = 1 } rot_rules;

enum { ROT_SMALL = 1, ROT_MEDIUM = 2, ROT_LARGE = 3 }; /* = chain length */

typedef struct rot_arrangement {
    uint8_t empty;           /* the empty cell */
    uint8_t size[ROT_CELLS]; /* ROT_SMALL..ROT_LARGE; 0 on the empty cell */
} rot_arrangement;

typedef struct rot_position {
    rot_arrangement arrangement;
    rot_facings facings;
} rot_position;

/* What a move needs, precomputed for one arrangement and rule set. */
typedef struct rot_board {
    rot_rules rules;
    rot_arrangement arrangement;
    uint8_t cell_of_slot[ROT_PIECES];
    uint8_t slot_of_cell[ROT_CELLS];  /* ROT_NONE on the empty cell */
    uint8_t chain_length[ROT_PIECES]; /* further turns: 1, 2 or 3 */
    uint8_t target[ROT_PIECES][4];    /* slot pointed at, or ROT_NONE */
} rot_board;

/* A move is (slot, turn) packed as slot * 2 + (turn is counter-clockwise):
 * 0..29. */
static inline int rot_move_slot(int move) { return move >> 1; }
static inline int rot_move_turn(int move) { return (move & 1) ? 3 : 1; }
static inline int rot_move_make(int slot, bool clockwise)
{
    return slot * 2 + (clockwise ? 0 : 1);
}

static inline int rot_facing_of(rot_facings w, int slot)
{
    return (int)(w >> (2 * slot)) & 3;
}

/* Every piece faces the same way. */
static inline bool rot_is_solved(rot_facings w)
{
    return w == (w & 3u) * 0x15555555u;
}

/* The four solved facing words, N, E, S, W. */
static inline rot_facings rot_solved(int facing)
{
    return (rot_facings)facing * 0x15555555u;
}

/* One turn of a chain: the cell and its facing after that turn. */
typedef struct rot_turn {
    uint8_t cell;
    uint8_t facing;
} rot_turn;

typedef struct rot_chain {
    int count;
    rot_turn turn[ROT_MAX_CHAIN];
} rot_chain;

void rot_board_init(rot_board *board, const rot_arrangement *arrangement,
                    rot_rules rules);

/* The facing word after the move; the chain if chain is not NULL. */
rot_facings rot_apply(const rot_board *board, rot_facings w, int move,
                      rot_chain *chain);

/* Every position from which the move leads to w (no duplicates, solved
 * positions included); returns how many were written to out (at most
 * ROT_MAX_PREDECESSORS). */
#define ROT_MAX_PREDECESSORS 16
int rot_predecessors(const rot_board *board, rot_facings w, int move,
                     rot_facings out[ROT_MAX_PREDECESSORS]);

/* ---- position string (rgn-rotationary(7), NOTATION) ---- */

/* 0 on success; -1 with err filled in (its column 1-based, 0 when the
 * rejection has no single column). */
int rot_parse(const char *text, rot_position *out, rgn_error *err);

/* Writes the string (at most ROT_TEXT_MAX bytes with the NUL). */
#define ROT_TEXT_MAX 64
void rot_format(const rot_position *pos, char out[ROT_TEXT_MAX]);

/* "b3+" etc. into out[4]; rot_parse_move returns the move or -1 (bad
 * text or the empty cell). */
void rot_format_move(const rot_board *board, int move, char out[4]);
int rot_parse_move(const rot_board *board, const char *text);

/* The position as the board of a position: facings from a position. */
void rot_cell_facings(const rot_board *board, rot_facings w,
                      uint8_t facing_of_cell[ROT_CELLS]);

/* ---- the bridge to rgn_position (rotationary_variant.c) ---- */

/* Whether variant is Rotationary or Rotationary Wrap. */
bool rot_variant(const rgn_variant *variant);
/* The compact form of pos and its rule set; false when pos is not of
 * Rotationary or Rotationary Wrap. */
bool rot_from_position(const rgn_position *pos, rot_position *out,
                       rot_rules *rules);
/* Sets pos (of Rotationary or Rotationary Wrap) to p. */
void rot_to_position(rgn_position *pos, const rot_position *p);

#endif
