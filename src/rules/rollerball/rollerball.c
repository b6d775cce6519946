/*
 * rollerball.c - the Rollerball rule set (Cazaux, 1998), as the manual
 * page rgn-rollerball(7) (man/rgn-rollerball.7) states it.
 *
 * The board is two rings round a hole; every piece moves clockwise. All
 * directions come from F(s), the forward direction of each square (the
 * spec's map below): backward B(s) is F turned 90 degrees clockwise on the
 * eight bend squares and opposite elsewhere; the sideways directions are
 * the two orthogonals that are neither; forward diagonals are F +- 45
 * degrees. Positions have at most 12 pieces, so legality is tested the
 * plain way: make the move and see whether the King is attacked, where
 * "attacked" is exactly "some enemy piece could capture there".
 */
#include <pthread.h>
#include <string.h>

#include "rules/rollerball/rollerball.h"

const char roller_piece_letters[] = "?KRBP";

static const int ray_offset[8] = {
    ROLLER_WIDTH, ROLLER_WIDTH + 1, 1, -ROLLER_WIDTH + 1,
    -ROLLER_WIDTH, -ROLLER_WIDTH - 1, -1, ROLLER_WIDTH - 1,
};

/* F(s), rank 1 first, files a to g ('*' the hole): the spec's map. */
static const char forward_map[ROLLER_SIZE][ROLLER_SIZE + 1] = {
    "NWWWWWW", /* 1 */
    "NNWWWWS", /* 2 */
    "NN***SS", /* 3 */
    "NN***SS", /* 4 */
    "NN***SS", /* 5 */
    "NEEEESS", /* 6 */
    "EEEEEES", /* 7 */
};

int roller_forward(int square)
{
    switch (forward_map[roller_rank(square)][roller_file(square)]) {
    case 'N': return RGN_N;
    case 'E': return RGN_E;
    case 'S': return RGN_S;
    default: return RGN_W;
    }
}

static bool roller_on_board(int square)
{
    int f = roller_file(square), r = roller_rank(square);
    return f >= 0 && f < ROLLER_SIZE && r >= 0 && r < ROLLER_SIZE &&
           !roller_in_hole(f, r);
}

/* The ring corners a1 a7 g7 g1 and b2 b6 f6 f2. */
static bool is_bend(int square)
{
    int f = roller_file(square), r = roller_rank(square);
    return ((f == 0 || f == 6) && (r == 0 || r == 6)) ||
           ((f == 1 || f == 5) && (r == 1 || r == 5));
}

static bool is_outer(int square)
{
    int f = roller_file(square), r = roller_rank(square);
    return f == 0 || f == 6 || r == 0 || r == 6;
}

static bool is_corner(int square)
{
    int f = roller_file(square), r = roller_rank(square);
    return (f == 0 || f == 6) && (r == 0 || r == 6);
}

static int backward(int square)
{
    return (roller_forward(square) + (is_bend(square) ? 2 : 4)) & 7;
}

/* Zones by forward direction, clockwise from South: W 0, N 1, E 2, S 3. */
int roller_zone(int square)
{
    switch (roller_forward(square)) {
    case RGN_W: return 0;
    case RGN_N: return 1;
    case RGN_E: return 2;
    default: return 3;
    }
}

int roller_home_zone(int color) { return color == RGN_WHITE ? 0 : 2; }

int roller_target(int color)
{
    return color == RGN_WHITE ? roller_square(3, 5) /* d6 */
                              : roller_square(3, 1); /* d2 */
}

static bool promotes_on(int color, int square)
{
    int f = roller_file(square), r = roller_rank(square);
    if (color == RGN_WHITE)
        return f == 4 && (r == 5 || r == 6); /* e6, e7 */
    return f == 2 && (r == 0 || r == 1);     /* c1, c2 */
}

/* ------------------------------------------------------------------ */
/* Where a piece can go                                               */

#define BOARD_SQUARES (ROLLER_WIDTH * ROLLER_WIDTH)

/* A set of mailbox squares (81 < 128), one bit each. */
typedef struct square_set {
    uint64_t bits[2];
} square_set;

static inline bool set_has(const square_set *s, int square)
{
    return (s->bits[square >> 6] >> (square & 63)) & 1;
}

static inline void set_add(square_set *s, int square)
{
    s->bits[square >> 6] |= 1ull << (square & 63);
}

/* The squares a piece could move to, once each (the set says which are
 * taken already). With defends, squares of the mover's own pieces count
 * too: the squares it guards, for the enemy King's moves. */
typedef struct targets {
    uint8_t square[64];
    int count;
    square_set seen;
    bool defends;
} targets;

static void add_target(targets *t, int square)
{
    if (!set_has(&t->seen, square)) {
        set_add(&t->seen, square);
        t->square[t->count++] = (uint8_t)square;
    }
}

/* ------------------------------------------------------------------ */
/* Paths                                                              */

/* Every move of a piece runs along fixed paths: a step is a path of one
 * square, a slide the squares of its line up to the edge, and a rebound
 * (the Rook's at a board corner, the Bishop's off a side) depends on the
 * board's edges only, so it just makes the path longer. A piece goes
 * along each path until the first piece it meets. The paths of every
 * square and piece type are worked out once. */
#define MAX_PATHS 8
#define PATH_POOL 8192

typedef struct path {
    uint16_t start; /* index of the first square in path_pool */
    uint8_t length;
} path;

static struct {
    uint8_t square_pool[PATH_POOL];
    size_t pool_used;
    path paths[BOARD_SQUARES][ROLLER_PAWN + 1][MAX_PATHS];
    uint8_t path_count[BOARD_SQUARES][ROLLER_PAWN + 1];
} geometry;

static pthread_once_t geometry_once = PTHREAD_ONCE_INIT;

/* Extends the path being built from at in direction until the edge;
 * returns the last square reached. */
static int extend(int at, int direction)
{
    for (;;) {
        int to = at + ray_offset[direction];
        if (!roller_on_board(to))
            return at;
        geometry.square_pool[geometry.pool_used++] = (uint8_t)to;
        at = to;
    }
}

static void begin_path(int square, int type)
{
    path *p = &geometry.paths[square][type][geometry.path_count[square][type]];
    p->start = (uint16_t)geometry.pool_used;
}

static void end_path(int square, int type)
{
    path *p = &geometry.paths[square][type][geometry.path_count[square][type]];
    p->length = (uint8_t)(geometry.pool_used - p->start);
    if (p->length)
        geometry.path_count[square][type]++;
}

static void add_step(int from, int type, int direction)
{
    begin_path(from, type);
    int to = from + ray_offset[direction];
    if (roller_on_board(to))
        geometry.square_pool[geometry.pool_used++] = (uint8_t)to;
    end_path(from, type);
}

static void add_slide(int from, int type, int direction)
{
    begin_path(from, type);
    extend(from, direction);
    end_path(from, type);
}

/* The Rook's forward slide: on the outer ring it may rebound once at a
 * board corner, turning to that corner's forward direction. */
static void add_rook_forward(int from)
{
    begin_path(from, ROLLER_ROOK);
    int at = extend(from, roller_forward(from));
    if (is_outer(from) && at != from && is_corner(at))
        extend(at, roller_forward(at));
    end_path(from, ROLLER_ROOK);
}

/* A Bishop's forward diagonal slide, with at most one rebound off a side
 * (the spec's rule: only when exactly one of the two orthogonal
 * neighbours beyond is off the board, and after at least one step). */
static void add_bishop_forward(int from, int direction)
{
    begin_path(from, ROLLER_BISHOP);
    int at = extend(from, direction);
    if (at != from) {
        int dx = (direction == RGN_NE || direction == RGN_SE) ? 1 : -1;
        int dy = (direction == RGN_NE || direction == RGN_NW) ? 1 : -1;
        bool h_blocked = !roller_on_board(at + dx);
        bool v_blocked = !roller_on_board(at + dy * ROLLER_WIDTH);
        if (h_blocked != v_blocked) { /* not a corner of grid or hole */
            if (h_blocked)
                dx = -dx;
            else
                dy = -dy;
            extend(at, dy > 0 ? (dx > 0 ? RGN_NE : RGN_NW)
                              : (dx > 0 ? RGN_SE : RGN_SW));
        }
    }
    end_path(from, ROLLER_BISHOP);
}

static void build_geometry(void)
{
    for (int rank = 0; rank < ROLLER_SIZE; rank++)
        for (int file = 0; file < ROLLER_SIZE; file++) {
            if (roller_in_hole(file, rank))
                continue;
            int from = roller_square(file, rank);
            int f = roller_forward(from), b = backward(from);
            for (int d = 0; d < 8; d++)
                add_step(from, ROLLER_KING, d);
            add_rook_forward(from);
            for (int d = 0; d < 8; d += 2)
                if (d != f && d != b)
                    add_slide(from, ROLLER_ROOK, d);
            add_step(from, ROLLER_ROOK, b);
            add_bishop_forward(from, (f + 1) & 7);
            add_bishop_forward(from, (f + 7) & 7);
            add_step(from, ROLLER_BISHOP, (f + 3) & 7);
            add_step(from, ROLLER_BISHOP, (f + 5) & 7);
            add_step(from, ROLLER_PAWN, f);
            add_step(from, ROLLER_PAWN, (f + 1) & 7);
            add_step(from, ROLLER_PAWN, (f + 7) & 7);
        }
}

/* Adds every square the piece on from could move to (captures included;
 * with t->defends, the squares it guards). */
static void add_piece_targets(const uint8_t *board, int from, targets *t)
{
    pthread_once(&geometry_once, build_geometry);
    uint8_t piece = board[from];
    int color = RGN_COLOR(piece), type = RGN_TYPE(piece);
    const path *paths = geometry.paths[from][type];
    for (int i = 0; i < geometry.path_count[from][type]; i++) {
        const uint8_t *sq = geometry.square_pool + paths[i].start;
        for (int k = 0; k < paths[i].length; k++) {
            uint8_t p = board[sq[k]];
            if (p == RGN_EMPTY) {
                add_target(t, sq[k]);
                continue;
            }
            if (t->defends || RGN_COLOR(p) != color)
                add_target(t, sq[k]);
            break;
        }
    }
}

static void piece_targets(const uint8_t *board, int from, targets *t)
{
    *t = (targets){.count = 0};
    add_piece_targets(board, from, t);
}

/* The squares of the board, rank by rank (the hole left out). */
static const uint8_t *board_squares(int *count)
{
    static uint8_t squares[ROLLER_SIZE * ROLLER_SIZE];
    static int n;
    if (!n)
        for (int rank = 0; rank < ROLLER_SIZE; rank++)
            for (int file = 0; file < ROLLER_SIZE; file++)
                if (!roller_in_hole(file, rank))
                    squares[n++] = (uint8_t)roller_square(file, rank);
    *count = n;
    return squares;
}

/* The squares of each side's pieces: at most 12 pieces stand on the
 * board, so one scan serves a whole generation. */
typedef struct piece_lists {
    uint8_t square[2][ROLLER_SIZE * ROLLER_SIZE];
    int count[2];
} piece_lists;

static void collect_pieces(const uint8_t *board, piece_lists *lists)
{
    int n;
    const uint8_t *squares = board_squares(&n);
    lists->count[0] = lists->count[1] = 0;
    for (int i = 0; i < n; i++) {
        uint8_t p = board[squares[i]];
        if (p != RGN_EMPTY) {
            int color = RGN_COLOR(p);
            lists->square[color][lists->count[color]++] = squares[i];
        }
    }
}

/* Every square a side's pieces could capture on (with defends, also the
 * squares they guard). */
static square_set attack_map(const uint8_t *board, const piece_lists *lists,
                             int by, bool defends)
{
    targets t = {.count = 0, .defends = defends};
    for (int i = 0; i < lists->count[by]; i++) {
        int from = lists->square[by][i];
        if (board[from] != RGN_EMPTY) { /* not lifted off */
            t.count = 0; /* only the set is wanted */
            add_piece_targets(board, from, &t);
        }
    }
    return t.seen;
}

bool roller_attacked(const rgn_position *pos, int square, int by)
{
    piece_lists lists;
    collect_pieces(pos->board, &lists);
    square_set attacked = attack_map(pos->board, &lists, by, false);
    return set_has(&attacked, square);
}

bool roller_won(const rgn_position *pos, int color)
{
    return pos->king[color] == roller_target(color) &&
           ROLLER_TURNS(pos, color) >= 2;
}

bool roller_in_check(const rgn_position *pos)
{
    return roller_attacked(pos, pos->king[pos->side], pos->side ^ 1);
}

/* The game is over when the side that just moved won by king-reach. */
bool roller_game_over(const rgn_position *pos)
{
    return roller_won(pos, pos->side ^ 1);
}

/* ------------------------------------------------------------------ */
/* Keys, make and unmake                                              */

static inline uint64_t piece_key(uint8_t piece, int square)
{
    return rgn_mix64(((uint64_t)piece << 16) | ((uint64_t)square << 4) | 0x8);
}

static inline uint64_t turns_key(const rgn_position *pos)
{
    return rgn_mix64(0x524F4C4Cull ^
                     ((uint64_t)(uint32_t)ROLLER_TURNS(pos, 0) << 32) ^
                     (uint64_t)(uint32_t)ROLLER_TURNS(pos, 1));
}

static const uint64_t black_to_move_key = 0xBB67AE8584CAA73Bull;

uint64_t roller_compute_key(const rgn_position *pos)
{
    uint64_t key = pos->side == RGN_BLACK ? black_to_move_key : 0;
    for (int sq = 0; sq < ROLLER_WIDTH * ROLLER_WIDTH; sq++) {
        uint8_t piece = pos->board[sq];
        if (piece != RGN_EMPTY && piece != RGN_OFF)
            key ^= piece_key(piece, sq);
    }
    return key ^ turns_key(pos);
}

void roller_clear(rgn_position *pos)
{
    memset(pos->board, RGN_OFF, sizeof pos->board);
    memset(pos->orientation, 0, sizeof pos->orientation);
    for (int rank = 0; rank < ROLLER_SIZE; rank++)
        for (int file = 0; file < ROLLER_SIZE; file++)
            if (!roller_in_hole(file, rank))
                pos->board[roller_square(file, rank)] = RGN_EMPTY;
    pos->side = RGN_WHITE;
    pos->halfmove = 0;
    pos->fullmove = 1;
    pos->extra[0] = pos->extra[1] = 0;
    pos->check_cache = -1;
}

void roller_make(rgn_position *pos, rgn_move m, rgn_undo *undo)
{
    int us = pos->side;
    uint8_t piece = pos->board[m.from], captured = pos->board[m.to];
    undo->key = pos->key;
    undo->halfmove = pos->halfmove;
    undo->fullmove = pos->fullmove;
    undo->extra[0] = pos->extra[0];
    undo->extra[1] = pos->extra[1];
    undo->captured = captured;
    undo->captured_orientation = 0;
    undo->moved_orientation = 0;
    undo->check_cache = pos->check_cache;

    uint64_t key = pos->key ^ turns_key(pos) ^ piece_key(piece, m.from);
    if (captured != RGN_EMPTY)
        key ^= piece_key(captured, m.to);
    uint8_t arriving = piece;
    if (m.promotion)
        arriving = RGN_PIECE(us, m.promotion);
    pos->board[m.to] = arriving;
    pos->board[m.from] = RGN_EMPTY;
    key ^= piece_key(arriving, m.to);
    if (RGN_TYPE(piece) == ROLLER_KING) {
        int step = (roller_zone(m.to) - roller_zone(m.from) + 4) & 3;
        ROLLER_TURNS(pos, us) += step == 1 ? 1 : step == 3 ? -1 : 0;
        pos->king[us] = m.to;
    }
    bool resets = captured != RGN_EMPTY || RGN_TYPE(piece) == ROLLER_PAWN;
    pos->halfmove = resets ? 0 : pos->halfmove + 1;
    if (us == RGN_BLACK)
        pos->fullmove++;
    pos->side = (uint8_t)(us ^ 1);
    pos->key = key ^ black_to_move_key ^ turns_key(pos);
    pos->check_cache = -1;
}

void roller_unmake(rgn_position *pos, rgn_move m, const rgn_undo *undo)
{
    int us = pos->side ^ 1;
    pos->side = (uint8_t)us;
    uint8_t piece = pos->board[m.to];
    if (m.promotion)
        piece = RGN_PIECE(us, ROLLER_PAWN);
    pos->board[m.from] = piece;
    pos->board[m.to] = undo->captured;
    if (RGN_TYPE(piece) == ROLLER_KING)
        pos->king[us] = m.from;
    pos->extra[0] = undo->extra[0];
    pos->extra[1] = undo->extra[1];
    pos->key = undo->key;
    pos->halfmove = undo->halfmove;
    pos->fullmove = undo->fullmove;
    pos->check_cache = undo->check_cache;
}

/* ------------------------------------------------------------------ */
/* Legal moves                                                        */

static bool leaves_king_safe(rgn_position *pos, rgn_move m)
{
    rgn_undo undo;
    int us = pos->side;
    roller_make(pos, m, &undo);
    bool safe = !roller_attacked(pos, pos->king[us], us ^ 1);
    roller_unmake(pos, m, &undo);
    return safe;
}

/* What decides the legality of the side to move's moves without playing
 * them: the squares the enemy guards with our King off the board (where
 * the King may not go), and whether any other move needs the full test
 * (in check, or a piece of ours stands on an enemy's way to our King). */
typedef struct king_safety {
    square_set guarded;
    bool test_every_move;
} king_safety;

/* Removing or adding a piece of the mover's only shortens the enemy's
 * paths (rebounds depend on the board's edges, not on pieces), so when
 * no enemy reaches our King with all our other pieces lifted, no move
 * of theirs but the King's can expose it. */
static king_safety king_safety_of(const rgn_position *pos,
                                  const piece_lists *lists)
{
    int us = pos->side, them = us ^ 1, king = pos->king[us];
    const uint8_t *board = pos->board;
    king_safety ks = {{{0, 0}}, false};
    /* one walk along each enemy path gives both: the squares it guards
     * (up to the first piece, our King not counted: it is lifted), and
     * whether it would reach our King through our other pieces */
    for (int i = 0; i < lists->count[them]; i++) {
        int from = lists->square[them][i];
        int type = RGN_TYPE(board[from]);
        const path *paths = geometry.paths[from][type];
        for (int n = 0; n < geometry.path_count[from][type]; n++) {
            const uint8_t *sq = geometry.square_pool + paths[n].start;
            bool blocked = false;
            for (int k = 0; k < paths[n].length; k++) {
                int to = sq[k];
                if (to == king) {
                    ks.test_every_move = true;
                    if (!blocked)
                        set_add(&ks.guarded, to);
                    continue;
                }
                uint8_t p = board[to];
                if (!blocked)
                    set_add(&ks.guarded, to);
                if (p == RGN_EMPTY)
                    continue;
                if (RGN_COLOR(p) == them)
                    break;
                blocked = true; /* one of ours: the x-ray goes on */
            }
        }
    }
    return ks;
}

static bool is_legal(rgn_position *pos, const king_safety *ks, rgn_move m)
{
    if (m.from == pos->king[pos->side])
        return !set_has(&ks->guarded, m.to);
    return !ks->test_every_move || leaves_king_safe(pos, m);
}

/* The legal moves by the move rules alone (a king-reach win ends the game
 * but is not a rule of movement: see roller_game_over). only_type and
 * only_to narrow the search when not 0 and -1. */
static int generate(rgn_position *pos, rgn_move *list, int only_type,
                    int only_to)
{
    int us = pos->side, count = 0;
    pthread_once(&geometry_once, build_geometry);
    piece_lists lists;
    collect_pieces(pos->board, &lists);
    king_safety ks = king_safety_of(pos, &lists);
    targets t;
    for (int i = 0; i < lists.count[us]; i++) {
        int from = lists.square[us][i];
        int type = RGN_TYPE(pos->board[from]);
        if (only_type && type != only_type)
            continue;
        piece_targets(pos->board, from, &t);
        bool pawn = type == ROLLER_PAWN;
        if (!list && only_to < 0 && !pawn && type != ROLLER_KING &&
            !ks.test_every_move) {
            count += t.count; /* every one of them is legal */
            continue;
        }
        for (int k = 0; k < t.count; k++) {
            int to = t.square[k];
            if (only_to >= 0 && to != only_to)
                continue;
            rgn_move m = {(uint16_t)from, (uint16_t)to, RGN_MOVE_NORMAL, 0, 0, 0};
            if (!is_legal(pos, &ks, m))
                continue;
            if (pawn && promotes_on(us, to)) {
                /* the promoted piece does not change the King's
                 * safety: it is the mover's own */
                if (list) {
                    m.kind = RGN_MOVE_PROMOTION;
                    list[count] = m, list[count++].promotion = ROLLER_ROOK;
                    list[count] = m, list[count++].promotion = ROLLER_BISHOP;
                } else {
                    count += 2;
                }
            } else {
                if (list)
                    list[count] = m;
                count++;
            }
        }
    }
    return count;
}

int roller_legal_moves(rgn_position *pos, rgn_move *moves)
{
    return generate(pos, moves, 0, -1);
}

int roller_legal_moves_to(rgn_position *pos, rgn_move *moves, int type,
                                 int to)
{
    return generate(pos, moves, type, to);
}

int roller_count_moves(rgn_position *pos)
{
    return generate(pos, NULL, 0, -1);
}

enum rgn_status roller_status(rgn_position *pos)
{
    if (roller_game_over(pos))
        return RGN_KING_REACH;
    if (roller_count_moves(pos) > 0)
        return RGN_ONGOING;
    return roller_in_check(pos) ? RGN_CHECKMATE : RGN_STALEMATE;
}

/* ------------------------------------------------------------------ */
/* Why a move text matches nothing                                    */

static const char *const piece_names[] = {"", "King", "Rook", "Bishop",
                                          "pawn"};

enum rgn_problem roller_explain(rgn_position *pos, const rgn_san *s,
                                       char *why, size_t size)
{
    int us = pos->side, to = roller_square(s->to_file, s->to_rank);
    int type = ROLLER_PAWN;
    for (int k = ROLLER_KING; k <= ROLLER_BISHOP; k++)
        if (roller_piece_letters[k] == s->piece)
            type = k;
    const char *color = us == RGN_WHITE ? "White" : "Black";
    if (s->promotion && type != ROLLER_PAWN) {
        snprintf(why, size, "only a pawn can promote");
        return RGN_E_UNMATCHED;
    }
    if (s->promotion && s->promotion != 'R' && s->promotion != 'B') {
        snprintf(why, size, "a pawn promotes to a Rook (=R) or a Bishop (=B)");
        return RGN_E_UNMATCHED;
    }
    if (type == ROLLER_PAWN && s->promotion && !promotes_on(us, to)) {
        snprintf(why, size, "a %s pawn promotes only on %s", color,
                 us == RGN_WHITE ? "e6 or e7" : "c1 or c2");
        return RGN_E_UNMATCHED;
    }
    if (type == ROLLER_PAWN && !s->promotion && promotes_on(us, to)) {
        snprintf(why, size, "a pawn arriving on %c%d must promote (=R or =B)",
                 'a' + s->to_file, s->to_rank + 1);
        return RGN_E_UNMATCHED;
    }
    /* a piece that reaches the square but may not go there */
    bool any = false;
    targets t;
    for (int rank = 0; rank < ROLLER_SIZE; rank++)
        for (int file = 0; file < ROLLER_SIZE; file++) {
            int from = roller_square(file, rank);
            if (pos->board[from] != RGN_PIECE(us, type) ||
                (s->from_file >= 0 && file != s->from_file) ||
                (s->from_rank >= 0 && rank != s->from_rank))
                continue;
            any = true;
            piece_targets(pos->board, from, &t);
            if (set_has(&t.seen, to)) {
                snprintf(why, size, "the move would leave the %s King attacked",
                         color);
                return RGN_E_UNMATCHED;
            }
        }
    if (!any)
        snprintf(why, size, "%s has no %s%s", color, piece_names[type],
                 s->from_file >= 0 || s->from_rank >= 0 ? " there" : "");
    else
        snprintf(why, size, "no %s can reach %c%d", piece_names[type],
                 'a' + s->to_file, s->to_rank + 1);
    return RGN_E_UNMATCHED;
}
