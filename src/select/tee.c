/*
 * tee.c - one stream of games to several sinks (rgn_tee): each part to
 * each sink in turn, each sink with its own skip (base/skip.h), the
 * position given as each sink asks for it.
 */
#include <stdlib.h>

#include "base/errors.h"
#include "base/skip.h"
#include "rgn.h"

typedef struct member {
    const rgn_game_sink *sink;
    void *user;
    rgn_skip_state skip; /* skip.to: where this member's parts go now */
} member;

struct rgn_tee {
    rgn_game_sink sink; /* its flags are the members' */
    member *members;
    size_t count, capacity;
    int depth; /* of variations */
};

static const rgn_game_sink tee_sink;

rgn_tee *rgn_tee_new(rgn_error *error)
{
    rgn_tee *t = calloc(1, sizeof *t);
    if (!t) {
        if (error)
            *error = (rgn_error){0, "out of memory"};
        return NULL;
    }
    t->sink = tee_sink;
    t->sink.skip = NULL; /* until a member has one */
    return t;
}

void rgn_tee_free(rgn_tee *t)
{
    if (!t)
        return;
    free(t->members);
    free(t);
}

int rgn_tee_add(rgn_tee *t, const rgn_game_sink *sink, void *user,
                rgn_error *error)
{
    if (t->count == t->capacity) {
        size_t capacity = t->capacity ? 2 * t->capacity : 4;
        member *grown = realloc(t->members, capacity * sizeof *grown);
        if (!grown)
            return rgn_fail(error, "out of memory");
        t->members = grown;
        t->capacity = capacity;
    }
    member *m = &t->members[t->count++];
    *m = (member){sink, user, {sink, -1}};
    /* the cheapest the members allow: SAN and the position before only
     * when some member needs them */
    if (sink->move) {
        t->sink.without_san = t->sink.without_san && sink->without_san;
        t->sink.position_after = t->sink.position_after && sink->position_after;
    }
    if (sink->skip)
        t->sink.skip = tee_sink.skip;
    return 0;
}

const rgn_game_sink *rgn_tee_sink(const rgn_tee *t) { return &t->sink; }

/* Each member's part, unless it skips it; then it is asked for more. */
#define EACH(t, callback, ...)                                                 \
    do {                                                                       \
        for (size_t i_ = 0; i_ < (t)->count; i_++) {                           \
            member *m_ = &(t)->members[i_];                                    \
            RGN_SKIP_PASS(&m_->skip, m_->user, (t)->depth, callback,           \
                          ##__VA_ARGS__);                                      \
        }                                                                      \
    } while (0)

static void on_input(void *user, const char *file)
{
    rgn_tee *t = user;
    for (size_t i = 0; i < t->count; i++)
        if (t->members[i].sink->input)
            t->members[i].sink->input(t->members[i].user, file);
}

static void on_begin_game(void *user, uint64_t number)
{
    rgn_tee *t = user;
    t->depth = 0;
    for (size_t i = 0; i < t->count; i++)
        rgn_skip_begin(&t->members[i].skip, t->members[i].sink);
    EACH(t, begin_game, number);
}

static void on_origin(void *user, rgn_location where)
{
    EACH((rgn_tee *)user, origin, where);
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    EACH((rgn_tee *)user, tag, name, value);
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    EACH((rgn_tee *)user, start, start, has_fen);
}

static void on_move_text(void *user, rgn_span written)
{
    EACH((rgn_tee *)user, move_text, written);
}

static void on_move(void *user, rgn_position *position, rgn_move move,
                    const char *san)
{
    rgn_tee *t = user;
    for (size_t i = 0; i < t->count; i++) {
        member *m = &t->members[i];
        const rgn_game_sink *to = m->skip.to;
        if (!to->move)
            continue;
        if (to->position_after == t->sink.position_after)
            to->move(m->user, position, move, san);
        else { /* the tee has the position before, this member wants it
                  after */
            rgn_played played;
            rgn_position_play_undoable(position, move, &played);
            to->move(m->user, position, move, san);
            rgn_position_undo(position, &played);
        }
        if (to->skip)
            rgn_skip_ask(&m->skip, to, m->user, t->depth);
    }
}

static void on_nag(void *user, unsigned nag)
{
    EACH((rgn_tee *)user, nag, nag);
}

static void on_comment(void *user, rgn_span text)
{
    EACH((rgn_tee *)user, comment, text);
}

static void on_begin_variation(void *user)
{
    rgn_tee *t = user;
    t->depth++;
    EACH(t, begin_variation);
}

static void on_end_variation(void *user)
{
    rgn_tee *t = user;
    for (size_t i = 0; i < t->count; i++)
        rgn_skip_end_variation(&t->members[i].skip, t->members[i].sink,
                               t->depth);
    if (t->depth > 0)
        t->depth--;
    EACH(t, end_variation);
}

static void on_unchecked(void *user, rgn_span text, bool cut)
{
    EACH((rgn_tee *)user, unchecked, text, cut);
}

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    rgn_tee *t = user;
    for (size_t i = 0; i < t->count; i++) {
        member *m = &t->members[i];
        rgn_skip_begin(&m->skip, m->sink); /* a skipped game ends too */
        if (m->sink->end_game)
            m->sink->end_game(m->user, result, error);
    }
}

/* What every member skips: the game, when each skips it; else the current
 * variation, when each skips it or more. */
static enum rgn_skip on_skip(void *user)
{
    rgn_tee *t = user;
    enum rgn_skip skip = RGN_SKIP_GAME;
    for (size_t i = 0; i < t->count; i++) {
        int depth = t->members[i].skip.depth;
        if (depth < 0)
            return RGN_SKIP_NOTHING;
        if (depth > 0)
            skip = RGN_SKIP_VARIATION;
    }
    return skip;
}

/* The flags are the members' (rgn_tee_add): with none, the cheapest. */
static const rgn_game_sink tee_sink = {
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
    .skip = on_skip,
    .without_san = true,
    .position_after = true,
};
