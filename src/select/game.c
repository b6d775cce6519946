/*
 * game.c - a game recorded whole from a validator's sink (rgn_game), and
 * passed on again (rgn_game_replay). A selection judges a game only once
 * it has ended, and writes it only then: the parts are kept in one
 * buffer, in order, and the positions before each move are made again
 * on replay instead of being kept.
 */
#include <stdlib.h>
#include <string.h>

#include "base/buffer.h"
#include "rules/position.h"
#include "rules/variant.h"
#include "select/select.h"

/* The error of an invalid game: its texts live in the game's buffer of
 * texts, as offsets until the game has ended. */
typedef struct kept_error {
    rgn_diagnostic diagnostic;
    size_t message, white, black, move_number, move, line; /* offsets */
} kept_error;

struct rgn_game {
    uint64_t number;
    rgn_location origin;
    rgn_buffer parts;
    size_t tag_count;
    int plies;
    int depth, max_depth; /* of variations */
    bool started, has_fen, ended, failed;
    bool keep_move_texts; /* the moves as written, besides the moves */
    rgn_position start;
    rgn_buffer result;
    bool has_error;
    rgn_buffer error_texts;
    kept_error error;
};

rgn_game *rgn_game_new(void) { return calloc(1, sizeof(rgn_game)); }

void rgn_game_free(rgn_game *game)
{
    if (!game)
        return;
    rgn_buffer_free(&game->parts);
    rgn_buffer_free(&game->result);
    rgn_buffer_free(&game->error_texts);
    free(game);
}

/* ------------------------------------------------------------------ */
/* Recording                                                          */

/* Appends a part: its kind, fixed bytes, then each text as a 32-bit
 * length and its bytes (no text is longer than the reader's token
 * limit); one reservation a part, as a part is kept per move. */
static void put_part(rgn_game *g, enum part_kind kind, const void *fixed,
                     size_t fixed_len, const rgn_span *texts, int count)
{
    size_t need = 1 + fixed_len;
    for (int i = 0; i < count; i++)
        need += sizeof(uint32_t) + texts[i].len;
    rgn_buffer_reserve(&g->parts, need);
    if (g->parts.failed)
        return;
    char *at = g->parts.data + g->parts.len;
    *at++ = (char)kind;
    if (fixed_len)
        memcpy(at, fixed, fixed_len);
    at += fixed_len;
    for (int i = 0; i < count; i++) {
        uint32_t len = (uint32_t)texts[i].len;
        memcpy(at, &len, sizeof len);
        at += sizeof len;
        if (len)
            memcpy(at, texts[i].data, len);
        at += len;
    }
    g->parts.len += need;
}

static void on_begin_game(void *user, uint64_t number)
{
    rgn_game *g = user;
    g->number = number;
    g->origin = (rgn_location){0, 0, 0};
    rgn_buffer_reset(&g->parts);
    rgn_buffer_reset(&g->result);
    rgn_buffer_reset(&g->error_texts);
    g->tag_count = 0;
    g->plies = 0;
    g->depth = g->max_depth = 0;
    g->started = g->has_fen = g->ended = g->failed = g->has_error = false;
}

static void on_origin(void *user, rgn_location where)
{
    rgn_game *g = user;
    g->origin = where;
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    rgn_game *g = user;
    rgn_span texts[2] = {name, value};
    put_part(g, PART_TAG, NULL, 0, texts, 2);
    g->tag_count++;
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    rgn_game *g = user;
    g->start = *start;
    g->started = true;
    g->has_fen = has_fen;
    put_part(g, PART_START, NULL, 0, NULL, 0);
}

static void on_move_text(void *user, rgn_span written)
{
    rgn_game *g = user;
    if (!g->keep_move_texts)
        return;
    put_part(g, PART_MOVE_TEXT, NULL, 0, &written, 1);
}

static void on_move(void *user, rgn_position *before, rgn_move move,
                    const char *san)
{
    (void)before;
    rgn_game *g = user;
    if (g->depth == 0)
        g->plies++;
    if (*san) {
        rgn_span text = {san, strlen(san) + 1};
        put_part(g, PART_MOVE, &move, sizeof move, &text, 1);
        return;
    }
    /* the usual part, from a validator that writes no SAN: no text but
     * its NUL, written by constant-size copies */
    enum { SIZE = 1 + sizeof(rgn_move) + sizeof(uint32_t) + 1 };
    rgn_buffer_reserve(&g->parts, SIZE);
    if (g->parts.failed)
        return;
    char *at = g->parts.data + g->parts.len;
    uint32_t len = 1;
    at[0] = (char)PART_MOVE;
    memcpy(at + 1, &move, sizeof move);
    memcpy(at + 1 + sizeof move, &len, sizeof len);
    at[SIZE - 1] = '\0';
    g->parts.len += SIZE;
}

static void on_nag(void *user, unsigned nag)
{
    rgn_game *g = user;
    put_part(g, PART_NAG, &nag, sizeof nag, NULL, 0);
}

static void on_comment(void *user, rgn_span text)
{
    rgn_game *g = user;
    put_part(g, PART_COMMENT, NULL, 0, &text, 1);
}

static void on_begin_variation(void *user)
{
    rgn_game *g = user;
    put_part(g, PART_BEGIN_VARIATION, NULL, 0, NULL, 0);
    if (++g->depth > g->max_depth)
        g->max_depth = g->depth;
}

static void on_end_variation(void *user)
{
    rgn_game *g = user;
    put_part(g, PART_END_VARIATION, NULL, 0, NULL, 0);
    if (g->depth > 0)
        g->depth--;
}

static void on_unchecked(void *user, rgn_span text, bool cut)
{
    rgn_game *g = user;
    put_part(g, PART_UNCHECKED, &cut, sizeof cut, &text, 1);
}

/* Keeps a text of the error, with its NUL, and gives its offset. */
static size_t keep_error_text(rgn_game *g, const char *text, size_t len)
{
    size_t at = g->error_texts.len;
    rgn_buffer_append(&g->error_texts, text ? text : "", text ? len : 0);
    rgn_buffer_append(&g->error_texts, "", 1);
    return at;
}

static const char *error_text(const rgn_game *g, size_t at)
{
    return g->error_texts.data ? g->error_texts.data + at : "";
}

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    rgn_game *g = user;
    rgn_buffer_append(&g->result, result.data, result.len);
    rgn_buffer_append(&g->result, "", 1);
    g->ended = true;
    g->has_error = error != NULL;
    if (error) {
        kept_error *e = &g->error;
        e->diagnostic = *error;
        e->message = keep_error_text(g, error->message, strlen(error->message));
        e->white = keep_error_text(g, error->white, strlen(error->white));
        e->black = keep_error_text(g, error->black, strlen(error->black));
        e->move_number =
            keep_error_text(g, error->move_number, strlen(error->move_number));
        e->move = keep_error_text(g, error->move.data, error->move.len);
        e->line = keep_error_text(g, error->line.data, error->line.len);
        /* the texts stay where they are from now on */
        e->diagnostic.message = error_text(g, e->message);
        e->diagnostic.white = error_text(g, e->white);
        e->diagnostic.black = error_text(g, e->black);
        e->diagnostic.move_number = error_text(g, e->move_number);
        e->diagnostic.move.data = error_text(g, e->move);
        e->diagnostic.line.data = error_text(g, e->line);
    }
    g->failed = g->parts.failed || g->result.failed || g->error_texts.failed;
}

static const rgn_game_sink recorder = {
    .begin_game = on_begin_game,
    .origin = on_origin,
    .tag = on_tag,
    .start = on_start,
    .move_text = on_move_text,
    .move = on_move,
    .nag = on_nag,
    .comment = on_comment,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .unchecked = on_unchecked,
    .end_game = on_end_game,
};

const rgn_game_sink *rgn_game_recorder(void) { return &recorder; }

/* ------------------------------------------------------------------ */
/* What a recorded game holds                                         */

bool rgn_game_failed(const rgn_game *game) { return game->failed; }

void rgn_game_keep_move_texts(rgn_game *game, bool keep)
{
    game->keep_move_texts = keep;
}
uint64_t rgn_game_number(const rgn_game *game) { return game->number; }
rgn_location rgn_game_origin(const rgn_game *game) { return game->origin; }
bool rgn_game_has_fen(const rgn_game *game) { return game->has_fen; }
size_t rgn_game_tag_count(const rgn_game *game) { return game->tag_count; }
int rgn_game_plies(const rgn_game *game) { return game->plies; }

const rgn_position *rgn_game_start(const rgn_game *game)
{
    return game->started ? &game->start : NULL;
}

rgn_span rgn_game_result(const rgn_game *game)
{
    if (!game->ended || !game->result.data)
        return (rgn_span){"", 0};
    return (rgn_span){game->result.data, strlen(game->result.data)};
}

const rgn_diagnostic *rgn_game_error(const rgn_game *game)
{
    return game->ended && game->has_error ? &game->error.diagnostic : NULL;
}

static rgn_span take_text(const char **at)
{
    rgn_span text;
    uint32_t len;
    memcpy(&len, *at, sizeof len);
    text.len = len;
    text.data = *at + sizeof len;
    *at = text.data + text.len;
    return text;
}

bool game_part_next(const rgn_game *game, size_t *at, game_part *part)
{
    if (*at >= game->parts.len)
        return false;
    const char *p = game->parts.data + *at;
    memset(part, 0, sizeof *part);
    part->kind = (enum part_kind)(unsigned char)*p++;
    switch (part->kind) {
    case PART_TAG:
        part->name = take_text(&p);
        part->text = take_text(&p);
        break;
    case PART_MOVE:
        memcpy(&part->move, p, sizeof part->move);
        p += sizeof part->move;
        part->text = take_text(&p);
        part->text.len--; /* kept with its NUL, for the sinks */
        break;
    case PART_NAG:
        memcpy(&part->nag, p, sizeof part->nag);
        p += sizeof part->nag;
        break;
    case PART_UNCHECKED:
        memcpy(&part->cut, p, sizeof part->cut);
        p += sizeof part->cut;
        part->text = take_text(&p);
        break;
    case PART_MOVE_TEXT:
    case PART_COMMENT: part->text = take_text(&p); break;
    case PART_START:
    case PART_BEGIN_VARIATION:
    case PART_END_VARIATION: break;
    }
    *at = (size_t)(p - game->parts.data);
    return true;
}

void rgn_game_tag_at(const rgn_game *game, size_t index, rgn_span *name,
                     rgn_span *value)
{
    size_t at = 0, seen = 0;
    game_part part;
    while (game_part_next(game, &at, &part)) {
        if (part.kind != PART_TAG)
            continue;
        if (seen++ == index) {
            *name = part.name;
            *value = part.text;
            return;
        }
    }
    *name = *value = (rgn_span){"", 0};
}

bool rgn_game_tag(const rgn_game *game, const char *name, rgn_span *value)
{
    size_t at = 0, len = strlen(name);
    game_part part;
    while (game_part_next(game, &at, &part))
        if (part.kind == PART_TAG && part.name.len == len &&
            memcmp(part.name.data, name, len) == 0) {
            *value = part.text;
            return true;
        }
    return false;
}

/* ------------------------------------------------------------------ */
/* Replay                                                             */

#define CALL(sink, callback, ...)                                              \
    do {                                                                       \
        if ((sink)->callback)                                                  \
            (sink)->callback(__VA_ARGS__);                                     \
    } while (0)

int rgn_game_replay(const rgn_game *game, const rgn_edits *edits, int mark_ply,
                    const rgn_game_sink *sink, void *user)
{
    (void)edits;
    (void)mark_ply;
    /* a position a line, as the validator keeps them: a variation starts
     * from its parent's position with the parent's last move taken back */
    size_t lines = (size_t)game->max_depth + 1;
    rgn_position *current = malloc(lines * sizeof *current);
    rgn_move *last_move = malloc(lines * sizeof *last_move);
    rgn_undo *last_undo = malloc(lines * sizeof *last_undo);
    if (!current || !last_move || !last_undo) {
        free(current);
        free(last_move);
        free(last_undo);
        return -1;
    }
    int depth = 0;
    CALL(sink, begin_game, user, game->number);
    CALL(sink, origin, user, game->origin);
    size_t at = 0;
    game_part part;
    while (game_part_next(game, &at, &part)) {
        switch (part.kind) {
        case PART_TAG: CALL(sink, tag, user, part.name, part.text); break;
        case PART_START:
            current[0] = game->start;
            CALL(sink, start, user, &current[0], game->has_fen);
            break;
        case PART_MOVE_TEXT: CALL(sink, move_text, user, part.text); break;
        case PART_MOVE: {
            rgn_position *pos = &current[depth];
            const char *san = part.text.data;
            char written[72];
            if (!part.text.len && sink->move && !sink->without_san) {
                /* recorded from a validator that was not asked for it */
                rgn_move_san(pos, part.move, written, sizeof written);
                san = written;
            }
            if (!sink->position_after)
                CALL(sink, move, user, pos, part.move, san);
            rgn_make(pos, part.move, &last_undo[depth]);
            if (sink->position_after)
                CALL(sink, move, user, pos, part.move, san);
            last_move[depth] = part.move;
            break;
        }
        case PART_NAG: CALL(sink, nag, user, part.nag); break;
        case PART_COMMENT: CALL(sink, comment, user, part.text); break;
        case PART_BEGIN_VARIATION:
            current[depth + 1] = current[depth];
            rgn_unmake(&current[depth + 1], last_move[depth],
                       &last_undo[depth]);
            depth++;
            CALL(sink, begin_variation, user);
            break;
        case PART_END_VARIATION:
            depth--;
            CALL(sink, end_variation, user);
            break;
        case PART_UNCHECKED:
            CALL(sink, unchecked, user, part.text, part.cut);
            break;
        }
    }
    CALL(sink, end_game, user, rgn_game_result(game), rgn_game_error(game));
    free(current);
    free(last_move);
    free(last_undo);
    return 0;
}
