/*
 * reference_rollerball.c - a plain Rollerball move generator written from
 * rgn-rollerball(7) alone (see reference_rollerball.h). Speed is no aim:
 * a 7 x 7 array of characters, the forward map F written out from the rules
 * text, legality by playing the move and asking whether any enemy piece
 * could then capture on the mover's King square.
 */
#include "reference_rollerball.h"

#include <stdlib.h>
#include <string.h>

#define N 7
#define HOLE '*'
#define MAXM 512

/* Directions clockwise from N (x grows towards g, y towards rank 7). */
static const int DX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DY[8] = {1, 1, 0, -1, -1, -1, 0, 1};
enum { DN, DNE, DE, DSE, DS, DSW, DW, DNW };

typedef struct {
    char sq[N][N]; /* [x][y]: 0 empty, '*' hole, "KRBP" White, "krbp" Black */
    int side;      /* 0 White, 1 Black */
    int t[2];      /* turn counts */
} pos_t;

typedef struct {
    int fx, fy, tx, ty;
    char promo; /* 0, 'r' or 'b' */
} move_t;

/* ------------------------------------------------------------------ */
/* Geometry, from rgn-rollerball(7), THE BOARD */

/* F for every square, ranks 7 down to 1, from the four sides the rules
 * name. */
static const char *const F_TABLE[N] = {
    "EEEEEES", /* 7 */
    "NEEEESS", /* 6 */
    "NN***SS", /* 5 */
    "NN***SS", /* 4 */
    "NN***SS", /* 3 */
    "NNWWWWS", /* 2 */
    "NWWWWWW", /* 1 */
};

static int in_grid(int x, int y) { return x >= 0 && x < N && y >= 0 && y < N; }

static int in_hole(int x, int y)
{
    return x >= 2 && x <= 4 && y >= 2 && y <= 4;
}

static int on_board(int x, int y) { return in_grid(x, y) && !in_hole(x, y); }

static int blocked(int x, int y) { return !on_board(x, y); }

static int dir_of_letter(char c)
{
    switch (c) {
    case 'N': return DN;
    case 'E': return DE;
    case 'S': return DS;
    case 'W': return DW;
    }
    return -1;
}

static int fwd(int x, int y) { return dir_of_letter(F_TABLE[N - 1 - y][x]); }

/* The rings, clockwise, as the rules describe them. */
static const char *const OUTER =
    "a1a2a3a4a5a6a7b7c7d7e7f7g7g6g5g4g3g2g1f1e1d1c1b1";
static const char *const INNER = "b2b3b4b5b6c6d6e6f6f5f4f3f2e2d2c2";

static int is_outer(int x, int y)
{
    return x == 0 || x == N - 1 || y == 0 || y == N - 1;
}

static int dir_between(int x0, int y0, int x1, int y1)
{
    for (int d = 0; d < 8; d++)
        if (x0 + DX[d] == x1 && y0 + DY[d] == y1)
            return d;
    return -1;
}

/* B(s): the direction to the previous square on the ring. */
static int bwd(int x, int y)
{
    const char *ring = is_outer(x, y) ? OUTER : INNER;
    int len = (int)strlen(ring) / 2;
    for (int i = 0; i < len; i++) {
        if (ring[2 * i] - 'a' == x && ring[2 * i + 1] - '1' == y) {
            int p = (i + len - 1) % len;
            return dir_between(x, y, ring[2 * p] - 'a', ring[2 * p + 1] - '1');
        }
    }
    return -1;
}

/* The zone is named by F: South 0 (F = W), West 1 (N), North 2 (E),
 * East 3 (S). */
static int zone(int x, int y)
{
    switch (fwd(x, y)) {
    case DW: return 0;
    case DN: return 1;
    case DE: return 2;
    case DS: return 3;
    }
    return -1;
}

static int is_grid_corner(int x, int y)
{
    return (x == 0 || x == N - 1) && (y == 0 || y == N - 1);
}

/* ------------------------------------------------------------------ */
/* Pieces */

static int color_of(char c)
{
    if (c == 'K' || c == 'R' || c == 'B' || c == 'P')
        return 0;
    if (c == 'k' || c == 'r' || c == 'b' || c == 'p')
        return 1;
    return -1;
}

static char upper(char c) { return c >= 'a' && c <= 'z' ? c - 32 : c; }

typedef struct {
    move_t m[MAXM];
    int n;
} list_t;

static void add(list_t *l, int fx, int fy, int tx, int ty, char promo)
{
    for (int i = 0; i < l->n; i++) { /* one move per destination */
        move_t *o = &l->m[i];
        if (o->fx == fx && o->fy == fy && o->tx == tx && o->ty == ty &&
            o->promo == promo)
            return;
    }
    if (l->n < MAXM)
        l->m[l->n++] = (move_t){fx, fy, tx, ty, promo};
}

/* Can a piece of side c go to (x, y): on the board, not own-held. */
static int free_or_enemy(const pos_t *p, int x, int y, int c)
{
    if (!on_board(x, y))
        return 0;
    char q = p->sq[x][y];
    return q == 0 || color_of(q) != c;
}

static void step(const pos_t *p, list_t *l, int x, int y, int d, int c)
{
    int nx = x + DX[d], ny = y + DY[d];
    if (free_or_enemy(p, nx, ny, c))
        add(l, x, y, nx, ny, 0);
}

/* A straight slide with no rebound. */
static void ray(const pos_t *p, list_t *l, int x, int y, int d, int c)
{
    int cx = x + DX[d], cy = y + DY[d];
    while (on_board(cx, cy)) {
        char q = p->sq[cx][cy];
        if (q == 0) {
            add(l, x, y, cx, cy, 0);
        } else {
            if (color_of(q) != c)
                add(l, x, y, cx, cy, 0);
            return;
        }
        cx += DX[d];
        cy += DY[d];
    }
}

/* Rook: forward slide (rebounding once at a board corner when it starts
 * on the outer ring), sideways slides, one backward step. */
static void rook(const pos_t *p, list_t *l, int x, int y, int c)
{
    int f = fwd(x, y), b = bwd(x, y);
    int outer = is_outer(x, y), rebounded = 0;
    int d = f, cx = x, cy = y;
    for (;;) {
        int nx = cx + DX[d], ny = cy + DY[d];
        if (blocked(nx, ny)) {
            if (outer && !rebounded && is_grid_corner(cx, cy) &&
                !(cx == x && cy == y)) {
                rebounded = 1;
                d = fwd(cx, cy);
                continue;
            }
            break;
        }
        char q = p->sq[nx][ny];
        if (q != 0) {
            if (color_of(q) != c)
                add(l, x, y, nx, ny, 0);
            break;
        }
        add(l, x, y, nx, ny, 0);
        cx = nx;
        cy = ny;
    }
    for (int s = 0; s < 8; s += 2)
        if (s != f && s != b)
            ray(p, l, x, y, s, c);
    step(p, l, x, y, b, c);
}

static unsigned long grid_corner_stops;

/* Bishop: each forward diagonal slides with at most one rebound; one step
 * along each backward diagonal. */
static void bishop(const pos_t *p, list_t *l, int x, int y, int c)
{
    int f = fwd(x, y);
    int diags[2] = {(f + 7) % 8, (f + 1) % 8};
    for (int k = 0; k < 2; k++) {
        int dx = DX[diags[k]], dy = DY[diags[k]];
        int cx = x, cy = y, steps = 0, rebounded = 0;
        for (;;) {
            int nx = cx + dx, ny = cy + dy;
            if (blocked(nx, ny)) {
                if (steps == 0 || rebounded)
                    break;
                int hb = blocked(cx + dx, cy), vb = blocked(cx, cy + dy);
                if (hb && !vb) {
                    dx = -dx;
                } else if (vb && !hb) {
                    dy = -dy;
                } else {
                    if (hb && vb)
                        grid_corner_stops++;
                    break;
                }
                rebounded = 1;
                continue;
            }
            char q = p->sq[nx][ny];
            if (q != 0) {
                if (color_of(q) != c)
                    add(l, x, y, nx, ny, 0);
                break;
            }
            add(l, x, y, nx, ny, 0);
            cx = nx;
            cy = ny;
            steps++;
        }
    }
    step(p, l, x, y, (f + 3) % 8, c);
    step(p, l, x, y, (f + 5) % 8, c);
}

static int promotes(int c, int x, int y)
{
    if (c == 0)
        return (x == 4 && y == 5) || (x == 4 && y == 6); /* e6 e7 */
    return (x == 2 && y == 1) || (x == 2 && y == 0);     /* c2 c1 */
}

static void pawn(const pos_t *p, list_t *l, int x, int y, int c)
{
    int f = fwd(x, y);
    int ds[3] = {f, (f + 7) % 8, (f + 1) % 8};
    for (int k = 0; k < 3; k++) {
        int nx = x + DX[ds[k]], ny = y + DY[ds[k]];
        if (!free_or_enemy(p, nx, ny, c))
            continue;
        if (promotes(c, nx, ny)) {
            add(l, x, y, nx, ny, 'r');
            add(l, x, y, nx, ny, 'b');
        } else {
            add(l, x, y, nx, ny, 0);
        }
    }
}

/* Every move of side c's pieces by rgn-rollerball(7), THE PIECES AND HOW
 * THEY MOVE, legality aside. */
static void pseudo(const pos_t *p, list_t *l, int c)
{
    l->n = 0;
    for (int x = 0; x < N; x++) {
        for (int y = 0; y < N; y++) {
            char q = p->sq[x][y];
            if (color_of(q) != c)
                continue;
            switch (upper(q)) {
            case 'K':
                for (int d = 0; d < 8; d++)
                    step(p, l, x, y, d, c);
                break;
            case 'R': rook(p, l, x, y, c); break;
            case 'B': bishop(p, l, x, y, c); break;
            case 'P': pawn(p, l, x, y, c); break;
            }
        }
    }
}

static int find_king(const pos_t *p, int c, int *kx, int *ky)
{
    char k = c == 0 ? 'K' : 'k';
    for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
            if (p->sq[x][y] == k) {
                *kx = x;
                *ky = y;
                return 1;
            }
    return 0;
}

/* Some piece of side by could capture on (x, y). */
static int attacked(const pos_t *p, int x, int y, int by)
{
    list_t *l = malloc(sizeof *l);
    if (!l)
        abort();
    pseudo(p, l, by);
    int hit = 0;
    for (int i = 0; i < l->n && !hit; i++)
        hit = l->m[i].tx == x && l->m[i].ty == y;
    free(l);
    return hit;
}

static int king_attacked(const pos_t *p, int c)
{
    int kx, ky;
    if (!find_king(p, c, &kx, &ky))
        return 0;
    return attacked(p, kx, ky, 1 - c);
}

/* Side c's King stands on its target (d6 White, d2 Black) with T >= 2. */
static int has_won(const pos_t *p, int c)
{
    int kx, ky;
    if (!find_king(p, c, &kx, &ky))
        return 0;
    return kx == 3 && ky == (c == 0 ? 5 : 1) && p->t[c] >= 2;
}

static void make(pos_t *p, const move_t *m)
{
    char q = p->sq[m->fx][m->fy];
    int c = color_of(q);
    if (upper(q) == 'K') {
        int z0 = zone(m->fx, m->fy), z1 = zone(m->tx, m->ty);
        if (z1 == (z0 + 1) % 4)
            p->t[c]++;
        else if (z1 == (z0 + 3) % 4)
            p->t[c]--;
        else if (z1 != z0)
            abort(); /* a King step never skips a zone */
    }
    if (m->promo)
        q = c == 0 ? upper(m->promo) : m->promo;
    p->sq[m->fx][m->fy] = 0;
    p->sq[m->tx][m->ty] = q;
    p->side = 1 - p->side;
}

/* The legal moves; none once the side not to move has won. */
static void legal(const pos_t *p, list_t *out)
{
    out->n = 0;
    if (has_won(p, 1 - p->side))
        return;
    list_t *l = malloc(sizeof *l);
    if (!l)
        abort();
    pseudo(p, l, p->side);
    for (int i = 0; i < l->n; i++) {
        pos_t q = *p;
        make(&q, &l->m[i]);
        if (!king_attacked(&q, p->side))
            out->m[out->n++] = l->m[i];
    }
    free(l);
}

static uint64_t perft(const pos_t *p, int depth)
{
    if (depth == 0)
        return 1;
    list_t *l = malloc(sizeof *l);
    if (!l)
        abort();
    legal(p, l);
    uint64_t n = 0;
    if (depth == 1) {
        n = (uint64_t)l->n;
    } else {
        for (int i = 0; i < l->n; i++) {
            pos_t q = *p;
            make(&q, &l->m[i]);
            n += perft(&q, depth - 1);
        }
    }
    free(l);
    return n;
}

/* ------------------------------------------------------------------ */
/* Reading the position string (rgn(5), Rollerball positions),
 * minimally: the board, the
 * side, the two turn counts; fields 5 and 6 are skipped. */

static int read_int(const char **s, int *v)
{
    int neg = 0, any = 0;
    long n = 0;
    if (**s == '-') {
        neg = 1;
        (*s)++;
    }
    while (**s >= '0' && **s <= '9') {
        n = n * 10 + (**s - '0');
        if (n > 100000)
            return 0;
        (*s)++;
        any = 1;
    }
    *v = (int)(neg ? -n : n);
    return any;
}

static int parse(const char *s, pos_t *p)
{
    memset(p, 0, sizeof *p);
    for (int y = N - 1; y >= 0; y--) {
        int x = 0;
        while (*s && *s != '/' && *s != ' ') {
            char ch = *s++;
            if (ch >= '1' && ch <= '9') {
                int run = ch - '0';
                for (int k = 0; k < run; k++, x++)
                    if (!in_grid(x, y) || in_hole(x, y))
                        return 0;
            } else if (ch == HOLE) {
                if (!in_grid(x, y) || !in_hole(x, y))
                    return 0;
                p->sq[x++][y] = HOLE;
            } else if (color_of(ch) >= 0) {
                if (!on_board(x, y))
                    return 0;
                p->sq[x++][y] = ch;
            } else {
                return 0;
            }
        }
        if (x != N)
            return 0;
        if (y > 0 && *s++ != '/')
            return 0;
    }
    if (*s++ != ' ')
        return 0;
    if (*s == 'w' || *s == 'b')
        p->side = *s++ == 'b';
    else
        return 0;
    if (*s++ != ' ' || !read_int(&s, &p->t[0]))
        return 0;
    if (*s++ != ' ' || !read_int(&s, &p->t[1]))
        return 0;
    /* the hole squares hold their mark only while reading */
    for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
            if (p->sq[x][y] == HOLE)
                p->sq[x][y] = 0;
    int kx, ky;
    return find_king(p, 0, &kx, &ky) && find_king(p, 1, &kx, &ky);
}

/* Checks the geometry the code derives against what the rules state
 * elsewhere; a mismatch is a bug in this file. */
static int geometry_ok(void)
{
    static int checked = 0, ok = 1;
    if (checked)
        return ok;
    checked = 1;
    const char *rings[2] = {OUTER, INNER};
    for (int r = 0; r < 2; r++) {
        int len = (int)strlen(rings[r]) / 2;
        for (int i = 0; i < len; i++) {
            int x = rings[r][2 * i] - 'a', y = rings[r][2 * i + 1] - '1';
            int j = (i + 1) % len;
            int nx = rings[r][2 * j] - 'a', ny = rings[r][2 * j + 1] - '1';
            if (!on_board(x, y) || fwd(x, y) != dir_between(x, y, nx, ny))
                ok = 0;
        }
    }
    /* 40 squares, 10 in each zone */
    int count[4] = {0, 0, 0, 0}, total = 0;
    for (int x = 0; x < N; x++)
        for (int y = 0; y < N; y++)
            if (on_board(x, y)) {
                total++;
                count[zone(x, y)]++;
            }
    if (total != 40 || count[0] != 10 || count[1] != 10 || count[2] != 10 ||
        count[3] != 10)
        ok = 0;
    return ok;
}

static int cmp16(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

uint64_t ref_rb_perft(const char *text, int depth)
{
    pos_t p;
    if (!geometry_ok() || !parse(text, &p))
        return UINT64_MAX;
    return perft(&p, depth);
}

int ref_rb_moves(const char *text, char out[][16], int max)
{
    pos_t p;
    if (!geometry_ok() || !parse(text, &p))
        return -1;
    list_t *l = malloc(sizeof *l);
    if (!l)
        abort();
    legal(&p, l);
    char(*all)[16] = malloc(sizeof *all * (size_t)(l->n ? l->n : 1));
    if (!all)
        abort();
    for (int i = 0; i < l->n; i++) {
        move_t *m = &l->m[i];
        char *s = all[i];
        s[0] = (char)('a' + m->fx);
        s[1] = (char)('1' + m->fy);
        s[2] = (char)('a' + m->tx);
        s[3] = (char)('1' + m->ty);
        s[4] = m->promo;
        s[5] = 0;
    }
    qsort(all, (size_t)l->n, sizeof *all, cmp16);
    int n = l->n;
    for (int i = 0; i < n && i < max; i++)
        memcpy(out[i], all[i], 16);
    free(all);
    free(l);
    return n;
}

unsigned long ref_rb_grid_corner_stops(void) { return grid_corner_stops; }
