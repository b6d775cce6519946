/*
 * fen.c - the position string of the engine's games: FEN, with runs of
 * empty squares written as one decimal number (adjacent digits form one
 * number, so "12" is twelve squares on a 12 x 12 board).
 */
#include "rules/engine/engine.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "notation/board_string.h"

#define REJECT(field, name, at, ...)                                           \
    rgn_fen_reject(err, "FEN", field, name, fen, at, __VA_ARGS__)

int eng_type_of_letter(const eng_rules *rules, char letter)
{
    char upper = (char)(letter >= 'a' && letter <= 'z' ? letter - 32 : letter);
    for (int t = 1; t <= rules->type_count; t++)
        if (rules->letters[t] == upper)
            return t;
    return -1;
}

static void clear_board(const eng_rules *r, eng_position *pos)
{
    memset(pos->board, RGN_OFF, sizeof pos->board);
    for (int rank = 0; rank < r->ranks; rank++)
        for (int file = 0; file < r->files; file++)
            pos->board[eng_square(r, file, rank)] = RGN_EMPTY;
}

/* Whether a pawn of the colour may stand on the rank: not behind its
 * initial rank, not on its last. */
static bool pawn_rank_ok(const eng_rules *r, int color, int rank)
{
    uint16_t initial = r->initial_ranks[color][r->pawn_type];
    int own = color ? r->ranks - 1 - rank : rank; /* counted from its side */
    if (own == r->ranks - 1)
        return false;
    if (!initial) /* the start position itself, being read */
        return true;
    for (int k = 0; k <= own; k++)
        if (initial >> (color ? r->ranks - 1 - k : k) & 1)
            return true;
    return false;
}

typedef struct board_reading {
    const eng_rules *rules;
    eng_position *pos;
    int kings[2];
} board_reading;

static int read_square(void *context, const char *fen, const char **p, int file,
                       int rank, rgn_error *err)
{
    board_reading *reading = context;
    const eng_rules *r = reading->rules;
    char c = **p;
    int type = isalpha((unsigned char)c) ? eng_type_of_letter(r, c) : -1;
    if (type < 0)
        return REJECT(1, "board", *p, "unknown character '%c'", c);
    int color = islower((unsigned char)c) ? 1 : 0;
    const char *side = color ? "Black" : "White";
    if (type == r->pawn_type && !pawn_rank_ok(r, color, rank))
        return REJECT(1, "board", *p, "a %s pawn on rank %d", side, rank + 1);
    int sq = eng_square(r, file, rank);
    reading->pos->board[sq] = RGN_PIECE(color, type);
    if (type == r->king_type) {
        if (reading->kings[color]++)
            return REJECT(1, "board", *p, "more than one %s King", side);
        reading->pos->king[color] = (uint16_t)sq;
    }
    (*p)++;
    return 0;
}

int eng_read_board(const eng_rules *r, eng_position *pos, const char *fen,
                   rgn_error *err)
{
    clear_board(r, pos);
    board_reading reading = {r, pos, {0, 0}};
    rgn_fen_board walker = {"FEN",       r->files, r->ranks, RGN_DIGITS_NUMBER,
                            read_square, NULL,     &reading};
    const char *end;
    if (rgn_fen_read_board(&walker, fen, &end, err) < 0)
        return -1;
    for (int color = 0; color < 2; color++)
        if (!reading.kings[color])
            return REJECT(1, "board", fen, "no %s King",
                          color ? "Black" : "White");
    return (int)(end - fen);
}

/* The file of the outermost Rook of the colour on the rank, on the
 * King's side towards the last file (kingside) or the a-file; -1 for
 * none. */
static int outermost_rook(const eng_rules *r, const eng_position *pos,
                          int color, int rank, bool kingside)
{
    int king_file = eng_file(r, pos->king[color]);
    int step = kingside ? -1 : 1;
    for (int f = kingside ? r->files - 1 : 0; f != king_file; f += step)
        if (pos->board[eng_square(r, f, rank)] ==
            RGN_PIECE(color, r->rook_type))
            return f;
    return -1;
}

/* The right of the colour on the King's side towards the last file
 * (kingside) or the a-file, or -1. */
static int right_of(const eng_rules *r, int color, bool kingside)
{
    char letter = (char)((kingside ? 'K' : 'Q') + (color ? 32 : 0));
    for (int i = 0; i < r->castling_count; i++)
        if (r->castling[i].letter == letter)
            return i;
    return -1;
}

int eng_castling_letter(const eng_rules *r, const eng_position *board,
                        char letter, int *rook)
{
    *rook = -1;
    if (!r->game->any_rook_castles) {
        for (int i = 0; i < r->castling_count; i++) {
            const eng_castling *c = &r->castling[i];
            if (c->letter != letter)
                continue;
            if (board->board[c->king_from] ==
                    RGN_PIECE(c->color, r->king_type) &&
                board->board[c->rook_from] == RGN_PIECE(c->color, r->rook_type))
                *rook = c->rook_from;
            return i;
        }
        return -1;
    }
    int color = islower((unsigned char)letter) ? 1 : 0;
    int upper = toupper((unsigned char)letter);
    int king_file = eng_file(r, board->king[color]), file = -1;
    bool kingside;
    if (upper == 'K' || upper == 'Q')
        kingside = upper == 'K';
    else if (upper >= 'A' && upper < 'A' + r->files && upper - 'A' != king_file)
        file = upper - 'A', kingside = file > king_file;
    else
        return -1;
    int i = right_of(r, color, kingside);
    if (i < 0)
        return -1;
    int rank = eng_rank(r, r->castling[i].rook_to);
    if (eng_rank(r, board->king[color]) != rank)
        return i;
    if (file < 0)
        file = outermost_rook(r, board, color, rank, kingside);
    if (file >= 0 && board->board[eng_square(r, file, rank)] ==
                         RGN_PIECE(color, r->rook_type))
        *rook = eng_square(r, file, rank);
    return i;
}

static int read_fen(const eng_rules *r, eng_position *pos, const char *fen,
                    rgn_error *err)
{
    int length = eng_read_board(r, pos, fen, err);
    if (length < 0)
        return -1;
    const char *p = fen + length, *side_at;
    int side = rgn_fen_read_side("FEN", fen, &p, &side_at, err);
    if (side < 0)
        return -1;
    pos->side = (uint8_t)side;
    if (*p != ' ')
        return REJECT(3, "castling", p, "missing");
    p++;
    pos->castling = 0;
    int rook_files = 0; /* a right not held keeps its start file */
    for (int i = 0; i < r->castling_count; i++)
        rook_files |= eng_file(r, r->castling[i].rook_from) << 4 * i;
    if (*p == '-') {
        p++;
    } else {
        bool any_order = r->game->any_rook_castles;
        int last = -1;
        for (; *p && *p != ' '; p++) {
            int rook, i = eng_castling_letter(r, pos, *p, &rook);
            if (i < 0)
                return REJECT(3, "castling", p, "unknown castling right '%c'",
                              *p);
            if (pos->castling >> i & 1)
                return REJECT(3, "castling", p, "'%c' repeats a right", *p);
            if (i <= last && !any_order)
                return REJECT(3, "castling", p, "'%c' out of order", *p);
            if (rook < 0)
                return REJECT(3, "castling", p,
                              "right '%c' without its King and Rook in place",
                              *p);
            pos->castling |= (uint8_t)(1u << i);
            rook_files &= ~(15 << 4 * i);
            rook_files |= eng_file(r, rook) << 4 * i;
            last = i;
        }
        if (last < 0)
            return REJECT(3, "castling", p, "expected castling rights or '-'");
    }
    if (*p != ' ')
        return REJECT(4, "en passant", p, "missing");
    p++;
    pos->ep_square = -1;
    if (*p == '\0' || *p == ' ')
        return REJECT(4, "en passant", p, "missing");
    if (*p == '-') {
        p++;
    } else {
        const char *at = p;
        int file = *p - 'a', rank = 0;
        p++;
        while (isdigit((unsigned char)*p) && rank <= r->ranks)
            rank = rank * 10 + (*p++ - '0');
        if (file < 0 || file >= r->files || rank < 1 || rank > r->ranks ||
            at[1] == '0' || (*p != ' ' && *p != '\0'))
            return REJECT(4, "en passant", at, "expected a square or '-'");
        int mover = pos->side ^ 1, sq = eng_square(r, file, rank - 1);
        int pawn_rank = 0; /* the passed-over rank of the mover's double step */
        uint16_t initial = r->initial_ranks[mover][r->pawn_type];
        for (int k = 0; k < r->ranks; k++)
            if (initial >> k & 1)
                pawn_rank = k + (mover ? -1 : 1);
        if (!r->pawn_type || rank - 1 != pawn_rank)
            return REJECT(4, "en passant", at, "not on rank %d", pawn_rank + 1);
        int beyond = sq + (mover ? -r->width : r->width);
        if (pos->board[beyond] != RGN_PIECE(mover, r->pawn_type))
            return REJECT(4, "en passant", at, "no %s pawn just beyond it",
                          mover ? "Black" : "White");
        pos->ep_square = (int16_t)sq;
    }
    pos->halfmove = 0;
    pos->fullmove = 1;
    if (*p == ' ') {
        long value;
        const char *at = ++p;
        if (rgn_fen_read_number(&p, 6, &value) < 0)
            return REJECT(5, "halfmove clock", at, "expected a number");
        pos->halfmove = (int)value;
        if (*p == ' ') {
            at = ++p;
            if (rgn_fen_read_number(&p, 6, &value) < 0 || value < 1)
                return REJECT(6, "fullmove number", at,
                              "expected a number from 1");
            pos->fullmove = (int)value;
        }
    }
    if (*p)
        return REJECT(6, "fullmove number", p,
                      "unexpected text after the last field");
    eng_bb_sync(r, pos);
    if (eng_attacked(r, pos->board, pos->king[pos->side ^ 1], pos->side))
        return REJECT(2, "side to move", side_at,
                      "the side not to move is in check");
    memset(pos->orientation, 0, sizeof pos->orientation);
    pos->extra[0] = r->game->any_rook_castles ? rook_files : 0;
    pos->extra[1] = 0;
    pos->check_cache = -1;
    pos->key = eng_compute_key(r, pos);
    return 0;
}

/* Read into a copy: on failure the position is unchanged. */
int eng_read_fen(const eng_rules *r, eng_position *pos, const char *fen,
                 rgn_error *err)
{
    eng_position next = *pos;
    err->column = 0;
    if (read_fen(r, &next, fen, err) < 0)
        return -1;
    *pos = next;
    return 0;
}

int eng_set_fen(eng_position *pos, const char *fen, rgn_error *err)
{
    return eng_read_fen(eng_rules_of(pos), pos, fen, err);
}

void eng_set_initial(eng_position *pos)
{
    const struct rgn_variant *variant = pos->variant;
    *pos = eng_rules_of(pos)->start;
    pos->variant = variant;
}

typedef struct board_writing {
    const eng_rules *rules;
    const eng_position *pos;
} board_writing;

static size_t write_square(const void *context, int file, int rank, char *out)
{
    const board_writing *writing = context;
    uint8_t p = writing->pos->board[eng_square(writing->rules, file, rank)];
    if (p == RGN_EMPTY)
        return 0;
    char letter = writing->rules->letters[RGN_TYPE(p)];
    out[0] = RGN_COLOR(p) ? (char)tolower((unsigned char)letter) : letter;
    return 1;
}

/* A right's letter: K Q k q, or where any Rook castles (X-FEN) the
 * Rook's file when another Rook stands further out on the King's side. */
static char castling_letter(const eng_rules *r, const eng_position *pos, int i)
{
    const eng_castling *c = &r->castling[i];
    if (!r->game->any_rook_castles)
        return c->letter;
    int file = eng_castling_rook_file(pos, i);
    bool kingside = toupper((unsigned char)c->letter) == 'K';
    if (outermost_rook(r, pos, c->color, eng_rank(r, c->rook_to), kingside) ==
        file)
        return c->letter;
    return (char)((c->color ? 'a' : 'A') + file);
}

size_t eng_write_fen(const eng_position *pos, char *buf, size_t size)
{
    const eng_rules *r = eng_rules_of(pos);
    char out[512];
    board_writing writing = {r, pos};
    size_t n =
        rgn_fen_write_board(r->files, r->ranks, write_square, &writing, out);
    out[n++] = ' ';
    out[n++] = pos->side ? 'b' : 'w';
    out[n++] = ' ';
    size_t rights = n;
    for (int i = 0; i < r->castling_count; i++)
        if (pos->castling >> i & 1)
            out[n++] = castling_letter(r, pos, i);
    if (n == rights)
        out[n++] = '-';
    out[n++] = ' ';
    /* the square only when a legal capture exists (a cast-away const:
     * the test plays the capture and takes it back) */
    if (pos->ep_square >= 0 && eng_en_passant_possible(r, (eng_position *)pos))
        n += (size_t)snprintf(out + n, sizeof out - n, "%c%d",
                              'a' + eng_file(r, pos->ep_square),
                              eng_rank(r, pos->ep_square) + 1);
    else
        out[n++] = '-';
    n += (size_t)snprintf(out + n, sizeof out - n, " %d %d", pos->halfmove,
                          pos->fullmove);
    if (size)
        snprintf(buf, size, "%s", out);
    return n;
}
