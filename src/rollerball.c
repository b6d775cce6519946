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
#include <string.h>

#include "rollerball.h"

static const char roller_piece_letters[] = "?KRBP";
static const uint8_t roller_orientation_count[] = {0, 0, 0, 0, 0};

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

static int forward(int square)
{
    switch (forward_map[roller_rank(square)][roller_file(square)]) {
    case 'N': return RGN_N;
    case 'E': return RGN_E;
    case 'S': return RGN_S;
    default: return RGN_W;
    }
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
    return (forward(square) + (is_bend(square) ? 2 : 4)) & 7;
}

/* Zones by forward direction, clockwise from South: W 0, N 1, E 2, S 3. */
int roller_zone(int square)
{
    switch (forward(square)) {
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

static inline bool mine(const rgn_position *pos, int square, int color)
{
    uint8_t p = pos->board[square];
    return p != RGN_EMPTY && p != RGN_OFF && RGN_COLOR(p) == color;
}

/* ------------------------------------------------------------------ */
/* Where a piece can go                                               */

/* The squares a piece could move to (empty or enemy), once each. */
typedef struct targets {
    uint8_t square[64];
    int count;
    uint8_t seen[ROLLER_WIDTH * ROLLER_WIDTH];
} targets;

static void add_target(targets *t, int square)
{
    if (!t->seen[square]) {
        t->seen[square] = 1;
        t->square[t->count++] = (uint8_t)square;
    }
}

/* A step: the square if it is on the board and not the mover's. */
static void step(const rgn_position *pos, int from, int direction, int color,
                 targets *t)
{
    int to = from + ray_offset[direction];
    if (pos->board[to] != RGN_OFF && !mine(pos, to, color))
        add_target(t, to);
}

/* A straight slide; returns the last square it stood on (empty) or -1 if
 * it stopped on a piece. */
static int slide(const rgn_position *pos, int from, int direction, int color,
                 targets *t, int *stopped_on)
{
    int at = from, to;
    *stopped_on = -1;
    for (;;) {
        to = at + ray_offset[direction];
        uint8_t p = pos->board[to];
        if (p == RGN_OFF)
            return at;
        if (p != RGN_EMPTY) {
            if (RGN_COLOR(p) != color)
                add_target(t, to);
            *stopped_on = to;
            return at;
        }
        add_target(t, to);
        at = to;
    }
}

/* The Rook's forward slide: on the outer ring it may rebound once at a
 * board corner, turning to that corner's forward direction. */
static void rook_forward(const rgn_position *pos, int from, int color,
                         targets *t)
{
    int direction = forward(from), stopped;
    int at = slide(pos, from, direction, color, t, &stopped);
    if (is_outer(from) && stopped < 0 && at != from && is_corner(at))
        slide(pos, at, forward(at), color, t, &stopped);
}

/* A Bishop's forward diagonal slide, with at most one rebound off a side
 * (the spec's rule: only when exactly one of the two orthogonal
 * neighbours beyond is blocked, and after at least one step). */
static void bishop_forward(const rgn_position *pos, int from, int direction,
                           int color, targets *t)
{
    int stopped;
    int at = slide(pos, from, direction, color, t, &stopped);
    if (stopped >= 0 || at == from)
        return;
    int dx = (direction == RGN_NE || direction == RGN_SE) ? 1 : -1;
    int dy = (direction == RGN_NE || direction == RGN_NW) ? 1 : -1;
    bool h_blocked = pos->board[at + dx] == RGN_OFF;
    bool v_blocked = pos->board[at + dy * ROLLER_WIDTH] == RGN_OFF;
    if (h_blocked == v_blocked)
        return; /* a corner of the grid or of the hole */
    if (h_blocked)
        dx = -dx;
    else
        dy = -dy;
    int turned = dy > 0 ? (dx > 0 ? RGN_NE : RGN_NW) : (dx > 0 ? RGN_SE : RGN_SW);
    slide(pos, at, turned, color, t, &stopped);
}

/* Every square the piece on from could move to (captures included). */
static void piece_targets(const rgn_position *pos, int from, targets *t)
{
    memset(t->seen, 0, sizeof t->seen);
    t->count = 0;
    uint8_t piece = pos->board[from];
    int color = RGN_COLOR(piece), f = forward(from), stopped;
    switch (RGN_TYPE(piece)) {
    case ROLLER_KING:
        for (int d = 0; d < 8; d++)
            step(pos, from, d, color, t);
        break;
    case ROLLER_ROOK: {
        rook_forward(pos, from, color, t);
        int b = backward(from);
        for (int d = 0; d < 8; d += 2)
            if (d != f && d != b)
                slide(pos, from, d, color, t, &stopped);
        step(pos, from, b, color, t);
        break;
    }
    case ROLLER_BISHOP:
        bishop_forward(pos, from, (f + 1) & 7, color, t);
        bishop_forward(pos, from, (f + 7) & 7, color, t);
        step(pos, from, (f + 3) & 7, color, t);
        step(pos, from, (f + 5) & 7, color, t);
        break;
    case ROLLER_PAWN:
        step(pos, from, f, color, t);
        step(pos, from, (f + 1) & 7, color, t);
        step(pos, from, (f + 7) & 7, color, t);
        break;
    }
}

bool roller_attacked(const rgn_position *pos, int square, int by)
{
    targets t;
    for (int rank = 0; rank < ROLLER_SIZE; rank++)
        for (int file = 0; file < ROLLER_SIZE; file++) {
            int from = roller_square(file, rank);
            if (!mine(pos, from, by))
                continue;
            piece_targets(pos, from, &t);
            if (t.seen[square])
                return true;
        }
    return false;
}

bool roller_won(const rgn_position *pos, int color)
{
    return pos->king[color] == roller_target(color) &&
           ROLLER_TURNS(pos, color) >= 2;
}

static bool roller_in_check(const rgn_position *pos)
{
    return roller_attacked(pos, pos->king[pos->side], pos->side ^ 1);
}

/* The game is over when the side that just moved won by king-reach. */
static bool roller_game_over(const rgn_position *pos)
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

static void roller_make(rgn_position *pos, rgn_move m, rgn_undo *undo)
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
        arriving = RGN_PIECE(us, m.promotion == 'R' ? ROLLER_ROOK : ROLLER_BISHOP);
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

static void roller_unmake(rgn_position *pos, rgn_move m, const rgn_undo *undo)
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

/* The legal moves by the move rules alone (a king-reach win ends the game
 * but is not a rule of movement: see roller_game_over). only_type and
 * only_to narrow the search when not 0 and -1. */
static int generate(rgn_position *pos, rgn_move *list, int only_type,
                    int only_to)
{
    int us = pos->side, count = 0;
    targets t;
    for (int rank = 0; rank < ROLLER_SIZE; rank++) {
        for (int file = 0; file < ROLLER_SIZE; file++) {
            int from = roller_square(file, rank);
            if (!mine(pos, from, us) ||
                (only_type && RGN_TYPE(pos->board[from]) != only_type))
                continue;
            piece_targets(pos, from, &t);
            bool pawn = RGN_TYPE(pos->board[from]) == ROLLER_PAWN;
            for (int i = 0; i < t.count; i++) {
                int to = t.square[i];
                if (only_to >= 0 && to != only_to)
                    continue;
                rgn_move m = {(uint8_t)from, (uint8_t)to, 0, 0};
                if (!leaves_king_safe(pos, m))
                    continue;
                if (pawn && promotes_on(us, to)) {
                    /* the promoted piece does not change the King's
                     * safety: it is the mover's own */
                    if (list) {
                        list[count] = m, list[count++].promotion = 'R';
                        list[count] = m, list[count++].promotion = 'B';
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
    }
    return count;
}

static int roller_legal_moves(rgn_position *pos, rgn_move *moves)
{
    return generate(pos, moves, 0, -1);
}

static int roller_legal_moves_to(rgn_position *pos, rgn_move *moves, int type,
                                 int to)
{
    return generate(pos, moves, type, to);
}

static int roller_count_moves(rgn_position *pos)
{
    return generate(pos, NULL, 0, -1);
}

static enum rgn_status roller_status(rgn_position *pos)
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

static enum rgn_problem roller_explain(rgn_position *pos, const rgn_san *s,
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
            piece_targets(pos, from, &t);
            if (t.seen[to]) {
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

/* ------------------------------------------------------------------ */

static int roller_square_at(int file, int rank)
{
    if (file < 0 || file >= ROLLER_SIZE || rank < 0 || rank >= ROLLER_SIZE ||
        roller_in_hole(file, rank))
        return -1;
    return roller_square(file, rank);
}

static int square_file(int square) { return roller_file(square); }
static int square_rank(int square) { return roller_rank(square); }

static int no_orientation(int type, int direction)
{
    (void)type;
    (void)direction;
    return 0;
}

static unsigned no_direction_set(int type, int orientation)
{
    (void)type;
    (void)orientation;
    return 0;
}

static void roller_set_initial(rgn_position *pos)
{
    rgn_error err;
    int rc = roller_set_fen(pos, "2rbp2/2rkp2/2***2/2***2/2***2/2PKR2/2PBR2 "
                                 "w 0 0 0 1", &err);
    (void)rc; /* the initial position is known to be valid */
}

const struct rgn_variant rgn_rollerball_variant = {
    .name = "Rollerball",
    .files = ROLLER_SIZE,
    .ranks = ROLLER_SIZE,
    .square_at = roller_square_at,
    .square_file = square_file,
    .square_rank = square_rank,
    .not_a_square = "is in the hole",
    .square_forward = forward,
    .piece_letters = roller_piece_letters,
    .orientation_count = roller_orientation_count,
    .canonical_orientation = no_orientation,
    .direction_set = no_direction_set,
    .set_initial = roller_set_initial,
    .set_fen = roller_set_fen,
    .write_fen = roller_write_fen,
    .legal_moves = roller_legal_moves,
    .legal_moves_to = roller_legal_moves_to,
    .count_moves = roller_count_moves,
    .make = roller_make,
    .unmake = roller_unmake,
    .in_check = roller_in_check,
    .game_over = roller_game_over,
    .status = roller_status,
    .explain_unmatched = roller_explain,
};
