/*
 * chess-gen.c - writes N random legal chess games in PGN, as the chess
 * corpus of the benchmark (pgn-extract reads it). Deterministic for a
 * given seed; no dependency but the C library.
 *
 * Usage: chess-gen [--games N] [--seed S]
 *
 * Each game has the seven-tag roster and SAN movetext: captures, check
 * '+' and mate '#', castling, en passant, promotion and the minimal
 * disambiguation. A game is 60 to 250 plies long, or shorter when it ends
 * in mate (the winner's result) or stalemate (1/2-1/2); otherwise its
 * result is a random one, as after a resignation or an agreed draw.
 * Lines are at most 79 characters. The total number of plies goes to
 * standard error, for plies-per-second figures.
 *
 * Moves are picked at random among the legal ones, with a mild taste for
 * captures, promotions to a queen and checks, so that games resemble play
 * a little and their mates and promotions come up now and then.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The board is 0x88: square = 16 * rank + file, and (square & 0x88) is
 * non-zero off the board. A piece is its type, plus BLACK for Black's. */
enum { EMPTY, PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, BLACK = 8 };
enum { WHITE_SIDE = 0, BLACK_SIDE = BLACK };
enum { WK_CASTLE = 1, WQ_CASTLE = 2, BK_CASTLE = 4, BQ_CASTLE = 8 };

#define TYPE(p) ((p)&7)
#define COLOUR(p) ((p)&BLACK)
#define OFF_BOARD(sq) ((sq)&0x88)
#define SQ(file, rank) (16 * (rank) + (file))
#define FILE_OF(sq) ((sq)&7)
#define RANK_OF(sq) ((sq) >> 4)

typedef struct {
    unsigned char board[128];
    int side;     /* WHITE_SIDE or BLACK_SIDE: the side to move */
    int castling; /* WK_CASTLE | ... */
    int ep;       /* square a pawn may capture en passant on, or -1 */
    int king[2];  /* [0] White's king square, [1] Black's */
} position;

typedef struct {
    unsigned char from, to;
    unsigned char promotion; /* piece type, or EMPTY */
    unsigned char capture;   /* true for any capture, en passant too */
} move;

#define MAX_MOVES 256

static const int knight_steps[8] = {33, 31, 18, 14, -14, -18, -31, -33};
static const int king_steps[8] = {17, 16, 15, 1, -1, -15, -16, -17};
static const int bishop_steps[4] = {17, 15, -15, -17};
static const int rook_steps[4] = {16, 1, -1, -16};

static uint64_t rng_state;

static uint32_t next_random(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33);
}

static int random_below(int n) { return (int)(next_random() % (uint32_t)n); }

static int king_index(int side) { return side == BLACK_SIDE; }

static void initial_position(position *pos)
{
    static const unsigned char back[8] = {ROOK, KNIGHT, BISHOP, QUEEN,
                                          KING, BISHOP, KNIGHT, ROOK};
    memset(pos, 0, sizeof *pos);
    for (int f = 0; f < 8; f++) {
        pos->board[SQ(f, 0)] = back[f];
        pos->board[SQ(f, 1)] = PAWN;
        pos->board[SQ(f, 6)] = PAWN | BLACK;
        pos->board[SQ(f, 7)] = back[f] | BLACK;
    }
    pos->side = WHITE_SIDE;
    pos->castling = WK_CASTLE | WQ_CASTLE | BK_CASTLE | BQ_CASTLE;
    pos->ep = -1;
    pos->king[0] = SQ(4, 0);
    pos->king[1] = SQ(4, 7);
}

/* Whether a piece of side `by` attacks square sq. */
static bool attacked(const position *pos, int sq, int by)
{
    int pawn_dir = by == WHITE_SIDE ? -16 : 16; /* from sq back to a pawn */
    for (int d = -1; d <= 1; d += 2) {
        int s = sq + pawn_dir + d;
        if (!OFF_BOARD(s) && pos->board[s] == (PAWN | by))
            return true;
    }
    for (int i = 0; i < 8; i++) {
        int s = sq + knight_steps[i];
        if (!OFF_BOARD(s) && pos->board[s] == (KNIGHT | by))
            return true;
        s = sq + king_steps[i];
        if (!OFF_BOARD(s) && pos->board[s] == (KING | by))
            return true;
    }
    for (int i = 0; i < 4; i++) {
        for (int s = sq + bishop_steps[i]; !OFF_BOARD(s);
             s += bishop_steps[i]) {
            int p = pos->board[s];
            if (p == EMPTY)
                continue;
            if (p == (BISHOP | by) || p == (QUEEN | by))
                return true;
            break;
        }
        for (int s = sq + rook_steps[i]; !OFF_BOARD(s); s += rook_steps[i]) {
            int p = pos->board[s];
            if (p == EMPTY)
                continue;
            if (p == (ROOK | by) || p == (QUEEN | by))
                return true;
            break;
        }
    }
    return false;
}

static bool in_check(const position *pos)
{
    return attacked(pos, pos->king[king_index(pos->side)], pos->side ^ BLACK);
}

static void add(move *moves, int *n, int from, int to, int promotion,
                bool capture)
{
    moves[*n] = (move){(unsigned char)from, (unsigned char)to,
                       (unsigned char)promotion, capture};
    (*n)++;
}

static void add_pawn_move(move *moves, int *n, int from, int to, bool capture)
{
    if (RANK_OF(to) == 0 || RANK_OF(to) == 7) {
        for (int piece = QUEEN; piece >= KNIGHT; piece--)
            add(moves, n, from, to, piece, capture);
    } else {
        add(moves, n, from, to, EMPTY, capture);
    }
}

static void generate_castling(const position *pos, move *moves, int *n)
{
    int rank = pos->side == WHITE_SIDE ? 0 : 7;
    int king_side = pos->side == WHITE_SIDE ? WK_CASTLE : BK_CASTLE;
    int queen_side = pos->side == WHITE_SIDE ? WQ_CASTLE : BQ_CASTLE;
    int them = pos->side ^ BLACK;
    const unsigned char *b = pos->board;
    if (!(pos->castling & (king_side | queen_side)) || in_check(pos))
        return;
    /* the rights are cleared when the king or the rook moves or the rook
     * is captured, so king and rook are in place when a right is set */
    if ((pos->castling & king_side) && b[SQ(5, rank)] == EMPTY &&
        b[SQ(6, rank)] == EMPTY && !attacked(pos, SQ(5, rank), them))
        add(moves, n, SQ(4, rank), SQ(6, rank), EMPTY, false);
    if ((pos->castling & queen_side) && b[SQ(3, rank)] == EMPTY &&
        b[SQ(2, rank)] == EMPTY && b[SQ(1, rank)] == EMPTY &&
        !attacked(pos, SQ(3, rank), them))
        add(moves, n, SQ(4, rank), SQ(2, rank), EMPTY, false);
}

/* The pseudo-legal moves: legal but for leaving the own king attacked
 * (castling through or out of check is already excluded). */
static int generate_pseudo(const position *pos, move *moves)
{
    int n = 0, us = pos->side;
    for (int from = 0; from < 128; from++) {
        if (OFF_BOARD(from)) {
            from += 7;
            continue;
        }
        int p = pos->board[from];
        if (p == EMPTY || COLOUR(p) != us)
            continue;
        switch (TYPE(p)) {
        case PAWN: {
            int dir = us == WHITE_SIDE ? 16 : -16;
            int start = us == WHITE_SIDE ? 1 : 6;
            int to = from + dir;
            if (!OFF_BOARD(to) && pos->board[to] == EMPTY) {
                add_pawn_move(moves, &n, from, to, false);
                if (RANK_OF(from) == start && pos->board[to + dir] == EMPTY)
                    add(moves, &n, from, to + dir, EMPTY, false);
            }
            for (int d = -1; d <= 1; d += 2) {
                to = from + dir + d;
                if (OFF_BOARD(to))
                    continue;
                int q = pos->board[to];
                if (q != EMPTY && COLOUR(q) != us)
                    add_pawn_move(moves, &n, from, to, true);
                else if (to == pos->ep)
                    add(moves, &n, from, to, EMPTY, true);
            }
            break;
        }
        case KNIGHT:
        case KING: {
            const int *steps = TYPE(p) == KNIGHT ? knight_steps : king_steps;
            for (int i = 0; i < 8; i++) {
                int to = from + steps[i];
                if (OFF_BOARD(to))
                    continue;
                int q = pos->board[to];
                if (q == EMPTY || COLOUR(q) != us)
                    add(moves, &n, from, to, EMPTY, q != EMPTY);
            }
            break;
        }
        default: { /* bishop, rook, queen */
            for (int i = 0; i < 8; i++) {
                int step = i < 4 ? bishop_steps[i] : rook_steps[i - 4];
                if ((TYPE(p) == BISHOP && i >= 4) || (TYPE(p) == ROOK && i < 4))
                    continue;
                for (int to = from + step; !OFF_BOARD(to); to += step) {
                    int q = pos->board[to];
                    if (q != EMPTY && COLOUR(q) == us)
                        break;
                    add(moves, &n, from, to, EMPTY, q != EMPTY);
                    if (q != EMPTY)
                        break;
                }
            }
            break;
        }
        }
    }
    generate_castling(pos, moves, &n);
    return n;
}

/* Clears the castling rights that a move from or to sq ends. */
static void update_castling(position *pos, int sq)
{
    if (sq == SQ(4, 0))
        pos->castling &= ~(WK_CASTLE | WQ_CASTLE);
    else if (sq == SQ(7, 0))
        pos->castling &= ~WK_CASTLE;
    else if (sq == SQ(0, 0))
        pos->castling &= ~WQ_CASTLE;
    else if (sq == SQ(4, 7))
        pos->castling &= ~(BK_CASTLE | BQ_CASTLE);
    else if (sq == SQ(7, 7))
        pos->castling &= ~BK_CASTLE;
    else if (sq == SQ(0, 7))
        pos->castling &= ~BQ_CASTLE;
}

static void play(position *pos, move m)
{
    unsigned char *b = pos->board;
    int p = b[m.from];
    int ep = pos->ep;
    pos->ep = -1;
    if (TYPE(p) == PAWN) {
        if (m.to == ep) /* en passant: the captured pawn is beside */
            b[SQ(FILE_OF(m.to), RANK_OF(m.from))] = EMPTY;
        if (abs(m.to - m.from) == 32)
            pos->ep = (m.from + m.to) / 2;
        if (m.promotion != EMPTY)
            p = m.promotion | pos->side;
    } else if (TYPE(p) == KING) {
        pos->king[king_index(pos->side)] = m.to;
        if (m.to - m.from == 2) { /* O-O: the rook jumps from h to f */
            b[m.from + 1] = b[m.from + 3];
            b[m.from + 3] = EMPTY;
        } else if (m.from - m.to == 2) { /* O-O-O: from a to d */
            b[m.from - 1] = b[m.from - 4];
            b[m.from - 4] = EMPTY;
        }
    }
    b[m.to] = (unsigned char)p;
    b[m.from] = EMPTY;
    update_castling(pos, m.from);
    update_castling(pos, m.to);
    pos->side ^= BLACK;
}

static int generate_legal(const position *pos, move *moves)
{
    move pseudo[MAX_MOVES];
    int n = generate_pseudo(pos, pseudo), legal = 0;
    for (int i = 0; i < n; i++) {
        position next = *pos;
        play(&next, pseudo[i]);
        if (!attacked(&next, next.king[king_index(pos->side)], next.side))
            moves[legal++] = pseudo[i];
    }
    return legal;
}

/* Writes m's SAN, without its check mark, to out. */
static void san(const position *pos, const move *legal, int n, move m,
                char *out)
{
    static const char letters[] = " PNBRQK";
    int type = TYPE(pos->board[m.from]);
    char *o = out;
    if (type == KING && m.to - m.from == 2) {
        strcpy(out, "O-O");
        return;
    }
    if (type == KING && m.from - m.to == 2) {
        strcpy(out, "O-O-O");
        return;
    }
    if (type == PAWN) {
        if (m.capture)
            *o++ = (char)('a' + FILE_OF(m.from));
    } else {
        /* disambiguate among the other same pieces that reach m.to:
         * by file if that tells them apart, else by rank, else by both */
        bool ambiguous = false, same_file = false, same_rank = false;
        *o++ = letters[type];
        for (int i = 0; i < n; i++) {
            if (legal[i].to != m.to || legal[i].from == m.from ||
                TYPE(pos->board[legal[i].from]) != type)
                continue;
            ambiguous = true;
            same_file |= FILE_OF(legal[i].from) == FILE_OF(m.from);
            same_rank |= RANK_OF(legal[i].from) == RANK_OF(m.from);
        }
        if (ambiguous && (!same_file || same_rank))
            *o++ = (char)('a' + FILE_OF(m.from));
        if (ambiguous && same_file)
            *o++ = (char)('1' + RANK_OF(m.from));
    }
    if (m.capture)
        *o++ = 'x';
    *o++ = (char)('a' + FILE_OF(m.to));
    *o++ = (char)('1' + RANK_OF(m.to));
    if (m.promotion != EMPTY) {
        *o++ = '=';
        *o++ = letters[m.promotion];
    }
    *o = '\0';
}

/* Picks a legal move: a capture one time in three when there is one, an
 * underpromotion only one time in eight, otherwise any move. */
static move choose(const move *legal, int n)
{
    move m = legal[random_below(n)];
    if (random_below(3) == 0) {
        int captures = 0;
        for (int i = 0; i < n; i++)
            captures += legal[i].capture;
        if (captures > 0) {
            int k = random_below(captures);
            for (int i = 0; i < n; i++)
                if (legal[i].capture && k-- == 0)
                    m = legal[i];
        }
    }
    if (m.promotion != EMPTY && m.promotion != QUEEN && random_below(8) != 0)
        m.promotion = QUEEN;
    return m;
}

/* Movetext goes through a line buffer that is flushed before a token
 * would make the line longer than 79 characters. */
static char line[80];
static size_t line_length;

static void put_token(const char *token)
{
    size_t len = strlen(token);
    if (line_length > 0 && line_length + 1 + len > 79) {
        line[line_length] = '\0';
        puts(line);
        line_length = 0;
    }
    if (line_length > 0)
        line[line_length++] = ' ';
    memcpy(line + line_length, token, len);
    line_length += len;
}

static void flush_line(void)
{
    line[line_length] = '\0';
    puts(line);
    line_length = 0;
}

/* Plays and writes game `number`; returns its number of plies. */
static int write_game(long number)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2"};
    position pos;
    move legal[MAX_MOVES];
    char tokens[250][12];
    int length = 60 + random_below(250 - 60 + 1), plies = 0;
    const char *result = results[random_below(3)];

    initial_position(&pos);
    int n = generate_legal(&pos, legal);
    while (plies < length && n > 0) {
        move m = choose(legal, n);
        san(&pos, legal, n, m, tokens[plies]);
        play(&pos, m);
        n = generate_legal(&pos, legal);
        if (in_check(&pos))
            strcat(tokens[plies], n == 0 ? "#" : "+");
        plies++;
    }
    if (n == 0) /* mate: the side to move lost; stalemate: a draw */
        result = !in_check(&pos)          ? "1/2-1/2"
                 : pos.side == BLACK_SIDE ? "1-0"
                                          : "0-1";

    printf("[Event \"Generated chess games\"]\n[Site \"chess-gen\"]\n"
           "[Date \"2026.11.21\"]\n[Round \"%ld\"]\n[White \"Player %ld\"]\n"
           "[Black \"Player %ld\"]\n[Result \"%s\"]\n\n",
           number, 2 * number - 1, 2 * number, result);
    for (int i = 0; i < plies; i++) {
        if (i % 2 == 0) {
            char number_token[16];
            snprintf(number_token, sizeof number_token, "%d.", i / 2 + 1);
            put_token(number_token);
        }
        put_token(tokens[i]);
    }
    put_token(result);
    flush_line();
    putchar('\n');
    return plies;
}

int main(int argc, char **argv)
{
    long games = 10;
    unsigned long long seed = 1;
    for (int i = 1; i < argc; i += 2) {
        if (i + 1 < argc && strcmp(argv[i], "--games") == 0)
            games = strtol(argv[i + 1], NULL, 10);
        else if (i + 1 < argc && strcmp(argv[i], "--seed") == 0)
            seed = strtoull(argv[i + 1], NULL, 10);
        else {
            fprintf(stderr, "usage: chess-gen [--games N] [--seed S]\n");
            return 2;
        }
    }
    static char out_buffer[1 << 16];
    setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
    rng_state = seed * 2654435761u + 1;
    long long plies = 0;
    for (long g = 1; g <= games; g++)
        plies += write_game(g);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        perror("chess-gen: standard output");
        return 1;
    }
    fprintf(stderr, "chess-gen: %ld games, %lld plies\n", games, plies);
    return 0;
}
