/*
 * tournament.c - a tournament's life: made, its findings added, its
 * system recognised, freed.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tournament/tournament.h"

tournament *tournament_new(void)
{
    tournament *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->event = strdup("");
    t->site = strdup("");
    t->start_date = strdup("");
    t->end_date = strdup("");
    t->time_control = strdup("");
    if (!t->event || !t->site || !t->start_date || !t->end_date ||
        !t->time_control) {
        tournament_free(t);
        return NULL;
    }
    return t;
}

void tournament_free(tournament *t)
{
    if (!t)
        return;
    free(t->event);
    free(t->trf_file);
    free(t->site);
    free(t->start_date);
    free(t->end_date);
    free(t->time_control);
    if (t->round_dates)
        for (int r = 0; r < t->rounds; r++)
            free(t->round_dates[r]);
    free(t->round_dates);
    for (size_t i = 0; i < t->player_count; i++) {
        free(t->players[i].name);
        free(t->players[i].fide_id);
        free(t->players[i].title);
        free(t->players[i].federation);
        free(t->players[i].rounds);
    }
    free(t->players);
    free(t->records); /* the records themselves belong to the set */
    for (size_t i = 0; i < t->finding_count; i++)
        free(t->findings[i].message);
    free(t->findings);
    free(t);
}

int tournament_player(const tournament *t, const char *name)
{
    for (size_t i = 0; i < t->player_count; i++)
        if (strcmp(t->players[i].name, name) == 0)
            return (int)i;
    return -1;
}

bool tournament_round_held(const tournament *t, int r)
{
    for (size_t p = 0; p < t->player_count; p++)
        if (t->players[p].rounds[r].kind != ROUND_NONE)
            return true;
    return false;
}

static int add_finding(tournament *t, enum rgn_problem problem, size_t record,
                       unsigned line, const char *format, va_list args)
{
    if (t->finding_count == t->finding_capacity) {
        size_t capacity = t->finding_capacity ? 2 * t->finding_capacity : 16;
        t_finding *grown = realloc(t->findings, capacity * sizeof *grown);
        if (!grown)
            return -1;
        t->findings = grown;
        t->finding_capacity = capacity;
    }
    va_list again;
    va_copy(again, args);
    int n = vsnprintf(NULL, 0, format, args);
    char *message = n < 0 ? NULL : malloc((size_t)n + 1);
    if (message)
        vsnprintf(message, (size_t)n + 1, format, again);
    va_end(again);
    if (!message)
        return -1;
    t->findings[t->finding_count++] =
        (t_finding){problem, message, record, record == SIZE_MAX ? line : 0};
    return 0;
}

int tournament_finding(tournament *t, enum rgn_problem problem, size_t record,
                       const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int rc = add_finding(t, problem, record, 0, format, args);
    va_end(args);
    return rc;
}

int tournament_player_finding(tournament *t, enum rgn_problem problem,
                              size_t player, const char *format, ...)
{
    const char *name = t->players[player].name;
    size_t record = SIZE_MAX;
    for (size_t i = 0; i < t->record_count && record == SIZE_MAX; i++)
        if (strcmp(t->records[i]->white, name) == 0 ||
            strcmp(t->records[i]->black, name) == 0)
            record = i;
    va_list args;
    va_start(args, format);
    int rc =
        add_finding(t, problem, record, t->players[player].line, format, args);
    va_end(args);
    return rc;
}

static int by_number(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The system from the games played (a pairing forfeited may be paired
 * again): two players a match; pairings met at most once over as many
 * rounds as a round robin needs (or more) a round robin, over fewer a
 * Swiss; met at most twice over up to twice that a double round robin.
 * Unknown otherwise, with why in why. The player merged (-1: none)
 * counts as the player into: its games in the rounds into has none. */
enum t_system tournament_recognise(const tournament *t, int merged, int into,
                                   char *why, size_t size)
{
    size_t n = t->player_count - (merged >= 0);
    if (n == 2)
        return T_SYSTEM_MATCH;
    if (n < 2) {
        snprintf(why, size, "%zu player%s", n, n == 1 ? "" : "s");
        return T_SYSTEM_UNKNOWN;
    }
    int most = 0;
    int *met = malloc(((size_t)t->rounds + 1) * sizeof *met);
    if (!met) {
        snprintf(why, size, "out of memory");
        return T_SYSTEM_UNKNOWN;
    }
    for (size_t p = 0; p < t->player_count; p++) {
        if ((int)p == merged)
            continue;
        int count = 0;
        for (int r = 0; r < t->rounds; r++) {
            const t_round *x = &t->players[p].rounds[r];
            if ((int)p == into && x->kind == ROUND_NONE)
                x = &t->players[merged].rounds[r];
            if (x->kind == ROUND_PLAYED && x->opponent >= 0)
                met[count++] = x->opponent == merged ? into : x->opponent;
        }
        qsort(met, (size_t)count, sizeof *met, by_number);
        for (int i = 0, run = 0; i < count; i++) {
            run = i && met[i] == met[i - 1] ? run + 1 : 1;
            if (run > most)
                most = run;
        }
    }
    free(met);
    int cycle = n % 2 ? (int)n : (int)n - 1; /* a round robin's rounds */
    if (most <= 1 && t->rounds < cycle)
        return T_SYSTEM_SWISS;
    if (most <= 1 && t->rounds == cycle)
        return T_SYSTEM_ROUND_ROBIN;
    if (most == 2 && t->rounds <= 2 * cycle && t->rounds > cycle)
        return T_SYSTEM_DOUBLE_ROUND_ROBIN;
    snprintf(why, size,
             "%zu players, %d rounds, a pairing met %d time%s (a round robin "
             "has %d rounds, a double one %d, a Swiss fewer than %d and no "
             "pairing twice)",
             n, t->rounds, most, most == 1 ? "" : "s", cycle, 2 * cycle, cycle);
    return T_SYSTEM_UNKNOWN;
}
