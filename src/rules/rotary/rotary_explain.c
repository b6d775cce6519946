/*
 * rotary_explain.c - why a move text matches no legal Rotary move.
 *
 * The resolver calls this only after no legal move matched. Every piece
 * the text could mean is examined, and the reason that comes closest to
 * a legal move wins: "the Rook on a1 does not move NE" says less than
 * "the path is blocked at a3", which says less than "the move would leave
 * the King attacked".
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "rules/rotary/rotary.h"

static const char *const piece_names[] = {
    "", "King", "Queen", "Rook", "Trident", "Axe", "Scythe", "pawn",
};

typedef struct reason {
    int closeness; /* how near the text came to a legal move */
    enum rgn_problem problem;
    char text[160];
} reason;

static void consider(reason *best, int closeness, enum rgn_problem problem,
                     const char *format, ...)
    __attribute__((format(printf, 4, 5)));

static void consider(reason *best, int closeness, enum rgn_problem problem,
                     const char *format, ...)
{
    if (closeness <= best->closeness)
        return;
    best->closeness = closeness;
    best->problem = problem;
    va_list args;
    va_start(args, format);
    vsnprintf(best->text, sizeof best->text, format, args);
    va_end(args);
}

static void name_of(int square, char *out)
{
    out[0] = (char)('a' + rotary_square_file(square));
    out[1] = (char)('1' + rotary_square_rank(square));
    out[2] = '\0';
}

/* The rank a pawn of this colour has reached, counted 1..9 from its side. */
static int pawn_rank(int color, int square)
{
    int rank = rotary_square_rank(square);
    return color == RGN_WHITE ? rank + 1 : ROTARY_SIZE - rank;
}

static void unsafe_king(const rgn_position *pos, reason *best)
{
    const char *color = pos->side == RGN_WHITE ? "White" : "Black";
    if (rotary_attacked(pos, pos->king[pos->side], pos->side ^ 1))
        consider(best, 4, RGN_E_UNMATCHED,
                 "the %s King is in check and this move does not answer it",
                 color);
    else
        consider(best, 4, RGN_E_UNMATCHED,
                 "the move would leave the %s King attacked", color);
}

static void explain_pawn(const rgn_position *pos, int from, int to,
                         reason *best)
{
    int us = pos->side;
    char there[3];
    name_of(to, there);
    if (to == from + ray_offset[pawn_forward[us]]) {
        if (pos->board[to] != RGN_EMPTY)
            consider(best, 2, RGN_E_UNMATCHED,
                     "a pawn moves forward only to an empty square, and %s "
                     "is occupied",
                     there);
        else
            unsafe_king(pos, best);
        return;
    }
    for (unsigned caps = pawn_captures[us]; caps; caps &= caps - 1) {
        if (to != from + ray_offset[__builtin_ctz(caps)])
            continue;
        uint8_t target = pos->board[to];
        if (target == RGN_EMPTY)
            consider(best, 2, RGN_E_UNMATCHED,
                     "a pawn moves diagonally only to capture, and %s is "
                     "empty",
                     there);
        else if (RGN_COLOR(target) == us)
            consider(best, 2, RGN_E_UNMATCHED,
                     "%s holds a piece of the mover's", there);
        else
            unsafe_king(pos, best);
        return;
    }
    consider(best, 1, RGN_E_UNMATCHED, "no %s pawn can go to %s",
             us == RGN_WHITE ? "White" : "Black", there);
}

static void explain_rotation(const rgn_position *pos, const rgn_san *s,
                             int square, int type, reason *best)
{
    char here[3];
    name_of(square, here);
    if (s->direction < 0) {
        consider(best, 3, RGN_E_UNMATCHED,
                 "a rotation in place must name the new orientation, as in "
                 "%c%s>NE",
                 s->piece, here);
    } else if (rotary_canonical(type, s->direction) ==
               pos->orientation[square]) {
        consider(best, 5, RGN_E_NULL_ROTATION,
                 "the %s on %s already has the direction set of %s; a "
                 "rotation must change it",
                 piece_names[type], here, rgn_direction_name(s->direction));
    } else {
        consider(best, 4, RGN_E_UNMATCHED,
                 "the %s King is in check and a rotation never answers a check",
                 pos->side == RGN_WHITE ? "White" : "Black");
    }
}

static void explain_piece(const rgn_position *pos, const rgn_san *s, int from,
                          int to, int type, reason *best)
{
    int orientation = pos->orientation[from];
    int df = rotary_square_file(to) - rotary_square_file(from);
    int dr = rotary_square_rank(to) - rotary_square_rank(from);
    char origin[3], there[3];
    name_of(from, origin);
    name_of(to, there);
    if (df != 0 && dr != 0 && abs(df) != abs(dr)) {
        consider(best, 1, RGN_E_UNMATCHED, "no %s %s can go to %s",
                 pos->side == RGN_WHITE ? "White" : "Black", piece_names[type],
                 there);
        return;
    }
    int step = (dr > 0   ? ROTARY_WIDTH
                : dr < 0 ? -ROTARY_WIDTH
                         : 0) +
               (df > 0   ? 1
                : df < 0 ? -1
                         : 0);
    int d = 0;
    while (ray_offset[d] != step)
        d++;
    int distance = abs(df) > abs(dr) ? abs(df) : abs(dr);
    if (!(direction_set(type, orientation) & BIT(d))) {
        consider(best, 1, RGN_E_UNMATCHED,
                 "the %s on %s does not move %s with its orientation %s",
                 piece_names[type], origin, rgn_direction_name(d),
                 rgn_direction_name(orientation));
        return;
    }
    for (int sq = from + step; sq != to; sq += step) {
        if (pos->board[sq] != RGN_EMPTY) {
            char block[3];
            name_of(sq, block);
            consider(best, 2, RGN_E_UNMATCHED,
                     "the path of the %s from %s to %s is blocked at %s",
                     piece_names[type], origin, there, block);
            return;
        }
    }
    if (pos->board[to] != RGN_EMPTY && RGN_COLOR(pos->board[to]) == pos->side) {
        consider(best, 2, RGN_E_UNMATCHED, "%s holds a piece of the mover's",
                 there);
        return;
    }
    if (distance >= 2 && type == ROTARY_KING) {
        consider(best, 3, RGN_E_UNMATCHED,
                 "a King moves one square; it cannot slide");
        return;
    }
    if (distance >= 2 && s->direction >= 0 && type != ROTARY_SCYTHE &&
        rotary_canonical(type, s->direction) != orientation) {
        consider(best, 3, RGN_E_UNMATCHED,
                 "a slide cannot rotate the %s (only a Scythe turns after a "
                 "slide)",
                 piece_names[type]);
        return;
    }
    unsafe_king(pos, best);
}

enum rgn_problem rotary_explain_unmatched(rgn_position *pos, const rgn_san *s,
                                          char *why, size_t size)
{
    int us = pos->side;
    const char *color = us == RGN_WHITE ? "White" : "Black";
    int type = ROTARY_PAWN;
    if (s->piece)
        for (type = ROTARY_KING; "?KQRTASP"[type] != s->piece; type++)
            ;
    int to = rotary_square(s->to_file, s->to_rank);
    reason best = {0, RGN_E_UNMATCHED, ""};

    if (s->promotion && type != ROTARY_PAWN)
        consider(&best, 9, RGN_E_UNMATCHED, "only a pawn can promote");
    else if (s->promotion && s->promotion != 'Q')
        consider(&best, 9, RGN_E_UNMATCHED, "a pawn promotes to a Queen only");
    else if (s->promotion && pawn_rank(us, to) < 7)
        consider(&best, 9, RGN_E_UNMATCHED,
                 "a pawn promotes only on its 7th, 8th or 9th rank");
    else if (!s->promotion && type == ROTARY_PAWN && pawn_rank(us, to) == 9)
        consider(&best, 9, RGN_E_UNMATCHED,
                 "a pawn reaching the last rank must promote (=Q>N or =Q>NE)");

    bool any = false;
    for (int rank = 0; rank < ROTARY_SIZE && best.closeness < 9; rank++) {
        for (int file = 0; file < ROTARY_SIZE; file++) {
            int sq = rotary_square(file, rank);
            if (pos->board[sq] != RGN_PIECE(us, type) ||
                (s->from_file >= 0 && file != s->from_file) ||
                (s->from_rank >= 0 && rank != s->from_rank))
                continue;
            any = true;
            if (type == ROTARY_PAWN)
                explain_pawn(pos, sq, to, &best);
            else if (sq == to)
                explain_rotation(pos, s, sq, type, &best);
            else
                explain_piece(pos, s, sq, to, type, &best);
        }
    }
    if (!any && best.closeness == 0)
        consider(&best, 1, RGN_E_UNMATCHED, "there is no %s %s%s", color,
                 piece_names[type],
                 s->from_file >= 0 || s->from_rank >= 0 ? " there" : "");
    if (best.closeness == 0) {
        char there[3];
        name_of(to, there);
        consider(&best, 1, RGN_E_UNMATCHED, "no %s %s can go to %s", color,
                 piece_names[type], there);
    }
    snprintf(why, size, "%s", best.text);
    return best.problem;
}
