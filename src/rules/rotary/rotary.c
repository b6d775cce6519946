/*
 * rotary.c - the Rotary rule set (Freeling, 1981), as the manual page
 * rgn-rotary(7) (man/rgn-rotary.7) states it.
 *
 * Each non-pawn piece has an orientation o (a compass direction) that
 * decides its direction set; the set is a rotation of the set the piece
 * has when it faces N. Orientations are stored in canonical form: the
 * lowest direction giving the same set (a Queen is 0 = orthogonal or
 * 1 = diagonal, a Scythe 0..3, the others 0..7).
 *
 * Legality: every Rotary attack runs along one of the eight rays from the
 * attacked square, so the rays from the King find all checkers and all
 * pinned pieces at once. A move of a non-king piece is then legal when it
 * stays on its pin line and, in check, captures the checker or blocks.
 * A piece's own orientation never shields or exposes its King, so a move's
 * final orientation plays no part in its legality.
 */
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "rules/rotary/rotary.h"

const char rotary_piece_letters[] = "?KQRTASP";
const uint8_t rotary_orientation_count[] = {0, 2, 2, 8, 8, 8, 4, 0};

unsigned rotary_direction_set(int type, int orientation)
{
    return direction_set(type, orientation);
}

int rotary_canonical(int type, int direction)
{
    /* the counts are 0, 2, 4 or 8: a mask does the modulo */
    int count = rotary_orientation_count[type];
    return count ? direction & (count - 1) : 0;
}


int rotary_square_at(int file, int rank)
{
    if (file < 0 || file >= ROTARY_SIZE || rank < 0 || rank >= ROTARY_SIZE)
        return -1;
    return rotary_square(file, rank);
}


static inline uint64_t piece_key(uint8_t piece, int square, int orientation)
{
    return rgn_mix64(((uint64_t)piece << 16) | ((uint64_t)square << 4) |
                     (uint64_t)orientation);
}

static const uint64_t black_to_move_key = 0x6A09E667F3BCC909ull;

uint64_t rotary_compute_key(const rgn_position *pos)
{
    uint64_t key = pos->side == RGN_BLACK ? black_to_move_key : 0;
    for (int sq = 0; sq < ROTARY_WIDTH * ROTARY_WIDTH; sq++) {
        uint8_t piece = pos->board[sq];
        if (piece != RGN_EMPTY && piece != RGN_OFF)
            key ^= piece_key(piece, sq, pos->orientation[sq]);
    }
    return key;
}

void rotary_clear(rgn_position *pos)
{
    /* every field, so that a position read from a string is the same
     * whatever the memory held before (castling and the en passant
     * square are compared by the position criteria) */
    const struct rgn_variant *variant = pos->variant;
    memset(pos, 0, sizeof *pos);
    pos->variant = variant;
    pos->ep_square = -1;
    pos->check_cache = -1;
    memset(pos->board, RGN_OFF, sizeof pos->board);
    memset(pos->orientation, 0, sizeof pos->orientation);
    for (int rank = 0; rank < ROTARY_SIZE; rank++)
        for (int file = 0; file < ROTARY_SIZE; file++)
            pos->board[rotary_square(file, rank)] = RGN_EMPTY;
    pos->side = RGN_WHITE;
    pos->halfmove = 0;
    pos->fullmove = 1;
    pos->extra[0] = pos->extra[1] = 0;
}

/* Walks from square along direction until the first non-empty square;
 * returns it and stores the distance. */
static inline int first_piece(const rgn_position *pos, int square,
                              int direction, int *distance)
{
    int step = ray_offset[direction], n = 0;
    do {
        square += step;
        n++;
    } while (pos->board[square] == RGN_EMPTY);
    *distance = n;
    return square;
}

/* The direction of each step (dr ranks, df files) between two squares
 * of the board, -1 (NO) off the eight lines: rows dr = 8 down to -8,
 * columns df = -8 to 8. */
enum {
    N = RGN_N,
    NE = RGN_NE,
    E = RGN_E,
    SE = RGN_SE,
    S = RGN_S,
    SW = RGN_SW,
    W = RGN_W,
    NW = RGN_NW,
    NO = -1
};
/* clang-format off */
static const int8_t direction_of_step[17 * 17] = {
    NW, NO, NO, NO, NO, NO, NO, NO,  N, NO, NO, NO, NO, NO, NO, NO, NE, /* dr +8 */
    NO, NW, NO, NO, NO, NO, NO, NO,  N, NO, NO, NO, NO, NO, NO, NE, NO, /* dr +7 */
    NO, NO, NW, NO, NO, NO, NO, NO,  N, NO, NO, NO, NO, NO, NE, NO, NO, /* dr +6 */
    NO, NO, NO, NW, NO, NO, NO, NO,  N, NO, NO, NO, NO, NE, NO, NO, NO, /* dr +5 */
    NO, NO, NO, NO, NW, NO, NO, NO,  N, NO, NO, NO, NE, NO, NO, NO, NO, /* dr +4 */
    NO, NO, NO, NO, NO, NW, NO, NO,  N, NO, NO, NE, NO, NO, NO, NO, NO, /* dr +3 */
    NO, NO, NO, NO, NO, NO, NW, NO,  N, NO, NE, NO, NO, NO, NO, NO, NO, /* dr +2 */
    NO, NO, NO, NO, NO, NO, NO, NW,  N, NE, NO, NO, NO, NO, NO, NO, NO, /* dr +1 */
     W,  W,  W,  W,  W,  W,  W,  W, NO,  E,  E,  E,  E,  E,  E,  E,  E, /* dr +0 */
    NO, NO, NO, NO, NO, NO, NO, SW,  S, SE, NO, NO, NO, NO, NO, NO, NO, /* dr -1 */
    NO, NO, NO, NO, NO, NO, SW, NO,  S, NO, SE, NO, NO, NO, NO, NO, NO, /* dr -2 */
    NO, NO, NO, NO, NO, SW, NO, NO,  S, NO, NO, SE, NO, NO, NO, NO, NO, /* dr -3 */
    NO, NO, NO, NO, SW, NO, NO, NO,  S, NO, NO, NO, SE, NO, NO, NO, NO, /* dr -4 */
    NO, NO, NO, SW, NO, NO, NO, NO,  S, NO, NO, NO, NO, SE, NO, NO, NO, /* dr -5 */
    NO, NO, SW, NO, NO, NO, NO, NO,  S, NO, NO, NO, NO, NO, SE, NO, NO, /* dr -6 */
    NO, SW, NO, NO, NO, NO, NO, NO,  S, NO, NO, NO, NO, NO, NO, SE, NO, /* dr -7 */
    SW, NO, NO, NO, NO, NO, NO, NO,  S, NO, NO, NO, NO, NO, NO, NO, SE, /* dr -8 */
};
/* clang-format on */

/* Each mailbox square's file minus 17 times its rank: two squares'
 * difference of these is df - 17 dr, which names the step (dr, df) alone
 * as on a board 17 wide, and indexes direction_of_step at once. */
#define COORD_ROW(r)                                                           \
    -1 - 17 * (r), 0 - 17 * (r), 1 - 17 * (r), 2 - 17 * (r), 3 - 17 * (r),     \
        4 - 17 * (r), 5 - 17 * (r), 6 - 17 * (r), 7 - 17 * (r), 8 - 17 * (r),  \
        9 - 17 * (r)
static const int16_t step_coord[ROTARY_WIDTH * ROTARY_WIDTH] = {
    COORD_ROW(-1), COORD_ROW(0), COORD_ROW(1), COORD_ROW(2),
    COORD_ROW(3),  COORD_ROW(4), COORD_ROW(5), COORD_ROW(6),
    COORD_ROW(7),  COORD_ROW(8), COORD_ROW(9)};

/* The direction from a to b (squares of the board) when they share a
 * line, else -1: by table, as it is asked for at every move. The row of
 * dr = +8 and column df = -8 come first: (8 - dr) * 17 + df + 8. */
static inline int direction_towards(int a, int b)
{
    return direction_of_step[8 * 17 + 8 + step_coord[b] - step_coord[a]];
}

/* Whether the piece on from, n squares away along direction, captures
 * there. */
static inline bool captures_along(const rgn_position *pos, int from,
                                  int direction, int n)
{
    uint8_t piece = pos->board[from];
    if (!(capture_set(piece, pos->orientation[from]) & BIT(direction)))
        return false;
    return n == 1 || slides(RGN_TYPE(piece));
}

bool rotary_attacked(const rgn_position *pos, int square, int by)
{
    for (int d = 0; d < 8; d++) {
        int n, at = first_piece(pos, square, d, &n);
        uint8_t piece = pos->board[at];
        if (piece == RGN_OFF || RGN_COLOR(piece) != by)
            continue;
        if (captures_along(pos, at, (d + 4) & 7, n))
            return true;
    }
    return false;
}

/* Whether the side to move is in check. Make leaves the answer in the
 * cache, so the test inlined here is usually all it costs. */
static inline bool in_check(const rgn_position *pos)
{
    if (pos->check_cache < 0) /* a cache, not a change of the position */
        ((rgn_position *)pos)->check_cache =
            rotary_attacked(pos, pos->king[pos->side], pos->side ^ 1);
    return pos->check_cache;
}

bool rotary_in_check(const rgn_position *pos) { return in_check(pos); }

/* ------------------------------------------------------------------ */
/* Move generation                                                    */

/* What the rays from the King tell about the side to move, and which
 * moves the caller asked for (resolving a move text needs only one piece
 * type's moves to one square). */
typedef struct king_safety {
    int only_type; /* 0: every piece type */
    int only_to;   /* -1: every destination */
    int checkers;
    int evasions;       /* squares that answer a single check */
    uint8_t evasion[8]; /* the checker and the squares between */
    int pinned;
    uint8_t pinned_square[8];
    uint8_t pinned_line[8];
} king_safety;

static void find_checks_and_pins(const rgn_position *pos, king_safety *ks)
{
    int us = pos->side, them = us ^ 1, king = pos->king[us];
    ks->checkers = ks->evasions = ks->pinned = 0;
    for (int d = 0; d < 8; d++) {
        int n, at = first_piece(pos, king, d, &n);
        uint8_t piece = pos->board[at];
        if (piece == RGN_OFF)
            continue;
        if (RGN_COLOR(piece) == them) {
            if (captures_along(pos, at, (d + 4) & 7, n)) {
                ks->checkers++;
                ks->evasions = 0;
                for (int k = 1, sq = king; k <= n; k++)
                    ks->evasion[ks->evasions++] =
                        (uint8_t)(sq += ray_offset[d]);
            }
            continue;
        }
        int m, beyond = first_piece(pos, at, d, &m);
        uint8_t pinner = pos->board[beyond];
        if (pinner != RGN_OFF && RGN_COLOR(pinner) == them &&
            captures_along(pos, beyond, (d + 4) & 7, n + m)) {
            ks->pinned_square[ks->pinned] = (uint8_t)at;
            ks->pinned_line[ks->pinned] = (uint8_t)d;
            ks->pinned++;
        }
    }
}

/* The directions a piece on square may move in without leaving its pin. */
static inline unsigned pin_filter(const king_safety *ks, int square)
{
    for (int i = 0; i < ks->pinned; i++)
        if (ks->pinned_square[i] == square)
            return line_set(ks->pinned_line[i]);
    return 0xFF;
}

static inline bool requested(const king_safety *ks, int square)
{
    return ks->only_to < 0 || square == ks->only_to;
}

/* Whether a move of a piece other than the King may end on square: asked
 * for, and answering any check. */
static inline bool destination_allowed(const king_safety *ks, int square)
{
    if (!requested(ks, square))
        return false;
    if (ks->checkers == 0)
        return true;
    for (int i = 0; i < ks->evasions; i++)
        if (ks->evasion[i] == square)
            return true;
    return false;
}

/* Appends the moves from -> to with final orientations first..last (or
 * only counts them when list is NULL). */
static inline int emit(rgn_move *list, int count, int from, int to, int first,
                       int last, int promotion)
{
    uint8_t kind = promotion    ? RGN_MOVE_PROMOTION
                   : from == to ? RGN_MOVE_ROTATION
                                : RGN_MOVE_NORMAL;
    if (!list)
        return count + last - first + 1;
    /* Each move goes out as one 8-byte store: the caller reads it back
     * at once, 8 bytes at a time, and a load that spans several narrower
     * stores waits for them to reach the cache. The next orientation is
     * one more in the orientation byte, wherever the byte order puts it. */
    rgn_move move = {(uint16_t)from,     (uint16_t)to,   kind,
                     (uint8_t)promotion, (uint8_t)first, 0};
    rgn_move turned = move;
    turned.orientation++;
    uint64_t bits, next;
    memcpy(&bits, &move, sizeof bits);
    memcpy(&next, &turned, sizeof next);
    uint64_t turn = next - bits;
    for (int o = first; o <= last && o < 8; o++, bits += turn)
        memcpy(&list[count++], &bits, sizeof bits);
    return count;
}

static inline int emit_pawn_move(rgn_move *list, int count, int from, int to,
                                 int us)
{
    int rank = rotary_square_rank(to);
    int ranks_to_go = us == RGN_WHITE ? ROTARY_SIZE - 1 - rank : rank;
    if (ranks_to_go > 2)
        return emit(list, count, from, to, 0, 0, 0);
    if (ranks_to_go > 0) /* 7th or 8th rank: promotion is optional */
        count = emit(list, count, from, to, 0, 0, 0);
    return emit(list, count, from, to, 0, 1, ROTARY_QUEEN);
}

static int generate_pawn(const rgn_position *pos, const king_safety *ks,
                         int from, rgn_move *list, int count)
{
    int us = pos->side;
    unsigned allowed = pin_filter(ks, from);
    int forward = pawn_forward[us];
    int to = from + ray_offset[forward];
    if ((allowed & BIT(forward)) && pos->board[to] == RGN_EMPTY &&
        destination_allowed(ks, to))
        count = emit_pawn_move(list, count, from, to, us);
    for (unsigned caps = pawn_captures[us] & allowed; caps; caps &= caps - 1) {
        int d = __builtin_ctz(caps);
        to = from + ray_offset[d];
        uint8_t target = pos->board[to];
        if (target != RGN_EMPTY && target != RGN_OFF &&
            RGN_COLOR(target) != us && destination_allowed(ks, to))
            count = emit_pawn_move(list, count, from, to, us);
    }
    return count;
}

/* Every orientation but its own, unless in check: a rotation never
 * answers a check. */
static int emit_rotations(const rgn_position *pos, const king_safety *ks,
                          int from, rgn_move *list, int count)
{
    if (ks->checkers || !requested(ks, from))
        return count;
    int orientation = pos->orientation[from];
    int last = rotary_orientation_count[RGN_TYPE(pos->board[from])] - 1;
    if (orientation > 0)
        count = emit(list, count, from, from, 0, orientation - 1, 0);
    if (orientation < last)
        count = emit(list, count, from, from, orientation + 1, last, 0);
    return count;
}

static int generate_piece(const rgn_position *pos, const king_safety *ks,
                          int from, rgn_move *list, int count)
{
    int us = pos->side;
    int type = RGN_TYPE(pos->board[from]);
    int orientation = pos->orientation[from];
    int last = rotary_orientation_count[type] - 1;
    /* After a slide only the Scythe may turn. */
    int slide_first = type == ROTARY_SCYTHE ? 0 : orientation;
    int slide_last = type == ROTARY_SCYTHE ? last : orientation;
    unsigned dirs = direction_set(type, orientation) & pin_filter(ks, from);
    for (; dirs; dirs &= dirs - 1) {
        int d = __builtin_ctz(dirs), step = ray_offset[d];
        for (int to = from + step, n = 1;; to += step, n++) {
            uint8_t target = pos->board[to];
            if (target == RGN_OFF ||
                (target != RGN_EMPTY && RGN_COLOR(target) == us))
                break;
            if (destination_allowed(ks, to))
                count = n == 1 ? emit(list, count, from, to, 0, last, 0)
                               : emit(list, count, from, to, slide_first,
                                      slide_last, 0);
            if (target != RGN_EMPTY)
                break;
        }
    }
    return emit_rotations(pos, ks, from, list, count);
}

/* The moves of the piece on from to the square to, which it reaches
 * along a ray distance squares long with nothing between. */
static int emit_toward(const rgn_position *pos, int from, int distance, int to,
                       rgn_move *list, int count)
{
    int type = RGN_TYPE(pos->board[from]);
    int last = rotary_orientation_count[type] - 1;
    /* after a slide only the Scythe may turn */
    if (distance == 1 || type == ROTARY_SCYTHE)
        return emit(list, count, from, to, 0, last, 0);
    int orientation = pos->orientation[from];
    return emit(list, count, from, to, orientation, orientation, 0);
}

static int generate_king(rgn_position *pos, const king_safety *ks,
                         rgn_move *list, int count)
{
    int us = pos->side, from = pos->king[us];
    uint8_t king = pos->board[from];
    int orientation = pos->orientation[from];
    /* Off the board while testing, so that it does not shield the squares
     * behind it from a slider that checks it. */
    pos->board[from] = RGN_EMPTY;
    for (unsigned dirs = direction_set(ROTARY_KING, orientation); dirs;
         dirs &= dirs - 1) {
        int to = from + ray_offset[__builtin_ctz(dirs)];
        uint8_t target = pos->board[to];
        if (target == RGN_OFF ||
            (target != RGN_EMPTY && RGN_COLOR(target) == us))
            continue;
        if (requested(ks, to) && !rotary_attacked(pos, to, us ^ 1))
            count = emit(list, count, from, to, 0, 1, 0);
    }
    pos->board[from] = king;
    if (ks->checkers == 0 && requested(ks, from))
        count =
            emit(list, count, from, from, orientation ^ 1, orientation ^ 1, 0);
    return count;
}

/* The moves of the piece on square, unless it is no piece of the mover's
 * or the King (generated apart). */
static inline int generate_from(const rgn_position *pos, const king_safety *ks,
                                int square, rgn_move *list, int count)
{
    uint8_t piece = pos->board[square];
    if (piece == RGN_EMPTY || RGN_COLOR(piece) != pos->side)
        return count;
    int type = RGN_TYPE(piece);
    if (type == ROTARY_KING)
        return count;
    if (type == ROTARY_PAWN)
        return generate_pawn(pos, ks, square, list, count);
    return generate_piece(pos, ks, square, list, count);
}

/* The squares that hold piece, in board order; returns how many. The
 * border's RGN_OFF never matches, and the reads stay inside the board
 * array (RGN_BOARD_CAPACITY bytes). */
#if defined(__SSE2__)
/* Sixteen squares at a time: a byte compare and its mask of matches.
 * The board's 112 bytes from a1 on give seven masks, gathered into two
 * words before any is read: a loop per match then, not a branch per
 * sixteen squares as well, which the pieces' places make mispredict. */
static int squares_holding(const rgn_position *pos, uint8_t piece, int *squares)
{
    /* rotary_square(0, 0) and (8, 8), and the 16-byte chunks from one
     * to the other: at most eight, that is two words of masks */
    enum {
        FIRST = ROTARY_WIDTH + 1,
        LAST = ROTARY_SIZE * ROTARY_WIDTH + ROTARY_SIZE,
        CHUNKS = (LAST - FIRST) / 16 + 1
    };
    _Static_assert(CHUNKS <= 8, "two 64-bit words hold the masks");
    const __m128i wanted = _mm_set1_epi8((char)piece);
    uint64_t match[2] = {0, 0};
    for (int k = 0; k < CHUNKS; k++) {
        __m128i chunk =
            _mm_loadu_si128((const __m128i *)(pos->board + FIRST + 16 * k));
        uint64_t bits =
            (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(chunk, wanted));
        match[k / 4] |= bits << (16 * (k % 4));
    }
    int n = 0;
    for (int w = 0; w < 2; w++)
        for (uint64_t m = match[w]; m; m &= m - 1)
            squares[n++] = FIRST + 64 * w + __builtin_ctzll(m);
    return n;
}
#else
/* The lowest marked byte of a word read from memory, as an index. */
static inline int byte_index(uint64_t marks)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return __builtin_clzll(marks) / 8;
#else
    return __builtin_ctzll(marks) / 8;
#endif
}

/* Eight squares at a time: a byte equal to piece is zero after the xor,
 * and the carry-free test sets the top bit of exactly the zero bytes. */
static int squares_holding(const rgn_position *pos, uint8_t piece, int *squares)
{
    const uint64_t low7 = 0x7F7F7F7F7F7F7F7Full;
    int n = 0;
    for (int base = rotary_square(0, 0);
         base <= rotary_square(ROTARY_SIZE - 1, ROTARY_SIZE - 1); base += 8) {
        uint64_t word;
        memcpy(&word, pos->board + base, 8);
        word ^= 0x0101010101010101ull * piece;
        uint64_t zero = ~(((word & low7) + low7) | word | low7);
        for (; zero; zero &= zero - 1)
            squares[n++] = base + byte_index(zero);
    }
    return n;
}
#endif

/* Whether the mover's King is safe after a move of a piece other than
 * the King (its final orientation plays no part). */
static bool leaves_king_safe(rgn_position *pos, int from, int to)
{
    int us = pos->side;
    uint8_t moving = pos->board[from], captured = pos->board[to];
    pos->board[to] = moving;
    if (from != to)
        pos->board[from] = RGN_EMPTY;
    bool safe = !rotary_attacked(pos, pos->king[us], us ^ 1);
    pos->board[from] = moving;
    pos->board[to] = captured;
    return safe;
}

/* Out of check, whether a move of a piece other than the King from from
 * to to uncovers its King. Every attack runs along a ray from the King,
 * so only the ray through from can open: from must be the first piece on
 * it, an enemy that captures along it the next one beyond, and to off
 * that ray (a rotation stays on it, and so does a capture of the
 * pinner). */
static bool uncovers_king(const rgn_position *pos, int from, int to)
{
    if (from == to)
        return false;
    int king = pos->king[pos->side];
    int d = direction_towards(king, from);
    if (d < 0 || direction_towards(king, to) == d)
        return false;
    int n, at = first_piece(pos, king, d, &n);
    if (at != from)
        return false;
    int m, beyond = first_piece(pos, from, d, &m);
    uint8_t pinner = pos->board[beyond];
    return pinner != RGN_OFF && RGN_COLOR(pinner) != pos->side &&
           captures_along(pos, beyond, (d + 4) & 7, n + m);
}

/* Whether a move of a piece other than the King from from to to is
 * legal, the rules of movement aside: out of check only a pin can forbid
 * it, in check it is tried on the board. */
static bool keeps_king_safe(rgn_position *pos, bool in_check, int from, int to)
{
    return in_check ? leaves_king_safe(pos, from, to)
                    : !uncovers_king(pos, from, to);
}

/* The legal moves (but the King's) to ks->only_to of pieces of
 * ks->only_type; ks knows no checks nor pins: each piece that can reach
 * the square is tested once for all its moves. Every Rotary move runs
 * along a ray: the piece standing there may rotate, a pawn comes from a
 * neighbour, and any other piece of the type is found on the board (there
 * are few) and moves if it shares a line with the square and nothing
 * stands between. */
static int legal_candidates_to(rgn_position *pos, const king_safety *ks,
                               bool in_check, rgn_move *list)
{
    int us = pos->side, only_to = ks->only_to, only_type = ks->only_type;
    int count = 0;
    uint8_t here = pos->board[only_to];
    if (here != RGN_EMPTY && RGN_COLOR(here) == us) {
        /* no piece moves onto its own side's: only a rotation ends here,
         * and a rotation never answers a check nor uncovers the King */
        if (RGN_TYPE(here) == only_type && only_type != ROTARY_PAWN &&
            !in_check)
            count = emit_rotations(pos, ks, only_to, list, count);
        return count;
    }
    if (only_type == ROTARY_PAWN) {
        /* a pawn moves one square only: it comes from the neighbour
         * opposite one of its moves (the directions in ascending order,
         * as the moves are listed) */
        unsigned back = rotate8(BIT(pawn_forward[us]) | pawn_captures[us], 4);
        for (; back; back &= back - 1) {
            int at = only_to + ray_offset[__builtin_ctz(back)];
            if (pos->board[at] == RGN_PIECE(us, ROTARY_PAWN) &&
                keeps_king_safe(pos, in_check, at, only_to))
                count = generate_pawn(pos, ks, at, list, count);
        }
        return count;
    }
    int from[ROTARY_SIZE * ROTARY_SIZE];
    int pieces = squares_holding(pos, RGN_PIECE(us, only_type), from);
    /* The cheap test first, for all pieces without a branch on each
     * (whether a piece passes is as good as random, and a mispredicted
     * branch costs more than the test): the piece moves along the line
     * to the square. Those kept stay in board order. */
    int movers = 0;
    for (int i = 0; i < pieces; i++) {
        int d = direction_towards(from[i], only_to);
        unsigned along = d < 0 ? 0 : BIT(d);
        from[movers] = from[i];
        movers +=
            (direction_set(only_type, pos->orientation[from[i]]) & along) != 0;
    }
    /* then that nothing stands between, then that the King is safe */
    for (int i = 0; i < movers; i++) {
        int step = ray_offset[direction_towards(from[i], only_to)];
        int distance = 1, at = from[i] + step;
        for (; at != only_to && pos->board[at] == RGN_EMPTY; at += step)
            distance++;
        if (at == only_to && keeps_king_safe(pos, in_check, from[i], only_to))
            count = emit_toward(pos, from[i], distance, only_to, list, count);
    }
    return count;
}

/* Every legal move, or only counts them when list is NULL; with
 * first_only, stops at the first piece that has a move. */
static int generate(rgn_position *pos, rgn_move *list, bool first_only)
{
    king_safety ks;
    find_checks_and_pins(pos, &ks);
    ks.only_type = 0;
    ks.only_to = -1;
    int count = generate_king(pos, &ks, list, 0);
    if (ks.checkers > 1 || (first_only && count))
        return count;
    for (int rank = 0; rank < ROTARY_SIZE; rank++)
        for (int file = 0; file < ROTARY_SIZE; file++) {
            count =
                generate_from(pos, &ks, rotary_square(file, rank), list, count);
            if (first_only && count)
                return count;
        }
    return count;
}

int rotary_legal_moves(rgn_position *pos, rgn_move *moves)
{
    return generate(pos, moves, false);
}

/* Resolving a move text needs only the moves of one type to one square:
 * the candidates are found without checks and pins (see generate), and
 * each one tested. */
int rotary_legal_moves_to(rgn_position *pos, rgn_move *moves, int type, int to)
{
    if (type == ROTARY_KING) {
        /* the King tests its own squares; it needs only to know whether
         * it may rotate, that is whether it is in check */
        king_safety king = {
            .only_type = ROTARY_KING, .only_to = to, .checkers = in_check(pos)};
        return generate_king(pos, &king, moves, 0);
    }
    king_safety unchecked = {.only_type = type, .only_to = to};
    return legal_candidates_to(pos, &unchecked, in_check(pos), moves);
}

int rotary_count_moves(rgn_position *pos) { return generate(pos, NULL, false); }

bool rotary_has_moves(rgn_position *pos)
{
    /* a King out of check may always turn (see generate_king) */
    if (!in_check(pos))
        return true;
    return generate(pos, NULL, true) > 0;
}

enum rgn_status rotary_status(rgn_position *pos)
{
    if (rotary_has_moves(pos))
        return RGN_ONGOING;
    return in_check(pos) ? RGN_CHECKMATE : RGN_STALEMATE;
}

/* ------------------------------------------------------------------ */
/* Make and unmake                                                    */

/* Whether the move just made checks the side now to move. Only the moved
 * piece can attack the King from its new square, and only a line through
 * the square it left can open. */
static bool move_gives_check(const rgn_position *pos, rgn_move m)
{
    int mover = pos->side ^ 1, king = pos->king[pos->side];
    int d = direction_towards(m.to, king);
    /* the ray is walked only if the piece captures along it at all */
    if (d >= 0 &&
        (capture_set(pos->board[m.to], pos->orientation[m.to]) & BIT(d))) {
        int n, at = first_piece(pos, m.to, d, &n);
        if (at == king && captures_along(pos, m.to, d, n))
            return true;
    }
    if (m.from == m.to)
        return false;
    d = direction_towards(king, m.from);
    if (d < 0)
        return false;
    int n, at = first_piece(pos, king, d, &n);
    uint8_t piece = pos->board[at];
    return piece != RGN_OFF && RGN_COLOR(piece) == mover && n > 1 &&
           captures_along(pos, at, (d + 4) & 7, n);
}

void rotary_make(rgn_position *pos, rgn_move m, rgn_undo *undo)
{
    int us = pos->side;
    undo->check_cache = pos->check_cache;
    uint8_t piece = pos->board[m.from];
    undo->key = pos->key;
    undo->halfmove = pos->halfmove;
    undo->fullmove = pos->fullmove;
    undo->captured = RGN_EMPTY;
    undo->captured_orientation = 0;
    undo->moved_orientation = pos->orientation[m.from];

    uint64_t key =
        pos->key ^ piece_key(piece, m.from, pos->orientation[m.from]);
    if (m.from == m.to) {
        pos->orientation[m.from] = m.orientation;
        key ^= piece_key(piece, m.from, m.orientation);
        pos->halfmove++;
    } else {
        uint8_t captured = pos->board[m.to];
        if (captured != RGN_EMPTY) {
            undo->captured = captured;
            undo->captured_orientation = pos->orientation[m.to];
            key ^= piece_key(captured, m.to, pos->orientation[m.to]);
        }
        uint8_t arriving = m.promotion ? RGN_PIECE(us, m.promotion) : piece;
        pos->board[m.to] = arriving;
        pos->orientation[m.to] = m.orientation;
        pos->board[m.from] = RGN_EMPTY;
        pos->orientation[m.from] = 0;
        key ^= piece_key(arriving, m.to, m.orientation);
        if (RGN_TYPE(piece) == ROTARY_KING)
            pos->king[us] = m.to;
        bool resets = captured != RGN_EMPTY || RGN_TYPE(piece) == ROTARY_PAWN;
        pos->halfmove = resets ? 0 : pos->halfmove + 1;
    }
    if (us == RGN_BLACK)
        pos->fullmove++;
    pos->side = (uint8_t)(us ^ 1);
    pos->key = key ^ black_to_move_key;
    pos->check_cache = move_gives_check(pos, m);
}

void rotary_unmake(rgn_position *pos, rgn_move m, const rgn_undo *undo)
{
    int us = pos->side ^ 1;
    pos->check_cache = undo->check_cache;
    pos->side = (uint8_t)us;
    if (m.from != m.to) {
        uint8_t piece = pos->board[m.to];
        if (m.promotion)
            piece = RGN_PIECE(us, ROTARY_PAWN);
        pos->board[m.from] = piece;
        pos->board[m.to] = undo->captured;
        pos->orientation[m.to] = undo->captured_orientation;
        if (RGN_TYPE(piece) == ROTARY_KING)
            pos->king[us] = m.from;
    }
    pos->orientation[m.from] = undo->moved_orientation;
    pos->key = undo->key;
    pos->halfmove = undo->halfmove;
    pos->fullmove = undo->fullmove;
}
