/*
 * rollerball_fen.c - Rollerball's position string
 * (rgn(5), Rollerball positions): board, side, the two turn counts,
 * halfmove clock, fullmove number.
 *
 * The reader is strict and names the field and column of each rejection;
 * the writer writes all six fields and the shortest digits.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "notation/board_string.h"
#include "rules/rollerball/rollerball.h"
#include "base/util.h"

static const char *const field_names[] = {
    "",
    "board",
    "side to move",
    "White's turn count",
    "Black's turn count",
    "halfmove clock",
    "fullmove number",
};

#define reject(err, field, fen, at, ...)                                       \
    rgn_fen_reject(err, "position", field, field_names[field], fen, at,        \
                   __VA_ARGS__)

static const char piece_letters[] = "KRBP";
static const char *const colors[] = {"White", "Black"};

/* What the board field has counted so far. */
typedef struct board_count {
    rgn_position *pos;
    int pieces[2], pawns[2], kings[2];
} board_count;

/* A hole square is written '*' and nothing else: no digit covers it. */
static int check_empties(void *context, const char *fen, const char *at,
                         int file, int count, int rank, rgn_error *err)
{
    (void)context;
    for (int f = file; f < file + count; f++)
        if (roller_in_hole(f, rank))
            return reject(err, 1, fen, at,
                          "%c%d is in the hole and must be written '*', not "
                          "covered by a digit",
                          'a' + f, rank + 1);
    return 0;
}

static int read_square(void *context, const char *fen, const char **cursor,
                       int file, int rank, rgn_error *err)
{
    board_count *count = context;
    const char *p = *cursor;
    char c = *p;
    *cursor = p + 1;
    if (c == '*') {
        if (!roller_in_hole(file, rank))
            return reject(err, 1, fen, p,
                          "'*' stands for a hole square, and %c%d is not one",
                          'a' + file, rank + 1);
        return 0;
    }
    const char *letter = strchr(piece_letters, toupper((unsigned char)c));
    if (!isalpha((unsigned char)c) || !letter)
        return reject(err, 1, fen, p, "unknown character '%c'", c);
    if (roller_in_hole(file, rank))
        return reject(err, 1, fen, p,
                      "%c%d is in the hole and must be "
                      "written '*'",
                      'a' + file, rank + 1);
    int color = isupper((unsigned char)c) ? RGN_WHITE : RGN_BLACK;
    int type = (int)(letter - piece_letters) + 1;
    int sq = roller_square(file, rank);
    if (++count->pieces[color] > 6)
        return reject(err, 1, fen, p, "%s has more than 6 pieces",
                      colors[color]);
    if (type == ROLLER_PAWN) {
        if (++count->pawns[color] > 2)
            return reject(err, 1, fen, p, "%s has more than 2 pawns",
                          colors[color]);
        bool promotion_square = color == RGN_WHITE
                                    ? (file == 4 && (rank == 5 || rank == 6))
                                    : (file == 2 && (rank == 0 || rank == 1));
        if (promotion_square)
            return reject(err, 1, fen, p,
                          "a %s pawn cannot stand on %c%d, where it promotes",
                          colors[color], 'a' + file, rank + 1);
    }
    if (type == ROLLER_KING) {
        if (++count->kings[color] > 1)
            return reject(err, 1, fen, p, "%s has more than one King",
                          colors[color]);
        count->pos->king[color] = (uint8_t)sq;
    }
    count->pos->board[sq] = RGN_PIECE(color, type);
    return 0;
}

static int read_board(rgn_position *pos, const char *fen, const char **cursor,
                      rgn_error *err)
{
    board_count count = {pos, {0, 0}, {0, 0}, {0, 0}};
    rgn_fen_board board = {"position",     ROLLER_SIZE, ROLLER_SIZE,
                           RGN_DIGITS_ADD, read_square, check_empties,
                           &count};
    if (rgn_fen_read_board(&board, fen, cursor, err) < 0)
        return -1;
    for (int color = 0; color < 2; color++)
        if (count.kings[color] == 0)
            return reject(err, 1, fen, fen, "%s has no King", colors[color]);
    return 0;
}

/* A turn count: an integer of at most 4 digits, '-' allowed, no '+', no
 * leading zeros, not "-0". */
static int read_turns(const char **text, int *value)
{
    const char *p = *text;
    bool negative = *p == '-';
    if (negative)
        p++;
    if (!isdigit((unsigned char)*p) ||
        (*p == '0' && isdigit((unsigned char)p[1])) || (negative && *p == '0'))
        return -1;
    long n;
    if (rgn_fen_read_number(&p, 4, &n) < 0)
        return -1;
    *value = negative ? -(int)n : (int)n;
    *text = p;
    return 0;
}

int roller_set_fen(rgn_position *pos, const char *fen, rgn_error *err)
{
    rgn_position parsed;
    roller_clear(&parsed);
    parsed.variant = pos->variant;
    const char *p = fen;
    if (read_board(&parsed, fen, &p, err) < 0)
        return -1;

    const char *side_at;
    int side = rgn_fen_read_side("position", fen, &p, &side_at, err);
    if (side < 0)
        return -1;
    parsed.side = (uint8_t)side;

    const char *turns_at[2];
    for (int color = 0; color < 2; color++) {
        if (*p != ' ')
            return reject(err, 3 + color, fen, p, "missing");
        turns_at[color] = ++p;
        if (read_turns(&p, &ROLLER_TURNS(&parsed, color)) < 0)
            return reject(err, 3 + color, fen, turns_at[color],
                          "expected a whole number of at most 4 digits, "
                          "without '+' or leading zeros");
    }
    long halfmove = 0, fullmove = 1;
    if (*p == ' ') {
        const char *number = ++p;
        if (rgn_fen_read_number(&p, 7, &halfmove) < 0)
            return reject(err, 5, fen, number,
                          "expected a number of plies (0 to 9999999)");
        if (*p != ' ')
            return reject(err, 6, fen, p,
                          "missing (give both fields 5 and 6, "
                          "or neither)");
        number = ++p;
        if (rgn_fen_read_number(&p, 7, &fullmove) < 0 || fullmove < 1)
            return reject(err, 6, fen, number,
                          "expected a move number (1 to 9999999)");
    }
    if (*p != '\0')
        return reject(err, 6, fen, p, "unexpected text after the last field");
    parsed.halfmove = (int)halfmove;
    parsed.fullmove = (int)fullmove;

    for (int color = 0; color < 2; color++) {
        int turns = ROLLER_TURNS(&parsed, color);
        int expected =
            (roller_zone(parsed.king[color]) - roller_home_zone(color) + 4) & 3;
        if (((turns % 4) + 4) % 4 != expected)
            return reject(err, 3 + color, fen, turns_at[color],
                          "%s's turn count %d does not fit its King's zone "
                          "(it must be %d modulo 4)",
                          colors[color], turns, expected);
    }
    int us = parsed.side, them = us ^ 1;
    if (roller_won(&parsed, us))
        return reject(err, 2, fen, side_at,
                      "%s is to move but has already won (its King is on %s "
                      "with a turn count of %d)",
                      colors[us], us == RGN_WHITE ? "d6" : "d2",
                      ROLLER_TURNS(&parsed, us));
    if (roller_attacked(&parsed, parsed.king[them], us))
        return reject(err, 2, fen, side_at,
                      "%s is in check but it is %s's move", colors[them],
                      colors[us]);
    parsed.key = roller_compute_key(&parsed);
    *pos = parsed;
    return 0;
}

/* What stands on a square as the position string writes it: a letter,
 * '*' for a point of the hole, or nothing. */
static size_t write_square(const void *context, int file, int rank, char *out)
{
    const rgn_position *pos = context;
    if (roller_in_hole(file, rank)) {
        out[0] = '*';
        return 1;
    }
    uint8_t piece = pos->board[roller_square(file, rank)];
    if (piece == RGN_EMPTY)
        return 0;
    char letter = piece_letters[RGN_TYPE(piece) - 1];
    out[0] = RGN_COLOR(piece) == RGN_WHITE
                 ? letter
                 : (char)tolower((unsigned char)letter);
    return 1;
}

size_t roller_write_fen(const rgn_position *pos, char *buf, size_t size)
{
    char out[128];
    size_t n =
        rgn_fen_write_board(ROLLER_SIZE, ROLLER_SIZE, write_square, pos, out);
    n += (size_t)snprintf(out + n, sizeof out - n, " %c %d %d %d %d",
                          pos->side == RGN_WHITE ? 'w' : 'b',
                          ROLLER_TURNS(pos, 0), ROLLER_TURNS(pos, 1),
                          pos->halfmove, pos->fullmove);
    return rgn_copy_out(out, n, buf, size);
}
