/*
 * set.c - the set of tournaments made whole: the records grouped by
 * Event and Site, each tournament's players and rounds built, its
 * system recognised, its players ranked and its records audited.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "select/select.h"
#include "tournament/set.h"

/* ------------------------------------------------------------------ */
/* Building a tournament from its records                             */

/* Player names to indices: open addressing over the players' array. */
typedef struct name_index {
    int *slots; /* player + 1; 0 empty */
    size_t mask;
} name_index;

static uint64_t name_hash(const char *name)
{
    uint64_t h = 1469598103934665603ull;
    for (; *name; name++)
        h = (h ^ (unsigned char)*name) * 1099511628211ull;
    return h;
}

static int find_player(const tournament *t, const name_index *index,
                       const char *name, size_t *slot)
{
    size_t i = name_hash(name) & index->mask;
    while (index->slots[i]) {
        int p = index->slots[i] - 1;
        if (strcmp(t->players[p].name, name) == 0)
            return p;
        i = (i + 1) & index->mask;
    }
    *slot = i;
    return -1;
}

static int atoi_or_zero(const char *text)
{
    long value = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9' || value > 100000)
            return 0;
        value = value * 10 + (*p - '0');
    }
    return (int)value;
}

static char *dup_or_fail(const char *text, bool *failed)
{
    char *copy = strdup(text);
    if (!copy)
        *failed = true;
    return copy;
}

/* The player named name (added when new, with what the record says of
 * them); -1 when memory runs out. */
static int add_player(tournament *t, name_index *index, size_t *capacity,
                      const char *name, const char *elo, const char *fide_id,
                      const char *title, const char *federation)
{
    size_t slot = 0;
    int p = find_player(t, index, name, &slot);
    if (p >= 0) {
        t_player *known = &t->players[p];
        if (!known->rating)
            known->rating = atoi_or_zero(elo);
        return p;
    }
    if (t->player_count == *capacity) {
        size_t grown_capacity = *capacity ? 2 * *capacity : 16;
        t_player *grown = realloc(t->players, grown_capacity * sizeof *grown);
        if (!grown)
            return -1;
        t->players = grown;
        *capacity = grown_capacity;
    }
    bool failed = false;
    t_player *player = &t->players[t->player_count];
    *player = (t_player){
        .name = dup_or_fail(name, &failed),
        .rating = atoi_or_zero(elo),
        .fide_id = dup_or_fail(fide_id, &failed),
        .title = dup_or_fail(title, &failed),
        .federation = dup_or_fail(federation, &failed),
    };
    t->player_count++;
    if (failed)
        return -1;
    index->slots[slot] = (int)t->player_count;
    return (int)t->player_count - 1;
}

static bool complete_date(const char *date)
{
    if (strlen(date) != 10 || date[4] != '.' || date[7] != '.')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (date[i] < '0' || date[i] > '9'))
            return false;
    return true;
}

static int set_text(char **slot, const char *text)
{
    char *copy = strdup(text);
    if (!copy)
        return -1;
    free(*slot);
    *slot = copy;
    return 0;
}

/* The kinds of a round from a record, for White (side 0) or Black. */
static void round_of(const t_record *r, int side, int opponent, size_t record,
                     t_round *out)
{
    int points = side == 0 ? r->white_points : r->black_points;
    bool bye = side == 0 ? r->black_bye : r->white_bye;
    *out = (t_round){ROUND_PLAYED, opponent, side == 0 ? 'w' : 'b', points,
                     record};
    if (bye) {
        out->opponent = -1;
        out->colour = 0;
        out->kind = points == 2   ? ROUND_BYE_FULL
                    : points == 1 ? ROUND_BYE_HALF
                                  : ROUND_BYE_ZERO;
        if (points < 0)
            out->points = 0;
    } else if (r->forfeit && points >= 0) {
        out->kind = points == 2 ? ROUND_FORFEIT_WIN : ROUND_FORFEIT_LOSS;
    }
}

static bool too_large(size_t players, int rounds)
{
    return rounds > 9999 || (double)players * rounds > 2e6;
}

/* Builds t's players and rounds from its records (t->records): the
 * rounds placed, a player met twice in one round and the same game
 * twice are findings, those games left out of the standings. -1 when
 * memory runs out, -2 when the records are too many to be a
 * tournament. */
static int build_rounds(tournament *t)
{
    size_t n = t->record_count;
    name_index index = {0};
    size_t size = 64;
    while (size < 4 * n + 8)
        size *= 2;
    index.slots = calloc(size, sizeof *index.slots);
    index.mask = size - 1;
    int *white = malloc((n + 1) * sizeof *white);
    int *black = malloc((n + 1) * sizeof *black);
    int *round = malloc((n + 1) * sizeof *round);
    int *last = NULL;
    duplicate_set *copies = duplicate_set_new();
    int rc = -1;
    size_t capacity = 0;
    if (!index.slots || !white || !black || !round || !copies)
        goto done;
    for (size_t i = 0; i < n; i++) {
        const t_record *r = t->records[i];
        white[i] = black[i] = -1;
        if (!r->white_bye &&
            (white[i] = add_player(t, &index, &capacity, r->white, r->white_elo,
                                   r->white_fide_id, r->white_title,
                                   r->white_fed)) < 0)
            goto done;
        if (!r->black_bye &&
            (black[i] = add_player(t, &index, &capacity, r->black, r->black_elo,
                                   r->black_fide_id, r->black_title,
                                   r->black_fed)) < 0)
            goto done;
    }
    /* the rounds: as tagged; a game without one after its players' last */
    last = calloc(t->player_count + 1, sizeof *last);
    if (!last)
        goto done;
    int rounds = 0;
    for (size_t i = 0; i < n; i++) {
        round[i] = t->records[i]->round;
        if (round[i] > rounds)
            rounds = round[i];
        for (int side = 0; side < 2; side++) {
            int p = side ? black[i] : white[i];
            if (p >= 0 && round[i] > last[p])
                last[p] = round[i];
        }
    }
    for (size_t i = 0; i < n; i++) {
        if (round[i])
            continue;
        int after = 0;
        if (white[i] >= 0 && last[white[i]] > after)
            after = last[white[i]];
        if (black[i] >= 0 && last[black[i]] > after)
            after = last[black[i]];
        round[i] = after + 1;
        if (white[i] >= 0)
            last[white[i]] = round[i];
        if (black[i] >= 0)
            last[black[i]] = round[i];
        if (round[i] > rounds)
            rounds = round[i];
    }
    if (too_large(t->player_count, rounds)) {
        t->rounds = rounds;
        rc = -2;
        goto done;
    }
    t->rounds = rounds;
    t->round_dates = calloc((size_t)rounds + 1, sizeof *t->round_dates);
    if (!t->round_dates)
        goto done;
    for (int r = 0; r < rounds; r++)
        if (!(t->round_dates[r] = strdup("")))
            goto done;
    for (size_t p = 0; p < t->player_count; p++) {
        t->players[p].rounds =
            calloc((size_t)rounds + 1, sizeof *t->players[p].rounds);
        if (!t->players[p].rounds)
            goto done;
        for (int r = 0; r < rounds; r++)
            t->players[p].rounds[r] = T_NO_ROUND;
    }
    for (size_t i = 0; i < n; i++) {
        const t_record *r = t->records[i];
        uint64_t first = 0;
        if (duplicate_set_add(copies, r->fingerprint, i + 1, &first) < 0)
            goto done;
        if (first) {
            const t_record *f = t->records[first - 1];
            if (tournament_finding(t, RGN_T_DUPLICATE_GAME, i,
                                   "the same game as game %llu (%s:%u): "
                                   "counted once",
                                   (unsigned long long)f->game, f->file,
                                   f->where.line) < 0)
                goto done;
            continue;
        }
        if (white[i] < 0 && black[i] < 0)
            continue;
        if (white[i] == black[i]) {
            if (tournament_finding(t, RGN_T_PLAYER_TWICE_IN_ROUND, i,
                                   "'%s' plays both sides of this game; it "
                                   "is left out of the standings",
                                   t->players[white[i]].name) < 0)
                goto done;
            continue;
        }
        int slot = round[i] - 1;
        t->records[i]->placed_round = round[i];
        bool taken = false;
        for (int side = 0; side < 2; side++) {
            int p = side ? black[i] : white[i];
            if (p < 0 || t->players[p].rounds[slot].record == SIZE_MAX)
                continue;
            const t_record *f = t->records[t->players[p].rounds[slot].record];
            if (tournament_finding(t, RGN_T_PLAYER_TWICE_IN_ROUND, i,
                                   "%s plays twice in round %d: here and in "
                                   "game %llu (%s:%u); this game is left out "
                                   "of the standings",
                                   t->players[p].name, round[i],
                                   (unsigned long long)f->game, f->file,
                                   f->where.line) < 0)
                goto done;
            taken = true;
        }
        if (taken)
            continue;
        if (white[i] >= 0)
            round_of(r, 0, black[i], i, &t->players[white[i]].rounds[slot]);
        if (black[i] >= 0)
            round_of(r, 1, white[i], i, &t->players[black[i]].rounds[slot]);
        /* a round's date: its own games' (not those counted in it for
         * want of a Round tag) */
        if (r->round && complete_date(r->date) &&
            (!*t->round_dates[slot] ||
             strcmp(r->date, t->round_dates[slot]) < 0) &&
            set_text(&t->round_dates[slot], r->date) < 0)
            goto done;
        if (complete_date(r->date) &&
            ((!*t->start_date || strcmp(r->date, t->start_date) < 0) &&
             set_text(&t->start_date, r->date) < 0))
            goto done;
        if (complete_date(r->date) &&
            ((!*t->end_date || strcmp(r->date, t->end_date) > 0) &&
             set_text(&t->end_date, r->date) < 0))
            goto done;
        if (!*t->time_control && *r->time_control &&
            set_text(&t->time_control, r->time_control) < 0)
            goto done;
    }
    rc = 0;
done:
    free(index.slots);
    free(white);
    free(black);
    free(round);
    free(last);
    duplicate_set_free(copies);
    return rc;
}

/* Start ranks: by rating, the highest first, then by name. */
static int by_rating(const void *context, const void *a, const void *b)
{
    const tournament *t = context;
    const t_player *x = &t->players[*(const int *)a];
    const t_player *y = &t->players[*(const int *)b];
    if (x->rating != y->rating)
        return x->rating > y->rating ? -1 : 1;
    return strcmp(x->name, y->name);
}

static int number_players(tournament *t)
{
    int *order = malloc((t->player_count + 1) * sizeof *order);
    if (!order)
        return -1;
    for (size_t i = 0; i < t->player_count; i++)
        order[i] = (int)i;
    rgn_sort(order, t->player_count, sizeof *order, by_rating, t);
    for (size_t i = 0; i < t->player_count; i++)
        t->players[order[i]].start_rank = (int)i + 1;
    free(order);
    return 0;
}

/* A Site as told: "?" (PGN's unknown) is none, never written out. */
static const char *known_site(const char *site)
{
    return strcmp(site, "?") == 0 ? "" : site;
}

/* Groups the records by Event and Site (or all into one with --event). */
static int group(rgn_tournaments *ts)
{
    for (size_t i = 0; i < ts->record_count; i++) {
        t_record *r = ts->records[i];
        tournament *t = NULL;
        for (size_t k = 0; k < ts->count && !t; k++)
            if (ts->options.event ||
                (strcmp(ts->list[k]->event, r->event) == 0 &&
                 strcmp(ts->list[k]->site, known_site(r->site)) == 0))
                t = ts->list[k];
        if (!t) {
            tournament **grown =
                realloc(ts->list, (ts->count + 1) * sizeof *grown);
            if (!grown)
                return -1;
            ts->list = grown;
            if (!(t = tournament_new()))
                return -1;
            ts->list[ts->count++] = t;
            if (set_text(&t->event, r->event) < 0 ||
                set_text(&t->site, known_site(r->site)) < 0)
                return -1;
        }
        if (t->record_count % 64 == 0) {
            t_record **grown =
                realloc(t->records, (t->record_count + 64) * sizeof *grown);
            if (!grown)
                return -1;
            t->records = grown;
        }
        t->records[t->record_count++] = r;
    }
    return 0;
}

static void tell(const tournament *t, const t_finding *f,
                 void (*report)(void *, const char *, const rgn_diagnostic *),
                 void *user)
{
    const t_record *r = f->record != SIZE_MAX
                            ? t->records[f->record]
                            : (t->record_count ? t->records[0] : NULL);
    rgn_diagnostic d = {
        .problem = f->problem,
        .severity = rgn_problem_severity(f->problem),
        .message = f->message,
        /* without a record: a TRF's line (of a player), or its start */
        .where = r ? r->where : (rgn_location){0, f->line ? f->line : 1, 1},
        .game = f->record != SIZE_MAX ? r->game : 0,
        .game_offset = r ? r->where.offset : 0,
        .white = r && f->record != SIZE_MAX ? r->white : "",
        .black = r && f->record != SIZE_MAX ? r->black : "",
        .move_number = "",
    };
    report(user, r ? r->file : t->trf_file ? t->trf_file : "-", &d);
}

int rgn_tournaments_finish(rgn_tournaments *ts,
                           void (*report)(void *user, const char *file,
                                          const rgn_diagnostic *diagnostic),
                           void *user, rgn_error *error)
{
    error->column = 0;
    if (ts->failed || group(ts) < 0) {
        snprintf(error->message, sizeof error->message, "out of memory");
        return -1;
    }
    if (ts->reported && ts->record_count == 0) {
        /* the TRF alone: its standings */
        tournament **list = malloc(sizeof *list);
        if (!list)
            goto out_of_memory;
        list[0] = ts->reported;
        ts->reported = NULL;
        ts->list = list;
        ts->count = 1;
    }
    int status = 0;
    for (size_t k = 0; k < ts->count; k++) {
        tournament *t = ts->list[k];
        int built = t->players ? 0 : build_rounds(t);
        if (built == -2) {
            snprintf(error->message, sizeof error->message,
                     "'%.60s' (%.60s) is too large for a tournament: %zu "
                     "players over %d rounds (a tournament has at most "
                     "2000000 player-rounds)",
                     t->event, t->site, t->player_count, t->rounds);
            return -1;
        }
        if (built < 0 || (t->record_count && number_players(t) < 0))
            goto out_of_memory;
        if (ts->options.planned_rounds) {
            if (ts->options.planned_rounds > 9999) {
                snprintf(error->message, sizeof error->message,
                         "--rounds %ld: a tournament has at most 9999 rounds",
                         ts->options.planned_rounds);
                return -1;
            }
            if (ts->options.planned_rounds < t->rounds) {
                snprintf(error->message, sizeof error->message,
                         "--rounds %ld: '%.60s' has %d rounds already",
                         ts->options.planned_rounds, t->event, t->rounds);
                return -1;
            }
            t->planned_rounds = (int)ts->options.planned_rounds;
        }
        char why[161] = "";
        /* --system, else a report's own (092), else the pairings' */
        t->system_given = ts->system != T_SYSTEM_UNKNOWN;
        if (t->system_given)
            t->system = ts->system;
        else if (t->system == T_SYSTEM_UNKNOWN)
            t->system = tournament_recognise(t, -1, -1, why, sizeof why);
        if (t->system == T_SYSTEM_UNKNOWN && !ts->options.check_only) {
            snprintf(error->message, sizeof error->message,
                     "cannot recognise the system of '%.30s': %.160s; "
                     "give it with --system",
                     t->event, why);
            return -1;
        }
        if (ts->tiebreaks_given) {
            memcpy(t->tiebreaks, ts->tiebreaks, sizeof t->tiebreaks);
            t->tiebreak_count = ts->tiebreak_count;
        } else if (t->tiebreak_count == 0) { /* a report may give them */
            tiebreaks_default(t->system, t->tiebreaks, &t->tiebreak_count);
        }
        if (ts->rules)
            t->rules = ts->rules;
        if (tournament_audit(t) < 0 || tournament_rank(t) < 0)
            goto out_of_memory;
        if (ts->reported && trf_compare(ts->reported, t) < 0)
            goto out_of_memory;
        for (size_t i = 0; i < t->finding_count; i++) {
            const t_finding *f = &t->findings[i];
            if (f->problem < RGN_T_PLAYER_TWICE_IN_ROUND)
                continue; /* a game's own error: the validator told it */
            if (rgn_problem_severity(f->problem) != RGN_NOTE)
                status = 1;
            if (report)
                tell(t, f, report, user);
        }
    }
    return status;
out_of_memory:
    snprintf(error->message, sizeof error->message, "out of memory");
    return -1;
}

int rgn_tournaments_read_trf(rgn_tournaments *ts, const char *text, size_t len,
                             const char *file, rgn_error *error)
{
    tournament *t = tournament_new();
    if (!t) {
        snprintf(error->message, sizeof error->message, "out of memory");
        return -1;
    }
    if (trf_read(text, len, file, t, error) < 0) {
        tournament_free(t);
        return -1;
    }
    tournament_free(ts->reported);
    ts->reported = t;
    return 0;
}
