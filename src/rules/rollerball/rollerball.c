/*
 * rollerball.c - the Rollerball rule set (Cazaux, 1998), as the manual
 * page rgn-rollerball(7) (man/rgn-rollerball.7) states it.
 *
 * The board is two rings round a hole; every piece moves clockwise. All
 * directions come from F(s), the forward direction of each square (the
 * map below): backward B(s) is F turned 90 degrees clockwise on the
 * eight bend squares and opposite elsewhere; the sideways directions are
 * the two orthogonals that are neither; forward diagonals are F +- 45
 * degrees. Every move runs along paths fixed by the board alone, kept as
 * sets of squares (one bit a square), so that where pieces stop, what
 * they attack and which moves keep the King safe are a few operations on
 * 64-bit words: "attacked" is exactly "some enemy piece could capture
 * there", and a move is legal when it leaves no enemy path open to the
 * King (king_safety_of).
 */
#include <pthread.h>
#include <string.h>

#include "rules/rollerball/rollerball.h"

const char roller_piece_letters[] = "?KRBP";

static const int ray_offset[8] = {
    ROLLER_WIDTH,  ROLLER_WIDTH + 1,  1,  -ROLLER_WIDTH + 1,
    -ROLLER_WIDTH, -ROLLER_WIDTH - 1, -1, ROLLER_WIDTH - 1,
};

/* F(s), rank 1 first, files a to g ('*' the hole): the four sides of
 * rgn-rollerball(7), THE BOARD, square by square. */
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
    return color == RGN_WHITE ? roller_square(3, 5)  /* d6 */
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

/* The number of squares in a set (the build has no popcnt instruction,
 * and the library's __popcountdi2 is a call). */
static inline int square_count(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ull;
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
}

/* Where the pieces stand, as sets. */
typedef struct occupancy {
    uint64_t all, side[2];
} occupancy;

/* Byte k of a word whose bytes are 0x80 or 0 gives bit k of the result. */
static inline uint64_t gather_bytes(uint64_t high_bits)
{
    return ((high_bits >> 7) * 0x0102040810204080ull) >> 56;
}

/* A square holds 0 (empty), RGN_OFF (0xFF) or a piece (0x01..0x1F), so
 * eight squares at a time, the bytes of a word, are told apart with a few
 * operations and no branch: the pieces are the bytes that are not 0 and
 * whose high bit is clear, Black's those with RGN_BLACK_BIT too. */
static occupancy occupancy_of(const uint8_t *board)
{
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Full, high = ~low7;
    occupancy o = {0, {0, 0}};
    for (int base = FIRST_SQUARE; base <= LAST_SQUARE; base += 8) {
        uint64_t w;
        memcpy(&w, board + base, sizeof w);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        w = __builtin_bswap64(w); /* byte k of the word is square base + k */
#endif
        uint64_t pieces = (((w & low7) + low7) | w) & high & ~w;
        uint64_t black = pieces & (w << 3); /* RGN_BLACK_BIT is 0x10 */
        o.all |= gather_bytes(pieces) << (base - FIRST_SQUARE);
        o.side[RGN_BLACK] |= gather_bytes(black) << (base - FIRST_SQUARE);
    }
    o.side[RGN_WHITE] = o.all & ~o.side[RGN_BLACK];
    return o;
}

/* ------------------------------------------------------------------ */
/* Paths                                                              */

/* Every move of a piece runs along fixed paths: a step is a path of one
 * square, a slide the squares of its line up to the edge, and a rebound
 * (the Rook's at a board corner, the Bishop's off a side) depends on the
 * board's edges only, so it just makes the path longer. A piece goes
 * along each path until the first piece it meets. The paths of every
 * square and piece type are worked out once, twice over: as lists of
 * squares in order (for move lists in that order) and as sets of squares
 * (for everything else). A slide is one or two straight legs, the second
 * after its rebound; a leg runs to higher or to lower square numbers, so
 * the first piece on it is the lowest or the highest of the set of its
 * squares that hold one, and where a slide stops takes a few operations
 * on sets, no walk. */
#define PATH_POOL 8192
#define MAX_PATHS 1024
#define MAX_SLIDES 512

typedef struct path {
    uint16_t start; /* index of the first square in square_pool */
    uint8_t length;
} path;

typedef struct slide {
    uint64_t leg[2]; /* leg[1] is 0 without a rebound */
    uint64_t up[2];  /* all ones when the leg runs to higher squares */
} slide;

typedef struct piece_moves {
    uint64_t reach; /* every square of every path */
    uint64_t steps; /* the squares of the paths of one square */
    uint16_t first_path, first_slide;
    uint8_t paths, slides;
} piece_moves;

static struct {
    uint8_t square_pool[PATH_POOL];
    size_t pool_used;
    path path[MAX_PATHS];
    int paths_used;
    slide slide[MAX_SLIDES];
    int slides_used;
    piece_moves of[BOARD_SQUARES][ROLLER_PAWN + 1];
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

/* Files the path begun last, unless it is empty, as a step or as a slide
 * cut into its legs where its direction changes. The paths of one square
 * and type are built one after the other (build_geometry). */
static void end_path(int from, int type)
{
    path *p = &geometry.path[geometry.paths_used];
    p->length = (uint8_t)(geometry.pool_used - p->start);
    if (!p->length)
        return;
    piece_moves *pm = &geometry.of[from][type];
    if (!pm->paths)
        pm->first_path = (uint16_t)geometry.paths_used;
    pm->paths++;
    geometry.paths_used++;
    const uint8_t *sq = geometry.square_pool + p->start;
    if (p->length == 1) {
        pm->steps |= bit(sq[0]);
        pm->reach |= bit(sq[0]);
        return;
    }
    if (!pm->slides)
        pm->first_slide = (uint16_t)geometry.slides_used;
    pm->slides++;
    slide *s = &geometry.slide[geometry.slides_used++];
    int leg = 0, at = from, step = sq[0] - from;
    for (int k = 0; k < p->length; at = sq[k++]) {
        if (sq[k] - at != step) { /* the rebound */
            leg = 1;
            step = sq[k] - at;
        }
        s->leg[leg] |= bit(sq[k]);
        s->up[leg] = step > 0 ? ~0ull : 0;
        pm->reach |= bit(sq[k]);
    }
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
 * (rgn-rollerball(7), THE PIECES AND HOW THEY MOVE, and RULINGS: only
 * when exactly one of the two orthogonal neighbours beyond is off the
 * board, and after at least one step). */
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

/* The squares of a leg up to the first piece on it, that one included:
 * the lowest piece on a leg that runs up, the highest on one that runs
 * down. With no piece on the leg both masks are all ones. */
static inline uint64_t leg_reach(uint64_t leg, uint64_t up, uint64_t occupied)
{
    uint64_t on = leg & occupied;
    uint64_t upto_lowest = ((on & -on) << 1) - 1;
    uint64_t from_highest = -(1ull << (63 - __builtin_clzll(on | 1)));
    return leg & ((upto_lowest & up) | (from_highest & ~up));
}

static inline uint64_t slide_reach(const slide *s, uint64_t occupied)
{
    /* the rebound is reached when no piece stands on the first leg */
    uint64_t open = (s->leg[0] & occupied) ? 0 : ~0ull;
    return leg_reach(s->leg[0], s->up[0], occupied) |
           (open & leg_reach(s->leg[1], s->up[1], occupied));
}

/* The squares of a slide before square, which is on it. */
static uint64_t slide_before(const slide *s, uint64_t square)
{
    int leg = (s->leg[0] & square) ? 0 : 1;
    uint64_t before = leg ? s->leg[0] : 0;
    uint64_t below = square - 1, above = -(square << 1);
    return before |
           (s->leg[leg] & ((below & s->up[leg]) | (above & ~s->up[leg])));
}

/* Every square the piece of the type on from could capture on, were there
 * an enemy piece, and the squares of the first pieces it meets, whatever
 * their colour: what it attacks or guards. */
static inline uint64_t piece_attacks(int from, int type, uint64_t occupied)
{
    const piece_moves *pm = &geometry.of[from][type];
    uint64_t set = pm->steps;
    for (int i = pm->first_slide; i < pm->first_slide + pm->slides; i++)
        set |= slide_reach(&geometry.slide[i], occupied);
    return set;
}

bool roller_attacked(const rgn_position *pos, int square, int by)
{
    pthread_once(&geometry_once, build_geometry);
    const uint8_t *board = pos->board;
    occupancy o = occupancy_of(board);
    uint64_t target = bit(square);
    if (o.side[by] & target)
        return false; /* a guarded square is not an attacked one */
    for (uint64_t set = o.side[by]; set; set &= set - 1) {
        int from = lowest_square(set);
        int type = RGN_TYPE(board[from]);
        if ((geometry.of[from][type].reach & target) &&
            (piece_attacks(from, type, o.all) & target))
            return true;
    }
    return false;
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
    /* every field, so that a position read from a string is the same
     * whatever the memory held before (castling and the en passant
     * square are compared by the position criteria) */
    const struct rgn_variant *variant = pos->variant;
    memset(pos, 0, sizeof *pos);
    pos->variant = variant;
    pos->ep_square = -1;
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
 * them. One move moves one of our pieces from a square to another (and
 * may take the enemy piece there), so an enemy path to our King is cut
 * after it exactly when the destination lies on it before the King, or
 * is the enemy piece's own square: hence the lines below. */
typedef struct king_safety {
    /* what the enemy guards with our King lifted, where it may not go */
    uint64_t guarded;
    /* where a move but the King's must end: on every checking line (all
     * squares when not in check) */
    uint64_t evasions;
    /* our pieces that alone stand on an enemy path to our King, and for
     * each (indexed by its bit) the line it may not leave: the squares
     * before the King and the enemy piece's own */
    uint64_t pinned;
    uint64_t pin_line[64];
} king_safety;

/* Pieces decide where a path stops, never where it runs (rebounds depend
 * on the board's edges alone), so only enemy pieces whose paths pass our
 * King or the squares next to it can matter. */
static void king_safety_of(const rgn_position *pos, const occupancy *o,
                           king_safety *ks)
{
    int us = pos->side, them = us ^ 1, king = pos->king[us];
    uint64_t king_bit = bit(king);
    uint64_t near = geometry.of[king][ROLLER_KING].reach | king_bit;
    uint64_t lifted = o->all & ~king_bit;
    ks->guarded = ks->pinned = 0;
    ks->evasions = ~0ull;
    for (uint64_t set = o->side[them]; set; set &= set - 1) {
        int from = lowest_square(set);
        const piece_moves *pm = &geometry.of[from][RGN_TYPE(pos->board[from])];
        if (!(pm->reach & near))
            continue;
        uint64_t from_bit = set & -set;
        ks->guarded |= pm->steps;
        if (pm->steps & king_bit)
            ks->evasions &= from_bit; /* only taking it answers a step */
        for (int i = pm->first_slide; i < pm->first_slide + pm->slides; i++) {
            const slide *s = &geometry.slide[i];
            ks->guarded |= slide_reach(s, lifted);
            if (!((s->leg[0] | s->leg[1]) & king_bit))
                continue;
            uint64_t line = slide_before(s, king_bit);
            uint64_t between = line & o->all;
            line |= from_bit;
            if (!between) {
                ks->evasions &= line;
            } else if (!(between & (between - 1)) && (between & o->side[us])) {
                int k = __builtin_ctzll(between);
                ks->pin_line[k] =
                    (ks->pinned & between) ? ks->pin_line[k] & line : line;
                ks->pinned |= between;
            }
        }
    }
}

/* The squares the piece of ours on from may legally move to. */
static inline uint64_t legal_targets(const rgn_position *pos,
                                     const occupancy *o, const king_safety *ks,
                                     int from)
{
    uint64_t own = o->side[pos->side], from_bit = bit(from);
    int type = RGN_TYPE(pos->board[from]);
    if (type == ROLLER_KING)
        return geometry.of[from][ROLLER_KING].steps & ~own & ~ks->guarded;
    uint64_t allowed = ks->evasions;
    if (ks->pinned & from_bit)
        allowed &= ks->pin_line[from - FIRST_SQUARE];
    return piece_attacks(from, type, o->all) & ~own & allowed;
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
    const uint8_t *board = pos->board;
    pthread_once(&geometry_once, build_geometry);
    occupancy o = occupancy_of(board);
    king_safety ks;
    king_safety_of(pos, &o, &ks);
    for (uint64_t set = o.side[us]; set; set &= set - 1) {
        int from = lowest_square(set);
        int type = RGN_TYPE(board[from]);
        if (only_type && type != only_type)
            continue;
        uint64_t legal = legal_targets(pos, &o, &ks, from);
        if (only_to >= 0)
            legal &= bit(only_to);
        const piece_moves *pm = &geometry.of[from][type];
        for (int i = pm->first_path; i < pm->first_path + pm->paths; i++) {
            const uint8_t *sq = geometry.square_pool + geometry.path[i].start;
            for (int k = 0; k < geometry.path[i].length; k++) {
                int to = sq[k];
                if (legal & bit(to)) {
                    legal &= ~bit(to); /* two paths there make one move */
                    rgn_move m = {
                        (uint16_t)from, (uint16_t)to, RGN_MOVE_NORMAL, 0, 0, 0};
                    if (type == ROLLER_PAWN && promotes_on(us, to)) {
                        m.kind = RGN_MOVE_PROMOTION;
                        list[count] = m, list[count++].promotion = ROLLER_ROOK;
                        list[count] = m;
                        list[count++].promotion = ROLLER_BISHOP;
                    } else {
                        list[count++] = m;
                    }
                }
                if (board[to] != RGN_EMPTY)
                    break;
            }
        }
    }
    return count;
}

int roller_legal_moves(rgn_position *pos, rgn_move *moves)
{
    return generate(pos, moves, 0, -1);
}

int roller_legal_moves_to(rgn_position *pos, rgn_move *moves, int type, int to)
{
    return generate(pos, moves, type, to);
}

/* Perft's leaves: the moves are counted as sets of squares, never
 * listed, and a promotion counts twice (Rook and Bishop). */
int roller_count_moves(rgn_position *pos)
{
    int us = pos->side, count = 0;
    pthread_once(&geometry_once, build_geometry);
    occupancy o = occupancy_of(pos->board);
    king_safety ks;
    king_safety_of(pos, &o, &ks);
    uint64_t pawns_promote = promotion_squares(us);
    for (uint64_t set = o.side[us]; set; set &= set - 1) {
        int from = lowest_square(set);
        uint64_t legal = legal_targets(pos, &o, &ks, from);
        count += square_count(legal);
        if (RGN_TYPE(pos->board[from]) == ROLLER_PAWN)
            count += square_count(legal & pawns_promote);
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

static const char *const piece_names[] = {"", "King", "Rook", "Bishop", "pawn"};

enum rgn_problem roller_explain(rgn_position *pos, const rgn_san *s, char *why,
                                size_t size)
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
    occupancy o = occupancy_of(pos->board); /* to is a square (san.c) */
    for (int rank = 0; rank < ROLLER_SIZE; rank++)
        for (int file = 0; file < ROLLER_SIZE; file++) {
            int from = roller_square(file, rank);
            if (pos->board[from] != RGN_PIECE(us, type) ||
                (s->from_file >= 0 && file != s->from_file) ||
                (s->from_rank >= 0 && rank != s->from_rank))
                continue;
            any = true;
            if (piece_attacks(from, type, o.all) & ~o.side[us] & bit(to)) {
                snprintf(why, size, "the move would leave the %s King attacked",
                         color);
                return RGN_E_UNMATCHED;
            }
        }
    if (!any)
        snprintf(why, size, "there is no %s %s%s", color, piece_names[type],
                 s->from_file >= 0 || s->from_rank >= 0 ? " there" : "");
    else
        snprintf(why, size, "no %s %s can go to %c%d", color, piece_names[type],
                 'a' + s->to_file, s->to_rank + 1);
    return RGN_E_UNMATCHED;
}
