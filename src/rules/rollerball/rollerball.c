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
/* Squares as bits                                                    */

/* The board's squares run from a1 (mailbox 10) to g7 (70), so one bit of
 * a uint64_t each, bit square - FIRST_SQUARE, makes a set of squares. */
#define FIRST_SQUARE (ROLLER_WIDTH + 1)
#define LAST_SQUARE (ROLLER_SIZE * ROLLER_WIDTH + ROLLER_SIZE)
#define BOARD_SQUARES (ROLLER_WIDTH * ROLLER_WIDTH)

_Static_assert(LAST_SQUARE - FIRST_SQUARE < 64, "a board fits in 64 bits");

static inline uint64_t bit(int square)
{
    return 1ull << (square - FIRST_SQUARE);
}

static inline int lowest_square(uint64_t set)
{
    return FIRST_SQUARE + __builtin_ctzll(set);
}

/* ------------------------------------------------------------------ */
/* Paths                                                              */

/* Every move of a piece runs along fixed paths: a step is a path of one
 * square, a slide the squares of its line up to the edge, and a rebound
 * (the Rook's at a board corner, the Bishop's off a side) depends on the
 * board's edges only, so it just makes the path longer. A piece goes
 * along each path until the first piece it meets. The paths of every
 * square and piece type are worked out once, each with the set of its
 * squares, so that a search for what reaches one square skips the paths
 * and pieces that cannot. */
#define PATH_POOL 8192
#define MAX_PATHS 1024

typedef struct path {
    uint64_t squares;  /* the set of the path's squares */
    uint16_t start;    /* index of the first square in square_pool */
    uint8_t length;
} path;

typedef struct piece_paths {
    uint64_t reach;    /* every square of every path */
    uint16_t first;    /* the first of the piece's paths in path */
    uint8_t count;
} piece_paths;

static struct {
    uint8_t square_pool[PATH_POOL];
    size_t pool_used;
    path path[MAX_PATHS];
    int paths_used;
    piece_paths of[BOARD_SQUARES][ROLLER_PAWN + 1];
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

static void begin_path(void)
{
    geometry.path[geometry.paths_used].start = (uint16_t)geometry.pool_used;
}

/* Keeps the path begun last unless it is empty; the paths of one square
 * and type are built one after the other (build_geometry). */
static void end_path(int square, int type)
{
    path *p = &geometry.path[geometry.paths_used];
    p->length = (uint8_t)(geometry.pool_used - p->start);
    if (!p->length)
        return;
    p->squares = 0;
    for (int k = 0; k < p->length; k++)
        p->squares |= bit(geometry.square_pool[p->start + k]);
    piece_paths *pp = &geometry.of[square][type];
    if (!pp->count)
        pp->first = (uint16_t)geometry.paths_used;
    pp->count++;
    pp->reach |= p->squares;
    geometry.paths_used++;
}

static void add_step(int from, int type, int direction)
{
    begin_path();
    int to = from + ray_offset[direction];
    if (roller_on_board(to))
        geometry.square_pool[geometry.pool_used++] = (uint8_t)to;
    end_path(from, type);
}

static void add_slide(int from, int type, int direction)
{
    begin_path();
    extend(from, direction);
    end_path(from, type);
}

/* The Rook's forward slide: on the outer ring it may rebound once at a
 * board corner, turning to that corner's forward direction. */
static void add_rook_forward(int from)
{
    begin_path();
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
    begin_path();
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

/* The squares the piece on from could move to (captures included), in
 * the order its paths meet them when order is not NULL: *n of them, each
 * once, as a square reached by two paths is one move. Inlined, so that
 * counting (order NULL) keeps only the set. */
static inline uint64_t piece_targets(const uint8_t *board, int from,
                                     uint8_t *order, int *n)
{
    uint8_t piece = board[from];
    int color = RGN_COLOR(piece);
    const piece_paths *pp = &geometry.of[from][RGN_TYPE(piece)];
    uint64_t set = 0;
    for (int i = pp->first; i < pp->first + pp->count; i++) {
        const uint8_t *sq = geometry.square_pool + geometry.path[i].start;
        for (int k = 0; k < geometry.path[i].length; k++) {
            uint8_t p = board[sq[k]];
            if (p != RGN_EMPTY && RGN_COLOR(p) == color)
                break;
            uint64_t b = bit(sq[k]);
            if (order && !(set & b))
                order[(*n)++] = sq[k];
            set |= b;
            if (p != RGN_EMPTY)
                break;
        }
    }
    return set;
}

/* The squares of each side's pieces, in the order of the squares. */
typedef struct piece_lists {
    uint8_t square[2][BOARD_SQUARES];
    int count[2];
} piece_lists;

/* A square holds 0 (empty), RGN_OFF (0xFF) or a piece (0x01..0x1F), so
 * eight squares at a time, the bytes of a word, are told apart with a few
 * operations: the pieces are the bytes that are not 0 and whose high bit
 * is clear. At most 12 pieces stand on 40 squares. */
static void collect_pieces(const uint8_t *board, piece_lists *lists)
{
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Full, high = ~low7;
    lists->count[0] = lists->count[1] = 0;
    for (int base = FIRST_SQUARE; base <= LAST_SQUARE; base += 8) {
        uint64_t w;
        memcpy(&w, board + base, sizeof w);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        w = __builtin_bswap64(w); /* byte k of the word is square base + k */
#endif
        uint64_t nonzero = (((w & low7) + low7) | w) & high;
        for (uint64_t pieces = nonzero & ~w; pieces; pieces &= pieces - 1) {
            int square = base + (__builtin_ctzll(pieces) >> 3);
            int color = RGN_COLOR(board[square]);
            lists->square[color][lists->count[color]++] = (uint8_t)square;
        }
    }
}

/* Whether a piece going along the path gets to square, which is on it:
 * nothing stands before it. */
static bool path_reaches(const uint8_t *board, const path *p, int square)
{
    const uint8_t *sq = geometry.square_pool + p->start;
    for (int k = 0; sq[k] != square; k++)
        if (board[sq[k]] != RGN_EMPTY)
            return false;
    return true;
}

/* Whether a piece of by's in the list (and still on its square) could
 * capture on square; only the paths that pass through it are walked. */
static bool attacked_by(const uint8_t *board, const piece_lists *lists,
                        int square, int by)
{
    uint64_t target = bit(square);
    uint8_t there = board[square];
    if (there != RGN_EMPTY && RGN_COLOR(there) == by)
        return false; /* a guarded square is not an attacked one */
    for (int i = 0; i < lists->count[by]; i++) {
        int from = lists->square[by][i];
        uint8_t piece = board[from];
        if (piece == RGN_EMPTY || RGN_COLOR(piece) != by)
            continue; /* captured since the list was made */
        const piece_paths *pp = &geometry.of[from][RGN_TYPE(piece)];
        if (!(pp->reach & target))
            continue;
        for (int n = pp->first; n < pp->first + pp->count; n++)
            if ((geometry.path[n].squares & target) &&
                path_reaches(board, &geometry.path[n], square))
                return true;
    }
    return false;
}

bool roller_attacked(const rgn_position *pos, int square, int by)
{
    pthread_once(&geometry_once, build_geometry);
    piece_lists lists;
    collect_pieces(pos->board, &lists);
    return attacked_by(pos->board, &lists, square, by);
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

    uint64_t key = pos->key ^ black_to_move_key ^ piece_key(piece, m.from);
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
        if (step == 1 || step == 3) { /* the turn counts are in the key */
            key ^= turns_key(pos);
            ROLLER_TURNS(pos, us) += step == 1 ? 1 : -1;
            key ^= turns_key(pos);
        }
        pos->king[us] = m.to;
    }
    bool resets = captured != RGN_EMPTY || RGN_TYPE(piece) == ROLLER_PAWN;
    pos->halfmove = resets ? 0 : pos->halfmove + 1;
    if (us == RGN_BLACK)
        pos->fullmove++;
    pos->side = (uint8_t)(us ^ 1);
    pos->key = key;
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

/* What decides the legality of the side to move's moves without playing
 * them: the squares the enemy guards with our King lifted (where the King
 * may not go), and the pieces whose moves must be played to be judged:
 * all of them in check, else those that alone stand on an enemy's way to
 * our King (pinned, as one move moves one piece). */
typedef struct king_safety {
    uint64_t guarded;
    uint64_t test; /* our pieces whose moves get the full test */
} king_safety;

/* Removing or adding a piece of the mover's only shortens the enemy's
 * paths (rebounds depend on the board's edges, not on pieces), so only
 * enemy paths through our King or the squares next to it matter: one walk
 * along each gives both the squares it guards (up to the first piece, our
 * King lifted) and whether it would reach our King past one of ours. */
static king_safety king_safety_of(const rgn_position *pos,
                                  const piece_lists *lists)
{
    int us = pos->side, them = us ^ 1, king = pos->king[us];
    const uint8_t *board = pos->board;
    uint64_t near = geometry.of[king][ROLLER_KING].reach | bit(king);
    king_safety ks = {0, 0};
    bool in_check = false;
    for (int i = 0; i < lists->count[them]; i++) {
        int from = lists->square[them][i];
        const piece_paths *pp = &geometry.of[from][RGN_TYPE(board[from])];
        if (!(pp->reach & near))
            continue;
        for (int n = pp->first; n < pp->first + pp->count; n++) {
            if (!(geometry.path[n].squares & near))
                continue;
            const uint8_t *sq = geometry.square_pool + geometry.path[n].start;
            int blocker = 0; /* the one piece of ours met so far */
            for (int k = 0; k < geometry.path[n].length; k++) {
                int to = sq[k];
                if (to == king) {
                    if (blocker)
                        ks.test |= bit(blocker);
                    else
                        in_check = true;
                    if (blocker)
                        break;
                    continue; /* the lifted King guards nothing */
                }
                uint8_t p = board[to];
                if (!blocker)
                    ks.guarded |= bit(to);
                if (p == RGN_EMPTY)
                    continue;
                if (blocker || RGN_COLOR(p) == them)
                    break; /* two pieces between cannot both move */
                blocker = to;
            }
        }
    }
    if (in_check)
        ks.test = ~0ull;
    return ks;
}

/* Plays the move and sees whether our King is attacked by the enemy
 * pieces of the list. */
static bool leaves_king_safe(rgn_position *pos, const piece_lists *lists,
                             rgn_move m)
{
    rgn_undo undo;
    int us = pos->side;
    roller_make(pos, m, &undo);
    bool safe = !attacked_by(pos->board, lists, pos->king[us], us ^ 1);
    roller_unmake(pos, m, &undo);
    return safe;
}

/* The subset of a piece's targets that are legal. */
static uint64_t legal_targets(rgn_position *pos, const piece_lists *lists,
                              const king_safety *ks, int from,
                              uint64_t targets)
{
    if (from == pos->king[pos->side])
        return targets & ~ks->guarded;
    if (!(ks->test & bit(from)))
        return targets;
    uint64_t legal = 0;
    for (uint64_t t = targets; t; t &= t - 1) {
        int to = lowest_square(t);
        rgn_move m = {(uint16_t)from, (uint16_t)to, RGN_MOVE_NORMAL, 0, 0, 0};
        /* a promotion's piece does not change the King's safety: it is
         * the mover's own */
        if (leaves_king_safe(pos, lists, m))
            legal |= bit(to);
    }
    return legal;
}

/* The squares where a pawn of the colour promotes: e6 e7, c1 c2. */
static uint64_t promotion_squares(int color)
{
    return color == RGN_WHITE
               ? bit(roller_square(4, 5)) | bit(roller_square(4, 6))
               : bit(roller_square(2, 0)) | bit(roller_square(2, 1));
}

/* The legal moves by the move rules alone (a king-reach win ends the game
 * but is not a rule of movement: see roller_game_over), in the order of
 * the pieces' squares and then of their paths. only_type and only_to
 * narrow the search when not 0 and -1. */
static int generate(rgn_position *pos, rgn_move *list, int only_type,
                    int only_to)
{
    int us = pos->side, count = 0;
    pthread_once(&geometry_once, build_geometry);
    piece_lists lists;
    collect_pieces(pos->board, &lists);
    king_safety ks = king_safety_of(pos, &lists);
    for (int i = 0; i < lists.count[us]; i++) {
        int from = lists.square[us][i];
        int type = RGN_TYPE(pos->board[from]);
        if (only_type && type != only_type)
            continue;
        uint8_t order[BOARD_SQUARES];
        int n = 0;
        uint64_t legal = legal_targets(
            pos, &lists, &ks, from, piece_targets(pos->board, from, order, &n));
        for (int k = 0; k < n; k++) {
            int to = order[k];
            if ((only_to >= 0 && to != only_to) || !(legal & bit(to)))
                continue;
            rgn_move m = {(uint16_t)from, (uint16_t)to, RGN_MOVE_NORMAL, 0, 0, 0};
            if (type == ROLLER_PAWN && promotes_on(us, to)) {
                m.kind = RGN_MOVE_PROMOTION;
                list[count] = m, list[count++].promotion = ROLLER_ROOK;
                list[count] = m, list[count++].promotion = ROLLER_BISHOP;
            } else {
                list[count++] = m;
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

/* Perft's leaves: the moves are counted as sets of squares, never
 * listed, and a promotion counts twice (Rook and Bishop). */
int roller_count_moves(rgn_position *pos)
{
    int us = pos->side, count = 0;
    pthread_once(&geometry_once, build_geometry);
    piece_lists lists;
    collect_pieces(pos->board, &lists);
    king_safety ks = king_safety_of(pos, &lists);
    uint64_t promotions = promotion_squares(us);
    for (int i = 0; i < lists.count[us]; i++) {
        int from = lists.square[us][i];
        uint64_t legal = legal_targets(
            pos, &lists, &ks, from, piece_targets(pos->board, from, NULL, NULL));
        count += __builtin_popcountll(legal);
        if (RGN_TYPE(pos->board[from]) == ROLLER_PAWN)
            count += __builtin_popcountll(legal & promotions);
    }
    return count;
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
    pthread_once(&geometry_once, build_geometry);
    for (int rank = 0; rank < ROLLER_SIZE; rank++)
        for (int file = 0; file < ROLLER_SIZE; file++) {
            int from = roller_square(file, rank);
            if (pos->board[from] != RGN_PIECE(us, type) ||
                (s->from_file >= 0 && file != s->from_file) ||
                (s->from_rank >= 0 && rank != s->from_rank))
                continue;
            any = true;
            if (piece_targets(pos->board, from, NULL, NULL) & bit(to)) {
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
