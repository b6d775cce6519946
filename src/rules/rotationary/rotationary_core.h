/*
 * rotationary_core.h - the computational core of Rotationary (Dave
 * Chalker's solitaire; rules in the project's rotationary rules page):
 * compact positions, moves under both rule sets, the position string,
 * layer counts, an optimal solver, the exhaustive survey of one
 * arrangement and a puzzle generator. Private to librgn; self-contained.
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

#define ROT_CELLS 16
#define ROT_PIECES 15
#define ROT_MOVES 30                 /* 15 pieces x 2 turns */
#define ROT_FACING_SPACE (1u << 30)  /* 4^15 facing words */
#define ROT_NONE 0xFF
#define ROT_MAX_CHAIN 4              /* turns in one move, at most */
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
    uint8_t slot_of_cell[ROT_CELLS];     /* ROT_NONE on the empty cell */
    uint8_t chain_length[ROT_PIECES];    /* further turns: 1, 2 or 3 */
    uint8_t target[ROT_PIECES][4];       /* slot pointed at, or ROT_NONE */
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

/* ---- position string (rules section 6.2) ---- */

typedef struct rot_parse_error {
    int column; /* 1-based; 0 when the rejection has no single column */
    char message[120];
} rot_parse_error;

/* 0 on success; -1 with err filled in. */
int rot_parse(const char *text, rot_position *out, rot_parse_error *err);

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

/* ---- layers (rules section 7) ---- */

/* counts[n-1] = positions first reached after exactly n moves, n = 1..depth;
 * a solved position has no successors. Returns 0, or -1 when out of
 * memory. */
int rot_layers(const rot_board *board, rot_facings start, int depth,
               uint64_t *counts);

/* ---- solver ---- */

#define ROT_MAX_SOLUTION 64

typedef struct rot_solution {
    int distance;                  /* ROT_UNSOLVABLE if there is none */
    int moves[ROT_MAX_SOLUTION];   /* distance moves */
    uint64_t positions_visited;    /* both directions together */
} rot_solution;

/* Optimal solution by bidirectional breadth-first search. Returns 0, or -1
 * when out of memory. */
int rot_solve(const rot_board *board, rot_facings start, rot_solution *out);

/* ---- survey: every facing of one arrangement ---- */

#define ROT_SURVEY_MAX_DISTANCE 15 /* 4-bit cells: 15 = not reached */

typedef struct rot_survey {
    uint64_t count[ROT_SURVEY_MAX_DISTANCE]; /* positions per distance */
    int max_distance;
    rot_facings example;       /* one position at max_distance */
    uint64_t unsolvable;
    double mean;               /* over the solvable positions */
} rot_survey;

/* progress(depth, positions done so far, context) is called after each
 * layer when not NULL. Returns 0, or -1 when out of memory. */
int rot_survey_run(const rot_board *board, int threads,
                   void (*progress)(int depth, uint64_t done, void *context),
                   void *context, rot_survey *out);

/* ---- puzzle generator ---- */

typedef struct rot_rng {
    uint64_t state;
} rot_rng;

void rot_rng_seed(rot_rng *rng, uint64_t seed);
uint64_t rot_rng_next(rot_rng *rng);

/* A random arrangement (sizes and empty cell uniformly). */
void rot_random_arrangement(rot_rng *rng, rot_arrangement *out);

/* A random set-up whose distance is exactly distance; tries at most
 * max_tries random set-ups. Returns 0, 1 when none was found, -1 when out
 * of memory. Deterministic for a given rng state. */
int rot_generate(rot_rules rules, int distance, rot_rng *rng, int max_tries,
                 rot_position *out);

#endif
