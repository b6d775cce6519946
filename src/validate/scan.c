/*
 * scan.c - reading games without replaying them (a validator with
 * options.no_replay): each game's tags, move texts, NAGs, comments,
 * variations and result go to the sink as written, and only what the
 * reader finds (syntax errors, lenient readings) is reported. For
 * listing the games of archives that are trusted, at the reader's speed:
 * nothing here is done per move but a call of the sink's move_text.
 */
#include <stdlib.h>
#include <string.h>

#include "base/skip.h"
#include "base/util.h"
#include "notation/reader.h"
#include "validate/scan.h"

#define NAME_MAX_LEN 64

struct rgn_scanner {
    validator_options options;
    rgn_reader *reader;
    void (*move_text)(void *user, rgn_span written); /* skip.to's */
    bool asks;                                       /* the sink has a skip */
    rgn_skip_state skip; /* where the game's parts go: the sink, or not */
    rgn_validation_counts counts;
    /* the game being read */
    uint64_t number; /* 0 until it has more than comments */
    uint64_t origin; /* where it begins, once it has a number */
    bool failed, warned;
    int depth; /* of variations */
    char white[NAME_MAX_LEN], black[NAME_MAX_LEN];
    char result[16];
    /* its first error, for the sink's end_game */
    rgn_diagnostic first_error;
    char error_message[512];
};

/* Where the parts go changed (the sink skips, or gets them again): the
 * move texts' callback, looked up once, follows. */
static void follow_skip(rgn_scanner *s)
{
    s->move_text = s->skip.to ? s->skip.to->move_text : NULL;
}

/* A part of the game to the sink, unless it skips it; then the sink is
 * asked whether it wants more (base/skip.h). */
#define SINK(s, callback, ...)                                                 \
    do {                                                                       \
        RGN_SKIP_PASS(&(s)->skip, (s)->options.sink_user, (s)->depth,          \
                      callback, ##__VA_ARGS__);                                \
        if ((s)->asks)                                                         \
            follow_skip(s);                                                    \
    } while (0)

static bool span_is(rgn_span text, const char *word)
{
    return text.len == strlen(word) && memcmp(text.data, word, text.len) == 0;
}

/* The game has more than comments: it is numbered, and the sink hears of
 * it. Comments before that are not passed on. Out of line: the callbacks
 * stay small for the moves, which come by the million. */
static __attribute__((noinline)) void open_new_game(rgn_scanner *s,
                                                    rgn_location where)
{
    s->number = ++s->counts.games;
    s->origin = where.offset;
    rgn_skip_begin(&s->skip, s->options.sink);
    follow_skip(s);
    SINK(s, begin_game, s->number);
    SINK(s, origin, where);
}

static inline void open_game(rgn_scanner *s, rgn_location where)
{
    if (!s->number)
        open_new_game(s, where);
}

static void report(rgn_scanner *s, enum rgn_problem problem, rgn_location where,
                   const char *message)
{
    enum rgn_severity severity = rgn_problem_severity(problem);
    if (severity == RGN_WARNING && s->options.strict)
        severity = RGN_ERROR;
    rgn_diagnostic d = {
        .problem = problem,
        .severity = severity,
        .message = message,
        .where = where,
        .game = s->number,
        .game_offset = s->origin,
        .white = s->white,
        .black = s->black,
        .move_number = "",
        .move = {"", 0},
    };
    d.line = rgn_reader_line(s->reader, where, &d.caret);
    if (severity == RGN_ERROR && !s->failed) {
        s->failed = true;
        s->first_error = d;
        rgn_copy_out(message, strlen(message), s->error_message,
                     sizeof s->error_message);
        s->first_error.message = s->error_message;
        s->first_error.line = (rgn_span){"", 0};
    } else if (severity == RGN_WARNING)
        s->warned = true;
    if (s->options.report)
        s->options.report(s->options.user, &d);
}

static int on_begin_game(void *user, rgn_location where)
{
    (void)where;
    rgn_scanner *s = user;
    s->number = 0;
    s->failed = s->warned = false;
    s->depth = 0;
    strcpy(s->white, "?");
    strcpy(s->black, "?");
    s->result[0] = '\0';
    return 0;
}

static int on_tag(void *user, rgn_span name, rgn_span value, rgn_location where)
{
    rgn_scanner *s = user;
    open_game(s, where);
    if (span_is(name, "White"))
        rgn_copy_out(value.data, value.len, s->white, sizeof s->white);
    else if (span_is(name, "Black"))
        rgn_copy_out(value.data, value.len, s->black, sizeof s->black);
    else if (span_is(name, "Variant") && s->options.force_variant) {
        /* the game is the forced variant's: so says its tag */
        const char *forced = rgn_variant_name(s->options.variant);
        value = (rgn_span){forced, strlen(forced)};
    }
    SINK(s, tag, name, value);
    return 0;
}

static int on_move_number(void *user, unsigned number, bool black,
                          rgn_location where)
{
    (void)number, (void)black;
    open_game(user, where);
    return 0;
}

static int on_move(void *user, rgn_span text, rgn_location where)
{
    rgn_scanner *s = user;
    open_game(s, where);
    if (s->move_text) { /* the sink's, looked up once */
        s->move_text(s->options.sink_user, text);
        if (s->asks) {
            rgn_skip_ask(&s->skip, s->options.sink, s->options.sink_user,
                         s->depth);
            follow_skip(s);
        }
    }
    return 0;
}

static int on_nag(void *user, unsigned nag, rgn_location where)
{
    rgn_scanner *s = user;
    open_game(s, where);
    SINK(s, nag, nag);
    return 0;
}

static int on_comment(void *user, rgn_span text, rgn_location where)
{
    (void)where;
    rgn_scanner *s = user;
    if (s->number)
        SINK(s, comment, text);
    return 0;
}

static int on_begin_variation(void *user, rgn_location where)
{
    rgn_scanner *s = user;
    open_game(s, where);
    s->depth++;
    SINK(s, begin_variation);
    return 0;
}

static int on_end_variation(void *user, rgn_location where)
{
    rgn_scanner *s = user;
    open_game(s, where);
    if (s->skip.depth == s->depth) {
        rgn_skip_end_variation(&s->skip, s->options.sink, s->depth);
        follow_skip(s);
    }
    if (s->depth > 0)
        s->depth--;
    SINK(s, end_variation);
    return 0;
}

static int on_result(void *user, rgn_span text, rgn_location where)
{
    rgn_scanner *s = user;
    open_game(s, where);
    if (s->depth == 0) /* one in a variation is not the game's */
        rgn_copy_out(text.data, text.len, s->result, sizeof s->result);
    return 0;
}

static void on_end_game(void *user, rgn_location where)
{
    (void)where;
    rgn_scanner *s = user;
    if (!s->number)
        return; /* comments that no game follows */
    if (s->failed)
        s->counts.invalid++;
    else if (s->warned)
        s->counts.valid++, s->counts.with_warnings++;
    else
        s->counts.valid++;
    rgn_span result = {s->result, strlen(s->result)};
    /* the end of a game skipped goes to its sink all the same */
    rgn_skip_begin(&s->skip, s->options.sink);
    follow_skip(s);
    const rgn_game_sink *sink = s->options.sink;
    if (sink && sink->end_game)
        sink->end_game(s->options.sink_user, result,
                       s->failed ? &s->first_error : NULL);
}

static void on_skipped(void *user, rgn_span text, bool cut, rgn_span result,
                       rgn_location where)
{
    (void)where;
    rgn_scanner *s = user;
    rgn_copy_out(result.data, result.len, s->result, sizeof s->result);
    if (text.len || cut)
        SINK(s, unchecked, text, cut);
}

static void on_lenient(void *user, rgn_location where, enum rgn_problem problem,
                       const char *message)
{
    rgn_scanner *s = user;
    open_game(s, where);
    report(s, problem, where, message);
}

static void on_error(void *user, rgn_location where, const char *message)
{
    rgn_scanner *s = user;
    open_game(s, where);
    report(s, RGN_E_SYNTAX, where, message);
}

static const rgn_visitor scanner_visitor = {
    .begin_game = on_begin_game,
    .tag = on_tag,
    .move_number = on_move_number,
    .move = on_move,
    .nag = on_nag,
    .comment = on_comment,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .result = on_result,
    .end_game = on_end_game,
    .error = on_error,
    .lenient = on_lenient,
    .skipped = on_skipped,
};

const rgn_visitor *rgn_scanner_visitor(void) { return &scanner_visitor; }

rgn_scanner *rgn_scanner_new(const validator_options *options)
{
    rgn_scanner *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->options = *options;
    rgn_skip_begin(&s->skip, options->sink);
    follow_skip(s);
    s->asks = options->sink && options->sink->skip;
    s->reader = rgn_reader_new(&scanner_visitor, s);
    if (!s->reader) {
        free(s);
        return NULL;
    }
    if (options->range)
        rgn_reader_read_range(s->reader, options->range);
    return s;
}

void rgn_scanner_free(rgn_scanner *s)
{
    if (!s)
        return;
    rgn_reader_free(s->reader);
    free(s);
}

int rgn_scanner_feed(rgn_scanner *s, const char *data, size_t len)
{
    return rgn_reader_feed(s->reader, data, len);
}

int rgn_scanner_finish(rgn_scanner *s) { return rgn_reader_finish(s->reader); }

bool rgn_scanner_done(const rgn_scanner *s)
{
    uint64_t where;
    return rgn_reader_stopped(s->reader, &where);
}

bool rgn_scanner_owns(const rgn_scanner *s, uint64_t offset)
{
    return rgn_reader_owns(s->reader, offset);
}

void rgn_scanner_map_offsets(rgn_scanner *s, rgn_offset_map *map)
{
    rgn_reader_map_offsets(s->reader, map);
}

rgn_validation_counts rgn_scanner_counts(const rgn_scanner *s)
{
    return s->counts;
}
