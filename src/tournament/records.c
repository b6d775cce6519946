/*
 * records.c - the set of tournaments (rgn_tournaments): a game sink that
 * keeps of each game its record (who played whom, in which round, with
 * what result), read by the rules rgn(1) gives under "tournament".
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/errors.h"
#include "base/interned.h"
#include "rules/position.h"
#include "select/select.h"
#include "tournament/set.h"

/* ------------------------------------------------------------------ */
/* Reading a record's tags                                            */

/* The text's one copy in the set of records (see t_record). */
static const char *keep_text(rgn_tournaments *ts, const char *text, size_t len)
{
    return rgn_interned_add(&ts->texts, text, len);
}

static bool span_is(rgn_span s, const char *text)
{
    return s.len == strlen(text) && memcmp(s.data, text, s.len) == 0;
}

/* The tags a record keeps, and where; an alias names a slot an earlier
 * row has already (freed and filled once, by that row). */
static const struct {
    const char *name;
    size_t offset;
    bool alias;
} slots[] = {
    {"Event", offsetof(t_record, event), false},
    {"Site", offsetof(t_record, site), false},
    {"Date", offsetof(t_record, date), false},
    {"Round", offsetof(t_record, round_text), false},
    {"White", offsetof(t_record, white), false},
    {"Black", offsetof(t_record, black), false},
    {"Result", offsetof(t_record, result_tag), false},
    {"WhiteElo", offsetof(t_record, white_elo), false},
    {"BlackElo", offsetof(t_record, black_elo), false},
    {"WhiteFideId", offsetof(t_record, white_fide_id), false},
    {"BlackFideId", offsetof(t_record, black_fide_id), false},
    {"WhiteTitle", offsetof(t_record, white_title), false},
    {"BlackTitle", offsetof(t_record, black_title), false},
    {"WhiteFed", offsetof(t_record, white_fed), false},
    {"BlackFed", offsetof(t_record, black_fed), false},
    {"WhiteFederation", offsetof(t_record, white_fed), true},
    {"BlackFederation", offsetof(t_record, black_fed), true},
    {"Termination", offsetof(t_record, termination), false},
    {"TimeControl", offsetof(t_record, time_control), false},
    {"EventDate", offsetof(t_record, event_date), false},
};
#define SLOT_COUNT (sizeof slots / sizeof slots[0])

static const char **slot_at(t_record *r, size_t i)
{
    return (const char **)((char *)r + slots[i].offset);
}

static const char **tag_slot(t_record *r, rgn_span name)
{
    for (size_t i = 0; i < SLOT_COUNT; i++)
        if (span_is(name, slots[i].name))
            return slot_at(r, i);
    return NULL;
}

/* Every tag slot "" that the game did not fill, and the result. */
static void record_fill_missing(t_record *r)
{
    for (size_t i = 0; i < SLOT_COUNT; i++)
        if (!*slot_at(r, i))
            *slot_at(r, i) = "";
    if (!r->result)
        r->result = "";
}

/* "3" round 3, "3.2" round 3 board 2; "", "-", "?" none; else
 * malformed. */
static void read_round(t_record *r)
{
    const char *s = r->round_text;
    r->round = r->board = 0;
    r->round_malformed = false;
    if (!*s || strcmp(s, "-") == 0 || strcmp(s, "?") == 0)
        return;
    long round = 0, board = 0;
    const char *p = s;
    while (isdigit((unsigned char)*p) && round < 100000)
        round = round * 10 + (*p++ - '0');
    if (p != s && *p == '.') {
        const char *q = ++p;
        while (isdigit((unsigned char)*p) && board < 100000)
            board = board * 10 + (*p++ - '0');
        if (p == q)
            board = -1;
    }
    if (p == s || *p || round < 1 || round > 9999 || board < 0) {
        r->round_malformed = true;
        return;
    }
    r->round = (int)round;
    r->board = (int)board;
}

static bool word_is(const char *text, const char *word)
{
    return strcasecmp(text, word) == 0;
}

static bool is_bye_name(const char *name)
{
    return word_is(name, "bye") || strcmp(name, "-") == 0;
}

/* The result in halves from "1-0", "0-1", "1/2-1/2" and their forfeit
 * spellings; false for anything else ("*" included). */
static bool read_result(const char *text, int *white, int *black, bool *forfeit)
{
    static const struct {
        const char *text;
        int white, black;
        bool forfeit;
    } results[] = {
        {"1-0", 2, 0, false}, {"0-1", 0, 2, false},  {"1/2-1/2", 1, 1, false},
        {"+-", 2, 0, true},   {"-+", 0, 2, true},    {"+/-", 2, 0, true},
        {"-/+", 0, 2, true},  {"1F-0F", 2, 0, true}, {"0F-1F", 0, 2, true},
        {"+:-", 2, 0, true},  {"-:+", 0, 2, true},   {"--", 0, 0, true},
        {"0-0", 0, 0, true},  {"0F-0F", 0, 0, true}, {"-:-", 0, 0, true},
    };
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (strcasecmp(text, results[i].text) == 0) {
            *white = results[i].white;
            *black = results[i].black;
            *forfeit = results[i].forfeit;
            return true;
        }
    return false;
}

static bool is_forfeit_termination(const char *text)
{
    return word_is(text, "forfeit") || word_is(text, "unplayed") ||
           word_is(text, "walkover") || word_is(text, "default") ||
           word_is(text, "forfeited");
}

/* The record's result: a forfeit's spelling in the Result tag (which no
 * terminator can say) first; else, when the validator found the tag
 * wrong against the game (its mate or its terminator), the game's own;
 * else the Result tag, then the terminator (as RGN_EDIT_FIX_RESULT reads
 * a game). "*" with no decisive tag leaves the game unfinished. */
static void read_record_result(t_record *r)
{
    int white = -1, black = -1, w2, b2;
    bool forfeit = false, f2 = false;
    bool tag = read_result(r->result_tag, &white, &black, &forfeit);
    bool game_wins =
        r->error == RGN_E_WRONG_RESULT || r->error == RGN_E_RESULT_MISMATCH;
    if ((!tag || (game_wins && !forfeit)) &&
        read_result(r->result, &w2, &b2, &f2)) {
        white = w2;
        black = b2;
        forfeit = f2;
    } else if (!tag) {
        white = black = -1;
    }
    r->white_points = white;
    r->black_points = black;
    r->forfeit =
        white >= 0 && (forfeit || is_forfeit_termination(r->termination));
    r->white_bye = is_bye_name(r->white);
    r->black_bye = is_bye_name(r->black);
}

/* ------------------------------------------------------------------ */
/* The sink                                                           */

static t_record *current(rgn_tournaments *ts) { return ts->current; }

static void on_begin_game(void *user, uint64_t number)
{
    rgn_tournaments *ts = user;
    free(ts->current);
    ts->current = calloc(1, sizeof(t_record));
    ts->games++;
    if (!ts->current) {
        ts->failed = true;
        return;
    }
    ts->current->file = ts->file;
    ts->current->game = ts->games;
    ts->current->fingerprint = rgn_mix64(0x7475726e);
    (void)number;
    if (ts->keep_games) {
        rgn_game_free(ts->game);
        ts->game = rgn_game_new(NULL);
        if (!ts->game)
            ts->failed = true;
        else
            rgn_game_recorder()->begin_game(ts->game, number);
    }
}

#define RECORD(call)                                                           \
    do {                                                                       \
        if (ts->keep_games && ts->game)                                        \
            rgn_game_recorder()->call;                                         \
    } while (0)

static void on_origin(void *user, rgn_location where)
{
    rgn_tournaments *ts = user;
    if (current(ts))
        current(ts)->where = where;
    RECORD(origin(ts->game, where));
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    rgn_tournaments *ts = user;
    RECORD(tag(ts->game, name, value));
    t_record *r = current(ts);
    if (!r)
        return;
    const char **slot = tag_slot(r, name);
    if (!slot || *slot)
        return; /* a tag given twice: its first value */
    const char *renamed = NULL;
    if (ts->spellings && (span_is(name, "White") || span_is(name, "Black")))
        renamed = edits_player(ts->spellings, value);
    *slot = renamed ? keep_text(ts, renamed, strlen(renamed))
                    : keep_text(ts, value.data, value.len);
    if (!*slot)
        ts->failed = true;
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    rgn_tournaments *ts = user;
    RECORD(start(ts->game, start, has_fen));
}

static void on_move(void *user, rgn_position *before, rgn_move move,
                    const char *san)
{
    rgn_tournaments *ts = user;
    RECORD(move(ts->game, before, move, san));
    t_record *r = current(ts);
    if (r && ts->depth == 0) {
        r->plies++;
        uint64_t m = (uint64_t)move.from | (uint64_t)move.to << 16 |
                     (uint64_t)move.kind << 32 |
                     (uint64_t)move.promotion << 40 |
                     (uint64_t)move.orientation << 48;
        r->fingerprint = rgn_mix64(r->fingerprint ^ m);
    }
}

static void on_move_text(void *user, rgn_span written)
{
    rgn_tournaments *ts = user;
    RECORD(move_text(ts->game, written));
}

static void on_nag(void *user, unsigned nag)
{
    rgn_tournaments *ts = user;
    RECORD(nag(ts->game, nag));
}

static void on_comment(void *user, rgn_span text)
{
    rgn_tournaments *ts = user;
    RECORD(comment(ts->game, text));
}

static void on_begin_variation(void *user)
{
    rgn_tournaments *ts = user;
    ts->depth++;
    RECORD(begin_variation(ts->game));
}

static void on_end_variation(void *user)
{
    rgn_tournaments *ts = user;
    ts->depth--;
    RECORD(end_variation(ts->game));
}

static void on_unchecked(void *user, rgn_span text, bool cut)
{
    rgn_tournaments *ts = user;
    RECORD(unchecked(ts->game, text, cut));
}

static int keep_record(rgn_tournaments *ts, t_record *r)
{
    if (ts->record_count == ts->record_capacity) {
        size_t capacity = ts->record_capacity ? 2 * ts->record_capacity : 64;
        t_record **grown = realloc(ts->records, capacity * sizeof *grown);
        if (!grown)
            return -1;
        ts->records = grown;
        ts->record_capacity = capacity;
        if (ts->keep_games) {
            rgn_game **kept = realloc(ts->kept, capacity * sizeof *kept);
            if (!kept)
                return -1;
            ts->kept = kept;
        }
    }
    if (ts->keep_games) {
        ts->kept[ts->record_count] = ts->game;
        ts->game = NULL;
    }
    ts->records[ts->record_count++] = r;
    r->page_game = ts->record_count;
    return 0;
}

static uint64_t text_hash(uint64_t h, const char *text)
{
    for (; *text; text++)
        h = rgn_mix64(h ^ (unsigned char)*text);
    return rgn_mix64(h ^ 0xff);
}

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    rgn_tournaments *ts = user;
    RECORD(end_game(ts->game, result, error));
    t_record *r = current(ts);
    ts->current = NULL;
    ts->depth = 0;
    if (!r)
        return;
    r->valid = !error;
    if (error) {
        r->error = error->problem;
        r->error_message =
            keep_text(ts, error->message, strlen(error->message));
        if (!r->error_message)
            ts->failed = true;
    }
    r->result = keep_text(ts, result.data, result.len);
    if (!r->result) {
        ts->failed = true;
        free(r);
        return;
    }
    record_fill_missing(r);
    read_round(r);
    read_record_result(r);
    /* the same game: the same players, result and moves (and, for a game
     * without moves, the same round and date) */
    uint64_t h = text_hash(r->fingerprint, r->white);
    h = text_hash(h, r->black);
    h = text_hash(h, r->result_tag);
    if (r->plies == 0) {
        h = text_hash(h, r->round_text);
        h = text_hash(h, r->date);
        h = text_hash(h, r->event);
    }
    r->fingerprint = h;
    if (ts->options.event && strcmp(r->event, ts->options.event) != 0) {
        free(r);
        if (ts->keep_games) {
            rgn_game_free(ts->game);
            ts->game = NULL;
        }
        return;
    }
    if (keep_record(ts, r) < 0) {
        ts->failed = true;
        free(r);
    }
}

/* The sink's input event: the name is kept for the findings about the
 * games that follow. */
static void on_input(void *user, const char *file)
{
    rgn_tournaments *ts = user;
    char **grown = realloc(ts->files, (ts->file_count + 1) * sizeof *grown);
    char *copy = strdup(file);
    if (!grown || !copy) {
        free(copy);
        if (grown)
            ts->files = grown;
        ts->failed = true;
        return;
    }
    ts->files = grown;
    ts->files[ts->file_count++] = copy;
    ts->file = copy;
}

static const rgn_game_sink sink = {
    .input = on_input,
    .begin_game = on_begin_game,
    .origin = on_origin,
    .tag = on_tag,
    .start = on_start,
    .move = on_move,
    .move_text = on_move_text,
    .nag = on_nag,
    .comment = on_comment,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .unchecked = on_unchecked,
    .end_game = on_end_game,
};

const rgn_game_sink *rgn_tournaments_sink(void) { return &sink; }

/* ------------------------------------------------------------------ */
/* The set                                                            */

static const char *const system_names[] = {
    [T_SYSTEM_UNKNOWN] = "unknown",
    [T_SYSTEM_ROUND_ROBIN] = "round-robin",
    [T_SYSTEM_DOUBLE_ROUND_ROBIN] = "double-round-robin",
    [T_SYSTEM_SWISS] = "swiss",
    [T_SYSTEM_MATCH] = "match",
};

const char *tournament_system_name(enum t_system system)
{
    return system_names[system];
}

_Static_assert((int)T_SYSTEM_MATCH == (int)RGN_SYSTEM_MATCH &&
                   (int)T_SYSTEM_UNKNOWN == (int)RGN_SYSTEM_UNKNOWN &&
                   sizeof system_names / sizeof *system_names ==
                       RGN_SYSTEM_COUNT,
               "the public systems are the tournaments' own");

const char *rgn_tournament_system_name(enum rgn_tournament_system system)
{
    return system > RGN_SYSTEM_UNKNOWN && system < RGN_SYSTEM_COUNT
               ? system_names[system]
               : NULL;
}

int rgn_tournament_system_parse(const char *name, rgn_error *error)
{
    for (int s = RGN_SYSTEM_ROUND_ROBIN; name && s < RGN_SYSTEM_COUNT; s++)
        if (strcmp(name, system_names[s]) == 0)
            return s;
    if (error) {
        error->column = 0;
        snprintf(error->message, sizeof error->message,
                 "unknown system '%.100s' (known: round-robin, "
                 "double-round-robin, swiss, match)",
                 name ? name : "");
    }
    return -1;
}

const char *rgn_tiebreak_rules_name(enum rgn_tiebreak_rules rules)
{
    return rules == RGN_RULES_2024   ? "2024"
           : rules == RGN_RULES_2026 ? "2026"
                                     : NULL;
}

int rgn_tiebreak_rules_parse(const char *name, rgn_error *error)
{
    const enum rgn_tiebreak_rules known[] = {RGN_RULES_2024, RGN_RULES_2026};
    for (size_t i = 0; name && i < sizeof known / sizeof *known; i++)
        if (strcmp(name, rgn_tiebreak_rules_name(known[i])) == 0)
            return (int)known[i];
    if (error) {
        error->column = 0;
        snprintf(error->message, sizeof error->message,
                 "unknown tie-break rules '%.60s' (known: 2024, FIDE's "
                 "C.07 from August 2024; 2026, as amended from 1 March "
                 "2026)",
                 name ? name : "");
    }
    return -1;
}

const char *tournament_system_words(enum t_system system)
{
    switch (system) {
    case T_SYSTEM_ROUND_ROBIN: return "round robin";
    case T_SYSTEM_DOUBLE_ROUND_ROBIN: return "double round robin";
    case T_SYSTEM_SWISS: return "Swiss";
    case T_SYSTEM_MATCH: return "match";
    default: return "system unknown";
    }
}

static char *copy_option(const char *text, bool *failed)
{
    if (!text)
        return NULL;
    char *copy = strdup(text);
    if (!copy)
        *failed = true;
    return copy;
}

/* The rules asked for (RGN_RULES_UNSTATED: none), which the tie-break
 * list given, if it states some, must agree with: 0, or -1 with error. */
static int tiebreak_rules(rgn_tournaments *ts, enum rgn_tiebreak_rules asked,
                          rgn_error *error)
{
    if (asked != RGN_RULES_UNSTATED) {
        if (!rgn_tiebreak_rules_name(asked)) {
            snprintf(error->message, sizeof error->message,
                     "no tie-break rules of %d (known: 2024, 2026)",
                     (int)asked);
            return -1;
        }
        ts->rules = (enum t_rules)asked;
    }
    enum t_rules stated = tiebreaks_rules(ts->tiebreaks, ts->tiebreak_count);
    if (ts->rules && stated && stated != ts->rules) {
        snprintf(error->message, sizeof error->message,
                 "the tie-break list states the rules of %d, and those of %d "
                 "are asked for",
                 (int)stated, (int)ts->rules);
        return -1;
    }
    return 0;
}

rgn_tournaments *rgn_tournaments_new(const rgn_tournament_options *given,
                                     rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
    rgn_tournament_options taken;
    if (rgn_options_take(&taken, sizeof taken, given,
                         RGN_OPTIONS_MIN(rgn_tournament_options, event),
                         "rgn_tournament_options", error) < 0)
        return NULL;
    const rgn_tournament_options *options = &taken;
    rgn_tournaments *ts = calloc(1, sizeof *ts);
    if (!ts) {
        snprintf(error->message, sizeof error->message, "out of memory");
        return NULL;
    }
    error->column = 0;
    ts->options = *options;
    bool failed = false;
    ts->options.event = copy_option(options->event, &failed);
    ts->options.title = copy_option(options->title, &failed);
    ts->options.lang = copy_option(options->lang, &failed);
    ts->options.tiebreaks = NULL;
    ts->options.tiebreak_count = 0;
    ts->options.same_player = NULL;
    ts->keep_games = options->format == RGN_TOURNAMENT_HTML;
    ts->file = "-";
    if (failed) {
        snprintf(error->message, sizeof error->message, "out of memory");
        rgn_tournaments_free(ts);
        return NULL;
    }
    if ((int)options->system < 0 || options->system >= RGN_SYSTEM_COUNT) {
        snprintf(error->message, sizeof error->message, "no system numbered %d",
                 (int)options->system);
        rgn_tournaments_free(ts);
        return NULL;
    }
    ts->system = (enum t_system)options->system;
    if (options->tiebreak_count < 0 ||
        options->tiebreak_count > RGN_MAX_TIEBREAKS ||
        (options->tiebreak_count && !options->tiebreaks)) {
        snprintf(error->message, sizeof error->message,
                 "%d tie-breaks (from 0 to %d, in a list)",
                 options->tiebreak_count, RGN_MAX_TIEBREAKS);
        rgn_tournaments_free(ts);
        return NULL;
    }
    for (int i = 0; i < options->tiebreak_count; i++) {
        if (tiebreak_from(&options->tiebreaks[i], &ts->tiebreaks[i], error) <
            0) {
            rgn_tournaments_free(ts);
            return NULL;
        }
        /* the codes of one list state one set of rules */
        enum t_rules stated = tiebreaks_rules(ts->tiebreaks, i);
        if (ts->tiebreaks[i].rules && stated &&
            ts->tiebreaks[i].rules != stated) {
            tiebreak_rules_clash(error, ts->tiebreaks[i].code,
                                 ts->tiebreaks[i].rules, stated);
            rgn_tournaments_free(ts);
            return NULL;
        }
    }
    ts->tiebreak_count = options->tiebreak_count;
    ts->tiebreaks_given = ts->tiebreak_count > 0;
    if (tiebreak_rules(ts, options->tiebreak_rules, error) < 0) {
        rgn_tournaments_free(ts);
        return NULL;
    }
    if (options->same_player) {
        ts->spellings = rgn_edits_new(NULL);
        if (!ts->spellings ||
            rgn_edits_rename_players(ts->spellings, options->same_player,
                                     options->same_player_len, error) < 0) {
            if (!ts->spellings)
                snprintf(error->message, sizeof error->message,
                         "out of memory");
            rgn_tournaments_free(ts);
            return NULL;
        }
    }
    return ts;
}

void rgn_tournaments_free(rgn_tournaments *ts)
{
    if (!ts)
        return;
    free((char *)ts->options.event);
    free((char *)ts->options.title);
    free((char *)ts->options.lang);
    rgn_edits_free(ts->spellings);
    free(ts->current);
    rgn_game_free(ts->game);
    for (size_t i = 0; i < ts->record_count; i++) {
        free(ts->records[i]);
        if (ts->kept)
            rgn_game_free(ts->kept[i]);
    }
    free(ts->records);
    free(ts->kept);
    for (size_t i = 0; i < ts->file_count; i++)
        free(ts->files[i]);
    free(ts->files);
    rgn_interned_free(&ts->texts);
    for (size_t i = 0; i < ts->count; i++)
        tournament_free(ts->list[i]);
    free(ts->list);
    tournament_free(ts->reported);
    free(ts);
}
