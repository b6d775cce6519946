/*
 * criteria.c - the criteria a game is selected by, read from the
 * options of rgn select (rgn_criteria), and the matcher that judges a
 * game against them while it is read (rgn_matcher).
 */
#include <stdio.h>
#include <stdlib.h>

#include "select/select.h"

struct rgn_criteria {
    int count;
};

struct rgn_matcher {
    const rgn_criteria *criteria;
};

rgn_criteria *rgn_criteria_new(void) { return calloc(1, sizeof(rgn_criteria)); }

void rgn_criteria_free(rgn_criteria *criteria) { free(criteria); }

int rgn_criteria_add(rgn_criteria *criteria, const char *option,
                     const char *value, rgn_error *error)
{
    (void)criteria;
    (void)value;
    error->column = 0;
    snprintf(error->message, sizeof error->message, "--%s is no criterion",
             option);
    return -1;
}

bool rgn_criteria_need_moves(const rgn_criteria *criteria)
{
    (void)criteria;
    return false;
}

rgn_matcher *rgn_matcher_new(const rgn_criteria *criteria)
{
    rgn_matcher *m = calloc(1, sizeof *m);
    if (m)
        m->criteria = criteria;
    return m;
}

void rgn_matcher_free(rgn_matcher *matcher) { free(matcher); }

static const rgn_game_sink matcher_sink = {0};

const rgn_game_sink *rgn_matcher_sink(void) { return &matcher_sink; }

bool rgn_matcher_matched(const rgn_matcher *matcher, int *ply)
{
    (void)matcher;
    if (ply)
        *ply = -1;
    return true;
}
