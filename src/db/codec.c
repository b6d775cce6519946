/*
 * codec.c - a game's movetext as the database keeps it: a string of
 * varints, a move in two or three bytes (its squares, and its direction
 * when its piece has one), and read back into any game sink with every
 * move checked to be legal, so that a damaged blob is an error and never
 * an illegal position. rgn(5), "Database", describes the encoding.
 */
#include <stdlib.h>
#include <string.h>

#include "db/db.h"
#include "rules/position.h"
#include "rules/rule_set.h"

/* Variations deeper than this are a damaged blob (the reader's own
 * limit is far lower). */
#define MAX_DEPTH 1024

bool db_get_varint(const uint8_t **at, const uint8_t *end, uint64_t *value)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 70; shift += 7) {
        if (*at >= end)
            return false;
        uint8_t byte = *(*at)++;
        v |= (uint64_t)(byte & 0x7F) << shift;
        if (!(byte & 0x80)) {
            *value = v;
            return true;
        }
    }
    return false;
}

void db_geometry_set(db_geometry *g, const rgn_variant *v)
{
    if (g->variant == v)
        return;
    g->variant = v;
    int files = rgn_variant_files(v), ranks = rgn_variant_ranks(v);
    g->oriented = 0;
    for (int type = 1; rgn_variant_piece_letter(v, type); type++)
        if (rgn_rules_oriented(v, type))
            g->oriented |= (uint16_t)(1u << type);
    g->squares = (uint64_t)files * (uint64_t)ranks;
    memset(g->square, 0xFF, sizeof g->square); /* -1: no square */
    for (int file = 0; file < files; file++)
        for (int rank = 0; rank < ranks; rank++) {
            int square = rgn_square_at(v, file, rank);
            int index = rank * files + file;
            if (square >= 0 && square < RGN_BOARD_CAPACITY)
                g->index[square] = (uint16_t)index;
            if (index < RGN_BOARD_CAPACITY)
                g->square[index] = (int16_t)(square >= 0 ? square : -1);
        }
}

static int square_of_index(const rgn_variant *v, uint64_t index)
{
    uint64_t files = (uint64_t)rgn_variant_files(v);
    if (index >= files * (uint64_t)rgn_variant_ranks(v))
        return -1;
    return rgn_square_at(v, (int)(index % files), (int)(index / files));
}

void db_encode_start(db_encoder *e, const rgn_variant *variant)
{
    db_geometry_set(&e->geometry, variant);
    db_put_varint(&e->blob, TOKEN_START);
}

void db_encode_nag(db_encoder *e, unsigned nag)
{
    db_put_varint(&e->blob, TOKEN_NAG);
    db_put_varint(&e->blob, nag);
}

void db_encode_comment(db_encoder *e, rgn_span text)
{
    db_put_varint(&e->blob, TOKEN_COMMENT);
    db_put_varint(&e->blob, text.len);
    rgn_buffer_append(&e->blob, text.data, text.len);
}

void db_encode_variation(db_encoder *e, bool begin)
{
    db_put_varint(&e->blob,
                  begin ? TOKEN_BEGIN_VARIATION : TOKEN_END_VARIATION);
}

void db_encode_unchecked(db_encoder *e, rgn_span text, bool cut)
{
    db_put_varint(&e->blob, TOKEN_UNCHECKED);
    db_put_varint(&e->blob, (uint64_t)text.len << 1 | cut);
    rgn_buffer_append(&e->blob, text.data, text.len);
}

/* ------------------------------------------------------------------ */
/* Decoding                                                           */

typedef struct decoder {
    const rgn_game_sink *sink;
    void *user;
    rgn_error *error;
    const rgn_variant *variant;
    db_geometry geometry; /* variant's, once it has moves */
    const uint8_t *at, *end;
    /* a position a line, as the validator keeps them */
    rgn_position *current;
    rgn_move *last_move;
    rgn_undo *last_undo;
    bool *has_last;
    int depth, capacity;
} decoder;

#define CALL(d, name, ...)                                                     \
    do {                                                                       \
        if ((d)->sink->name)                                                   \
            (d)->sink->name(__VA_ARGS__);                                      \
    } while (0)

static int damaged(decoder *d, const char *what)
{
    d->error->column = 0;
    snprintf(d->error->message, sizeof d->error->message, "a damaged game: %s",
             what);
    return -1;
}

static bool take(decoder *d, uint64_t *value)
{
    return db_get_varint(&d->at, d->end, value);
}

/* A text of the blob: its length was read, the bytes follow. */
static bool take_text(decoder *d, uint64_t len, rgn_span *text)
{
    if (len > (uint64_t)(d->end - d->at))
        return false;
    text->data = (const char *)d->at;
    text->len = (size_t)len;
    d->at += len;
    return true;
}

/* The squares of a move's code: false when one is no square. g: v's
 * geometry, or NULL. */
static bool code_squares(const rgn_variant *v, const db_geometry *g,
                         uint64_t code, int *from, int *to)
{
    uint64_t pair = (code - DB_TOKENS) >> 1;
    if (g && g->squares <= RGN_BOARD_CAPACITY) {
        if (pair >= g->squares * g->squares)
            return false;
        *from = g->square[pair / g->squares];
        *to = g->square[pair % g->squares];
        return *from >= 0 && *to >= 0;
    }
    uint64_t squares =
        (uint64_t)rgn_variant_files(v) * (uint64_t)rgn_variant_ranks(v);
    *from = square_of_index(v, pair / squares);
    *to = square_of_index(v, pair % squares);
    return *from >= 0 && *to >= 0;
}

/* Whether a move's code is followed by an extra: a special move, or a
 * plain one of a piece with a direction. */
static bool has_extra(const rgn_position *pos, uint64_t code, int from)
{
    uint8_t piece = pos->board[from];
    return ((code - DB_TOKENS) & 1) ||
           (piece != RGN_EMPTY && piece != RGN_OFF &&
            rgn_rules_oriented(pos->variant, RGN_TYPE(piece)));
}

/* The move of a code whose squares are read: legal or not. */
static int move_of_squares(rgn_position *pos, uint64_t code, int from, int to,
                           uint64_t extra, rgn_move *move)
{
    *move = (rgn_move){(uint16_t)from, (uint16_t)to, RGN_MOVE_NORMAL, 0, 0, 0};
    if ((code - DB_TOKENS) & 1) {
        if (extra >> 16 || (extra & 7) > RGN_MOVE_TURN)
            return -1;
        move->kind = (uint8_t)(extra & 7);
        move->promotion = (uint8_t)((extra >> 3) & 31);
        move->orientation = (uint8_t)(extra >> 8);
    } else {
        if (from == to)
            move->kind = RGN_MOVE_ROTATION;
        if (has_extra(pos, code, from)) {
            if (extra > 255)
                return -1;
            move->orientation = (uint8_t)extra;
        }
    }
    return rgn_rules_is_legal(pos, *move) ? 0 : -1;
}

int db_move_of_code(rgn_position *pos, const db_geometry *g, uint64_t code,
                    uint64_t extra, rgn_move *move)
{
    int from, to;
    if (code < DB_TOKENS || !code_squares(pos->variant, g, code, &from, &to))
        return -1;
    return move_of_squares(pos, code, from, to, extra, move);
}

static int read_move(decoder *d, uint64_t code, rgn_move *move)
{
    rgn_position *pos = &d->current[d->depth];
    int from, to;
    if (!code_squares(d->variant, &d->geometry, code, &from, &to))
        return damaged(d, "a move from or to no square");
    uint64_t extra = 0;
    if (has_extra(pos, code, from) && !take(d, &extra))
        return damaged(d, "a move cut short");
    if (move_of_squares(pos, code, from, to, extra, move) < 0)
        return damaged(d, "an illegal move");
    return 0;
}

static int play(decoder *d, rgn_move move)
{
    rgn_position *pos = &d->current[d->depth];
    char san[72];
    san[0] = '\0'; /* filled only when the sink wants it */
    if (d->sink->move && !d->sink->without_san)
        rgn_move_san(pos, move, san, sizeof san);
    if (!d->sink->position_after)
        CALL(d, move, d->user, pos, move, san);
    rgn_rules_make(pos, move, &d->last_undo[d->depth]);
    if (d->sink->position_after)
        CALL(d, move, d->user, pos, move, san);
    d->last_move[d->depth] = move;
    d->has_last[d->depth] = true;
    return 0;
}

static int grow(decoder *d)
{
    int capacity = d->capacity ? d->capacity * 2 : 4;
    rgn_position *current = realloc(d->current, capacity * sizeof *current);
    if (current)
        d->current = current;
    rgn_move *last_move = realloc(d->last_move, capacity * sizeof *last_move);
    if (last_move)
        d->last_move = last_move;
    rgn_undo *last_undo = realloc(d->last_undo, capacity * sizeof *last_undo);
    if (last_undo)
        d->last_undo = last_undo;
    bool *has_last = realloc(d->has_last, capacity * sizeof *has_last);
    if (has_last)
        d->has_last = has_last;
    if (!current || !last_move || !last_undo || !has_last) {
        d->error->column = 0;
        snprintf(d->error->message, sizeof d->error->message, "out of memory");
        return -1;
    }
    d->capacity = capacity;
    return 0;
}

static int begin_variation(decoder *d)
{
    if (!d->has_last[d->depth])
        return damaged(d, "a variation before any move");
    if (d->depth + 1 >= MAX_DEPTH)
        return damaged(d, "variations too deep");
    if (d->depth + 1 >= d->capacity && grow(d) < 0)
        return -1;
    d->current[d->depth + 1] = d->current[d->depth];
    rgn_rules_unmake(&d->current[d->depth + 1], d->last_move[d->depth],
                     &d->last_undo[d->depth]);
    d->depth++;
    d->has_last[d->depth] = false;
    CALL(d, begin_variation, d->user);
    return 0;
}

static int set_start(decoder *d, const db_stored_game *stored)
{
    if (!d->variant)
        return damaged(d, "a start in a game that has none");
    rgn_position *pos = &d->current[0];
    memset(pos, 0, sizeof *pos);
    pos->variant = d->variant;
    pos->ep_square = -1;
    if (stored->start) {
        rgn_error err;
        if (rgn_position_set_fen(pos, stored->start, &err) < 0)
            return damaged(d, "its start position cannot be read");
    } else if (!rgn_rules_set_initial(pos))
        return damaged(d, "its game needs a set-up, and it has none");
    return 0;
}

static int read_movetext(decoder *d, const db_stored_game *stored)
{
    bool started = false;
    /* a game given up inside a variation keeps it open: its rest, the
     * ')' included, is the unchecked text, as the reader passed it */
    bool given_up = false;
    while (d->at < d->end) {
        uint64_t token, value;
        rgn_span text;
        if (!take(d, &token))
            return damaged(d, "its moves are cut short");
        if (token >= DB_TOKENS || token == TOKEN_NULL_MOVE) {
            if (!started)
                return damaged(d, "a move before the start");
            rgn_move move = rgn_null_move();
            if (token != TOKEN_NULL_MOVE && read_move(d, token, &move) < 0)
                return -1;
            play(d, move);
            continue;
        }
        switch (token) {
        case TOKEN_START:
            if (started || set_start(d, stored) < 0)
                return started ? damaged(d, "two starts") : -1;
            started = true;
            CALL(d, start, d->user, &d->current[0], stored->start != NULL);
            break;
        case TOKEN_NAG:
            if (!take(d, &value) || value > 255)
                return damaged(d, "a NAG cut short");
            CALL(d, nag, d->user, (unsigned)value);
            break;
        case TOKEN_COMMENT:
            if (!take(d, &value) || !take_text(d, value, &text))
                return damaged(d, "a comment cut short");
            CALL(d, comment, d->user, text);
            break;
        case TOKEN_BEGIN_VARIATION:
            if (begin_variation(d) < 0)
                return -1;
            break;
        case TOKEN_END_VARIATION:
            if (d->depth == 0)
                return damaged(d, "a variation ended that did not begin");
            d->depth--;
            CALL(d, end_variation, d->user);
            break;
        case TOKEN_UNCHECKED:
            if (!take(d, &value) || !take_text(d, value >> 1, &text))
                return damaged(d, "an unchecked text cut short");
            CALL(d, unchecked, d->user, text, value & 1);
            given_up = true;
            break;
        default: return damaged(d, "an unknown token");
        }
    }
    if (d->depth != 0 && !given_up)
        return damaged(d, "a variation that does not end");
    return 0;
}

static void pass_tag(void *user, rgn_span name, rgn_span value)
{
    decoder *d = user;
    CALL(d, tag, d->user, name, value);
}

/* The kind of problem a code names (the games' own codes included). */
static enum rgn_problem problem_of_code(const char *code)
{
    for (int p = 0; p < 4096; p++) {
        const char *known = rgn_problem_code((enum rgn_problem)p);
        if (!strcmp(known, "unknown"))
            break;
        if (!strcmp(known, code))
            return (enum rgn_problem)p;
    }
    return RGN_E_SYNTAX;
}

int db_decode_game(const db_stored_game *stored, bool tags_only,
                   const rgn_game_sink *sink, void *user, rgn_error *error)
{
    decoder d = {.sink = sink, .user = user, .error = error};
    d.variant = rgn_variant_find(stored->variant);
    if (d.variant && !tags_only)
        db_geometry_set(&d.geometry, d.variant);
    /* an invalid game whose movetext never began (a broken tag) has no
     * game: its text kept as skipped, and no start (set_start) */
    bool unbegun = !stored->valid && !stored->variant[0];
    if (!d.variant && !unbegun)
        return damaged(&d, "its game is none rgn knows");
    if (grow(&d) < 0)
        return -1;
    /* an empty blob may be NULL, which no pointer arithmetic may start
     * from */
    d.at = d.end = stored->moves;
    if (stored->moves_len)
        d.end += stored->moves_len;
    d.has_last[0] = false;
    CALL(&d, begin_game, d.user, (uint64_t)stored->id);
    CALL(&d, origin, d.user, stored->origin);
    int status = db_tags_read(stored->tags, strlen(stored->tags), pass_tag, &d);
    if (status < 0)
        damaged(&d, "its tags cannot be read");
    else if (!tags_only)
        status = read_movetext(&d, stored);
    if (status == 0) {
        rgn_span result = {stored->result, strlen(stored->result)};
        rgn_diagnostic problem = {0};
        if (!stored->valid) {
            problem.problem = problem_of_code(stored->problem_code);
            problem.severity = RGN_ERROR;
            problem.message = stored->problem;
            problem.where = stored->problem_where;
            problem.game = (uint64_t)stored->id;
            problem.white = problem.black = "?";
            problem.ply = stored->problem_ply;
            problem.move_number = stored->problem_move_number;
            problem.move =
                (rgn_span){stored->problem_move, strlen(stored->problem_move)};
        }
        CALL(&d, end_game, d.user, result, stored->valid ? NULL : &problem);
    }
    free(d.current);
    free(d.last_move);
    free(d.last_undo);
    free(d.has_last);
    return status;
}
