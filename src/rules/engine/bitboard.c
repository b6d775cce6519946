/*
 * bitboard.c - the engine's fast path for boards of at most 8 x 8:
 * tables compiled from the same rays as the mailbox generator, attacks
 * found by set operations, and legal moves by the usual method of fast
 * chess programs (checkers, pinned pieces, a King that only goes where
 * nothing attacks), so that only en passant is tested by playing it.
 */
#include "rules/engine/engine.h"

#include <stdlib.h>
#include <string.h>

#include "base/directions.h"

/* the directions whose squares have rising numbers: N, NE, E, NW */
#define BB_RISING 0x87u

/* ------------------------------------------------------------------ */
/* Tables                                                              */

static int index_at(const eng_rules *r, int file, int rank)
{
    if (file < 0 || file >= r->files || rank < 0 || rank >= r->ranks)
        return -1;
    return rank * 8 + file;
}

static int direction_of(int file, int rank)
{
    for (int d = 0; d < BB_DIRECTIONS; d++) {
        rgn_step step = rgn_direction_step(d);
        if (step.file == file && step.rank == rank)
            return d;
    }
    return -1;
}

/* The (file, rank) offset of a mailbox step: the border keeps every
 * step's file offset under half the mailbox's width. */
static void offset_of(const eng_rules *r, int step, int *file, int *rank)
{
    int half = r->width / 2;
    *rank = (step + half + 64 * r->width) / r->width - 64;
    *file = step - *rank * r->width;
}

static void compile_lines(eng_bitboards *b, const eng_rules *r)
{
    memset(b->direction, -1, sizeof b->direction);
    for (int rank = 0; rank < r->ranks; rank++)
        for (int file = 0; file < r->files; file++) {
            int from = rank * 8 + file;
            for (int d = 0; d < BB_DIRECTIONS; d++) {
                rgn_step step = rgn_direction_step(d);
                eng_bits passed = 0;
                for (int k = 1;; k++) {
                    int to =
                        index_at(r, file + k * step.file, rank + k * step.rank);
                    if (to < 0)
                        break;
                    b->direction[from][to] = (int8_t)d;
                    passed |= bb_bit(to);
                }
                b->ray[d][from] = passed;
            }
        }
}

/* Of squares on one ray in direction d, the one nearest the ray's
 * start; asked with the opposite direction, the farthest. */
static inline int nearest(int d, eng_bits squares)
{
    return (BB_RISING >> d & 1) ? bb_first(squares) : bb_last(squares);
}

static inline int opposite(int d) { return (d + 4) & 7; }

static eng_bits slow_slides(const eng_bitboards *b, unsigned directions,
                            int from, eng_bits occupied)
{
    eng_bits reach = 0;
    for (; directions; directions &= directions - 1) {
        int d = bb_first(directions);
        eng_bits ray = b->ray[d][from], blockers = ray & occupied;
        if (blockers)
            ray ^= b->ray[d][nearest(d, blockers)];
        reach |= ray;
    }
    return reach;
}

/* The lines and the rank table of the whole-line slides (line_slide,
 * rank_slide): the rank table from the ray slides along the first rank,
 * for every occupation of its inner squares. */
static void compile_line_slides(eng_bitboards *b, int files)
{
    for (int from = 0; from < 64; from++) {
        b->line[BB_FILE][from] = b->ray[BB_N][from] | b->ray[BB_S][from];
        b->line[BB_DIAGONAL_LINE][from] =
            b->ray[BB_NE][from] | b->ray[BB_SW][from];
        b->line[BB_ANTI_DIAGONAL][from] =
            b->ray[BB_NW][from] | b->ray[BB_SE][from];
        b->line[BB_RANK][from] = b->ray[BB_E][from] | b->ray[BB_W][from];
    }
    unsigned along_rank = 1u << BB_E | 1u << BB_W;
    for (int file = 0; file < files; file++)
        for (unsigned inner = 0; inner < 64; inner++)
            b->rank_reach[file][inner] =
                (uint8_t)slow_slides(b, along_rank, file, (eng_bits)inner << 1);
}

/* A leap of one type and colour into the tables; false when the ray is
 * of a kind the fast path does not take. */
static bool compile_leap(eng_bitboards *b, const eng_rules *r, int color,
                         int type, const eng_ray *ray, int file_step,
                         int rank_step)
{
    bool first = ray->path_len || (ray->flags & XB_INITIAL);
    if (ray->flags & ~(XB_NON_JUMPING | XB_INITIAL | XB_EN_PASSANT))
        return false;
    if ((ray->flags & XB_EN_PASSANT) && (first || type != r->pawn_type))
        return false;
    eng_first_leap *leap = NULL;
    if (first) {
        if (b->first_leap_count[color] == BB_MAX_FIRST_LEAPS)
            return false;
        leap = &b->first_leaps[color][b->first_leap_count[color]++];
        leap->type = (uint8_t)type;
        leap->mode = ray->mode;
        b->first_leaper_types[color] |= (uint16_t)(1u << type);
        b->first_leap_captures |= (ray->mode & XB_CAPTURE) != 0;
        memset(leap->to, BB_NONE, sizeof leap->to);
        memset(leap->from, BB_NONE, sizeof leap->from);
    }
    for (int rank = 0; rank < r->ranks; rank++)
        for (int file = 0; file < r->files; file++) {
            int from = rank * 8 + file;
            int to = index_at(r, file + file_step, rank + rank_step);
            if (to < 0)
                continue;
            if (leap) {
                if ((ray->flags & XB_INITIAL) &&
                    !(r->initial_ranks[color][type] >> rank & 1))
                    continue;
                leap->to[from] = (uint8_t)to;
                leap->from[to] = (uint8_t)from;
                int sq = eng_square(r, file, rank);
                for (int k = 0; k < ray->path_len; k++) {
                    sq += ray->path_step;
                    leap->path[from] |= bb_bit(b->index[sq]);
                }
                continue;
            }
            if (ray->mode & XB_MOVE) {
                b->leap_move[color][type][from] |= bb_bit(to);
                b->leap_move_to[color][to][type] |= bb_bit(from);
                b->move_leaper_types[color] |= (uint16_t)(1u << type);
            }
            if (ray->mode & XB_CAPTURE) {
                b->leap_capture[color][type][from] |= bb_bit(to);
                b->leap_capture_to[color][to][type] |= bb_bit(from);
                b->leaper_types[color] |= (uint16_t)(1u << type);
            }
            if (ray->flags & XB_EN_PASSANT)
                b->en_passant_from[color][to] |= bb_bit(from);
        }
    return true;
}

static bool compile_rays(eng_bitboards *b, const eng_rules *r, int color,
                         int type)
{
    int limit = (r->files > r->ranks ? r->files : r->ranks) - 1;
    if (r->overlapping[type])
        return false;
    for (int i = 0; i < r->ray_count[color][type]; i++) {
        const eng_ray *ray = &r->rays[color][type][i];
        int file, rank;
        offset_of(r, ray->step, &file, &rank);
        if (ray->flags & XB_BENT)
            return false;
        if (ray->range == 1) {
            if (!compile_leap(b, r, color, type, ray, file, rank))
                return false;
            continue;
        }
        int d = direction_of(file, rank);
        if (ray->range < limit || ray->flags || d < 0)
            return false; /* a limited or a longer-stepping slide */
        if (ray->mode & XB_MOVE)
            b->slide_move[color][type] |= (uint8_t)(1u << d);
        if (ray->mode & XB_CAPTURE)
            b->slide_capture[color][type] |= (uint8_t)(1u << d);
    }
    return true;
}

/* Directions that the same types slide along form one group. */
static void compile_groups(eng_bitboards *b, const eng_rules *r, int color)
{
    for (int d = 0; d < BB_DIRECTIONS; d++) {
        uint16_t types = 0;
        for (int t = 1; t <= r->type_count; t++)
            if (b->slide_capture[color][t] >> d & 1)
                types |= (uint16_t)(1u << t);
        if (!types)
            continue;
        int g = 0;
        while (g < b->group_count[color] && b->groups[color][g].types != types)
            g++;
        if (g == b->group_count[color])
            b->groups[color][b->group_count[color]++] =
                (eng_slide_group){.types = types};
        b->groups[color][g].directions |= (uint8_t)(1u << d);
    }
    for (int g = 0; g < b->group_count[color]; g++) {
        eng_slide_group *group = &b->groups[color][g];
        for (int d = 0; d < BB_DIRECTIONS; d++)
            if (group->directions >> d & 1)
                for (int sq = 0; sq < 64; sq++)
                    group->reach[sq] |= b->ray[opposite(d)][sq];
    }
}

void eng_bb_compile(eng_rules *r)
{
    eng_bitboards *b = &r->bb;
    memset(b, 0, sizeof *b);
    if (r->files > 8 || r->ranks > 8)
        return;
    memset(b->index, BB_NONE, sizeof b->index);
    for (int rank = 0; rank < r->ranks; rank++)
        for (int file = 0; file < r->files; file++) {
            int sq = eng_square(r, file, rank);
            b->index[sq] = (uint8_t)(rank * 8 + file);
            b->square[rank * 8 + file] = (uint16_t)sq;
            for (int piece = 0; piece < 32; piece++)
                b->piece_key[piece][rank * 8 + file] = eng_piece_key(piece, sq);
        }
    compile_lines(b, r);
    for (int color = 0; color < 2; color++) {
        for (int t = 1; t <= r->type_count; t++)
            if (!compile_rays(b, r, color, t)) {
                memset(b, 0, sizeof *b);
                return;
            }
        compile_groups(b, r, color);
        for (int file = 0; file < r->files; file++)
            b->last_rank[color] |=
                bb_bit(index_at(r, file, color ? 0 : r->ranks - 1));
    }
    compile_line_slides(b, r->files);
    b->usable = true;
}

void eng_bb_sync(const eng_rules *r, eng_position *pos)
{
    memset(pos->by_color, 0, sizeof pos->by_color);
    memset(pos->by_type, 0, sizeof pos->by_type);
    if (!r->bb.usable)
        return;
    for (int rank = 0; rank < r->ranks; rank++)
        for (int file = 0; file < r->files; file++) {
            int sq = eng_square(r, file, rank);
            if (pos->board[sq] != RGN_EMPTY)
                bb_toggle(&r->bb, pos, sq, pos->board[sq]);
        }
}

/* ------------------------------------------------------------------ */
/* Attacks                                                             */

/* The reach along one line through `from` that holds at most one square
 * on each rank (a file or a diagonal), from the line alone: below the
 * slider, subtracting it from the occupied squares of the line borrows
 * up to the first blocker; the ranks byte-swapped, the same goes the
 * other way ("hyperbola quintessence"). Small tables, where a lookup by
 * multiplication ("magic") needs 800 KB that push the rest out of the
 * cache. */
static inline eng_bits line_slide(eng_bits line, int from, eng_bits occupied)
{
    eng_bits slider = bb_bit(from);
    eng_bits forward = occupied & line, reverse = __builtin_bswap64(forward);
    forward -= slider;
    reverse -= __builtin_bswap64(slider);
    return (forward ^ __builtin_bswap64(reverse)) & line;
}

/* Along a rank, whose squares share a byte: from a table by the
 * occupation of the inner six files. */
static inline eng_bits rank_slide(const eng_bitboards *b, int from,
                                  eng_bits occupied)
{
    int shift = from & ~7;
    unsigned inner = (unsigned)(occupied >> (shift + 1)) & 63;
    return ((eng_bits)b->rank_reach[from & 7][inner] << shift) &
           b->line[BB_RANK][from];
}

/* A slide along any set of directions: whole lines for each full set of
 * four, one ray at a time for the rest. */
static inline eng_bits slides(const eng_bitboards *b, unsigned directions,
                              int from, eng_bits occupied)
{
    eng_bits reach = 0;
    if ((directions & BB_ORTHOGONAL) == BB_ORTHOGONAL) {
        reach |= line_slide(b->line[BB_FILE][from], from, occupied) |
                 rank_slide(b, from, occupied);
        directions &= ~BB_ORTHOGONAL;
    }
    if ((directions & BB_DIAGONAL) == BB_DIAGONAL) {
        reach |= line_slide(b->line[BB_DIAGONAL_LINE][from], from, occupied) |
                 line_slide(b->line[BB_ANTI_DIAGONAL][from], from, occupied);
        directions &= ~BB_DIAGONAL;
    }
    return directions ? reach | slow_slides(b, directions, from, occupied)
                      : reach;
}

/* The squares of the rays from `from` in the given directions on an
 * empty board: whole lines for each full set of four, as slides. */
static inline eng_bits empty_rays(const eng_bitboards *b, unsigned directions,
                                  int from)
{
    eng_bits reach = 0;
    if ((directions & BB_ORTHOGONAL) == BB_ORTHOGONAL) {
        reach |= b->line[BB_FILE][from] | b->line[BB_RANK][from];
        directions &= ~BB_ORTHOGONAL;
    }
    if ((directions & BB_DIAGONAL) == BB_DIAGONAL) {
        reach |=
            b->line[BB_DIAGONAL_LINE][from] | b->line[BB_ANTI_DIAGONAL][from];
        directions &= ~BB_DIAGONAL;
    }
    for (; directions; directions &= directions - 1)
        reach |= b->ray[bb_first(directions)][from];
    return reach;
}

/* The directions back along which a slide in the given ones arrives. */
static inline unsigned reversed(unsigned directions)
{
    return ((directions << 4) | (directions >> 4)) & 0xFFu;
}

static inline eng_bits pieces_of(const eng_position *pos, unsigned types,
                                 int color)
{
    eng_bits set = 0;
    for (; types; types &= types - 1)
        set |= pos->by_type[bb_first(types)];
    return set & pos->by_color[color];
}

/* The squares strictly between `from` and `to`, which lie on a line in
 * direction d from `from`. */
static inline eng_bits between_along(const eng_bitboards *b, int d, int from,
                                     int to)
{
    return b->ray[d][from] ^ b->ray[d][to] ^ bb_bit(to);
}

/* The squares strictly between two squares on a line (0 when they are
 * not on one): from the rays, a small table, rather than a 32 KB one. */
static inline eng_bits between(const eng_bitboards *b, int from, int to)
{
    int d = b->direction[from][to];
    return d < 0 ? 0 : between_along(b, d, from, to);
}

/* The leapers of colour `by` that attack square `at` (from the tables:
 * no square between them and it). */
static inline eng_bits leapers_onto(const eng_bitboards *b,
                                    const eng_position *pos, int at, int by)
{
    eng_bits found = 0;
    for (unsigned types = b->leaper_types[by]; types; types &= types - 1) {
        int t = bb_first(types);
        found |= b->leap_capture_to[by][at][t] & pos->by_type[t];
    }
    return found & pos->by_color[by];
}

/* The pieces of colour `by` that attack square `at` when the occupied
 * squares are `occupied` (a piece taken off by the caller stays in the
 * sets: the caller masks it out). sliders[g] are the pieces of slide
 * group g, found once by the caller. */
static inline eng_bits attackers_with(const eng_bitboards *b,
                                      const eng_position *pos, int at,
                                      eng_bits occupied, int by,
                                      const eng_bits *sliders)
{
    eng_bits found = leapers_onto(b, pos, at, by);
    for (int g = 0; g < b->group_count[by]; g++)
        if (sliders[g] & b->groups[by][g].reach[at])
            found |=
                slides(b, reversed(b->groups[by][g].directions), at, occupied) &
                sliders[g];
    return found;
}

static void find_sliders(const eng_bitboards *b, const eng_position *pos,
                         int by, eng_bits *sliders)
{
    for (int g = 0; g < b->group_count[by]; g++)
        sliders[g] = pieces_of(pos, b->groups[by][g].types, by);
}

/* Whether a piece of colour `by` attacks square `at` (the occupied
 * squares `occupied`, which may leave out pieces of the other colour
 * only: the sets are read as they are): the leapers by their tables
 * first; then a slide group only when its reach from `at` holds a piece
 * of the colour, and only its pieces there, each by the squares between.
 * Asked once per King move, where finding every slider first cost more
 * than the answer. */
static bool attacked(const eng_bitboards *b, const eng_position *pos, int at,
                     eng_bits occupied, int by)
{
    if (leapers_onto(b, pos, at, by))
        return true;
    eng_bits theirs = pos->by_color[by];
    for (int g = 0; g < b->group_count[by]; g++) {
        const eng_slide_group *group = &b->groups[by][g];
        eng_bits near = group->reach[at] & theirs;
        if (!near)
            continue;
        for (eng_bits snipers = pieces_of(pos, group->types, by) & near;
             snipers; snipers &= snipers - 1)
            if (!(between(b, at, bb_first(snipers)) & occupied))
                return true;
    }
    return false;
}

static inline int king_index(const eng_rules *r, const eng_position *pos,
                             int color)
{
    return r->bb.index[pos->king[color]];
}

bool eng_bb_in_check(const eng_rules *r, const eng_position *pos)
{
    eng_bits occupied = pos->by_color[0] | pos->by_color[1];
    return attacked(&r->bb, pos, king_index(r, pos, pos->side), occupied,
                    pos->side ^ 1);
}

/* Whether the first piece from the King on `king` along the line through
 * `through` (with the squares `occupied`) is one of colour `by`, not on
 * `skip`, that slides back along the line onto the King; false when
 * `through` is on no line with the King. Most squares are on none, and
 * most lines hold no such piece: the cheap tests come first. */
static inline bool line_attack(const eng_bitboards *b, const eng_position *pos,
                               int king, int through, eng_bits occupied, int by,
                               int skip)
{
    int d = b->direction[king][through];
    if (d < 0)
        return false;
    eng_bits blockers = b->ray[d][king] & occupied;
    if (!(blockers & pos->by_color[by]))
        return false;
    int at = nearest(d, blockers);
    uint8_t piece = pos->board[b->square[at]];
    return at != skip && RGN_COLOR(piece) == by &&
           (b->slide_capture[by][RGN_TYPE(piece)] >> opposite(d) & 1);
}

/* Whether the side to move is in check after move m, from what the move
 * changed: the moved piece's own attack, and a slide it uncovered. En
 * passant and castling, which move a second piece, and games where a
 * first-move leap captures, take the full test. */
bool eng_bb_check_after(const eng_rules *r, const eng_position *pos, eng_move m)
{
    const eng_bitboards *b = &r->bb;
    int victim = pos->side, mover = victim ^ 1;
    if (m.kind == RGN_MOVE_EN_PASSANT || m.kind == RGN_MOVE_CASTLING ||
        b->first_leap_captures)
        return eng_bb_in_check(r, pos);
    int king = king_index(r, pos, victim), to = b->index[m.to];
    int type = RGN_TYPE(pos->board[m.to]);
    if (b->leap_capture[mover][type][to] >> king & 1)
        return true;
    eng_bits occupied = pos->by_color[0] | pos->by_color[1];
    /* the moved piece slides onto the King over empty squares */
    int d = b->direction[king][to];
    if (d >= 0 && (b->slide_capture[mover][type] >> opposite(d) & 1) &&
        !(between_along(b, d, king, to) & occupied))
        return true;
    return line_attack(b, pos, king, b->index[m.from], occupied, mover, to);
}

/* ------------------------------------------------------------------ */
/* Legal moves                                                         */

typedef struct generation {
    const eng_rules *r;
    const eng_bitboards *b;
    const eng_position *pos;
    eng_move *moves; /* NULL: count only */
    int n;
    int us, them;
    eng_bits own, enemy, occupied;
    int king;
    eng_bits checkers;
    bool sliders_found;
    /* squares the King may step to, once king_steps found them: not
     * attacked even with the King lifted, so not attacked with it there */
    eng_bits king_safe;
    eng_bits sliders[BB_MAX_GROUPS]; /* the enemy's, by slide group */
} generation;

/* The enemy's sliders, found on first need: resolving a move out of no
 * check usually needs none. */
static inline const eng_bits *enemy_sliders(generation *g)
{
    if (!g->sliders_found) {
        find_sliders(g->b, g->pos, g->them, g->sliders);
        g->sliders_found = true;
    }
    return g->sliders;
}

static inline eng_bits attacked_by(generation *g, int at, eng_bits occupied)
{
    return attackers_with(g->b, g->pos, at, occupied, g->them,
                          enemy_sliders(g));
}

static void start(generation *g, const eng_rules *r, const eng_position *pos,
                  eng_move *moves)
{
    g->r = r;
    g->b = &r->bb;
    g->pos = pos;
    g->moves = moves;
    g->n = 0;
    g->us = pos->side;
    g->them = pos->side ^ 1;
    g->own = pos->by_color[g->us];
    g->enemy = pos->by_color[g->them];
    g->occupied = g->own | g->enemy;
    g->king = king_index(r, pos, g->us);
    g->sliders_found = false;
    g->king_safe = 0;
}

static void find_checkers(generation *g)
{
    g->checkers = attacked_by(g, g->king, g->occupied);
}

/* Moves of one piece to a set of squares; a pawn's arrival on its last
 * rank is one move per promotion choice. */
static inline void add(generation *g, int type, int from, eng_bits targets,
                       int kind)
{
    const eng_rules *r = g->r;
    eng_bits promoting =
        type == r->pawn_type ? targets & g->b->last_rank[g->us] : 0;
    if (!g->moves) {
        g->n += bb_count(targets ^ promoting) +
                bb_count(promoting) * r->promotion_count;
        return;
    }
    uint16_t origin = g->b->square[from];
    for (; targets; targets &= targets - 1) {
        int to = bb_first(targets);
        uint16_t target = g->b->square[to];
        if (promoting >> to & 1) {
            for (int i = 0; i < r->promotion_count; i++)
                g->moves[g->n++] = (eng_move){
                    origin, target, RGN_MOVE_PROMOTION, r->promotion_types[i],
                    0,      0};
        } else {
            g->moves[g->n++] =
                (eng_move){origin, target, (uint8_t)kind, 0, 0, 0};
        }
    }
}

/* Where a piece's leaps and slides go, captures of own pieces aside. */
static inline eng_bits destinations(const generation *g, int type, int from)
{
    const eng_bitboards *b = g->b;
    int us = g->us;
    eng_bits to = (b->leap_move[us][type][from] & ~g->occupied) |
                  (b->leap_capture[us][type][from] & g->enemy);
    unsigned moving = b->slide_move[us][type],
             capturing = b->slide_capture[us][type];
    if (moving == capturing) {
        if (moving)
            to |= slides(b, moving, from, g->occupied) & ~g->own;
    } else {
        to |= slides(b, moving, from, g->occupied) & ~g->occupied;
        to |= slides(b, capturing, from, g->occupied) & g->enemy;
    }
    return to;
}

/* Whether the King is safe once a piece moved from -> to and the piece
 * on `taken` (the target, or the pawn taken en passant) is gone. */
static bool safe_after(generation *g, int from, int to, int taken)
{
    eng_bits occupied =
        (g->occupied ^ bb_bit(from) ^ bb_bit(taken)) | bb_bit(to);
    return !(attacked_by(g, g->king, occupied) & ~bb_bit(taken));
}

/* Whether a move from -> to, out of no check, would open a line to the
 * King: only the line through `from` can open. */
static bool exposes_king(const generation *g, int from, int to)
{
    eng_bits occupied = (g->occupied ^ bb_bit(from)) | bb_bit(to);
    return line_attack(g->b, g->pos, g->king, from, occupied, g->them, to);
}

static bool king_may_go(const generation *g, int to)
{
    return !attacked(g->b, g->pos, to, g->occupied ^ bb_bit(g->king), g->them);
}

/* Own pieces between the King and an enemy slider; pin_line[square] is
 * where such a piece may still go: up to the slider, taking it. */
static eng_bits find_pinned(generation *g, eng_bits *pin_line)
{
    const eng_bitboards *b = g->b;
    const eng_bits *enemy = enemy_sliders(g);
    eng_bits pinned = 0;
    for (int i = 0; i < b->group_count[g->them]; i++) {
        const eng_slide_group *group = &b->groups[g->them][i];
        eng_bits sliders = enemy[i];
        if (!sliders)
            continue;
        eng_bits snipers = group->reach[g->king] & sliders;
        for (; snipers; snipers &= snipers - 1) {
            int s = bb_first(snipers);
            eng_bits line = between(b, g->king, s),
                     blockers = line & g->occupied;
            if (blockers && !(blockers & (blockers - 1)) &&
                (blockers & g->own)) {
                pinned |= blockers;
                pin_line[bb_first(blockers)] = line | bb_bit(s);
            }
        }
    }
    return pinned;
}

static bool first_leap_open(const eng_first_leap *leap, int from, int to,
                            eng_bits occupied, eng_bits enemy)
{
    eng_bits at = bb_bit(to);
    if (leap->path[from] & occupied)
        return false;
    return ((leap->mode & XB_MOVE) && !(occupied & at)) ||
           ((leap->mode & XB_CAPTURE) && (enemy & at));
}

/* The pawn taken en passant onto ep, or -1 when there is none to take. */
static int en_passant_victim(const generation *g)
{
    const eng_position *pos = g->pos;
    const eng_rules *r = g->r;
    if (pos->ep_square < 0 || !r->pawn_type)
        return -1;
    int square = pos->ep_square - (g->us ? -r->width : r->width);
    if (pos->board[square] != RGN_PIECE(g->them, r->pawn_type))
        return -1;
    return g->b->index[square];
}

static void en_passant_moves(generation *g, eng_bits origins)
{
    int victim = en_passant_victim(g);
    if (victim < 0)
        return;
    int to = g->b->index[g->pos->ep_square];
    origins &= g->b->en_passant_from[g->us][to] &
               g->pos->by_type[g->r->pawn_type] & g->own;
    for (; origins; origins &= origins - 1)
        if (safe_after(g, bb_first(origins), to, victim))
            add(g, 0, bb_first(origins), bb_bit(to), RGN_MOVE_EN_PASSANT);
}

/* The squares from a to b, both included, on one rank. */
static inline eng_bits rank_span(const eng_bitboards *b, int a, int c)
{
    int lo = b->index[a < c ? a : c], hi = b->index[a < c ? c : a];
    return ((eng_bits)2 << hi) - ((eng_bits)1 << lo);
}

/* Castling as movegen.c's castling_moves words it, on the sets. */
static void castling_moves(generation *g, int only_to)
{
    const eng_rules *r = g->r;
    const eng_bitboards *b = g->b;
    const eng_position *pos = g->pos;
    if (g->checkers)
        return;
    /* the King's safe steps were found with the Rook in place: where a
     * Rook beside the King may castle, its leaving may uncover them */
    eng_bits known_safe = r->game->any_rook_castles ? 0 : g->king_safe;
    for (int i = 0; i < r->castling_count; i++) {
        if (r->castling[i].color != g->us || !(pos->castling >> i & 1))
            continue;
        eng_castling c = eng_castling_at(r, pos, i);
        int to = eng_castling_move_to(r, &c);
        if ((only_to >= 0 && to != only_to) ||
            pos->board[c.king_from] != RGN_PIECE(g->us, r->king_type) ||
            pos->board[c.rook_from] != RGN_PIECE(g->us, r->rook_type))
            continue;
        eng_bits pieces =
            bb_bit(b->index[c.king_from]) | bb_bit(b->index[c.rook_from]);
        eng_bits crossed = rank_span(b, c.king_from, c.king_to) |
                           rank_span(b, c.rook_from, c.rook_to);
        eng_bits occupied = g->occupied & ~pieces;
        if (crossed & occupied)
            continue;
        eng_bits path = rank_span(b, c.king_from, c.king_to);
        if (c.king_to != c.king_from) /* not in check: its square is safe */
            path &= ~bb_bit(b->index[c.king_from]);
        bool safe = true;
        for (path &= ~known_safe; path && safe; path &= path - 1)
            safe = !attacked(b, pos, bb_first(path), occupied, g->them);
        if (!safe)
            continue;
        if (g->moves)
            g->moves[g->n] = (eng_move){
                c.king_from, (uint16_t)to, RGN_MOVE_CASTLING, 0, 0, 0};
        g->n++;
    }
}

static void king_steps(generation *g)
{
    int king_type = g->r->king_type;
    eng_bits to = destinations(g, king_type, g->king), safe = 0;
    for (; to; to &= to - 1)
        if (king_may_go(g, bb_first(to)))
            safe |= bb_bit(bb_first(to));
    g->king_safe = safe;
    add(g, king_type, g->king, safe, RGN_MOVE_NORMAL);
}

/* The moves of every piece but the King, out of no check or a single
 * one; with `any`, only until one is found. */
static void other_moves(generation *g, bool any)
{
    const eng_rules *r = g->r;
    const eng_bitboards *b = g->b;
    const eng_position *pos = g->pos;
    /* in check, other pieces must take the checker or step between */
    eng_bits allowed =
        g->checkers ? between(b, g->king, bb_first(g->checkers)) | g->checkers
                    : ~(eng_bits)0;
    eng_bits pin_line[64];
    eng_bits pinned = find_pinned(g, pin_line);
    for (int t = 1; t <= r->type_count; t++) {
        if (t == r->king_type)
            continue;
        for (eng_bits pieces = pos->by_type[t] & g->own; pieces;
             pieces &= pieces - 1) {
            int from = bb_first(pieces);
            eng_bits to = destinations(g, t, from) & allowed;
            if (pinned >> from & 1)
                to &= pin_line[from];
            add(g, t, from, to, RGN_MOVE_NORMAL);
            if (any && g->n)
                return;
        }
    }
    for (int i = 0; i < b->first_leap_count[g->us]; i++) {
        const eng_first_leap *leap = &b->first_leaps[g->us][i];
        for (eng_bits pieces = pos->by_type[leap->type] & g->own; pieces;
             pieces &= pieces - 1) {
            int from = bb_first(pieces), to = leap->to[from];
            if (to == BB_NONE || !(allowed >> to & 1) ||
                !first_leap_open(leap, from, to, g->occupied, g->enemy))
                continue;
            if ((pinned >> from & 1) && !(pin_line[from] >> to & 1))
                continue;
            add(g, leap->type, from, bb_bit(to), RGN_MOVE_NORMAL);
        }
    }
    en_passant_moves(g, ~(eng_bits)0);
}

/* Whether the King has a safe square to step to: in check, the
 * likeliest answer and the cheapest to find. */
static bool king_can_step(generation *g)
{
    for (eng_bits to = destinations(g, g->r->king_type, g->king); to;
         to &= to - 1)
        if (king_may_go(g, bb_first(to)))
            return true;
    return false;
}

static int generate(const eng_rules *r, const eng_position *pos,
                    eng_move *moves, bool any)
{
    generation g;
    start(&g, r, pos, moves);
    if (pos->check_cache != 0) /* make judged it: often no check */
        find_checkers(&g);
    else
        g.checkers = 0;
    /* in check (there is no castling then), a question of whether there
     * is any move asks the King first */
    bool king_asked = any && g.checkers;
    if (king_asked && king_can_step(&g))
        return 1;
    bool double_check =
        (g.checkers & (g.checkers - 1)) != 0; /* only the King moves */
    if (!double_check) {
        other_moves(&g, any);
        if (any && g.n)
            return g.n;
    }
    if (king_asked)
        return 0;
    king_steps(&g);
    castling_moves(&g, -1);
    return g.n;
}

int eng_bb_legal_moves(const eng_rules *r, const eng_position *pos,
                       eng_move *moves)
{
    return generate(r, pos, moves, false);
}

bool eng_bb_has_moves(const eng_rules *r, const eng_position *pos)
{
    return generate(r, pos, NULL, true) > 0;
}

/* Where pieces of colour `us` and the type could come from to `to` (a
 * capture when the enemy stands there), legality aside. This and the two
 * below are inlined into every move found: their calls, with their
 * frames and the generation kept in memory, were a tenth of finding a
 * move. */
static inline __attribute__((always_inline)) eng_bits
reaching(const eng_bitboards *b, const eng_position *pos, int us, int type,
         int to, eng_bits occupied, bool capture)
{
    eng_bits own = pos->by_color[us], enemy = occupied & ~own;
    eng_bits mine = pos->by_type[type] & own;
    eng_bits origins = 0;
    if ((capture ? b->leaper_types[us] : b->move_leaper_types[us]) >> type & 1)
        origins = (capture ? b->leap_capture_to[us][to][type]
                           : b->leap_move_to[us][to][type]) &
                  mine;
    /* a slider arrives from a piece back along its directions with
     * nothing between: seldom more than one stands on those lines, so
     * each is tested rather than the lines slid */
    unsigned directions =
        capture ? b->slide_capture[us][type] : b->slide_move[us][type];
    if (directions)
        for (eng_bits lined = empty_rays(b, reversed(directions), to) & mine;
             lined; lined &= lined - 1)
            if (!(between(b, to, bb_first(lined)) & occupied))
                origins |= bb_bit(bb_first(lined));
    if (b->first_leaper_types[us] >> type & 1)
        for (int i = 0; i < b->first_leap_count[us]; i++) {
            const eng_first_leap *leap = &b->first_leaps[us][i];
            int from = leap->from[to];
            if (leap->type == type && from != BB_NONE && mine >> from & 1 &&
                first_leap_open(leap, from, to, occupied, enemy))
                origins |= bb_bit(from);
        }
    return origins;
}

/* Whether a piece of the type may go from -> to (not en passant). */
static inline __attribute__((always_inline)) bool
legal_step(generation *g, int type, int from, int to)
{
    return type == g->r->king_type ? king_may_go(g, to)
           : g->checkers           ? safe_after(g, from, to, to)
                                   : !exposes_king(g, from, to);
}

/* Sets a generation up for moves to square `to` (BB_NONE: off the
 * board): false when no move can go there (off the board, or an own
 * piece on it). */
static inline __attribute__((always_inline)) bool
start_to(generation *g, const eng_rules *r, const eng_position *pos,
         eng_move *moves, int type, int to)
{
    if (type < 1 || type > r->type_count || to == BB_NONE)
        return false;
    start(g, r, pos, moves);
    /* whether the King is in check is often known already (the check
     * mark of the last move was judged); which pieces give it is needed
     * only then */
    if (pos->check_cache != 0)
        find_checkers(g);
    else
        g->checkers = 0;
    return !(g->own >> to & 1);
}

int eng_bb_legal_moves_to(const eng_rules *r, const eng_position *pos,
                          eng_move *moves, int type, int to_square)
{
    generation g;
    int to = to_square >= 0 && to_square < ENG_CAPACITY ? r->bb.index[to_square]
                                                        : BB_NONE;
    if (!start_to(&g, r, pos, moves, type, to)) {
        /* an own piece's square: only a castling move onto its Rook goes
         * there (eng_game.any_rook_castles) */
        if (to == BB_NONE || type != r->king_type || !r->game->any_rook_castles)
            return 0;
        castling_moves(&g, to_square);
        return g.n;
    }
    bool capture = g.enemy >> to & 1;
    for (eng_bits origins =
             reaching(g.b, pos, g.us, type, to, g.occupied, capture);
         origins; origins &= origins - 1)
        if (legal_step(&g, type, bb_first(origins), to))
            add(&g, type, bb_first(origins), bb_bit(to), RGN_MOVE_NORMAL);
    if (type == r->pawn_type && to_square == pos->ep_square && !capture)
        en_passant_moves(&g, ~(eng_bits)0);
    if (type == r->king_type)
        castling_moves(&g, to_square);
    return g.n;
}

/* The move of eng_bb_find_moves. */
static inline eng_move found_move(const eng_bitboards *b, int from, int to,
                                  uint8_t kind, int promotion)
{
    return (eng_move){
        b->square[from], b->square[to], kind, (uint8_t)promotion, 0, 0};
}

/* The moves of eng_bb_find_moves from the origins in check, or when
 * whether the King is in check is not known: with the checkers. Out of
 * line, as the rare paths below, so that the common one keeps its
 * registers. */
static __attribute__((noinline)) int
find_checked(const eng_rules *r, const eng_position *pos, int type,
             eng_bits origins, int to, uint8_t kind, int promotion,
             eng_move *first)
{
    generation g;
    int n = 0;
    start(&g, r, pos, NULL);
    find_checkers(&g);
    for (; origins; origins &= origins - 1) {
        int from = bb_first(origins);
        if (legal_step(&g, type, from, to) && n++ == 0)
            *first = found_move(g.b, from, to, kind, promotion);
    }
    return n;
}

/* The en passant captures that eng_bb_find_moves' question allows, added
 * to the n found already. */
static __attribute__((noinline)) int
find_en_passant(const eng_rules *r, const eng_position *pos, int from_file,
                int from_rank, int n, eng_move *first)
{
    generation g;
    eng_move taking[8];
    start(&g, r, pos, taking);
    en_passant_moves(&g, from_file >= 0 ? 0x0101010101010101ull << from_file
                                        : ~(eng_bits)0);
    for (int i = 0; i < g.n; i++)
        if ((from_rank < 0 || g.b->index[taking[i].from] >> 3 == from_rank) &&
            n++ == 0)
            *first = taking[i];
    return n;
}

/* SAN's question, answered with only what its path needs: no generation
 * at all for a King's move or out of check, which are most. */
int eng_bb_find_moves(const eng_rules *r, const eng_position *pos, int type,
                      int to_file, int to_rank, int from_file, int from_rank,
                      int promotion, eng_move *first)
{
    const eng_bitboards *b = &r->bb;
    /* unsigned, a negative number is out of range too */
    if ((unsigned)type - 1 >= (unsigned)r->type_count ||
        (unsigned)to_file >= (unsigned)r->files ||
        (unsigned)to_rank >= (unsigned)r->ranks)
        return 0;
    int to = to_rank * 8 + to_file, us = pos->side, them = us ^ 1;
    eng_bits own = pos->by_color[us], enemy = pos->by_color[them];
    if (own >> to & 1)
        return 0;
    /* a pawn arriving on its last rank promotes, and only then */
    uint8_t kind = RGN_MOVE_NORMAL;
    if (type == r->pawn_type && (b->last_rank[us] >> to & 1)) {
        if (!promotion ||
            !memchr(r->promotion_types, promotion, (size_t)r->promotion_count))
            return 0;
        kind = RGN_MOVE_PROMOTION;
    } else if (promotion) {
        return 0;
    }
    eng_bits occupied = own | enemy;
    bool capture = enemy >> to & 1;
    eng_bits origins = reaching(b, pos, us, type, to, occupied, capture);
    if (from_file >= 0)
        origins &= 0x0101010101010101ull << from_file;
    if (from_rank >= 0)
        origins &= 0xFFull << 8 * from_rank;
    int n = 0;
    if (!origins) {
    } else if (type == r->king_type) {
        /* the King's safety does not depend on where it comes from */
        int king = king_index(r, pos, us);
        if (!attacked(b, pos, to, occupied ^ bb_bit(king), them)) {
            n = bb_count(origins);
            *first = found_move(b, bb_first(origins), to, kind, promotion);
        }
    } else if (pos->check_cache == 0) {
        /* out of check only the line through the origin can open */
        int king = king_index(r, pos, us);
        for (; origins; origins &= origins - 1) {
            int from = bb_first(origins);
            eng_bits after = (occupied ^ bb_bit(from)) | bb_bit(to);
            if (!line_attack(b, pos, king, from, after, them, to) && n++ == 0)
                *first = found_move(b, from, to, kind, promotion);
        }
    } else {
        n = find_checked(r, pos, type, origins, to, kind, promotion, first);
    }
    if (type == r->pawn_type && b->square[to] == pos->ep_square && !capture &&
        !promotion)
        n = find_en_passant(r, pos, from_file, from_rank, n, first);
    return n;
}
