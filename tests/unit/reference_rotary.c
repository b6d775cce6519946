/*
 * reference_rotary.c - see reference_rotary.h.
 *
 * Everything here favours obviousness over speed: the board is a plain 9x9
 * array, moves are generated pseudo-legally, each one is played on a copy
 * of the board, and it is kept only if no enemy piece then attacks the
 * mover's King (found by walking every enemy piece's rays).
 */
#include "reference_rotary.h"

#include <stdlib.h>
#include <string.h>

#define SIZE 9
#define WHITE 0
#define BLACK 1
/* Generous: even a board full of queens stays far below this. */
#define MAX_GEN 4096

/* Directions numbered clockwise from N, as in the rules. */
static const int DF[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DR[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const char *const DIR_NAME[8] = {"N", "NE", "E", "SE",
                                        "S", "SW", "W", "NW"};

typedef struct {
    char kind; /* 0 (empty) or one of K Q R A T S P, always upper case */
    int color; /* WHITE or BLACK; meaningless when empty */
    int ori;   /* canonical orientation (see canon); -1 for a pawn */
} square;

typedef struct {
    square sq[SIZE][SIZE]; /* [file][rank], both counted from 0 */
    int side;              /* colour to move */
} board;

typedef struct {
    int ff, fr, tf, tr; /* from and to, file and rank from 0 */
    int ori;            /* final canonical orientation; -1 for a pawn */
    int promo;          /* 1 when the pawn becomes a Queen */
} move;

/* One name per direction set: orientations that give the same set of
 * directions are the same orientation, so we keep the first of them in
 * N NE E SE ... order, which is also the name the coordinate form uses. */
static int canon(char kind, int o)
{
    if (kind == 'K' || kind == 'Q')
        return o % 2; /* N=E=S=W, NE=SE=SW=NW */
    if (kind == 'S')
        return o % 4; /* o and o+4 are one set */
    return o;         /* R, A, T: all eight sets differ */
}

/* The canonical orientations a piece can take, i.e. its distinct sets. */
static int orientations(char kind, int out[8])
{
    int n = 0;
    for (int o = 0; o < 8; o++)
        if (canon(kind, o) == o)
            out[n++] = o;
    return n;
}

/* The directions a non-pawn piece moves and attacks along. */
static int piece_dirs(char kind, int o, int out[4])
{
    switch (kind) {
    case 'K':
    case 'Q':
        for (int i = 0; i < 4; i++)
            out[i] = (o + 2 * i) % 8;
        return 4;
    case 'R': out[0] = o, out[1] = (o + 6) % 8, out[2] = (o + 2) % 8; return 3;
    case 'A': out[0] = o, out[1] = (o + 7) % 8, out[2] = (o + 1) % 8; return 3;
    case 'T': out[0] = o, out[1] = (o + 5) % 8, out[2] = (o + 3) % 8; return 3;
    case 'S': out[0] = o, out[1] = (o + 4) % 8; return 2;
    default: return 0;
    }
}

static int on_board(int f, int r)
{
    return f >= 0 && f < SIZE && r >= 0 && r < SIZE;
}

/* Does any piece of colour `by` attack square (f, r)? Walks every such
 * piece's rays with its current orientation, as the rules define attack. */
static int attacked(const board *b, int f, int r, int by)
{
    for (int pf = 0; pf < SIZE; pf++) {
        for (int pr = 0; pr < SIZE; pr++) {
            const square *p = &b->sq[pf][pr];
            if (!p->kind || p->color != by)
                continue;
            if (p->kind == 'P') {
                /* pawns attack one square diagonally forward only */
                int fwd = by == WHITE ? 1 : -1;
                if (r == pr + fwd && (f == pf - 1 || f == pf + 1))
                    return 1;
                continue;
            }
            int dirs[4];
            int n = piece_dirs(p->kind, p->ori, dirs);
            int range = p->kind == 'K' ? 1 : SIZE;
            for (int i = 0; i < n; i++) {
                int tf = pf, tr = pr;
                for (int k = 1; k <= range; k++) {
                    tf += DF[dirs[i]];
                    tr += DR[dirs[i]];
                    if (!on_board(tf, tr))
                        break;
                    if (tf == f && tr == r)
                        return 1;
                    if (b->sq[tf][tr].kind)
                        break; /* blocked before reaching (f, r) */
                }
            }
        }
    }
    return 0;
}

static int king_attacked(const board *b, int color)
{
    for (int f = 0; f < SIZE; f++)
        for (int r = 0; r < SIZE; r++)
            if (b->sq[f][r].kind == 'K' && b->sq[f][r].color == color)
                return attacked(b, f, r, !color);
    return 1; /* no King: cannot happen for a position we accepted */
}

static void add(move *list, int *n, int ff, int fr, int tf, int tr, int ori,
                int promo)
{
    if (*n >= MAX_GEN)
        abort(); /* cannot happen on a 9x9 board; fail loudly if it does */
    move m = {ff, fr, tf, tr, ori, promo};
    list[(*n)++] = m;
}

/* A pawn arriving on (tf, tr): promotion is optional on its 7th and 8th
 * ranks and compulsory on its 9th, to a Queen facing either way. */
static void add_pawn(move *list, int *n, int color, int ff, int fr, int tf,
                     int tr)
{
    int rel = color == WHITE ? tr + 1 : SIZE - tr; /* 1..9 from own side */
    if (rel < 9)
        add(list, n, ff, fr, tf, tr, -1, 0);
    if (rel >= 7) {
        add(list, n, ff, fr, tf, tr, 0, 1); /* Queen, orthogonal */
        add(list, n, ff, fr, tf, tr, 1, 1); /* Queen, diagonal */
    }
}

/* Every move of the side to move that obeys the movement rules, whether or
 * not it leaves its own King attacked. */
static int pseudo_moves(const board *b, move *list)
{
    int n = 0;
    int me = b->side;
    for (int f = 0; f < SIZE; f++) {
        for (int r = 0; r < SIZE; r++) {
            const square *p = &b->sq[f][r];
            if (!p->kind || p->color != me)
                continue;
            if (p->kind == 'P') {
                int tr = r + (me == WHITE ? 1 : -1);
                if (!on_board(f, tr))
                    continue;
                if (!b->sq[f][tr].kind)
                    add_pawn(list, &n, me, f, r, f, tr);
                for (int df = -1; df <= 1; df += 2) {
                    int tf = f + df;
                    if (on_board(tf, tr) && b->sq[tf][tr].kind &&
                        b->sq[tf][tr].color != me)
                        add_pawn(list, &n, me, f, r, tf, tr);
                }
                continue;
            }
            int sets[8];
            int nsets = orientations(p->kind, sets);
            int dirs[4];
            int ndirs = piece_dirs(p->kind, p->ori, dirs);
            int range = p->kind == 'K' ? 1 : SIZE; /* a King never slides */
            for (int i = 0; i < ndirs; i++) {
                int tf = f, tr = r;
                for (int k = 1; k <= range; k++) {
                    tf += DF[dirs[i]];
                    tr += DR[dirs[i]];
                    if (!on_board(tf, tr))
                        break;
                    const square *t = &b->sq[tf][tr];
                    if (t->kind && t->color == me)
                        break;
                    if (k == 1 || p->kind == 'S') {
                        /* a step, or any Scythe move: free orientation
                         * afterwards (keeping it is one of the choices) */
                        for (int s = 0; s < nsets; s++)
                            add(list, &n, f, r, tf, tr, sets[s], 0);
                    } else {
                        /* a slide keeps the orientation */
                        add(list, &n, f, r, tf, tr, p->ori, 0);
                    }
                    if (t->kind)
                        break; /* captured: the ray stops here */
                }
            }
            /* rotation in place: any other direction set */
            for (int s = 0; s < nsets; s++)
                if (sets[s] != p->ori)
                    add(list, &n, f, r, f, r, sets[s], 0);
        }
    }
    return n;
}

static void play(board *b, const move *m)
{
    square p = b->sq[m->ff][m->fr];
    b->sq[m->ff][m->fr].kind = 0;
    if (m->promo)
        p.kind = 'Q';
    p.ori = m->ori;
    b->sq[m->tf][m->tr] = p; /* displaces any captured piece */
    b->side = !b->side;
}

/* Keeps the pseudo-legal moves after which the mover's King is safe. */
static int legal_moves(const board *b, move *list)
{
    move *all = malloc(sizeof(move) * MAX_GEN);
    if (!all)
        abort();
    int total = pseudo_moves(b, all);
    int n = 0;
    for (int i = 0; i < total; i++) {
        board c = *b;
        play(&c, &all[i]);
        if (!king_attacked(&c, b->side))
            list[n++] = all[i];
    }
    free(all);
    return n;
}

static uint64_t perft(const board *b, int depth)
{
    if (depth <= 0)
        return 1;
    move *list = malloc(sizeof(move) * MAX_GEN);
    if (!list)
        abort();
    int n = legal_moves(b, list);
    uint64_t total = 0;
    if (depth == 1) {
        total = (uint64_t)n;
    } else {
        for (int i = 0; i < n; i++) {
            board c = *b;
            play(&c, &list[i]);
            total += perft(&c, depth - 1);
        }
    }
    free(list);
    return total;
}

/* ------------------------------------------------------------------ */
/* RFEN reading: just enough to accept valid strings and to refuse the
 * malformed ones a test might contain by mistake (so that a typo in a test
 * position is an error, not a silently different position). */

static int parse_dir(const char **s)
{
    /* two-letter names first, so that "NE" is not read as "N" */
    for (int d = 7; d >= 0; d--) {
        size_t len = strlen(DIR_NAME[d]);
        if (len == 2 && strncmp(*s, DIR_NAME[d], 2) == 0) {
            *s += 2;
            return d;
        }
    }
    for (int d = 0; d < 8; d += 2) {
        if (**s == DIR_NAME[d][0]) {
            *s += 1;
            return d;
        }
    }
    return -1;
}

static int parse_count(const char **s)
{
    if (**s < '0' || **s > '9')
        return 0;
    while (**s >= '0' && **s <= '9')
        (*s)++;
    return 1;
}

static int parse(const char *s, board *b)
{
    memset(b, 0, sizeof *b);
    int kings[2] = {0, 0};
    for (int r = SIZE - 1; r >= 0; r--) {
        int f = 0;
        while (*s && *s != '/' && *s != ' ') {
            if (*s >= '1' && *s <= '9') {
                f += *s - '0';
                s++;
                continue;
            }
            if (!strchr("KQRATSPkqratsp", *s) || f >= SIZE)
                return -1;
            square *q = &b->sq[f][r];
            q->color = (*s >= 'a') ? BLACK : WHITE;
            q->kind = (char)(*s >= 'a' ? *s - 'a' + 'A' : *s);
            s++;
            if (q->kind == 'P') {
                q->ori = -1;
                /* no pawn on its own first or last rank */
                if (r == 0 || r == SIZE - 1)
                    return -1;
            } else {
                if (*s != '>')
                    return -1;
                s++;
                int d = parse_dir(&s);
                if (d < 0)
                    return -1;
                q->ori = canon(q->kind, d);
                if (q->kind == 'K')
                    kings[q->color]++;
            }
            f++;
        }
        if (f != SIZE)
            return -1;
        if (r > 0) {
            if (*s != '/')
                return -1;
            s++;
        }
    }
    if (kings[WHITE] != 1 || kings[BLACK] != 1)
        return -1;
    if (*s != ' ')
        return -1;
    s++;
    if (*s == 'w')
        b->side = WHITE;
    else if (*s == 'b')
        b->side = BLACK;
    else
        return -1;
    s++;
    /* the clocks play no part in move generation; accept them if present */
    if (*s == ' ') {
        s++;
        if (!parse_count(&s))
            return -1;
        if (*s == ' ') {
            s++;
            if (!parse_count(&s))
                return -1;
        }
    }
    if (*s)
        return -1;
    /* the side that just moved cannot have left its King attacked */
    if (king_attacked(b, !b->side))
        return -1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Coordinate form */

static void coord(const board *b, const move *m, char *out)
{
    const square *p = &b->sq[m->ff][m->fr];
    int n = 0;
    out[n++] = (char)('a' + m->ff);
    out[n++] = (char)('1' + m->fr);
    out[n++] = (char)('a' + m->tf);
    out[n++] = (char)('1' + m->tr);
    /* a promotion always names the Queen's orientation (the pawn had
     * none); other moves only when the direction set changed */
    int named = m->promo || (p->kind != 'P' && m->ori != p->ori);
    if (m->promo)
        out[n++] = 'q';
    if (named)
        for (const char *c = DIR_NAME[m->ori]; *c; c++)
            out[n++] = (char)(*c - 'A' + 'a');
    out[n] = 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

uint64_t ref_perft(const char *rfen, int depth)
{
    board b;
    if (parse(rfen, &b) != 0)
        return UINT64_MAX;
    return perft(&b, depth);
}

int ref_moves(const char *rfen, char moves[][16], int max)
{
    board b;
    if (parse(rfen, &b) != 0)
        return -1;
    move *list = malloc(sizeof(move) * MAX_GEN);
    char(*text)[16] = malloc(sizeof(*text) * MAX_GEN);
    if (!list || !text)
        abort();
    int n = legal_moves(&b, list);
    for (int i = 0; i < n; i++)
        coord(&b, &list[i], text[i]);
    qsort(text, (size_t)n, sizeof(*text), cmp_str);
    for (int i = 0; i < n && i < max; i++)
        memcpy(moves[i], text[i], sizeof(*text));
    free(list);
    free(text);
    return n;
}
