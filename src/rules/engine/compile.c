/*
 * compile.c - turns a game table into the engine's per-colour rays,
 * attack lines and castling rules.
 */
#include "rules/engine/engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int step_of(const eng_rules *r, xb_vector v, int color)
{
    int rank = color ? -v.rank : v.rank; /* Black's forward is down */
    return rank * r->width + v.file;
}

/* The offsets (in file, rank units for White) a ray reaches on an
 * unbounded empty board, to find types whose rays meet. */
static int ray_offsets(const xb_atom *atom, xb_vector image, int limit,
                       xb_vector *out)
{
    int n = 0;
    if (atom->flags & XB_BENT) {
        for (int t = 0; t < 8; t++) {
            if (!(atom->bend_turns & (1u << t)))
                continue;
            xb_vector d = xb_turn(image, t);
            int range =
                atom->bend_range == XB_UNLIMITED ? limit : atom->bend_range;
            for (int k = 1; k <= range; k++)
                out[n++] = (xb_vector){(int8_t)(image.file + k * d.file),
                                       (int8_t)(image.rank + k * d.rank)};
        }
        return n;
    }
    int range = atom->range == XB_UNLIMITED ? limit : atom->range;
    for (int k = 1; k <= range && k <= limit; k++)
        out[n++] =
            (xb_vector){(int8_t)(k * image.file), (int8_t)(k * image.rank)};
    return n;
}

static bool type_overlaps(const xb_piece *piece, int limit)
{
    xb_vector seen[1024];
    int owner[1024];
    int n = 0, ray = 0;
    for (int a = 0; a < piece->atom_count; a++) {
        const xb_atom *atom = &piece->atoms[a];
        if (atom->flags & XB_CASTLING)
            continue;
        for (int i = 0; i < atom->image_count; i++, ray++) {
            xb_vector offsets[128];
            int count = ray_offsets(atom, atom->images[i], limit, offsets);
            for (int k = 0; k < count; k++) {
                for (int j = 0; j < n; j++)
                    if (owner[j] != ray && seen[j].file == offsets[k].file &&
                        seen[j].rank == offsets[k].rank)
                        return true;
                if (n < 1024) {
                    seen[n] = offsets[k];
                    owner[n++] = ray;
                }
            }
        }
    }
    return false;
}

static eng_line *line_for(eng_rules *r, int color, int step)
{
    for (int i = 0; i < r->line_count[color]; i++)
        if (r->lines[color][i].step == step)
            return &r->lines[color][i];
    if (r->line_count[color] == ENG_MAX_LINES)
        return NULL;
    eng_line *line = &r->lines[color][r->line_count[color]++];
    memset(line, 0, sizeof *line);
    line->step = (int16_t)step;
    return line;
}

static int compile_rays(eng_rules *r, int type, rgn_error *err)
{
    const xb_piece *piece = &r->atoms[type];
    int limit = r->files > r->ranks ? r->files - 1 : r->ranks - 1;
    for (int color = 0; color < 2; color++) {
        int n = 0;
        for (int a = 0; a < piece->atom_count; a++) {
            const xb_atom *atom = &piece->atoms[a];
            if ((atom->flags & XB_CASTLING) && type != r->king_type) {
                snprintf(err->message, sizeof err->message,
                         "piece %c: only the King castles (O)",
                         r->letters[type]);
                return -1;
            }
            if (atom->flags & XB_CASTLING)
                continue; /* castling rules come from the start position */
            for (int i = 0; i < atom->image_count; i++) {
                if (n == ENG_MAX_RAYS) {
                    snprintf(err->message, sizeof err->message,
                             "piece %c has too many directions",
                             r->letters[type]);
                    return -1;
                }
                xb_vector v = atom->images[i];
                eng_ray *ray = &r->rays[color][type][n++];
                memset(ray, 0, sizeof *ray);
                ray->step = (int16_t)step_of(r, v, color);
                ray->range =
                    (uint8_t)(atom->range == XB_UNLIMITED || atom->range > limit
                                  ? limit
                                  : atom->range);
                ray->mode = atom->mode;
                ray->flags = atom->flags;
                int length =
                    abs(v.file) > abs(v.rank) ? abs(v.file) : abs(v.rank);
                if ((atom->flags & XB_NON_JUMPING) && ray->range == 1 &&
                    length > 1) {
                    ray->path_len = (uint8_t)(length - 1);
                    ray->path_step =
                        (int16_t)step_of(r,
                                         (xb_vector){(int8_t)(v.file / length),
                                                     (int8_t)(v.rank / length)},
                                         color);
                }
                if (atom->flags & XB_BENT) {
                    for (int t = 0; t < 8; t++) {
                        if (!(atom->bend_turns & (1u << t)))
                            continue;
                        if (ray->bend_count == 2) {
                            snprintf(err->message, sizeof err->message,
                                     "piece %c: a second leg of more than two "
                                     "directions",
                                     r->letters[type]);
                            return -1;
                        }
                        ray->bend[ray->bend_count++] =
                            (int16_t)step_of(r, xb_turn(v, t), color);
                    }
                    ray->bend_range =
                        (uint8_t)(atom->bend_range > limit ? limit
                                                           : atom->bend_range);
                }
                if (!(ray->mode & XB_CAPTURE))
                    continue;
                /* what the ray attacks, seen from the attacked square */
                if (ray->flags & XB_BENT) {
                    if (r->bent_count[color] + ray->bend_count > ENG_MAX_RAYS) {
                        snprintf(err->message, sizeof err->message,
                                 "too many bent moves");
                        return -1;
                    }
                    for (int b = 0; b < ray->bend_count; b++)
                        r->bents[color][r->bent_count[color]++] =
                            (eng_bent_attack){ray->step, ray->bend[b],
                                              ray->bend_range, (uint8_t)type};
                    continue;
                }
                if (ray->path_len) {
                    snprintf(err->message, sizeof err->message,
                             "piece %c: capturing non-jumping leaps are not "
                             "supported",
                             r->letters[type]);
                    return -1;
                }
                eng_line *line = line_for(r, color, ray->step);
                if (!line) {
                    snprintf(err->message, sizeof err->message,
                             "too many attack lines");
                    return -1;
                }
                if (ray->range > line->reach)
                    line->reach = ray->range;
                for (int k = 1; k <= ray->range; k++)
                    line->types_at[k] |= (uint16_t)(1u << type);
            }
        }
        r->ray_count[color][type] = (uint8_t)n;
    }
    r->overlapping[type] = type_overlaps(piece, limit);
    return 0;
}

/* Castling towards each corner Rook of the King's start rank, the King
 * moving as far as its O atom says and the Rook landing beside it. */
static void compile_castling(eng_rules *r)
{
    int distance = 0;
    const xb_piece *king = &r->atoms[r->king_type];
    for (int a = 0; a < king->atom_count; a++)
        if (king->atoms[a].flags & XB_CASTLING)
            distance = king->atoms[a].castling_distance;
    memset(r->castling_kept, 0xFF, sizeof r->castling_kept);
    if (!distance || !r->rook_type)
        return;
    for (int color = 0; color < 2; color++) {
        int king_from = r->start.king[color];
        int rank = eng_rank(r, king_from);
        for (int side = 0; side < 2;
             side++) { /* towards the last file, then a */
            int rook_file = side == 0 ? r->files - 1 : 0;
            int rook_from = eng_square(r, rook_file, rank);
            if (r->start.board[rook_from] != RGN_PIECE(color, r->rook_type))
                continue;
            int dir = side == 0 ? 1 : -1;
            int king_to = king_from + dir * distance;
            eng_castling *c = &r->castling[r->castling_count];
            *c = (eng_castling){
                (char)((side == 0 ? 'K' : 'Q') + (color ? 32 : 0)),
                (uint8_t)color,
                (uint16_t)king_from,
                (uint16_t)king_to,
                (uint16_t)rook_from,
                (uint16_t)(king_to - dir)};
            uint8_t bit = (uint8_t)(1u << r->castling_count++);
            r->castling_kept[king_from] &= (uint8_t)~bit;
            r->castling_kept[rook_from] &= (uint8_t)~bit;
        }
    }
}

int eng_compile(eng_rules *r, const eng_game *game, rgn_error *err)
{
    memset(r, 0, sizeof *r);
    err->column = 0;
    err->message[0] = 0;
    r->game = game;
    r->files = game->files;
    r->ranks = game->ranks;
    r->width = game->files + 2 * ENG_BORDER;
    r->letters = game->letters;
    r->type_count = (int)strlen(game->letters) - 1;
    if (r->type_count > ENG_MAX_TYPES ||
        r->width * (game->ranks + 2 * ENG_BORDER) > ENG_CAPACITY ||
        /* rank masks have 16 bits; a line reaches at most ENG_MAX_REACH */
        game->files > 16 || game->ranks > 16) {
        snprintf(err->message, sizeof err->message,
                 "%s: board or piece set too large", game->name);
        return -1;
    }
    for (int t = 1; t <= r->type_count; t++) {
        char letter = game->letters[t];
        if (letter == 'K')
            r->king_type = t;
        if (letter == 'P')
            r->pawn_type = t;
        if (letter == 'R')
            r->rook_type = t;
        if (xb_compile(game->xbetza[t], &r->atoms[t], err) < 0) {
            char why[sizeof err->message];
            memcpy(why, err->message, sizeof why);
            snprintf(err->message, sizeof err->message,
                     "piece %c \"%.40s\": %.200s", letter, game->xbetza[t],
                     why);
            return -1;
        }
    }
    for (int t = 1; t <= r->type_count; t++)
        if (compile_rays(r, t, err) < 0)
            return -1;
    for (const char *p = game->promotion_letters; *p; p++)
        r->promotion_types[r->promotion_count++] =
            (uint8_t)eng_type_of_letter(r, *p);
    /* the start position's board gives the initial ranks and castling */
    if (eng_read_board(r, &r->start, game->start_fen, err) < 0)
        return -1;
    for (int rank = 0; rank < r->ranks; rank++)
        for (int file = 0; file < r->files; file++) {
            uint8_t p = r->start.board[eng_square(r, file, rank)];
            if (p != RGN_EMPTY)
                r->initial_ranks[RGN_COLOR(p)][RGN_TYPE(p)] |=
                    (uint16_t)(1u << rank);
        }
    compile_castling(r);
    eng_bb_compile(r);
    /* the start position's rights, now that the rules know them */
    return eng_read_fen(r, &r->start, game->start_fen, err);
}
