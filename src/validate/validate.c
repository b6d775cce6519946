/*
 * validate.c - replays every game a reader meets, main line and
 * variations, and reports what is wrong (rgn(5); each game's page, as
 * rgn-rotary(7), CHECK, MATE AND THE END OF THE GAME).
 *
 * The validator is a visitor of the reader. Its memory is one position
 * per open variation (bounded by RGN_MAX_VARIATION_DEPTH) and the keys
 * of the main line for repetitions (bounded by the game's length).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buffer.h"
#include "base/problems.h"
#include "base/skip.h"
#include "base/utf8.h"
#include "base/util.h"
#include "notation/date.h"
#include "notation/reader.h"
#include "rules/san.h"
#include "validate/validate.h"
#include "rules/rule_set.h"

#define NAME_MAX_LEN 64

/* One line of play: the main line, or a variation in the making. */
typedef struct line {
    rgn_position current;
    /* the move that led to current and what unplays it: a variation of
     * it starts from current with the move taken back (no position is
     * copied per ply) */
    rgn_move last_move;
    rgn_undo last_undo;
    bool has_move;
    int ply; /* plies from the game's start to current */
} line;

/* Keys of the main line's positions, counted for threefold repetition:
 * an open-addressing table, grown as the game grows. An entry counts
 * only in the stretch of play it was made in (stamp): the game, or in a
 * game whose captures and pawn moves cannot be undone, the plies since
 * the last one. A new stretch starts with an empty table without
 * clearing it, and the few keys of a stretch keep it in the cache. */
typedef struct key_count {
    uint64_t key;
    uint32_t count;
    uint32_t stamp;
} key_count;

typedef struct game_state {
    uint64_t number; /* 0 until the game has more than comments */
    uint64_t origin; /* the sink's origin, once it has a number */
    rgn_location start;
    char white[NAME_MAX_LEN], black[NAME_MAX_LEN];
    unsigned named; /* bit 0: a White tag seen, bit 1: a Black tag */
    char result_tag[16];
    bool has_result_tag;
    /* an [Invalid] tag: the game was kept with its error (convert
     * --keep-invalid), reported at its end */
    bool kept_invalid;
    rgn_location invalid_where;
    rgn_saved_line invalid_line;
    char invalid_reason[256];
    char fen[256];
    bool has_fen;
    rgn_location fen_where;
    char setup[16]; /* the SetUp tag's value, "" if none */
    rgn_location setup_where;
    unsigned roster_seen; /* bit i: roster[i] */
    bool order_told;      /* the roster's order: one warning a game */
    /* comments read before the game has anything else (held, see
     * open_game): where the first was */
    bool commented;
    rgn_location first_comment;
    const rgn_variant *variant;
    rgn_location variant_where;
    char variant_name[NAME_MAX_LEN];
    bool started;       /* movetext begun: start position set up */
    bool without_moves; /* tags only: no movetext and no result */
    bool failed;        /* an error: the rest of the game is skipped */
    bool warned;
    int start_side, start_fullmove;
    /* the game's rule (rgn_rules_resets_are_irreversible) and make, asked
     * once */
    bool resets_irreversible;
    rgn_make_function make;
    /* the last move number seen and for which move it was */
    bool pending_number;
    unsigned move_number;
    bool number_black;
    char result[16];
    /* copies of lines whose problems show only later: the game's first
     * line (roster) and the FEN tag's line */
    rgn_saved_line start_line, fen_line;
    /* the first error, kept for the sink's end_game */
    rgn_diagnostic first_error;
    char error_message[512], error_number[24], error_move[64];
} game_state;

/* A '+' on a move that gives check, not judged yet: whether the side in
 * check has a move (else the mark should be '#') is shown by the next
 * move of the same line, when there is one, for free (see defer_mark). */
typedef struct pending_mark {
    bool active;
    int depth;          /* the line */
    rgn_location where; /* the move (offset UINT64_MAX when the reader
                         * keeps no line for one), its ply and its text
                         * (a copy: the reader's buffer moves on) */
    int ply;
    char text[32];
    size_t len;
} pending_mark;

struct rgn_checker {
    validator_options options;
    rgn_reader *reader;
    uint64_t token_offset;    /* the token the reader is handing over now */
    rgn_location token_where; /* and where it is */
    pending_mark mark;
    rgn_validation_counts counts;
    game_state game;
    /* The comments a game begins with, for the sink, until a tag or
     * movetext shows that they begin a game (comments that no game
     * follows are none: rgn(5)); each is its length, then its text. */
    rgn_buffer held;
    rgn_skip_state skip; /* where the game's parts go: the sink, or not */
    line *lines;         /* lines[0] the main line, then open variations */
    int depth;
    int line_capacity; /* grown with the variations' depth: a checker a
                          range, all of them zeroed, cost a memset each */
    key_count *keys;
    size_t key_capacity, key_used;
    size_t key_limit; /* half the capacity: the table grows at it */
    uint32_t
        key_stamp; /* the current game's, never 0: other entries are free */
};

static const char *const roster[] = {"Event", "Site",  "Date",  "Round",
                                     "White", "Black", "Result"};
#define ROSTER_SIZE 7

/* A part of the game to the sink, unless it skips it; then the sink is
 * asked whether it wants more (base/skip.h). */
#define SINK(v, callback, ...)                                                 \
    RGN_SKIP_PASS(&(v)->skip, (v)->options.sink_user, (v)->depth, callback,    \
                  ##__VA_ARGS__)

/* The reader hands over the token at where. */
static inline void at_token(rgn_checker *v, rgn_location where)
{
    v->token_offset = where.offset;
    v->token_where = where;
}

/* ------------------------------------------------------------------ */
/* Reporting                                                          */

static void move_number_text(const game_state *g, int ply, char *out,
                             size_t size)
{
    if (rgn_variant_players(g->variant) == 1) { /* one number a move */
        snprintf(out, size, "%d.", g->start_fullmove + ply - 1);
        return;
    }
    int plies = ply - 1 + g->start_side; /* counted from a White move */
    snprintf(out, size, "%d%s", g->start_fullmove + plies / 2,
             plies % 2 ? "..." : ".");
}

/* Copies a diagnostic into the game, where it outlives the report. */
static void keep_first_error(game_state *g, const rgn_diagnostic *d)
{
    g->first_error = *d;
    snprintf(g->error_message, sizeof g->error_message, "%s", d->message);
    snprintf(g->error_number, sizeof g->error_number, "%s", d->move_number);
    size_t n = d->move.len < sizeof g->error_move ? d->move.len
                                                  : sizeof g->error_move - 1;
    memcpy(g->error_move, d->move.data, n);
    g->error_move[n] = '\0';
    g->first_error.message = g->error_message;
    g->first_error.move_number = g->error_number;
    g->first_error.move = (rgn_span){g->error_move, n};
    g->first_error.white = g->white;
    g->first_error.black = g->black;
    g->first_error.line = (rgn_span){"", 0};
}

/* A game without a Variant tag (read as the default game, or as an
 * option or its file's name says) whose first error is problem: another
 * rule set that takes it for one of its own games adds a note that
 * suggests it ("if this is a chess game, try --variant chess"). */
static void suggest_variant(rgn_checker *v, rgn_diagnostic d,
                            enum rgn_problem problem)
{
    const game_state *g = &v->game;
    if (g->variant_name[0] || !v->options.report)
        return;
    rgn_failed_game failed = {problem, g->has_fen ? g->fen : NULL, d.move,
                              d.ply};
    for (size_t i = 0; i < rgn_variant_count(); i++) {
        const rgn_variant *other = rgn_variant_at(i);
        enum rgn_problem note;
        if (other == g->variant ||
            !rgn_rules_looks_like_own(other, &failed, &note))
            continue;
        char name[NAME_MAX_LEN], option[NAME_MAX_LEN],
            message[2 * NAME_MAX_LEN + 64];
        const char *other_name = rgn_variant_name(other);
        size_t n = 0;
        for (; other_name[n] && n + 1 < sizeof name; n++) {
            name[n] = (char)tolower((unsigned char)other_name[n]);
            option[n] = name[n] == ' ' ? '-' : name[n];
        }
        name[n] = option[n] = '\0';
        snprintf(message, sizeof message,
                 "if this is a %s game, try --variant %s", name, option);
        d.problem = note;
        d.severity = rgn_problem_severity(d.problem);
        d.message = message;
        d.line = (rgn_span){"", 0}; /* the error before showed it */
        v->options.report(v->options.user, &d);
        return;
    }
}

static void report(rgn_checker *v, enum rgn_problem problem, rgn_location where,
                   rgn_span move, int ply, const char *format, ...)
    __attribute__((format(printf, 6, 7)));
static void judge_mark(rgn_checker *v);

static void report(rgn_checker *v, enum rgn_problem problem, rgn_location where,
                   rgn_span move, int ply, const char *format, ...)
{
    judge_mark(v); /* a problem of an earlier move is told first */
    game_state *g = &v->game;
    enum rgn_problem generic = problem;
    if (g->variant)
        problem = rgn_rules_own_problem(g->variant, problem);
    enum rgn_severity severity = rgn_problem_severity(problem);
    if (severity == RGN_WARNING && v->options.strict)
        severity = RGN_ERROR;
    if (severity == RGN_ERROR)
        g->failed = true;
    else if (severity == RGN_WARNING)
        g->warned = true;
    char message[512], number[24] = "";
    va_list args;
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    if (ply > 0)
        move_number_text(g, ply, number, sizeof number);
    rgn_diagnostic d = {
        .problem = problem,
        .severity = severity,
        .message = message,
        .where = where,
        .game = g->number,
        .game_offset = g->origin,
        .white = g->white,
        .black = g->black,
        .ply = ply,
        .move_number = number,
        .move = move,
    };
    /* The reader keeps only the current token's line for certain; lines
     * that problems found later point at were copied in time. */
    if (where.offset == v->token_offset ||
        where.offset == v->mark.where.offset) {
        d.line = rgn_reader_line(v->reader, where, &d.caret);
    } else {
        if (!rgn_saved_line_at(&g->fen_line, where.offset, &d.line, &d.caret) &&
            !rgn_saved_line_at(&g->invalid_line, where.offset, &d.line,
                               &d.caret))
            rgn_saved_line_at(&g->start_line, where.offset, &d.line, &d.caret);
    }
    bool first_error = severity == RGN_ERROR && !g->first_error.message;
    if (first_error)
        keep_first_error(g, &d);
    if (v->options.report)
        v->options.report(v->options.user, &d);
    if (first_error)
        suggest_variant(v, d, generic);
}

static const rgn_span no_move = {"", 0};

/* ------------------------------------------------------------------ */
/* Repetition                                                         */

static void forget_keys(rgn_checker *v)
{
    if (++v->key_stamp == 0) { /* after 2^32 stretches, stamps start again */
        if (v->keys)
            memset(v->keys, 0, v->key_capacity * sizeof *v->keys);
        v->key_stamp = 1;
    }
    v->key_used = 0;
}

static inline bool key_taken(const rgn_checker *v, size_t at)
{
    return v->keys[at].stamp == v->key_stamp;
}

/* Doubles the table of keys: false on no memory. */
static __attribute__((noinline)) bool grow_keys(rgn_checker *v)
{
    size_t capacity = v->key_capacity ? 2 * v->key_capacity : 256;
    key_count *grown = calloc(capacity, sizeof *grown);
    if (!grown)
        return false;
    for (size_t i = 0; i < v->key_capacity; i++) {
        if (!key_taken(v, i))
            continue;
        size_t at = v->keys[i].key & (capacity - 1);
        while (grown[at].stamp == v->key_stamp)
            at = (at + 1) & (capacity - 1);
        grown[at] = v->keys[i];
    }
    free(v->keys);
    v->keys = grown;
    v->key_capacity = capacity;
    v->key_limit = capacity / 2;
    return true;
}

/* Counts one more occurrence of key; returns the count, 0 on no memory.
 * Inline, its growth out of line: every move counts its position. */
static inline uint32_t count_key(rgn_checker *v, uint64_t key)
{
    if (__builtin_expect(v->key_used >= v->key_limit, 0) && !grow_keys(v))
        return 0;
    /* copies: a store to the table might alias the checker's fields */
    key_count *keys = v->keys;
    size_t mask = v->key_capacity - 1;
    uint32_t stamp = v->key_stamp;
    size_t at = key & mask;
    while (keys[at].stamp == stamp && keys[at].key != key)
        at = (at + 1) & mask;
    if (keys[at].stamp != stamp) {
        keys[at] = (key_count){key, 1, stamp};
        v->key_used++;
        return 1;
    }
    return ++keys[at].count;
}

/* ------------------------------------------------------------------ */
/* Check marks                                                        */

/* Reports the warnings of a move's marks: line l has just made it. */
static void report_marks(rgn_checker *v, line *l, unsigned warnings,
                         rgn_location where, rgn_span text, int ply)
{
    char canonical[64];
    rgn_rules_unmake(&l->current, l->last_move, &l->last_undo);
    rgn_move_san(&l->current, l->last_move, canonical, sizeof canonical);
    rgn_rules_make(&l->current, l->last_move, &l->last_undo);
    for (unsigned bits = warnings; bits; bits &= bits - 1) {
        enum rgn_problem w =
            (enum rgn_problem)(RGN_W_LONG_FORM + __builtin_ctz(bits));
        report(v, w, where, text, ply, "'%.*s' %s; SAN writes %s",
               (int)text.len, text.data, rgn_problem_text(w), canonical);
    }
}

/* A '+' on a move that gives check stands if the side in check has a
 * move. Most such moves are answered by one, which shows it: so the
 * question waits, and only an event of the game other than the next move
 * of the line (a report, a variation, the result, the game's end)
 * answers it by a search; the reader keeps the move's line for the
 * warning meanwhile. Not where the warning would be an error (strict) or
 * a sink follows the game move by move. */
static bool defer_mark(rgn_checker *v, rgn_location where, rgn_span text,
                       int ply)
{
    /* a sink given the SAN needs its mark now */
    bool sink_san = v->options.sink && !v->options.sink->without_san;
    if (v->options.strict || sink_san || text.len > sizeof v->mark.text)
        return false;
    v->mark.active = true;
    v->mark.depth = v->depth;
    v->mark.where = where;
    v->mark.ply = ply;
    memcpy(v->mark.text, text.data, text.len);
    v->mark.len = text.len;
    rgn_reader_keep_line(v->reader, where.offset);
    return true;
}

/* Done with a mark: the next move of its line was found legal (the '+'
 * stands), or it was judged and any warning told. */
static void drop_mark(rgn_checker *v)
{
    v->mark.active = false;
    v->mark.where.offset = UINT64_MAX;
    rgn_reader_keep_line(v->reader, UINT64_MAX);
}

/* Judges a waiting mark by searching for a move. */
static void judge_mark(rgn_checker *v)
{
    if (!v->mark.active)
        return;
    v->mark.active = false; /* the reports below do not come back here */
    line *l = &v->lines[v->mark.depth];
    if (!rgn_rules_has_moves(&l->current))
        report_marks(v, l, rgn_check_mark_warnings('+', '#'), v->mark.where,
                     (rgn_span){v->mark.text, v->mark.len}, v->mark.ply);
    drop_mark(v);
}

/* ------------------------------------------------------------------ */
/* Game start                                                         */

static int on_begin_game(void *user, rgn_location where)
{
    rgn_checker *v = user;
    at_token(v, where);
    game_state *g = &v->game;
    memset(g, 0, sizeof *g);
    g->start = where;
    strcpy(g->white, "?");
    strcpy(g->black, "?");
    g->variant =
        v->options.variant ? v->options.variant : rgn_variant_default();
    v->depth = 0;
    forget_keys(v);
    rgn_saved_line_take(&g->start_line, v->reader, where.offset);
    rgn_buffer_reset(&v->held);
    return 0;
}

/* The game has more than comments (every callback but the comment's
 * calls this first): it is numbered, and the sink hears of it and of the
 * comments it began with. */
static void open_game(rgn_checker *v)
{
    game_state *g = &v->game;
    if (g->number)
        return;
    g->number = ++v->counts.games;
    g->origin = v->token_where.offset;
    rgn_skip_begin(&v->skip, v->options.sink);
    SINK(v, begin_game, g->number);
    SINK(v, origin, v->token_where);
    for (size_t at = 0; at < v->held.len;) {
        size_t len;
        memcpy(&len, v->held.data + at, sizeof len);
        at += sizeof len;
        SINK(v, comment, (rgn_span){v->held.data + at, len});
        at += len;
    }
    rgn_buffer_reset(&v->held);
}

static void copy_span(char *out, size_t size, rgn_span text)
{
    size_t n = text.len < size - 1 ? text.len : size - 1;
    memcpy(out, text.data, n);
    out[n] = '\0';
}

static bool span_is(rgn_span text, const char *word)
{
    return text.len == strlen(word) && memcmp(text.data, word, text.len) == 0;
}

/* "Rotary, Rollerball and ...": the registry's names, for messages. */
static void known_variants(char *out, size_t size)
{
    size_t used = 0, count = rgn_variant_count();
    out[0] = '\0';
    for (size_t i = 0; i < count && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s",
                                 i == 0           ? ""
                                 : i + 1 == count ? " and "
                                                  : ", ",
                                 rgn_variant_name(rgn_variant_at(i)));
}

/* The value of a date tag (Date, EventDate, ...) as the game is read
 * with it: a date in another form (1960/??/??) in PGN's, into pgn, with
 * the warning date-form; a value that is no date as it is, with the
 * warning not-a-date ('?' and an empty value, PGN's unknown, pass). */
static rgn_span date_value(rgn_checker *v, rgn_span name, rgn_span value,
                           rgn_location where, char pgn[RGN_DATE_SIZE])
{
    if (value.len == 0 || span_is(value, "?"))
        return value;
    long lo, hi;
    int shown = value.len < 64 ? (int)value.len : 64;
    switch (rgn_date_read(value.data, value.len, pgn, &lo, &hi)) {
    case RGN_DATE_PGN: return value;
    case RGN_DATE_OTHER:
        report(v, RGN_W_DATE_FORM, where, no_move, 0,
               "%.*s \"%.*s\" is read as the date %s (PGN writes YYYY.MM.DD, "
               "'?' for the digits not known)",
               (int)name.len, name.data, shown, value.data, pgn);
        return (rgn_span){pgn, strlen(pgn)};
    default:
        report(v, RGN_W_NOT_A_DATE, where, no_move, 0,
               "%.*s \"%.*s%s\" is no date (YYYY.MM.DD, '?' for the digits "
               "not known): it matches no date comparison",
               (int)name.len, name.data, shown, value.data,
               (size_t)shown < value.len ? "..." : "");
        return value;
    }
}

static int on_tag(void *user, rgn_span name, rgn_span value, rgn_location where)
{
    rgn_checker *v = user;
    at_token(v, where);
    open_game(v);
    game_state *g = &v->game;
    for (int i = 0; i < ROSTER_SIZE; i++) {
        if (!span_is(name, roster[i]))
            continue;
        if (g->roster_seen >> (i + 1) && !g->order_told) {
            int last = 31 - __builtin_clz(g->roster_seen);
            g->order_told = true;
            report(v, RGN_W_TAG_ORDER, where, no_move, 0,
                   "tag '%s' after '%s': the seven-tag roster is Event, Site, "
                   "Date, Round, White, Black, Result, in that order",
                   roster[i], roster[last]);
        }
        g->roster_seen |= 1u << i;
    }
    /* a tag given twice: the first names the game, as a game's record
     * says (rgn_game_tag), so that every command names it alike */
    if (span_is(name, "White")) {
        if (!(g->named & 1))
            copy_span(g->white, sizeof g->white, value);
        g->named |= 1;
    } else if (span_is(name, "Black")) {
        if (!(g->named & 2))
            copy_span(g->black, sizeof g->black, value);
        g->named |= 2;
    } else if (span_is(name, "Result")) {
        copy_span(g->result_tag, sizeof g->result_tag, value);
        g->has_result_tag = true;
    } else if (span_is(name, "SetUp")) {
        copy_span(g->setup, sizeof g->setup, value);
        if (!g->setup[0])
            snprintf(g->setup, sizeof g->setup, "\"\"");
        g->setup_where = where;
    } else if (span_is(name, "FEN")) {
        if (value.len >= sizeof g->fen) {
            report(v, RGN_E_BAD_FEN, where, no_move, 0,
                   "the FEN tag is too long to be a position");
            return 1;
        }
        copy_span(g->fen, sizeof g->fen, value);
        g->has_fen = true;
        g->fen_where = where;
        rgn_saved_line_take(&g->fen_line, v->reader, where.offset);
    } else if (span_is(name, "Invalid")) {
        copy_span(g->invalid_reason, sizeof g->invalid_reason, value);
        g->kept_invalid = true;
        g->invalid_where = where;
        rgn_saved_line_take(&g->invalid_line, v->reader, where.offset);
    } else if (span_is(name, "Variant") && v->options.force_variant) {
        /* the game is the forced variant's: so says its tag, written out */
        const char *forced = rgn_variant_name(v->options.variant);
        copy_span(g->variant_name, sizeof g->variant_name,
                  (rgn_span){forced, strlen(forced)});
        SINK(v, tag, name, (rgn_span){forced, strlen(forced)});
        return 0;
    } else if (span_is(name, "Variant")) {
        copy_span(g->variant_name, sizeof g->variant_name, value);
        g->variant = rgn_variant_find(g->variant_name);
        if (!g->variant) {
            char known[256];
            known_variants(known, sizeof known);
            report(v, RGN_E_UNKNOWN_VARIANT, where, no_move, 0,
                   "unknown variant '%s' (rgn knows %s)", g->variant_name,
                   known);
            return 1;
        }
    }
    char pgn[RGN_DATE_SIZE];
    if (rgn_date_tag(name.data, name.len))
        value = date_value(v, name, value, where, pgn);
    SINK(v, tag, name, value);
    return 0;
}

/* Where column (1-based) of the FEN tag's value is in the input, for a
 * caret under the column an error names: the value begins after the
 * first '"' of the tag's saved line, which then shows that place. The
 * tag's own place when the column is not on the saved line. */
static rgn_location fen_column_at(game_state *g, int column)
{
    rgn_saved_line *l = &g->fen_line;
    size_t i = l->caret;
    while (i < l->len && l->text[i] != '"')
        i++;
    for (int k = 0; k < column && i < l->len; k++) /* the '"', then k-1 */
        do
            i++;
        while (i < l->len && rgn_utf8_continuation((unsigned char)l->text[i]));
    if (!l->saved || column <= 0 || i >= l->len)
        return g->fen_where;
    rgn_location where = g->fen_where;
    for (size_t k = l->caret; k < i; k++)
        where.column += !rgn_utf8_continuation((unsigned char)l->text[k]);
    where.offset += i - l->caret;
    l->offset = where.offset;
    l->caret = i;
    return where;
}

/* At the first movetext token: the roster is complete, and the start
 * position (initial, or from the FEN tag) is set up. */
static int set_up_movetext(rgn_checker *v)
{
    game_state *g = &v->game;
    g->started = true;
    char missing[80] = "";
    /* a game without moves has no result to tag: its warning says so */
    int roster_size = g->without_moves ? ROSTER_SIZE - 1 : ROSTER_SIZE;
    for (int i = 0; i < roster_size; i++)
        if (!(g->roster_seen & (1u << i)))
            snprintf(missing + strlen(missing),
                     sizeof missing - strlen(missing), "%s%s",
                     missing[0] ? ", " : "", roster[i]);
    if (missing[0])
        report(v, RGN_W_MISSING_TAG, g->start, no_move, 0,
               "missing tag%s of the seven-tag roster: %s",
               strchr(missing, ',') ? "s" : "", missing);
    if (g->failed)
        return 1;

    line *main_line = &v->lines[0];
    main_line->current.variant = g->variant;
    g->resets_irreversible = rgn_rules_resets_are_irreversible(g->variant);
    g->make = rgn_rules_make_function(g->variant);
    if (rgn_variant_needs_setup(g->variant)) {
        /* no start position: the set-up is the record's to give */
        if (g->setup[0] && strcmp(g->setup, "1") != 0) {
            report(v, RGN_E_BAD_SETUP, g->setup_where, no_move, 0,
                   "SetUp is \"%s\"; a %s game is always set up, so it can "
                   "only be \"1\"",
                   g->setup, rgn_variant_name(g->variant));
            return 1;
        }
        if (!g->has_fen) {
            report(v, RGN_E_NO_FEN, g->start, no_move, 0,
                   "%s has no start position: the FEN tag is required",
                   rgn_variant_name(g->variant));
            return 1;
        }
    } else {
        rgn_rules_set_initial(&main_line->current);
    }
    if (g->has_fen) {
        rgn_error err;
        char repaired[512];
        if (rgn_position_set_fen(&main_line->current, g->fen, &err) < 0) {
            if (rgn_rules_repair_fen(&main_line->current, g->fen, repaired,
                                     sizeof repaired) == 0) {
                report(v, RGN_W_FEN_REPAIRED, g->fen_where, no_move, 0,
                       "the FEN tag is repaired as programs mean it: %s",
                       repaired);
            } else {
                report(v, RGN_E_BAD_FEN, fen_column_at(g, err.column), no_move,
                       0, "the FEN tag is not a %s position: %s",
                       rgn_variant_name(g->variant), err.message);
                return 1;
            }
            if (g->failed)
                return 1;
        }
    }
    main_line->has_move = false;
    main_line->ply = 0;
    g->start_side = main_line->current.side;
    g->start_fullmove = main_line->current.fullmove;
    count_key(v, main_line->current.key);
    SINK(v, start, &main_line->current, g->has_fen);
    return 0;
}

/* The first movetext token of a game: it opens the game and sets up. */
static __attribute__((noinline)) int start_movetext_first(rgn_checker *v)
{
    open_game(v);
    return v->game.started ? v->game.failed : set_up_movetext(v);
}

/* Every movetext token asks; only the first sets up. Nonzero: the game
 * has failed. The common answer without a call, so that the callbacks
 * of moves and numbers keep a small frame. */
static inline bool movetext_started(const rgn_checker *v)
{
    return v->game.number && v->game.started;
}

static inline int start_movetext(rgn_checker *v)
{
    if (__builtin_expect(!movetext_started(v), 0))
        return start_movetext_first(v);
    return v->game.failed;
}

/* ------------------------------------------------------------------ */
/* Movetext                                                           */

static inline void note_move_number(game_state *g, unsigned number, bool black)
{
    g->pending_number = true;
    g->move_number = number;
    g->number_black = black;
}

static __attribute__((noinline)) int
first_move_number(rgn_checker *v, unsigned number, bool black)
{
    if (start_movetext_first(v))
        return 1;
    note_move_number(&v->game, number, black);
    return 0;
}

static int on_move_number(void *user, unsigned number, bool black,
                          rgn_location where)
{
    rgn_checker *v = user;
    at_token(v, where);
    if (__builtin_expect(!movetext_started(v), 0)) /* a tail call */
        return first_move_number(v, number, black);
    if (v->game.failed)
        return 1;
    note_move_number(&v->game, number, black);
    return 0;
}

static __attribute__((noinline)) void
report_move_number(rgn_checker *v, const line *l, rgn_location move_where,
                   rgn_span move)
{
    const game_state *g = &v->game;
    bool black = l->current.side == RGN_BLACK;
    report(v, RGN_W_MOVE_NUMBER, move_where, move, l->ply + 1,
           "the move number before this move is %u%s; it should be %d%s",
           g->move_number, g->number_black ? "..." : ".", l->current.fullmove,
           black ? "..." : ".");
}

/* Warns when the move number before a move is not the move's. */
static inline void check_move_number(rgn_checker *v, const line *l,
                                     rgn_location move_where, rgn_span move)
{
    game_state *g = &v->game;
    if (!g->pending_number)
        return;
    g->pending_number = false;
    bool black = l->current.side == RGN_BLACK;
    if ((int)g->move_number != l->current.fullmove || g->number_black != black)
        report_move_number(v, l, move_where, move);
}

/* The move's text matched no legal move (problem, err): reported; the
 * game has failed. */
static __attribute__((noinline)) int
report_unresolved(rgn_checker *v, const line *l, rgn_span text,
                  rgn_location where, enum rgn_problem problem,
                  const rgn_error *err)
{
    if (problem == RGN_E_MOVE_SYNTAX && rgn_reader_move_ends_input(v->reader))
        report(v, RGN_E_SYNTAX, where, text, l->ply + 1,
               "file ends inside a game, in the move '%.*s'", (int)text.len,
               text.data);
    else
        report(v, problem, where, text, l->ply + 1, "%s", err->message);
    return 1;
}

/* The check mark a move in check deserves, the move made (line l). */
static __attribute__((noinline)) char
deserved_in_check(rgn_checker *v, line *l, unsigned warnings,
                  char written_check, rgn_location where, rgn_span text)
{
    if (written_check == '+' && !warnings &&
        defer_mark(v, where, text, l->ply + 1))
        return '+'; /* until shown otherwise */
    return rgn_rules_has_moves(&l->current) ? '+' : '#';
}

static __attribute__((noinline)) void report_null_move(rgn_checker *v,
                                                       const line *l,
                                                       rgn_span text,
                                                       rgn_location where)
{
    report(v, RGN_W_NULL_MOVE, where, text, l->ply + 1,
           "'%.*s' %s; it belongs in a variation", (int)text.len, text.data,
           rgn_problem_text(RGN_W_NULL_MOVE));
}

/* The move made on line l to the sink: its text, then the move with its
 * SAN (san, the check mark deserved added) when the sink wants it. */
static __attribute__((noinline)) void move_to_sink(rgn_checker *v, line *l,
                                                   rgn_move move, rgn_span text,
                                                   char *san, bool want_san,
                                                   char deserved)
{
    if (want_san && deserved) {
        size_t n = strlen(san);
        san[n] = deserved;
        san[n + 1] = '\0';
    }
    SINK(v, move_text, text);
    const rgn_game_sink *to = v->skip.to;
    if (to && to->move) {
        if (to->position_after)
            to->move(v->options.sink_user, &l->current, move, san);
        else {
            rgn_rules_unmake(&l->current, move, &l->last_undo);
            to->move(v->options.sink_user, &l->current, move, san);
            rgn_rules_make(&l->current, move, &l->last_undo);
        }
        if (to->skip)
            rgn_skip_ask(&v->skip, to, v->options.sink_user, v->depth);
    }
}

/* The main line's position after a move counted for repetitions. */
static inline void count_repetition(rgn_checker *v, const line *l,
                                    rgn_span text, rgn_location where)
{
    if (l->current.halfmove == 0 && v->game.resets_irreversible)
        forget_keys(v); /* no earlier position can come again */
    if (__builtin_expect(count_key(v, l->current.key) == 3, 0))
        report(v, RGN_N_REPETITION, where, text, l->ply,
               "this position occurs for the third time (a draw may be "
               "claimed)");
}

/* Every move of every game: the rare paths (reports, marks, the sink)
 * are calls out of line, so that the common one keeps a small frame. */
static int on_move(void *user, rgn_span text, rgn_location where)
{
    rgn_checker *v = user;
    at_token(v, where);
    if (start_movetext(v))
        return 1;
    line *l = &v->lines[v->depth];
    check_move_number(v, l, where, text);
    rgn_move move;
    unsigned warnings = 0;
    char written_check, san[72];
    san[0] = '\0'; /* filled only when a sink wants it */
    enum rgn_problem problem;
    rgn_error err;
    const rgn_game_sink *to = v->skip.to;
    bool want_san = to && to->move && !to->without_san;
    if (rgn_san_resolve_unmarked(
            &l->current, text.data, text.len, &move, &warnings, &written_check,
            want_san ? san : NULL, sizeof san - 1, &problem, &err) < 0)
        return report_unresolved(v, l, text, where, problem, &err);
    if (v->mark.active)  /* a move of its line (variations judge it): */
        drop_mark(v);    /* the last '+' was right */
    l->last_move = move; /* before the make: one value less over the call */
    /* the check mark is judged on the position after the move */
    if (__builtin_expect(rgn_move_is_null(move), 0))
        rgn_rules_make(&l->current, move, &l->last_undo);
    else /* every line is of the game's rules */
        v->game.make(&l->current, move, &l->last_undo);
    /* "#" follows the rules of movement alone, also after a move that
     * ends the game otherwise (a king-reach win) */
    char deserved = 0;
    if (rgn_position_in_check_known(&l->current))
        deserved =
            deserved_in_check(v, l, warnings, written_check, where, text);
    if (written_check != deserved) /* else no warning: a call saved */
        warnings |= rgn_check_mark_warnings(written_check, deserved);
    if (warnings)
        report_marks(v, l, warnings, where, text, l->ply + 1);
    if (rgn_move_is_null(move) && v->depth == 0) /* variations: silently */
        report_null_move(v, l, text, where);
    if (v->game.failed)
        return 1;
    if (v->skip.to)
        move_to_sink(v, l, move, text, san, want_san, deserved);
    l->has_move = true;
    l->ply++;
    v->counts.plies++;
    if (v->depth == 0)
        count_repetition(v, l, text, where);
    return 0;
}

static int on_nag(void *user, unsigned nag, rgn_location where)
{
    (void)where;
    rgn_checker *v = user;
    if (start_movetext(v))
        return 1;
    SINK(v, nag, nag);
    return 0;
}

static int on_comment(void *user, rgn_span text, rgn_location where)
{
    rgn_checker *v = user;
    /* a comment in the tag section does not start the movetext */
    if (v->game.failed)
        return 1;
    if (!v->game.number && !v->game.commented) {
        v->game.commented = true;
        v->game.first_comment = where;
    }
    if (!v->game.number) {
        if (v->options.sink && v->options.sink->comment) {
            rgn_buffer_append(&v->held, (const char *)&text.len,
                              sizeof text.len);
            rgn_buffer_append(&v->held, text.data, text.len);
        }
        return 0;
    }
    SINK(v, comment, text);
    return 0;
}

static bool parent_has_move(const rgn_checker *v)
{
    return v->lines[v->depth].has_move;
}

/* A line for one more open variation (the reader opens at most
 * RGN_MAX_VARIATION_DEPTH): 0, or -1 when memory runs out. */
static int room_for_variation(rgn_checker *v)
{
    if (v->depth + 1 < v->line_capacity)
        return 0;
    int capacity = 2 * v->line_capacity;
    if (capacity > RGN_MAX_VARIATION_DEPTH + 1)
        capacity = RGN_MAX_VARIATION_DEPTH + 1;
    if (v->depth + 1 >= capacity)
        return -1;
    line *grown = realloc(v->lines, (size_t)capacity * sizeof *grown);
    if (!grown)
        return -1;
    memset(grown + v->line_capacity, 0,
           (size_t)(capacity - v->line_capacity) * sizeof *grown);
    v->lines = grown;
    v->line_capacity = capacity;
    return 0;
}

static int on_begin_variation(void *user, rgn_location where)
{
    rgn_checker *v = user;
    at_token(v, where);
    judge_mark(v);
    if (start_movetext(v))
        return 1;
    if (!parent_has_move(v)) {
        report(v, RGN_E_VARIATION_FIRST, where, no_move, 0,
               "a variation must follow the move it replaces");
        return 1;
    }
    if (room_for_variation(v) < 0) {
        report(v, RGN_E_SYNTAX, where, no_move, 0,
               "out of memory for the variation's position");
        return 1;
    }
    line *parent = &v->lines[v->depth];
    line *l = &v->lines[++v->depth];
    l->current = parent->current;
    rgn_rules_unmake(&l->current, parent->last_move, &parent->last_undo);
    l->has_move = false;
    l->ply = parent->ply - 1;
    v->game.pending_number = false;
    SINK(v, begin_variation);
    return 0;
}

static int on_end_variation(void *user, rgn_location where)
{
    (void)where;
    rgn_checker *v = user;
    judge_mark(v);
    open_game(v);
    rgn_skip_end_variation(&v->skip, v->options.sink, v->depth);
    if (v->depth > 0)
        v->depth--;
    v->game.pending_number = false;
    SINK(v, end_variation);
    return 0;
}

/* The result a finished position demands, or NULL if any will do. */
static const char *forced_result(rgn_position *pos)
{
    switch (rgn_position_status(pos)) {
    case RGN_CHECKMATE: return pos->side == RGN_WHITE ? "0-1" : "1-0";
    case RGN_KING_REACH: return pos->side == RGN_WHITE ? "0-1" : "1-0";
    case RGN_STALEMATE: return "1/2-1/2";
    case RGN_SOLVED: return "1-0";
    case RGN_ONGOING: break;
    }
    return NULL;
}

/* Whether a final result fits the final position, as on_result judges
 * it (quietly). */
static bool result_stands(const rgn_variant *rules, rgn_position *final,
                          const char *result)
{
    if (rgn_rules_judges_results(rules)) {
        char why[200];
        enum rgn_problem p;
        return !rgn_rules_judge_result(final, result, &p, why, sizeof why);
    }
    const char *forced = forced_result(final);
    return !forced || strcmp(forced, result) == 0;
}

static int on_result(void *user, rgn_span text, rgn_location where)
{
    rgn_checker *v = user;
    at_token(v, where);
    judge_mark(v);
    game_state *g = &v->game;
    if (start_movetext(v))
        return 1;
    if (v->depth > 0) {
        report(v, RGN_E_RESULT_IN_VARIATION, where, no_move, 0,
               "a result cannot stand inside a variation");
        return 1;
    }
    char result[16];
    copy_span(result, sizeof result, text);
    memcpy(g->result, result, sizeof g->result); /* as written */
    if (g->kept_invalid) {
        report(v, RGN_E_KEPT_INVALID, g->invalid_where, no_move, 0,
               "the game was kept with an error (its Invalid tag): %s",
               g->invalid_reason);
        return 1;
    }
    line *main_line = &v->lines[0];
    if (g->has_result_tag && strcmp(result, g->result_tag) != 0) {
        if (strcmp(result, "*") != 0 ||
            !rgn_is_final_result(g->result_tag, strlen(g->result_tag)) ||
            !result_stands(g->variant, &main_line->current, g->result_tag)) {
            report(v, RGN_E_RESULT_MISMATCH, where, no_move, 0,
                   "the result %s differs from the Result tag \"%s\"", result,
                   g->result_tag);
            return 1;
        }
        /* a broadcast's last copy: the tag is the newer, and judged */
        report(v, RGN_W_OPEN_TERMINATION, where, no_move, 0,
               "the game ends with *, its Result tag says \"%s\": read as "
               "%s (--fix-result ends it so)",
               g->result_tag, g->result_tag);
        if (g->failed)
            return 1;
        copy_span(result, sizeof result,
                  (rgn_span){g->result_tag, strlen(g->result_tag)});
    }
    if (rgn_rules_judges_results(g->variant)) {
        char why[200];
        enum rgn_problem p;
        if (rgn_rules_judge_result(&main_line->current, result, &p, why,
                                   sizeof why)) {
            report(v, p, where, no_move, 0, "%s", why);
            return 1;
        }
        return 0;
    }
    const char *forced = forced_result(&main_line->current);
    if (forced && strcmp(forced, result) != 0) {
        enum rgn_status status = rgn_position_status(&main_line->current);
        const char *how = status == RGN_STALEMATE    ? "ends in stalemate"
                          : status == RGN_KING_REACH ? "ends by king-reach"
                          : status == RGN_SOLVED     ? "ends solved"
                                                     : "ends in checkmate";
        if (strcmp(result, "*") == 0 &&
            rgn_rules_open_result_on_finished_game(g->variant))
            report(v, RGN_W_OPEN_RESULT, where, no_move, 0,
                   "the game %s, so its result is %s, not %s", how, forced,
                   result);
        else {
            report(v, RGN_E_WRONG_RESULT, where, no_move, 0,
                   "the game %s, so its result must be %s, not %s", how, forced,
                   result);
            return 1;
        }
    }
    return 0;
}

/* A tag section that no movetext followed (a file of pairings: tags
 * only, no moves and no result): a game without moves, with a warning,
 * ended by its Result tag's result, or by '*' when it has none. */
static void end_without_moves(rgn_checker *v)
{
    game_state *g = &v->game;
    bool tagged = g->has_result_tag &&
                  (rgn_is_final_result(g->result_tag, strlen(g->result_tag)) ||
                   strcmp(g->result_tag, "*") == 0);
    const char *result = tagged ? g->result_tag : "*";
    v->token_offset = UINT64_MAX; /* the game's line is the saved one */
    g->without_moves = true;
    report(v, RGN_W_NO_MOVES, g->start, no_move, 0,
           "tags that no moves or result follow: read as a game without "
           "moves that ends with %s%s",
           result, tagged ? " (its Result tag)" : "");
    if (g->failed || start_movetext(v))
        return;
    snprintf(g->result, sizeof g->result, "%s", result);
    if (g->kept_invalid) {
        report(v, RGN_E_KEPT_INVALID, g->invalid_where, no_move, 0,
               "the game was kept with an error (its Invalid tag): %s",
               g->invalid_reason);
        return;
    }
    line *main_line = &v->lines[0];
    if (!result_stands(g->variant, &main_line->current, result))
        report(v, RGN_E_WRONG_RESULT, g->start, no_move, 0,
               "the start position has ended the game, so its result "
               "cannot be %s",
               result);
}

static void on_end_game(void *user, rgn_location where)
{
    (void)where;
    rgn_checker *v = user;
    judge_mark(v);
    game_state *g = &v->game;
    if (!g->number) {
        /* comments that no game follows (the reader ends a game only at
         * its result, an error or a tag, which open it, or at the end of
         * the input): no game, and a note that says they are left out */
        rgn_buffer_reset(&v->held);
        if (g->commented)
            report(v, RGN_N_COMMENT_WITHOUT_GAME, g->first_comment, no_move, 0,
                   "a comment that no game follows belongs to no game: it "
                   "is left out");
        return;
    }
    if (!g->started && !g->failed)
        end_without_moves(v);
    if (g->failed)
        v->counts.invalid++;
    else if (g->warned)
        v->counts.valid++, v->counts.with_warnings++;
    else
        v->counts.valid++;
    rgn_span result = {g->result, strlen(g->result)};
    /* the end of a game skipped goes to its sink all the same */
    rgn_skip_begin(&v->skip, v->options.sink);
    const rgn_game_sink *sink = v->options.sink;
    if (sink && sink->end_game)
        sink->end_game(v->options.sink_user, result,
                       g->failed ? &g->first_error : NULL);
}

/* The text of a game after its first error: passed on unchecked, and its
 * result as written. */
static void on_skipped(void *user, rgn_span text, bool cut, rgn_span result,
                       rgn_location where)
{
    (void)where;
    rgn_checker *v = user;
    copy_span(v->game.result, sizeof v->game.result, result);
    if (text.len || cut)
        SINK(v, unchecked, text, cut);
}

static void on_lenient(void *user, rgn_location where, enum rgn_problem problem,
                       const char *message)
{
    rgn_checker *v = user;
    at_token(v, where);
    open_game(v);
    report(v, problem, where, no_move, 0, "%s", message);
}

static void on_error(void *user, rgn_location where, const char *message)
{
    rgn_checker *v = user;
    at_token(v, where);
    open_game(v);
    report(v, RGN_E_SYNTAX, where, no_move, 0, "%s", message);
}

/* ------------------------------------------------------------------ */

static const rgn_visitor validator_visitor = {
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

const rgn_visitor *rgn_checker_visitor(void) { return &validator_visitor; }

void rgn_checker_start_at(rgn_checker *v, uint64_t offset, uint32_t line)
{
    rgn_reader_start_at(v->reader, offset, line);
}

int rgn_checker_read_latin1(rgn_checker *v)
{
    return rgn_reader_read_latin1(v->reader);
}

bool rgn_checker_latin1_seen(const rgn_checker *v)
{
    return rgn_reader_latin1_seen(v->reader, NULL);
}

bool rgn_checker_done(const rgn_checker *v)
{
    uint64_t where;
    return rgn_reader_stopped(v->reader, &where);
}

bool rgn_checker_owns(const rgn_checker *v, uint64_t offset)
{
    return rgn_reader_owns(v->reader, offset);
}

bool rgn_checker_between_games(const rgn_checker *v, uint32_t *line)
{
    return rgn_reader_between_games(v->reader, line);
}

void rgn_checker_map_offsets(rgn_checker *v, rgn_offset_map *map)
{
    rgn_reader_map_offsets(v->reader, map);
}

rgn_checker *rgn_checker_new(const validator_options *options)
{
    rgn_checker *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->options = *options;
    rgn_skip_begin(&v->skip, options->sink);
    v->key_stamp = 1; /* not 0, which every new entry has */
    v->mark.where.offset = UINT64_MAX;
    v->line_capacity = 8;
    v->lines = calloc((size_t)v->line_capacity, sizeof *v->lines);
    v->reader = rgn_reader_new(&validator_visitor, v);
    if (!v->lines || !v->reader) {
        rgn_checker_free(v);
        return NULL;
    }
    if (options->range)
        rgn_reader_read_range(v->reader, options->range);
    return v;
}

void rgn_checker_free(rgn_checker *v)
{
    if (!v)
        return;
    rgn_reader_free(v->reader);
    rgn_buffer_free(&v->held);
    free(v->lines);
    free(v->keys);
    free(v);
}

int rgn_checker_feed(rgn_checker *v, const char *data, size_t len)
{
    return rgn_reader_feed(v->reader, data, len);
}

int rgn_checker_finish(rgn_checker *v) { return rgn_reader_finish(v->reader); }

rgn_validation_counts rgn_checker_counts(const rgn_checker *v)
{
    return v->counts;
}
