/*
 * rfen.c - RFEN, Rotary's position string (rgn(5), RFEN):
 * FEN with an orientation after every piece but the pawn.
 *
 * The reader is strict and says which field and which column (counting
 * characters of the whole string from 1) it rejects; the writer is
 * canonical (each orientation in the canonical name of its set).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "notation/board_string.h"
#include "rules/rotary/rotary.h"
#include "base/util.h"

static const char *const field_names[] = {
    "", "board", "side to move", "halfmove clock", "fullmove number",
};

#define reject(err, field, fen, at, ...)                                       \
    rgn_fen_reject(err, "RFEN", field, field_names[field], fen, at, __VA_ARGS__)

static const char piece_letters[] = "KQRTASP";

/* Reads a direction name of one or two upper-case letters. */
static int read_direction(const char **text)
{
    const char *p = *text;
    size_t len = 0;
    if (*p == 'N' || *p == 'S')
        len = (p[1] == 'E' || p[1] == 'W') ? 2 : 1;
    else if (*p == 'E' || *p == 'W')
        len = 1;
    if (len == 0)
        return -1;
    *text = p + len;
    return rgn_direction_parse(p, len);
}

/* What the board field has counted so far. */
typedef struct board_count {
    rgn_position *pos;
    int kings[2], pawns[2];
} board_count;

/* A piece letter, and for pieces but the pawn '>' and an orientation. */
static int read_square(void *context, const char *fen, const char **cursor,
                       int file, int rank, rgn_error *err)
{
    board_count *count = context;
    const char *p = *cursor;
    char c = *p;
    const char *letter = strchr(piece_letters, toupper((unsigned char)c));
    if (!isalpha((unsigned char)c) || !letter)
        return reject(err, 1, fen, p, "unknown piece letter '%c'", c);
    int color = isupper((unsigned char)c) ? RGN_WHITE : RGN_BLACK;
    int type = (int)(letter - piece_letters) + 1;
    int sq = rotary_square(file, rank);
    const char *piece_at = p++;
    int orientation = 0;
    if (type == ROTARY_PAWN) {
        if (*p == '>')
            return reject(err, 1, fen, p, "a pawn has no orientation");
        if (rank == 0 || rank == ROTARY_SIZE - 1)
            return reject(err, 1, fen, piece_at,
                          "a pawn cannot stand on rank %d", rank + 1);
        if (++count->pawns[color] > ROTARY_SIZE)
            return reject(err, 1, fen, piece_at, "%s has more than %d pawns",
                          color == RGN_WHITE ? "White" : "Black", ROTARY_SIZE);
    } else {
        if (*p != '>')
            return reject(err, 1, fen, p, "missing orientation after '%c'", c);
        const char *name = ++p;
        int direction = read_direction(&p);
        if (direction < 0)
            return reject(err, 1, fen, name,
                          "unknown orientation after '%c>' (expected one "
                          "of N NE E SE S SW W NW)",
                          c);
        orientation = rotary_canonical(type, direction);
        if (type == ROTARY_KING) {
            if (++count->kings[color] > 1)
                return reject(err, 1, fen, piece_at,
                              "%s has more than one King",
                              color == RGN_WHITE ? "White" : "Black");
            count->pos->king[color] = (uint8_t)sq;
        }
    }
    count->pos->board[sq] = RGN_PIECE(color, type);
    count->pos->orientation[sq] = (uint8_t)orientation;
    *cursor = p;
    return 0;
}

static int read_board(rgn_position *pos, const char *fen, const char **cursor,
                      rgn_error *err)
{
    board_count count = {pos, {0, 0}, {0, 0}};
    rgn_fen_board board = {"RFEN",         ROTARY_SIZE, ROTARY_SIZE,
                           RGN_DIGITS_ADD, read_square, NULL,
                           &count};
    if (rgn_fen_read_board(&board, fen, cursor, err) < 0)
        return -1;
    for (int color = 0; color < 2; color++)
        if (count.kings[color] == 0)
            return reject(err, 1, fen, fen, "%s has no King",
                          color == RGN_WHITE ? "White" : "Black");
    return 0;
}

int rotary_set_fen(rgn_position *pos, const char *fen, rgn_error *err)
{
    rgn_position parsed;
    rotary_clear(&parsed);
    parsed.variant = pos->variant;
    const char *p = fen;
    if (read_board(&parsed, fen, &p, err) < 0)
        return -1;

    const char *side_at;
    int side = rgn_fen_read_side("RFEN", fen, &p, &side_at, err);
    if (side < 0)
        return -1;
    parsed.side = (uint8_t)side;

    long halfmove = 0, fullmove = 1;
    if (*p == ' ') {
        p++;
        if (rgn_fen_read_number(&p, 7, &halfmove) < 0)
            return reject(err, 3, fen, p,
                          "expected a number of plies (0 to 9999999)");
        if (*p == ' ') {
            const char *number = ++p;
            if (rgn_fen_read_number(&p, 7, &fullmove) < 0 || fullmove < 1)
                return reject(err, 4, fen, number,
                              "expected a move number (1 to 9999999)");
        }
    }
    if (*p != '\0')
        return reject(err, 4, fen, p, "unexpected text after the last field");
    parsed.halfmove = (int)halfmove;
    parsed.fullmove = (int)fullmove;

    int them = parsed.side ^ 1;
    if (rotary_attacked(&parsed, parsed.king[them], parsed.side))
        return reject(err, 2, fen, side_at,
                      "%s is in check but it is %s's move",
                      them == RGN_WHITE ? "White" : "Black",
                      them == RGN_WHITE ? "Black" : "White");
    parsed.key = rotary_compute_key(&parsed);
    *pos = parsed;
    return 0;
}

/* What stands on a square, as RFEN writes it: "K>NE", "p", or nothing. */
static size_t write_square(const void *context, int file, int rank, char *out)
{
    const rgn_position *pos = context;
    int sq = rotary_square(file, rank);
    uint8_t piece = pos->board[sq];
    if (piece == RGN_EMPTY)
        return 0;
    int type = RGN_TYPE(piece);
    char letter = piece_letters[type - 1];
    size_t n = 0;
    out[n++] = RGN_COLOR(piece) == RGN_WHITE
                   ? letter
                   : (char)tolower((unsigned char)letter);
    if (type != ROTARY_PAWN) {
        out[n++] = '>';
        for (const char *name = rgn_direction_name(pos->orientation[sq]); *name;
             name++)
            out[n++] = *name;
    }
    return n;
}

size_t rotary_write_fen(const rgn_position *pos, char *buf, size_t size)
{
    char out[512]; /* 81 pieces of 4 characters, slashes, counters */
    size_t n =
        rgn_fen_write_board(ROTARY_SIZE, ROTARY_SIZE, write_square, pos, out);
    n += (size_t)snprintf(out + n, sizeof out - n, " %c %d %d",
                          pos->side == RGN_WHITE ? 'w' : 'b', pos->halfmove,
                          pos->fullmove);
    return rgn_copy_out(out, n, buf, size);
}
