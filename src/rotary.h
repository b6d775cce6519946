/*
 * rotary.h - what the Rotary rule set shares with its position string
 * reader and writer (rfen.c). Private.
 */
#ifndef RGN_ROTARY_H
#define RGN_ROTARY_H

#include "variant.h"

/* Piece types, numbered as the letters in rotary_piece_letters. */
enum { ROTARY_KING = 1, ROTARY_QUEEN, ROTARY_ROOK, ROTARY_TRIDENT,
       ROTARY_AXE, ROTARY_SCYTHE, ROTARY_PAWN };

/* 9x9 board in an 11x11 mailbox: a one-square border of RGN_OFF stops
 * every ray, since all Rotary moves go square by square. */
#define ROTARY_SIZE 9
#define ROTARY_WIDTH 11

static inline int rotary_square(int file, int rank)
{
    return (rank + 1) * ROTARY_WIDTH + file + 1;
}

int rotary_canonical(int type, int direction);
bool rotary_attacked(const rgn_position *position, int square, int by);
uint64_t rotary_compute_key(const rgn_position *position);
void rotary_clear(rgn_position *position);

int rotary_set_fen(rgn_position *position, const char *fen, rgn_error *err);
size_t rotary_write_fen(const rgn_position *position, char *buf, size_t size);

#endif
