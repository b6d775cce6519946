/*
 * position.c - the public face of positions: each call goes to the
 * position's rule set.
 */
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "rules/variant.h"

rgn_position *rgn_position_new(const rgn_variant *variant, rgn_error *error)
{
    rgn_position *pos = calloc(1, sizeof *pos);
    if (!pos) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    pos->variant = variant;
    pos->ep_square = -1;
    if (variant->set_initial)
        variant->set_initial(pos);
    return pos;
}

void rgn_position_free(rgn_position *pos) { free(pos); }

void rgn_position_copy(rgn_position *to, const rgn_position *from)
{
    memcpy(to, from, sizeof *to);
}

const rgn_variant *rgn_position_variant(const rgn_position *pos)
{
    return pos->variant;
}

int rgn_position_set_fen(rgn_position *pos, const char *fen, rgn_error *err)
{
    rgn_error dropped;
    err = rgn_error_or(err, &dropped);
    return pos->variant->set_fen(pos, fen, err);
}

size_t rgn_position_fen(const rgn_position *pos, char *buf, size_t size)
{
    return pos->variant->write_fen(pos, buf, size);
}

int rgn_position_side(const rgn_position *pos) { return pos->side; }
int rgn_position_fullmove(const rgn_position *pos) { return pos->fullmove; }
int rgn_position_halfmove(const rgn_position *pos) { return pos->halfmove; }
uint64_t rgn_position_key(const rgn_position *pos) { return pos->key; }

bool rgn_position_in_check(const rgn_position *pos)
{
    return pos->variant->in_check(pos);
}

/* The piece on a square, 0 if there is none (or no such square). */
static uint8_t piece_on(const rgn_position *pos, int square)
{
    if (square < 0 || square >= RGN_BOARD_CAPACITY)
        return 0;
    uint8_t piece = pos->board[square];
    return piece == RGN_OFF ? 0 : piece;
}

char rgn_position_piece(const rgn_position *pos, int square, int *color,
                        int *orientation)
{
    uint8_t piece = piece_on(pos, square);
    if (!piece)
        return 0;
    int type = RGN_TYPE(piece);
    if (color)
        *color = RGN_COLOR(piece);
    if (orientation)
        *orientation =
            rgn_variant_oriented(pos->variant, type) ? pos->orientation[square]
            : pos->variant->facing ? pos->variant->facing(pos, square)
                                   : -1;
    return pos->variant->piece_letters[type];
}

unsigned rgn_position_directions(const rgn_position *pos, int square)
{
    uint8_t piece = piece_on(pos, square);
    if (!piece)
        return 0;
    int type = RGN_TYPE(piece);
    if (!rgn_variant_oriented(pos->variant, type)) {
        int facing =
            pos->variant->facing ? pos->variant->facing(pos, square) : -1;
        return facing >= 0 ? 1u << facing : 0;
    }
    return pos->variant->direction_set(type, pos->orientation[square]);
}

/* A finished game (a king-reach win) has no moves, though the rules of
 * movement alone would give some. */
static bool game_over(const rgn_position *pos)
{
    return pos->variant->game_over && pos->variant->game_over(pos);
}

int rgn_position_legal_moves(rgn_position *pos, rgn_move *moves)
{
    return game_over(pos) ? 0 : pos->variant->legal_moves(pos, moves);
}

int rgn_position_count_moves(rgn_position *pos)
{
    return game_over(pos) ? 0 : pos->variant->count_moves(pos);
}

enum rgn_status rgn_position_status(rgn_position *pos)
{
    return pos->variant->status(pos);
}

/* The key of a position after a null move: the rule sets hash the side
 * to move each their own way, so a null move toggles a salt of its own
 * instead. Two null moves give the key back; a position reached through
 * an odd number of them is never found equal, for repetitions, to one
 * reached through an even number (rgn(5), Moves). */
#define NULL_MOVE_SALT 0x6e756c6c6d6f7665ull /* "nullmove" */

void rgn_null_make(rgn_position *pos, rgn_undo *undo)
{
    memset(undo, 0, sizeof *undo);
    undo->key = pos->key;
    undo->halfmove = pos->halfmove;
    undo->fullmove = pos->fullmove;
    undo->ep_square = pos->ep_square;
    undo->check_cache = pos->check_cache;
    pos->key ^= rgn_mix64(NULL_MOVE_SALT);
    pos->halfmove++;
    if (pos->side == RGN_BLACK)
        pos->fullmove++;
    pos->side ^= 1;
    pos->ep_square = -1;
    pos->check_cache = -1;
}

void rgn_null_unmake(rgn_position *pos, const rgn_undo *undo)
{
    pos->side ^= 1;
    pos->key = undo->key;
    pos->halfmove = undo->halfmove;
    pos->fullmove = undo->fullmove;
    pos->ep_square = undo->ep_square;
    pos->check_cache = undo->check_cache;
}

void rgn_position_play(rgn_position *pos, rgn_move move)
{
    rgn_undo undo;
    rgn_make(pos, move, &undo);
}

_Static_assert(sizeof(rgn_undo) <= sizeof(((rgn_played *)0)->state),
               "rgn_played has room for a rule set's undo record");

void rgn_position_play_undoable(rgn_position *pos, rgn_move move,
                                rgn_played *played)
{
    rgn_undo undo;
    rgn_make(pos, move, &undo);
    played->move = move;
    memcpy(played->state, &undo, sizeof undo);
}

void rgn_position_undo(rgn_position *pos, const rgn_played *played)
{
    rgn_undo undo;
    memcpy(&undo, played->state, sizeof undo);
    rgn_unmake(pos, played->move, &undo);
}
