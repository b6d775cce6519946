/*
 * selector.c - the selection of games (rgn_selector): a sink that
 * records each game (game.c), judges it while it is read (the matcher
 * of criteria.c) and, once it has ended, looks for earlier copies
 * (duplicates.c) and hands on the games selected.
 */
#include <inttypes.h>
#include <stdlib.h>

#include "base/errors.h"
#include "select/select.h"

struct rgn_selector {
    rgn_selector_options options;
    rgn_game *game;
    rgn_matcher *matcher;  /* NULL without criteria */
    duplicate_set *copies; /* NULL when copies are not looked for */
    /* the game's parts go to the recorder and the matcher (whole); its
     * movetext to both too (movetext is whole) or, when only counting, to
     * the matcher alone (a tee that hears of no game's beginning, which
     * only a member's skip would need: the matcher has none) */
    rgn_tee *whole, *movetext;
    uint64_t seen, count; /* games heard of, games selected */
    uint64_t failed_at;   /* the first game memory ran out for, 0: none */
};

rgn_selector *rgn_selector_new(const rgn_selector_options *given,
                               rgn_error *error)
{
    rgn_selector_options taken;
    if (rgn_options_take(&taken, sizeof taken, given,
                         RGN_OPTIONS_MIN(rgn_selector_options, criteria),
                         "rgn_selector_options", error) < 0)
        return NULL;
    const rgn_selector_options *options = &taken;
    rgn_selector *s = calloc(1, sizeof *s);
    if (!s) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    s->options = *options;
    /* copies are told by the moves recorded */
    bool record_movetext =
        !options->count_only || options->duplicates != RGN_DUPLICATES_ANY;
    s->game = rgn_game_new(NULL);
    s->whole = rgn_tee_new(NULL);
    s->movetext = record_movetext ? s->whole : rgn_tee_new(NULL);
    bool ok = s->game && s->whole && s->movetext &&
              rgn_tee_add(s->whole, rgn_game_recorder(), s->game, NULL) == 0;
    if (ok)
        rgn_game_keep_move_texts(s->game, options->move_texts);
    if (ok && options->criteria) {
        s->matcher = rgn_matcher_new(options->criteria, NULL);
        ok = s->matcher &&
             rgn_tee_add(s->whole, rgn_matcher_sink(), s->matcher, NULL) == 0 &&
             (record_movetext || rgn_tee_add(s->movetext, rgn_matcher_sink(),
                                             s->matcher, NULL) == 0);
    }
    if (ok && options->duplicates != RGN_DUPLICATES_ANY) {
        s->copies = duplicate_set_new();
        ok = s->copies != NULL;
    }
    if (!ok) {
        rgn_selector_free(s);
        rgn_fail(error, "out of memory");
        return NULL;
    }
    return s;
}

void rgn_selector_free(rgn_selector *s)
{
    if (!s)
        return;
    if (s->movetext != s->whole)
        rgn_tee_free(s->movetext);
    rgn_tee_free(s->whole);
    rgn_game_free(s->game);
    rgn_matcher_free(s->matcher);
    duplicate_set_free(s->copies);
    free(s);
}

uint64_t rgn_selector_count(const rgn_selector *s) { return s->count; }

int rgn_selector_finish(rgn_selector *s, rgn_error *error)
{
    if (!s->failed_at)
        return 0;
    return rgn_fail(error,
                    "out of memory: game %" PRIu64 " could not be judged",
                    s->failed_at);
}

/* Memory ran out for the current game: the first such is reported. */
static void selector_fail(rgn_selector *s)
{
    if (!s->failed_at)
        s->failed_at = s->seen;
}

/* A part to the recorder and the matcher (whole), or, for the movetext,
 * to the movetext's tee. */
#define WHOLE(s, callback, ...)                                                \
    rgn_tee_sink((s)->whole)->callback((s)->whole, ##__VA_ARGS__)
#define MOVETEXT(s, callback, ...)                                             \
    rgn_tee_sink((s)->movetext)->callback((s)->movetext, ##__VA_ARGS__)

static bool limit_reached(const rgn_selector *s)
{
    return s->options.limit && s->count >= s->options.limit;
}

static void on_input(void *user, const char *file)
{
    rgn_selector *s = user;
    WHOLE(s, input, file);
}

static void on_begin_game(void *user, uint64_t number)
{
    rgn_selector *s = user;
    s->seen++;
    WHOLE(s, begin_game, number);
}

static void on_origin(void *user, rgn_location where)
{
    rgn_selector *s = user;
    WHOLE(s, origin, where);
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    rgn_selector *s = user;
    WHOLE(s, tag, name, value);
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    rgn_selector *s = user;
    WHOLE(s, start, start, has_fen);
}

static void on_move_text(void *user, rgn_span written)
{
    rgn_selector *s = user;
    MOVETEXT(s, move_text, written);
}

static void on_move(void *user, rgn_position *after, rgn_move move,
                    const char *san)
{
    rgn_selector *s = user;
    MOVETEXT(s, move, after, move, san);
}

static void on_nag(void *user, unsigned nag)
{
    rgn_selector *s = user;
    MOVETEXT(s, nag, nag);
}

static void on_comment(void *user, rgn_span text)
{
    rgn_selector *s = user;
    MOVETEXT(s, comment, text);
}

static void on_begin_variation(void *user)
{
    rgn_selector *s = user;
    MOVETEXT(s, begin_variation);
}

static void on_end_variation(void *user)
{
    rgn_selector *s = user;
    MOVETEXT(s, end_variation);
}

static void on_unchecked(void *user, rgn_span text, bool cut)
{
    rgn_selector *s = user;
    MOVETEXT(s, unchecked, text, cut);
}

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    rgn_selector *s = user;
    WHOLE(s, end_game, result, error);
    if (game_failed(s->game)) {
        selector_fail(s);
        return;
    }
    if (limit_reached(s) ||
        (s->options.valid_only && rgn_edits_error(s->options.edits, s->game)))
        return;
    rgn_selection selection = {0, s->seen, -1, 0};
    bool matched =
        s->matcher ? rgn_matcher_matched(s->matcher, &selection.ply) : true;
    if (matched == s->options.invert)
        return;
    if (s->copies) {
        uint64_t first = 0;
        if (duplicate_set_check(s->copies, s->game, s->seen,
                                s->options.fuzzy_ply, &first) < 0) {
            selector_fail(s);
            return;
        }
        if ((s->options.duplicates == RGN_DUPLICATES_UNIQUE && first) ||
            (s->options.duplicates == RGN_DUPLICATES_ONLY && !first))
            return;
        if (s->options.duplicates == RGN_DUPLICATES_NOTE)
            selection.duplicate_of = first;
    }
    selection.index = ++s->count;
    if (s->options.selected)
        s->options.selected(s->options.user, s->game, &selection);
}

static const rgn_game_sink selector_sink = {
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
    /* written on replay, for the few games that are written */
    .without_san = true,
    .position_after = true,
};

const rgn_game_sink *rgn_selector_sink(void) { return &selector_sink; }
