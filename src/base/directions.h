/* directions.h - the board step of each compass direction (private): the
 * one table of file and rank deltas that boards, diagrams and the
 * bitboard tables share. */
#ifndef RGN_DIRECTIONS_H
#define RGN_DIRECTIONS_H

/* One step on the board: files to the right, ranks up. */
typedef struct rgn_step {
    int file, rank;
} rgn_step;

/* The step of an enum rgn_direction (0 N, 1 NE, ... clockwise to 7 NW). */
static inline rgn_step rgn_direction_step(int direction)
{
    static const rgn_step steps[8] = {{0, 1},  {1, 1},   {1, 0},  {1, -1},
                                      {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
    return steps[direction];
}

#endif
