/*
 * movegen.c - attacks, move generation, legality, make and unmake.
 */
#include "rules/engine/engine.h"

#include <stdlib.h>
#include <string.h>

enum { SIDE_SALT = 1, CASTLING_SALT = 2, EP_SALT = 3 };

/* A piece's part of the key, from the bitboards' table where there is
 * one (bb: NULL where there is not). */
static inline uint64_t piece_key(const eng_bitboards *bb, int piece, int square)
{
    return bb ? bb->piece_key[piece][bb->index[square]]
              : eng_piece_key(piece, square);
}
static inline uint64_t salt_key(int salt, int value)
{
    return rgn_mix64(((uint64_t)salt << 40) ^ (uint64_t)(unsigned)value);
}

static inline int forward(const eng_rules *r, int color)
{
    return color ? -r->width : r->width;
}

static inline bool is_color(uint8_t piece, int color)
{
    return piece != RGN_EMPTY && piece != RGN_OFF && RGN_COLOR(piece) == color;
}

static inline bool on_last_rank(const eng_rules *r, int color, int square)
{
    return eng_rank(r, square) == (color ? 0 : r->ranks - 1);
}

bool eng_attacked(const eng_rules *r, const uint8_t *board, int square, int by)
{
    const eng_line *line = r->lines[by];
    for (int i = 0; i < r->line_count[by]; i++, line++) {
        int t = square;
        for (int k = 1; k <= line->reach; k++) {
            t -= line->step;
            uint8_t p = board[t];
            if (p == RGN_EMPTY)
                continue;
            if (is_color(p, by) && (line->types_at[k] >> RGN_TYPE(p) & 1))
                return true;
            break;
        }
    }
    const eng_bent_attack *bent = r->bents[by];
    for (int i = 0; i < r->bent_count[by]; i++, bent++) {
        uint8_t attacker = RGN_PIECE(by, bent->type);
        int t = square - bent->second; /* the first leg's end must be empty */
        for (int k = 1; k <= bent->range && board[t] == RGN_EMPTY;
             k++, t -= bent->second)
            if (board[t - bent->first] == attacker)
                return true;
    }
    return false;
}

bool eng_in_check(const eng_rules *r, const eng_position *pos)
{
    if (r->bb.usable)
        return eng_bb_in_check(r, pos);
    return eng_attacked(r, pos->board, pos->king[pos->side], pos->side ^ 1);
}

/* Whether a pawn of the side to move stands where it could take en
 * passant (pins and checks aside). */
static bool en_passant_candidate(const eng_rules *r, const eng_position *pos)
{
    if (pos->ep_square < 0 || !r->pawn_type)
        return false;
    int side = pos->side;
    if (r->bb.usable)
        return r->bb.en_passant_from[side][r->bb.index[pos->ep_square]] &
               pos->by_type[r->pawn_type] & pos->by_color[side];
    uint8_t pawn = RGN_PIECE(side, r->pawn_type);
    for (int i = 0; i < r->ray_count[side][r->pawn_type]; i++) {
        const eng_ray *ray = &r->rays[side][r->pawn_type][i];
        if ((ray->flags & XB_EN_PASSANT) &&
            pos->board[pos->ep_square - ray->step] == pawn)
            return true;
    }
    return false;
}

/* The key counts the en passant square only where a legal capture can
 * be made, so that positions differing in an unusable square repeat. */
static inline uint64_t en_passant_key(const eng_rules *r, eng_position *pos)
{
    /* most positions have no en passant square: no call for them */
    return pos->ep_square >= 0 && eng_en_passant_possible(r, pos)
               ? salt_key(EP_SALT, pos->ep_square)
               : 0;
}

uint64_t eng_compute_key(const eng_rules *r, eng_position *pos)
{
    uint64_t key = pos->side ? salt_key(SIDE_SALT, 1) : 0;
    for (int rank = 0; rank < r->ranks; rank++)
        for (int file = 0; file < r->files; file++) {
            int sq = eng_square(r, file, rank);
            if (pos->board[sq] != RGN_EMPTY)
                key ^= eng_piece_key(pos->board[sq], sq);
        }
    return key ^ salt_key(CASTLING_SALT, pos->castling) ^
           en_passant_key(r, pos);
}

/* ------------------------------------------------------------------ */
/* Generation                                                          */

typedef struct gen_state {
    int side;
    int king;
    bool in_check;
    int pin_count;
    uint16_t pins[ENG_MAX_LINES + ENG_MAX_RAYS]; /* one per line or bent path */
} gen_state;

/* Own pieces whose leaving could expose their King: the first own piece
 * on a line from the King behind which an enemy piece attacks along that
 * line, or on the path of an enemy bent mover into the King. */
static void find_pins(const eng_rules *r, const eng_position *pos,
                      gen_state *gs)
{
    const uint8_t *board = pos->board;
    int side = gs->side, enemy = side ^ 1;
    gs->pin_count = 0;
    for (int i = 0; i < r->line_count[enemy]; i++) {
        const eng_line *line = &r->lines[enemy][i];
        if (line->reach < 2)
            continue;
        int t = gs->king, blocker = -1;
        for (int k = 1; k <= line->reach; k++) {
            t -= line->step;
            uint8_t p = board[t];
            if (p == RGN_EMPTY)
                continue;
            if (blocker < 0 && is_color(p, side)) {
                blocker = t;
                continue;
            }
            if (blocker >= 0 && is_color(p, enemy) &&
                (line->types_at[k] >> RGN_TYPE(p) & 1))
                gs->pins[gs->pin_count++] = (uint16_t)blocker;
            break;
        }
    }
    /* a bent mover's path: the first leg's end and the slide squares on
     * a diagonal into the King; the blocker may be either */
    for (int i = 0; i < r->bent_count[enemy]; i++) {
        const eng_bent_attack *bent = &r->bents[enemy][i];
        uint8_t attacker = RGN_PIECE(enemy, bent->type);
        int t = gs->king - bent->second, k = 1;
        for (; k <= bent->range && board[t] == RGN_EMPTY; k++)
            t -= bent->second;
        if (k > bent->range || !is_color(board[t], side))
            continue;
        for (int blocker = t; k <= bent->range; k++, t -= bent->second) {
            if (t != blocker && board[t] != RGN_EMPTY)
                break;
            if (board[t - bent->first] == attacker) {
                gs->pins[gs->pin_count++] = (uint16_t)blocker;
                break;
            }
        }
    }
}

static void prepare(const eng_rules *r, const eng_position *pos, gen_state *gs)
{
    gs->side = pos->side;
    gs->king = pos->king[pos->side];
    gs->in_check = eng_attacked(r, pos->board, gs->king, gs->side ^ 1);
    find_pins(r, pos, gs);
}

static bool is_pin(const gen_state *gs, int square)
{
    for (int i = 0; i < gs->pin_count; i++)
        if (gs->pins[i] == square)
            return true;
    return false;
}

/* Appends a move (every promotion choice on the last rank), skipping one
 * already listed since `first` when the type's rays overlap. */
static inline int add_special_move(const eng_rules *r, eng_move *moves, int n,
                                   int first, int type, int color, int from,
                                   int to, int kind)
{
    if (r->overlapping[type])
        for (int i = first; i < n; i++)
            if (moves[i].to == to && moves[i].from == from)
                return n;
    if (type == r->pawn_type && on_last_rank(r, color, to)) {
        for (int i = 0; i < r->promotion_count; i++)
            moves[n++] = (eng_move){(uint16_t)from,
                                    (uint16_t)to,
                                    RGN_MOVE_PROMOTION,
                                    r->promotion_types[i],
                                    0,
                                    0};
        return n;
    }
    moves[n++] =
        (eng_move){(uint16_t)from, (uint16_t)to, (uint8_t)kind, 0, 0, 0};
    return n;
}

/* The common case inline: most moves are neither a pawn's nor an
 * overlapping type's. */
static inline int add_move(const eng_rules *r, eng_move *moves, int n,
                           int first, int type, int color, int from, int to,
                           int kind)
{
    if (type != r->pawn_type && !r->overlapping[type]) {
        moves[n++] =
            (eng_move){(uint16_t)from, (uint16_t)to, (uint8_t)kind, 0, 0, 0};
        return n;
    }
    return add_special_move(r, moves, n, first, type, color, from, to, kind);
}

static bool path_clear(const uint8_t *board, int from, const eng_ray *ray)
{
    int t = from;
    for (int j = 0; j < ray->path_len; j++) {
        t += ray->path_step;
        if (board[t] != RGN_EMPTY)
            return false;
    }
    return true;
}

static bool initial_ok(const eng_rules *r, int color, int type, int from)
{
    return r->initial_ranks[color][type] >> eng_rank(r, from) & 1;
}

/* A two-leg move: a step onto an empty square, then the second leg. */
static int bent_moves(const eng_rules *r, const uint8_t *board,
                      const eng_ray *ray, int from, eng_move *moves, int n,
                      int first)
{
    int color = RGN_COLOR(board[from]), type = RGN_TYPE(board[from]);
    int middle = from + ray->step;
    if (board[middle] != RGN_EMPTY)
        return n;
    for (int b = 0; b < ray->bend_count; b++) {
        int to = middle;
        for (int k = 0; k < ray->bend_range; k++) {
            to += ray->bend[b];
            uint8_t p = board[to];
            if (p == RGN_EMPTY) {
                if (ray->mode & XB_MOVE)
                    n = add_move(r, moves, n, first, type, color, from, to,
                                 RGN_MOVE_NORMAL);
                continue;
            }
            if ((ray->mode & XB_CAPTURE) && is_color(p, color ^ 1))
                n = add_move(r, moves, n, first, type, color, from, to,
                             RGN_MOVE_NORMAL);
            break;
        }
    }
    return n;
}

/* A leap or slide along one ray. Inlined twice: without the special
 * cases for the plain rays that most pieces have, and with them. */
static inline int ray_moves(const eng_rules *r, const eng_position *pos,
                            const eng_ray *ray, int color, int type, int from,
                            eng_move *moves, int n, int first, bool special)
{
    const uint8_t *board = pos->board;
    int to = from;
    for (int k = 0; k < ray->range; k++) {
        to += ray->step;
        uint8_t p = board[to];
        if (p == RGN_EMPTY) {
            if (ray->mode & XB_MOVE)
                n = add_move(r, moves, n, first, type, color, from, to,
                             RGN_MOVE_NORMAL);
            else if (special && (ray->flags & XB_EN_PASSANT) &&
                     to == pos->ep_square &&
                     board[to - forward(r, color)] ==
                         RGN_PIECE(color ^ 1, r->pawn_type))
                moves[n++] = (eng_move){
                    (uint16_t)from, (uint16_t)to, RGN_MOVE_EN_PASSANT, 0, 0, 0};
            continue;
        }
        if ((ray->mode & XB_CAPTURE) && is_color(p, color ^ 1))
            n = add_move(r, moves, n, first, type, color, from, to,
                         RGN_MOVE_NORMAL);
        break;
    }
    return n;
}

static int piece_moves(const eng_rules *r, const eng_position *pos, int from,
                       eng_move *moves, int n)
{
    const uint8_t *board = pos->board;
    int color = RGN_COLOR(board[from]), type = RGN_TYPE(board[from]), first = n;
    const eng_ray *ray = r->rays[color][type];
    for (int i = 0; i < r->ray_count[color][type]; i++, ray++) {
        if (!ray->flags) { /* most rays: plain leaps and slides */
            n = ray_moves(r, pos, ray, color, type, from, moves, n, first,
                          false);
            continue;
        }
        if ((ray->flags & XB_INITIAL) && !initial_ok(r, color, type, from))
            continue;
        if (ray->flags & XB_BENT) {
            n = bent_moves(r, board, ray, from, moves, n, first);
            continue;
        }
        if (ray->path_len && !path_clear(board, from, ray))
            continue;
        n = ray_moves(r, pos, ray, color, type, from, moves, n, first, true);
    }
    return n;
}

/* Castling under the orthodox conditions, as Chess960 words them: the
 * squares the King and the Rook cross or land on are empty but for the
 * two, and no square the King crosses or lands on is attacked with both
 * lifted (a Rook that moves away may uncover its King's destination).
 * The caller has checked that the King is not in check. */
static int castling_moves(const eng_rules *r, const eng_position *pos,
                          eng_move *moves, int n, int only_to)
{
    int side = pos->side;
    for (int i = 0; i < r->castling_count; i++) {
        if (r->castling[i].color != side || !(pos->castling >> i & 1))
            continue;
        eng_castling c = eng_castling_at(r, pos, i);
        int to = eng_castling_move_to(r, &c);
        if ((only_to >= 0 && to != only_to) ||
            pos->board[c.king_from] != RGN_PIECE(side, r->king_type) ||
            pos->board[c.rook_from] != RGN_PIECE(side, r->rook_type) ||
            !eng_castling_path_empty(pos->board, &c))
            continue;
        uint8_t lifted[RGN_BOARD_CAPACITY];
        memcpy(lifted, pos->board, sizeof lifted);
        lifted[c.king_from] = lifted[c.rook_from] = RGN_EMPTY;
        int dir = c.king_to > c.king_from ? 1 : -1;
        bool ok = true;
        for (int t = c.king_from; ok && t != c.king_to;) {
            t += dir;
            ok = !eng_attacked(r, lifted, t, side ^ 1);
        }
        if (ok && c.king_to == c.king_from) /* only the Rook moves */
            ok = !eng_attacked(r, lifted, c.king_to, side ^ 1);
        if (ok)
            moves[n++] = (eng_move){
                c.king_from, (uint16_t)to, RGN_MOVE_CASTLING, 0, 0, 0};
    }
    return n;
}

static int pseudo_moves(const eng_rules *r, const eng_position *pos,
                        const gen_state *gs, eng_move *moves)
{
    int n = 0;
    for (int rank = 0; rank < r->ranks; rank++) {
        int sq = eng_square(r, 0, rank);
        for (int file = 0; file < r->files; file++, sq++)
            if (is_color(pos->board[sq], gs->side))
                n = piece_moves(r, pos, sq, moves, n);
    }
    if (!gs->in_check)
        n = castling_moves(r, pos, moves, n, -1);
    return n;
}

/* Plays the move on the board alone and asks whether the King is safe. */
static bool king_safe_after(const eng_rules *r, eng_position *pos, eng_move m)
{
    uint8_t *board = pos->board;
    int enemy = pos->side ^ 1;
    if (m.from == pos->king[pos->side]) {
        uint8_t king = board[m.from];
        board[m.from] = RGN_EMPTY;
        bool safe = !eng_attacked(r, board, m.to, enemy);
        board[m.from] = king;
        return safe;
    }
    int taken =
        m.kind == RGN_MOVE_EN_PASSANT ? m.to - forward(r, pos->side) : m.to;
    uint8_t moved = board[m.from], at_to = board[m.to], at_taken = board[taken];
    board[taken] = RGN_EMPTY;
    board[m.to] = moved;
    board[m.from] = RGN_EMPTY;
    bool safe = !eng_attacked(r, board, pos->king[pos->side], enemy);
    board[m.from] = moved;
    board[m.to] = at_to;
    board[taken] = at_taken;
    return safe;
}

static inline bool needs_test(const gen_state *gs, eng_move m)
{
    return gs->in_check || m.from == gs->king ||
           m.kind == RGN_MOVE_EN_PASSANT || is_pin(gs, m.from);
}

static int keep_legal(const eng_rules *r, eng_position *pos,
                      const gen_state *gs, eng_move *moves, int n)
{
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (moves[i].kind == RGN_MOVE_CASTLING || !needs_test(gs, moves[i]) ||
            king_safe_after(r, pos, moves[i]))
            moves[kept++] = moves[i];
    return kept;
}

int eng_legal_moves(eng_position *pos, eng_move *moves)
{
    const eng_rules *r = eng_rules_of(pos);
    if (r->bb.usable)
        return eng_bb_legal_moves(r, pos, moves);
    gen_state gs;
    prepare(r, pos, &gs);
    return keep_legal(r, pos, &gs, moves, pseudo_moves(r, pos, &gs, moves));
}

int eng_count_moves(eng_position *pos)
{
    const eng_rules *r = eng_rules_of(pos);
    if (r->bb.usable)
        return eng_bb_legal_moves(r, pos, NULL);
    eng_move moves[RGN_MAX_MOVES];
    return eng_legal_moves(pos, moves);
}

bool eng_has_moves(eng_position *pos)
{
    const eng_rules *r = eng_rules_of(pos);
    if (r->bb.usable)
        return eng_bb_has_moves(r, pos);
    return eng_count_moves(pos) > 0;
}

/* The origins found by walking each ray of the type backwards from the
 * destination. */
static int legal_moves_to(const eng_rules *r, eng_position *pos,
                          eng_move *moves, int type, int to)
{
    if (r->bb.usable)
        return eng_bb_legal_moves_to(r, pos, moves, type, to);
    if (type < 1 || type > r->type_count || to < 0 || to >= ENG_CAPACITY)
        return 0;
    const uint8_t *board = pos->board;
    int side = pos->side, enemy = side ^ 1, n = 0;
    uint8_t target = board[to], piece = RGN_PIECE(side, type);
    /* an own piece's square: only a castling move onto its Rook goes
     * there (eng_game.any_rook_castles) */
    bool own = target != RGN_EMPTY && !is_color(target, enemy);
    if (own && (type != r->king_type || !r->game->any_rook_castles))
        return 0;
    int needed = own ? 0 : target == RGN_EMPTY ? XB_MOVE : XB_CAPTURE;
    const eng_ray *ray = r->rays[side][type];
    for (int i = 0; i < r->ray_count[side][type]; i++, ray++) {
        if (ray->flags & XB_BENT) {
            if (!(ray->mode & needed))
                continue;
            for (int b = 0; b < ray->bend_count; b++) {
                int t = to - ray->bend[b];
                for (int k = 1; k <= ray->bend_range && board[t] == RGN_EMPTY;
                     k++, t -= ray->bend[b])
                    if (board[t - ray->step] == piece)
                        n = add_move(r, moves, n, 0, type, side, t - ray->step,
                                     to, RGN_MOVE_NORMAL);
            }
            continue;
        }
        if (!(ray->mode & needed)) {
            int from = to - ray->step;
            if ((ray->flags & XB_EN_PASSANT) && to == pos->ep_square &&
                target == RGN_EMPTY && board[from] == piece &&
                board[to - forward(r, side)] == RGN_PIECE(enemy, r->pawn_type))
                moves[n++] = (eng_move){
                    (uint16_t)from, (uint16_t)to, RGN_MOVE_EN_PASSANT, 0, 0, 0};
            continue;
        }
        int from = to;
        for (int k = 0; k < ray->range; k++) {
            from -= ray->step;
            uint8_t p = board[from];
            if (p == piece) {
                if ((!(ray->flags & XB_INITIAL) ||
                     initial_ok(r, side, type, from)) &&
                    (!ray->path_len || path_clear(board, from, ray)))
                    n = add_move(r, moves, n, 0, type, side, from, to,
                                 RGN_MOVE_NORMAL);
                break;
            }
            if (p != RGN_EMPTY)
                break;
        }
    }
    gen_state gs;
    prepare(r, pos, &gs);
    if (type == r->king_type && !gs.in_check)
        n = castling_moves(r, pos, moves, n, to);
    return keep_legal(r, pos, &gs, moves, n);
}

/* find_moves from the list of legal moves to the square. Out of line, so
 * that eng_find_moves stays small and the bitboards' way inlines into
 * its caller (and the list's 16 KB stays out of the caller's frame). */
static __attribute__((noinline)) int
find_in_list(const eng_rules *r, eng_position *pos, int type, int to_file,
             int to_rank, int from_file, int from_rank, int promotion,
             eng_move *first)
{
    if (to_file < 0 || to_file >= r->files || to_rank < 0 ||
        to_rank >= r->ranks)
        return 0;
    eng_move moves[RGN_MAX_MOVES];
    int to = eng_square(r, to_file, to_rank);
    int n = legal_moves_to(r, pos, moves, type, to), found = 0;
    for (int i = 0; i < n; i++) {
        eng_move m = moves[i];
        if (m.kind != RGN_MOVE_CASTLING && m.promotion == promotion &&
            (from_file < 0 || eng_file(r, m.from) == from_file) &&
            (from_rank < 0 || eng_rank(r, m.from) == from_rank) && found++ == 0)
            *first = m;
    }
    return found;
}

int eng_legal_moves_to(eng_position *pos, eng_move *moves, int type, int to)
{
    return legal_moves_to(eng_rules_of(pos), pos, moves, type, to);
}

int eng_find_moves(eng_position *pos, int type, int to_file, int to_rank,
                   int from_file, int from_rank, int promotion, eng_move *first)
{
    const eng_rules *r = eng_rules_of(pos);
    if (r->bb.usable)
        return eng_bb_find_moves(r, pos, type, to_file, to_rank, from_file,
                                 from_rank, promotion, first);
    return find_in_list(r, pos, type, to_file, to_rank, from_file, from_rank,
                        promotion, first);
}

bool eng_en_passant_possible(const eng_rules *r, eng_position *pos)
{
    if (!en_passant_candidate(r, pos))
        return false;
    eng_move moves[RGN_MAX_MOVES];
    int n = legal_moves_to(r, pos, moves, r->pawn_type, pos->ep_square);
    for (int i = 0; i < n; i++)
        if (moves[i].kind == RGN_MOVE_EN_PASSANT)
            return true;
    return false;
}

/* ------------------------------------------------------------------ */
/* Make and unmake                                                     */

/* The squares of a castling move of the colour, found from the move
 * among the rights the position holds (before the move). */
static eng_castling castling_of(const eng_rules *r, const eng_position *pos,
                                int color, eng_move m)
{
    eng_castling c = r->castling[0];
    for (int i = 0; i < r->castling_count; i++) {
        c = eng_castling_at(r, pos, i);
        if (pos->castling >> i & 1 && c.color == color &&
            eng_castling_move_to(r, &c) == m.to)
            break;
    }
    c.king_from = m.from; /* the King may have castled already */
    return c;
}

/* The rights a move leaves where any Rook castles: all but those of a
 * King that moves and of a Rook that moves or is taken. Out of line: the
 * common make reads the rules' table (eng_rules.castling_kept). */
static __attribute__((noinline)) uint8_t
rights_kept_any_rook(const eng_rules *r, const eng_position *pos, eng_move m)
{
    uint8_t kept = 0xFF;
    for (int i = 0; i < r->castling_count; i++) {
        eng_castling c = eng_castling_at(r, pos, i);
        if (pos->castling >> i & 1 &&
            (m.from == c.king_from || m.from == c.rook_from ||
             m.to == c.rook_from))
            kept &= (uint8_t) ~(1u << i);
    }
    return kept;
}

/* Moves a castling King and Rook (the two lifted, then put down: in
 * Chess960 either may land where the other stood); gives the key's
 * change. */
static uint64_t move_castling_pair(const eng_rules *r, eng_position *pos,
                                   int side, int king_from, int rook_from,
                                   int king_to, int rook_to)
{
    const eng_bitboards *bb = r->bb.usable ? &r->bb : NULL;
    uint8_t king = RGN_PIECE(side, r->king_type);
    uint8_t rook = RGN_PIECE(side, r->rook_type);
    pos->board[king_from] = pos->board[rook_from] = RGN_EMPTY;
    pos->board[king_to] = king;
    pos->board[rook_to] = rook;
    if (bb) {
        bb_toggle(bb, pos, king_from, king);
        bb_toggle(bb, pos, rook_from, rook);
        bb_toggle(bb, pos, king_to, king);
        bb_toggle(bb, pos, rook_to, rook);
    }
    pos->king[side] = (uint16_t)king_to;
    return piece_key(bb, king, king_from) ^ piece_key(bb, rook, rook_from) ^
           piece_key(bb, king, king_to) ^ piece_key(bb, rook, rook_to);
}

/* A castling move made: the King and Rook moved; gives the key's
 * change. Out of the common move's way. */
static __attribute__((noinline)) uint64_t
make_castling(const eng_rules *r, eng_position *pos, int side, eng_move m)
{
    eng_castling c = castling_of(r, pos, side, m);
    return move_castling_pair(r, pos, side, c.king_from, c.rook_from, c.king_to,
                              c.rook_to);
}

/* eng_make's body for the rules' bitboards bb, or NULL where there are
 * none: inlined once for each, so that neither tests bb at every step. */
static inline __attribute__((always_inline)) void
make_move(const eng_rules *r, const eng_bitboards *bb, eng_position *pos,
          eng_move m, eng_undo *undo)
{
    uint8_t *board = pos->board;
    int side = pos->side;
    uint64_t key = pos->key ^ en_passant_key(r, pos);
    undo->key = pos->key;
    undo->halfmove = pos->halfmove;
    undo->fullmove = pos->fullmove;
    undo->ep_square = pos->ep_square;
    undo->castling = pos->castling;
    undo->check_cache = pos->check_cache;
    if (!bb) /* with them, set below before anything reads it */
        pos->check_cache = -1;
    uint8_t piece = board[m.from];
    /* most moves come when no right is left: no table to read */
    uint8_t castling = pos->castling;
    if (castling)
        castling &= __builtin_expect(r->game->any_rook_castles, 0)
                        ? rights_kept_any_rook(r, pos, m)
                        : r->castling_kept[m.from] & r->castling_kept[m.to];
    uint8_t captured = RGN_EMPTY;
    if (__builtin_expect(m.kind == RGN_MOVE_CASTLING, 0)) {
        key ^= make_castling(r, pos, side, m);
    } else {
        int taken =
            m.kind == RGN_MOVE_EN_PASSANT ? m.to - forward(r, side) : m.to;
        captured = board[taken];
        if (captured != RGN_EMPTY) {
            key ^= piece_key(bb, captured, taken);
            board[taken] = RGN_EMPTY;
            if (bb)
                bb_toggle(bb, pos, taken, captured);
        }
        uint8_t placed =
            m.kind == RGN_MOVE_PROMOTION ? RGN_PIECE(side, m.promotion) : piece;
        board[m.from] = RGN_EMPTY;
        board[m.to] = placed;
        if (bb) { /* the colour's set changes once: no store waits on another */
            eng_bits from = bb_bit(bb->index[m.from]),
                     to = bb_bit(bb->index[m.to]);
            pos->by_color[side] ^= from | to;
            pos->by_type[RGN_TYPE(piece)] ^= from;
            pos->by_type[RGN_TYPE(placed)] ^= to;
        }
        key ^= piece_key(bb, piece, m.from) ^ piece_key(bb, placed, m.to);
        if (RGN_TYPE(piece) == r->king_type)
            pos->king[side] = m.to;
    }
    undo->captured = captured;
    int type = RGN_TYPE(piece);
    if (castling != pos->castling)
        key ^= salt_key(CASTLING_SALT, pos->castling) ^
               salt_key(CASTLING_SALT, castling);
    pos->castling = castling;
    pos->halfmove =
        type == r->pawn_type || captured != RGN_EMPTY ? 0 : pos->halfmove + 1;
    pos->ep_square = -1;
    if (type == r->pawn_type && abs(m.to - m.from) == 2 * r->width)
        pos->ep_square = (int16_t)((m.from + m.to) / 2);
    pos->fullmove += side; /* after Black's move */
    pos->side ^= 1;
    /* stored now, so that little waits over the call below */
    pos->key = key ^ salt_key(SIDE_SALT, 1);
    if (bb) /* cheap from the move itself, and the next move needs it */
        pos->check_cache = (int8_t)eng_bb_check_after(r, pos, m);
    if (pos->ep_square >= 0) /* its test reads the check just found */
        pos->key ^= en_passant_key(r, pos);
}

void eng_make(eng_position *pos, eng_move m, eng_undo *undo)
{
    const eng_rules *r = eng_rules_of(pos);
    if (r->bb.usable)
        make_move(r, &r->bb, pos, m, undo);
    else
        make_move(r, NULL, pos, m, undo);
}

void eng_unmake(eng_position *pos, eng_move m, const eng_undo *undo)
{
    const eng_rules *r = eng_rules_of(pos);
    uint8_t *board = pos->board;
    int side = pos->side ^ 1;
    const eng_bitboards *bb = r->bb.usable ? &r->bb : NULL;
    if (m.kind == RGN_MOVE_CASTLING) {
        /* the rights before the move name the Rook's square */
        pos->castling = undo->castling;
        eng_castling c = castling_of(r, pos, side, m);
        move_castling_pair(r, pos, side, c.king_to, c.rook_to, c.king_from,
                           c.rook_from);
    } else {
        uint8_t placed = board[m.to];
        uint8_t piece = m.kind == RGN_MOVE_PROMOTION
                            ? RGN_PIECE(side, r->pawn_type)
                            : placed;
        int taken =
            m.kind == RGN_MOVE_EN_PASSANT ? m.to - forward(r, side) : m.to;
        board[m.to] = RGN_EMPTY;
        board[m.from] = piece;
        board[taken] = undo->captured;
        if (bb) {
            bb_toggle(bb, pos, m.to, placed);
            bb_toggle(bb, pos, m.from, piece);
            if (undo->captured != RGN_EMPTY)
                bb_toggle(bb, pos, taken, undo->captured);
        }
        if (RGN_TYPE(piece) == r->king_type)
            pos->king[side] = m.from;
    }
    pos->side = (uint8_t)side;
    pos->key = undo->key;
    pos->halfmove = undo->halfmove;
    pos->fullmove = undo->fullmove;
    pos->ep_square = undo->ep_square;
    pos->castling = undo->castling;
    pos->check_cache = undo->check_cache;
}

uint64_t eng_perft(eng_position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    if (depth == 1)
        return (uint64_t)eng_count_moves(pos);
    eng_move moves[RGN_MAX_MOVES];
    int n = eng_legal_moves(pos, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        eng_undo undo;
        eng_make(pos, moves[i], &undo);
        total += eng_perft(pos, depth - 1);
        eng_unmake(pos, moves[i], &undo);
    }
    return total;
}
