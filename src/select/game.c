/*
 * game.c - a game recorded whole from a validator's sink (rgn_game), and
 * passed on again (rgn_game_replay). A selection judges a game only once
 * it has ended, and writes it only then: the parts are kept in one
 * buffer, in order, and the positions before each move are made again
 * on replay instead of being kept.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "base/buffer.h"
#include "base/skip.h"
#include "base/util.h"
#include "formats/writer.h"
#include "rules/position.h"
#include "rules/rule_set.h"
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
    /* the last input event's name, NUL-terminated (empty: none); kept
     * from game to game */
    rgn_buffer input;
    rgn_position start;
    rgn_buffer result;
    bool has_error;
    rgn_buffer error_texts;
    kept_error error;
    /* what a reader of games one at a time (input/) adds: the game's
     * problems with their texts, and where each main-line move is in parts
     * (made on first use) */
    rgn_buffer problems; /* kept_error */
    rgn_buffer problem_texts;
    rgn_buffer main_line; /* size_t offsets of PART_MOVE */
    /* each main-line move's SAN, NUL-terminated one after the other in
     * the order of main_line (the recorder keeps none: a sink that asks
     * for SAN is given it, as a replay gives it) */
    rgn_buffer main_sans;
    rgn_buffer main_san_at; /* size_t offset of each in main_sans */
    bool main_line_made;
    bool main_sans_made; /* made on the first SAN asked for */
    void (*on_end)(void *context, rgn_game *game);
    void *on_end_context;
};

rgn_game *rgn_game_new(rgn_error *error)
{
    rgn_game *game = calloc(1, sizeof(rgn_game));
    if (!game)
        rgn_fail(error, "out of memory");
    return game;
}

void rgn_game_free(rgn_game *game)
{
    if (!game)
        return;
    rgn_buffer_free(&game->parts);
    rgn_buffer_free(&game->input);
    rgn_buffer_free(&game->result);
    rgn_buffer_free(&game->error_texts);
    rgn_buffer_free(&game->problems);
    rgn_buffer_free(&game->problem_texts);
    rgn_buffer_free(&game->main_line);
    rgn_buffer_free(&game->main_sans);
    rgn_buffer_free(&game->main_san_at);
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

static void on_input(void *user, const char *file)
{
    rgn_game *g = user;
    rgn_buffer_reset(&g->input);
    rgn_buffer_puts(&g->input, file);
}

static void on_begin_game(void *user, uint64_t number)
{
    rgn_game *g = user;
    g->number = number;
    g->origin = (rgn_location){0, 0, 0};
    rgn_buffer_reset(&g->parts);
    rgn_buffer_reset(&g->result);
    rgn_buffer_reset(&g->error_texts);
    g->main_line_made = false; /* problems come before begin_game too */
    g->main_sans_made = false;
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

/* Keeps a text, with its NUL, in texts and gives its offset. */
static size_t keep_text(rgn_buffer *texts, const char *text, size_t len)
{
    size_t at = texts->len;
    rgn_buffer_append(texts, text ? text : "", text ? len : 0);
    rgn_buffer_append(texts, "", 1);
    return at;
}

static const char *kept_text(const rgn_buffer *texts, size_t at)
{
    return texts->data && !texts->failed ? texts->data + at : "";
}

/* Keeps diagnostic d in e, its texts in texts. */
static void keep_diagnostic(kept_error *e, rgn_buffer *texts,
                            const rgn_diagnostic *d)
{
    e->diagnostic = *d;
    e->message = keep_text(texts, d->message, strlen(d->message));
    e->white = keep_text(texts, d->white, strlen(d->white));
    e->black = keep_text(texts, d->black, strlen(d->black));
    e->move_number = keep_text(texts, d->move_number, strlen(d->move_number));
    e->move = keep_text(texts, d->move.data, d->move.len);
    e->line = keep_text(texts, d->line.data, d->line.len);
}

/* Points e's diagnostic at its texts, where they are now in texts. */
static void point_diagnostic(kept_error *e, const rgn_buffer *texts)
{
    e->diagnostic.message = kept_text(texts, e->message);
    e->diagnostic.white = kept_text(texts, e->white);
    e->diagnostic.black = kept_text(texts, e->black);
    e->diagnostic.move_number = kept_text(texts, e->move_number);
    e->diagnostic.move.data = kept_text(texts, e->move);
    e->diagnostic.line.data = kept_text(texts, e->line);
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
        keep_diagnostic(&g->error, &g->error_texts, error);
        /* the texts stay where they are from now on */
        point_diagnostic(&g->error, &g->error_texts);
    }
    g->failed = g->parts.failed || g->result.failed || g->error_texts.failed ||
                g->input.failed;
    if (g->on_end)
        g->on_end(g->on_end_context, g);
}

static const rgn_game_sink recorder = {
    .input = on_input,
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
    /* it keeps a move's SAN when given one, else its replay writes it;
     * it needs no position */
    .without_san = true,
    .position_after = true,
};

const rgn_game_sink *rgn_game_recorder(void) { return &recorder; }

/* ------------------------------------------------------------------ */
/* What a recorded game holds                                         */

bool game_failed(const rgn_game *game) { return game->failed; }

const char *rgn_game_input(const rgn_game *game)
{
    return game->input.len ? game->input.data : NULL;
}

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
/* What a reader of games one at a time adds                          */

void game_on_end(rgn_game *game, void (*ended)(void *context, rgn_game *game),
                 void *context)
{
    game->on_end = ended;
    game->on_end_context = context;
}

void game_swap(rgn_game *a, rgn_game *b)
{
    rgn_game kept = *a;
    *a = *b;
    *b = kept;
    /* each keeps its hook: the recorder's game stays the one recorded */
    b->on_end = a->on_end, b->on_end_context = a->on_end_context;
    a->on_end = kept.on_end, a->on_end_context = kept.on_end_context;
}

void game_clear_problems(rgn_game *game)
{
    rgn_buffer_reset(&game->problems);
    rgn_buffer_reset(&game->problem_texts);
}

void game_add_problem(rgn_game *game, const rgn_diagnostic *problem)
{
    kept_error e;
    const char *before = game->problem_texts.data;
    keep_diagnostic(&e, &game->problem_texts, problem);
    rgn_buffer_append(&game->problems, (const char *)&e, sizeof e);
    if (game->problems.failed || game->problem_texts.failed) {
        game->failed = true;
        return;
    }
    /* the texts moved when their buffer grew: point every copy anew */
    kept_error *all = (kept_error *)(void *)game->problems.data;
    size_t count = game->problems.len / sizeof e;
    size_t from = game->problem_texts.data == before ? count - 1 : 0;
    for (size_t i = from; i < count; i++)
        point_diagnostic(&all[i], &game->problem_texts);
}

size_t rgn_game_problem_count(const rgn_game *game)
{
    return game->problems.len / sizeof(kept_error);
}

const rgn_diagnostic *rgn_game_problem_at(const rgn_game *game, size_t index)
{
    if (index >= rgn_game_problem_count(game))
        return NULL;
    return &((const kept_error *)(const void *)game->problems.data)[index]
                .diagnostic;
}

/* The SAN of each main-line move, replayed from the start (after
 * index_main_line): made on the first SAN asked for, kept. */
static bool write_main_sans(rgn_game *game)
{
    if (game->main_sans_made)
        return !game->main_sans.failed && !game->main_san_at.failed;
    game->main_sans_made = true;
    rgn_buffer_reset(&game->main_sans);
    rgn_buffer_reset(&game->main_san_at);
    if (!game->started)
        return true;
    rgn_position position;
    rgn_position_copy(&position, &game->start);
    size_t count = game->main_line.len / sizeof(size_t);
    for (size_t i = 0; i < count; i++) {
        size_t at;
        memcpy(&at, game->main_line.data + i * sizeof at, sizeof at);
        game_part part;
        game_part_next(game, &at, &part);
        char san[64];
        size_t len = rgn_move_san(&position, part.move, san, sizeof san);
        size_t san_at = game->main_sans.len;
        rgn_buffer_append(&game->main_san_at, (const char *)&san_at,
                          sizeof san_at);
        rgn_buffer_append(&game->main_sans, san, len + 1);
        rgn_position_play(&position, part.move);
    }
    return !game->main_sans.failed && !game->main_san_at.failed;
}

/* Where each main-line move's part is: found on first use, kept. */
static bool index_main_line(rgn_game *game)
{
    if (game->main_line_made)
        return !game->main_line.failed;
    rgn_buffer_reset(&game->main_line);
    size_t at = 0, before = 0;
    int depth = 0;
    game_part part;
    while (game_part_next(game, &at, &part)) {
        if (part.kind == PART_BEGIN_VARIATION)
            depth++;
        else if (part.kind == PART_END_VARIATION)
            depth--;
        else if (part.kind == PART_MOVE && depth == 0)
            rgn_buffer_append(&game->main_line, (const char *)&before,
                              sizeof before);
        before = at;
    }
    game->main_line_made = true;
    return !game->main_line.failed;
}

int rgn_game_move_at(const rgn_game *game, int index, rgn_move *move,
                     const char **san, rgn_error *error)
{
    /* the index is the game's own cache, made once */
    rgn_game *g = (rgn_game *)game;
    if (index < 0 || index >= game->plies)
        return rgn_fail(error, "no move %d: the main line has %d", index,
                        game->plies);
    if (!index_main_line(g) || (san && !write_main_sans(g)))
        return rgn_fail(error, "out of memory");
    size_t at;
    memcpy(&at, g->main_line.data + (size_t)index * sizeof at, sizeof at);
    game_part part;
    game_part_next(game, &at, &part);
    if (move)
        *move = part.move;
    if (san) {
        size_t san_at;
        memcpy(&san_at, g->main_san_at.data + (size_t)index * sizeof san_at,
               sizeof san_at);
        *san = g->main_sans.data + san_at;
    }
    return 0;
}

int rgn_game_position_at(const rgn_game *game, int ply, rgn_position *out,
                         rgn_error *error)
{
    if (!game->started)
        return rgn_fail(error,
                        "game %" PRIu64 " has no start: an error in its tags",
                        game->number);
    if (ply < 0 || ply > game->plies)
        return rgn_fail(error, "no ply %d: the main line has %d", ply,
                        game->plies);
    if (!index_main_line((rgn_game *)game))
        return rgn_fail(error, "out of memory");
    rgn_position_copy(out, &game->start);
    for (int i = 0; i < ply; i++) {
        rgn_move move;
        if (rgn_game_move_at(game, i, &move, NULL, error) < 0)
            return -1;
        rgn_position_play(out, move);
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Replay                                                             */

#define CALL(sink, callback, ...)                                              \
    do {                                                                       \
        if ((sink)->callback)                                                  \
            (sink)->callback(__VA_ARGS__);                                     \
    } while (0)

static const rgn_edits no_edits;

/* A replay under way: the sink, the edits and what they decided. */
typedef struct replay {
    const rgn_game *game;
    const rgn_edits *edits;
    const rgn_game_sink *sink;
    void *user;
    int mark_ply;
    bool tags_done;
    bool *tag_seen; /* each of the edits' tags, once set in the game */
    bool plycount_seen;
    int ply;          /* main-line plies passed on */
    bool after_move;  /* a main-line move's comments are due */
    bool marked;      /* the mark is passed on */
    int skipped;      /* the depth inside a stripped variation */
    rgn_span result;  /* the result passed on */
    rgn_span new_tag; /* --fix-result: the Result tag's value */
    bool fixed;       /* the game, invalid by its result alone, is fixed */
    rgn_buffer text;
} replay;

static bool span_is(rgn_span span, const char *text)
{
    return span.len == strlen(text) && memcmp(span.data, text, span.len) == 0;
}

/* The result the final position forces, or NULL, and how it ends. */
static const char *forced_result(rgn_position *final, const char **how)
{
    int mover = rgn_position_side(final);
    const char *win = mover == RGN_WHITE ? "0-1" : "1-0";
    switch (rgn_position_status(final)) {
    case RGN_CHECKMATE: *how = "the game ends in checkmate"; return win;
    case RGN_KING_REACH: *how = "the game ends by king-reach"; return win;
    case RGN_STALEMATE: *how = "the game ends in stalemate"; return "1/2-1/2";
    case RGN_SOLVED: *how = "the game ends solved"; return "1-0";
    case RGN_ONGOING: break;
    }
    return NULL;
}

/* Tells the edits' report of one change --fix-result made. */
static void note(const replay *r, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

static void note(const replay *r, const char *format, ...)
{
    if (!r->edits->report)
        return;
    char message[300], white[100] = "?", black[100] = "?";
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    rgn_span value;
    if (rgn_game_tag(r->game, "White", &value))
        snprintf(white, sizeof white, "%.*s", (int)value.len, value.data);
    if (rgn_game_tag(r->game, "Black", &value))
        snprintf(black, sizeof black, "%.*s", (int)value.len, value.data);
    rgn_diagnostic d = {
        .problem = RGN_N_RESULT_FIXED,
        .severity = RGN_NOTE,
        .message = message,
        .where = r->game->origin,
        .game = r->game->number,
        .game_offset = r->game->origin.offset,
        .white = white,
        .black = black,
        .move_number = "",
        .file = rgn_game_input(r->game), /* a database's game keeps its */
    };
    r->edits->report(r->edits->user, &d);
}

/* Whether --fix-result judges the game's end: not when it broke before
 * it. */
static bool end_judged(const rgn_game *game)
{
    const rgn_diagnostic *error = rgn_game_error(game);
    return game->started &&
           (!error || error->problem == RGN_E_RESULT_MISMATCH ||
            error->problem == RGN_E_WRONG_RESULT);
}

const rgn_diagnostic *rgn_edits_error(const rgn_edits *edits,
                                      const rgn_game *game)
{
    if (edits && (edits->flags & RGN_EDIT_FIX_RESULT) && end_judged(game))
        return NULL;
    return rgn_game_error(game);
}

/* The result when the final position forces none: a "*" whose Result
 * tag (empty when none) is 1-0, 0-1 or 1/2-1/2 becomes the tag's; else
 * the result as written. */
static rgn_span result_or_tag(rgn_span result, rgn_span tag)
{
    if (result.len == 1 && result.data[0] == '*' &&
        rgn_is_final_result(tag.data, tag.len))
        return tag;
    return result;
}

/* --fix-result: the result and the Result tag from how the game ends
 * (rgn_edits's comment in rgn.h says which wins). */
static void fix_result(replay *r)
{
    const rgn_game *game = r->game;
    const rgn_diagnostic *error = rgn_game_error(game);
    if (!end_judged(game))
        return;
    rgn_position final = game->start;
    rgn_undo undo;
    int depth = 0;
    size_t at = 0;
    game_part part;
    while (game_part_next(game, &at, &part))
        if (part.kind == PART_BEGIN_VARIATION)
            depth++;
        else if (part.kind == PART_END_VARIATION)
            depth--;
        else if (part.kind == PART_MOVE && depth == 0)
            rgn_rules_make(&final, part.move, &undo);
    rgn_span tag = {"", 0};
    bool has_tag = rgn_game_tag(game, "Result", &tag);
    rgn_span old = r->result.len ? r->result : (rgn_span){"*", 1};
    const char *how = NULL, *forced = forced_result(&final, &how);
    rgn_span fixed =
        forced ? (rgn_span){forced, strlen(forced)} : result_or_tag(old, tag);
    if (!forced)
        how = fixed.data == tag.data ? "its Result tag says so"
                                     : "its result says so";
    if (!(old.len == fixed.len && memcmp(old.data, fixed.data, old.len) == 0)) {
        r->result = fixed;
        note(r, "--fix-result: the result %.*s becomes %.*s (%s)", (int)old.len,
             old.data, (int)fixed.len, fixed.data, how);
    }
    if (has_tag &&
        !(tag.len == fixed.len && memcmp(tag.data, fixed.data, tag.len) == 0)) {
        r->new_tag = fixed;
        note(r, "--fix-result: the Result tag \"%.*s\" becomes \"%.*s\" (%s)",
             (int)tag.len, tag.data, (int)fixed.len, fixed.data, how);
    }
    r->fixed = error != NULL;
}

static void pass_tag(replay *r, rgn_span name, rgn_span value)
{
    const rgn_edits *e = r->edits;
    char count[16];
    bool set = false;
    for (size_t i = 0; i < e->tag_count && !set; i++)
        if (span_is(name, e->tags[i].name)) {
            value = (rgn_span){e->tags[i].value, strlen(e->tags[i].value)};
            r->tag_seen[i] = set = true;
        }
    if (!set && (e->flags & RGN_EDIT_PLYCOUNT) && span_is(name, "PlyCount")) {
        snprintf(count, sizeof count, "%d", r->game->plies);
        value = (rgn_span){count, strlen(count)};
        r->plycount_seen = true;
    } else if (!set && r->new_tag.data && span_is(name, "Result"))
        value = r->new_tag;
    else if (!set && (span_is(name, "White") || span_is(name, "Black"))) {
        const char *renamed = edits_player(e, value);
        if (renamed)
            value = (rgn_span){renamed, strlen(renamed)};
    }
    CALL(r->sink, tag, r->user, name, value);
}

/* After the game's last tag: the tags the edits add. */
static void end_tags(replay *r)
{
    if (r->tags_done)
        return;
    r->tags_done = true;
    const rgn_edits *e = r->edits;
    for (size_t i = 0; i < e->tag_count; i++)
        if (!r->tag_seen[i])
            pass_tag(r, (rgn_span){e->tags[i].name, strlen(e->tags[i].name)},
                     (rgn_span){"", 0});
    if ((e->flags & RGN_EDIT_PLYCOUNT) && !r->plycount_seen)
        pass_tag(r, (rgn_span){"PlyCount", 8}, (rgn_span){"", 0});
}

static void pass_comment(replay *r, const char *text)
{
    CALL(r->sink, comment, r->user, (rgn_span){text, strlen(text)});
}

static void mark(replay *r)
{
    if (!r->marked)
        pass_comment(r, "rgn: matched here");
    r->marked = true;
}

/* The comments due after a main-line move (its NAGs passed on): the
 * position string, the mark. */
static void end_move(replay *r, rgn_position *after)
{
    r->after_move = false;
    if (r->edits->flags & RGN_EDIT_FEN_COMMENTS) {
        char fen[1024];
        if (rgn_position_fen(after, fen, sizeof fen) < sizeof fen)
            pass_comment(r, fen);
    }
    if (r->ply == r->mark_ply)
        mark(r);
}

static bool has_clock(rgn_span text)
{
    for (size_t i = 0; i + 5 <= text.len; i++)
        if (memcmp(text.data + i, "[%clk", 5) == 0)
            return true;
    return false;
}

/* A comment of the game, as the edits leave it. */
static void pass_comment_part(replay *r, rgn_span text)
{
    unsigned strip = r->edits->strip;
    if (strip & STRIP_COMMENTS)
        return;
    if ((strip & STRIP_CLOCKS) && has_clock(text)) {
        if (edits_strip_clocks(text, &r->text) && !r->text.failed)
            CALL(r->sink, comment, r->user,
                 (rgn_span){r->text.data, r->text.len});
        return;
    }
    CALL(r->sink, comment, r->user, text);
}

/* The replay of rgn_game_replay: 0, or -1 when memory ran out. */
static int replay_game(const rgn_game *game, const rgn_edits *edits,
                       int mark_ply, const rgn_game_sink *sink, void *user)
{
    replay r = {.game = game,
                .edits = edits ? edits : &no_edits,
                .sink = sink,
                .user = user,
                .mark_ply = mark_ply};
    r.result = rgn_game_result(game);
    /* a position a line, as the validator keeps them: a variation starts
     * from its parent's position with the parent's last move taken back */
    size_t lines = (size_t)game->max_depth + 1;
    rgn_position *current = malloc(lines * sizeof *current);
    rgn_move *last_move = malloc(lines * sizeof *last_move);
    rgn_undo *last_undo = malloc(lines * sizeof *last_undo);
    r.tag_seen = calloc(r.edits->tag_count + 1, sizeof *r.tag_seen);
    if (!current || !last_move || !last_undo || !r.tag_seen) {
        free(current);
        free(last_move);
        free(last_undo);
        free(r.tag_seen);
        return -1;
    }
    if (r.edits->flags & RGN_EDIT_FIX_RESULT)
        fix_result(&r);
    unsigned strip = r.edits->strip;
    int depth = 0;
    if (game->input.len)
        CALL(sink, input, user, game->input.data);
    CALL(sink, begin_game, user, game->number);
    CALL(sink, origin, user, game->origin);
    /* what the sink skips (its skip is asked after each part) */
    rgn_skip_state skip;
    rgn_skip_begin(&skip, sink);
    if (sink->skip)
        rgn_skip_ask(&skip, sink, user, 0);
    size_t at = 0;
    game_part part;
    while (skip.depth != 0 && game_part_next(game, &at, &part)) {
        if (r.skipped) { /* inside a variation stripped */
            r.skipped += part.kind == PART_BEGIN_VARIATION;
            r.skipped -= part.kind == PART_END_VARIATION;
            continue;
        }
        if (skip.depth > 0) { /* inside a variation the sink skips */
            if (part.kind == PART_BEGIN_VARIATION)
                depth++;
            else if (part.kind == PART_END_VARIATION) {
                rgn_skip_end_variation(&skip, sink, depth--);
                if (skip.depth < 0) { /* its end: the sink's again */
                    CALL(sink, end_variation, user);
                    rgn_skip_ask(&skip, sink, user, depth);
                }
            }
            continue;
        }
        if (part.kind != PART_TAG)
            end_tags(&r);
        if (r.after_move && part.kind != PART_NAG)
            end_move(&r, &current[0]);
        if (r.mark_ply == 0 && r.ply == 0 && depth == 0 &&
            (part.kind == PART_MOVE_TEXT || part.kind == PART_MOVE))
            mark(&r); /* before the first move (as written, when kept) */
        switch (part.kind) {
        case PART_TAG: pass_tag(&r, part.name, part.text); break;
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
            rgn_rules_make(pos, part.move, &last_undo[depth]);
            if (sink->position_after)
                CALL(sink, move, user, pos, part.move, san);
            last_move[depth] = part.move;
            if (depth == 0) {
                r.ply++;
                r.after_move = true;
            }
            break;
        }
        case PART_NAG:
            if (!(strip & STRIP_NAGS))
                CALL(sink, nag, user, part.nag);
            break;
        case PART_COMMENT: pass_comment_part(&r, part.text); break;
        case PART_BEGIN_VARIATION:
            if (strip & STRIP_VARIATIONS) {
                r.skipped = 1;
                break;
            }
            current[depth + 1] = current[depth];
            rgn_rules_unmake(&current[depth + 1], last_move[depth],
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
        if (sink->skip && skip.depth < 0)
            rgn_skip_ask(&skip, sink, user, depth);
    }
    if (skip.depth != 0) { /* the game is not skipped */
        end_tags(&r);
        if (r.after_move)
            end_move(&r, &current[0]);
        if (r.mark_ply == 0 && game->started)
            mark(&r); /* a game without moves */
    }
    CALL(sink, end_game, user, r.result, r.fixed ? NULL : rgn_game_error(game));
    bool failed = r.text.failed;
    rgn_buffer_free(&r.text);
    free(current);
    free(last_move);
    free(last_undo);
    free(r.tag_seen);
    return failed ? -1 : 0;
}

int rgn_game_replay(const rgn_game *game, const rgn_edits *edits, int mark_ply,
                    const rgn_game_sink *sink, void *user, rgn_error *error)
{
    if (game->failed) /* passed on in part, it would read as another game */
        return rgn_fail(error,
                        "out of memory: game %" PRIu64 " was recorded in part",
                        game->number);
    if (replay_game(game, edits, mark_ply, sink, user) < 0)
        return rgn_fail(error, "out of memory");
    return 0;
}

int rgn_writer_write_game(rgn_writer *writer, const rgn_game *game,
                          uint64_t number, const rgn_edits *edits, int mark_ply,
                          rgn_error *error)
{
    if (number)
        rgn_writer_number_next(writer, number);
    return rgn_game_replay(game, edits, mark_ply, rgn_writer_sink(writer),
                           writer, error);
}
