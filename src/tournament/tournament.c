/*
 * tournament.c - a tournament's life: made, its findings added, freed.
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
