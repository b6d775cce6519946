/*
 * criteria.c - the criteria a game is selected by, read from the
 * options of rgn select (rgn_criteria). The tags are read by
 * criteria_tags.c, the positions by criteria_positions.c; the matcher
 * that judges a game against them is matcher.c.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "base/names.h"
#include "select/criteria.h"

rgn_criteria *rgn_criteria_new(rgn_error *error)
{
    rgn_criteria *c = calloc(1, sizeof(rgn_criteria));
    if (!c) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    c->max_plies = -1;
    c->material_plies = 1;
    return c;
}

void rgn_criteria_free(rgn_criteria *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->tag_count; i++)
        tag_test_free(&c->tags[i]);
    free(c->tags);
    for (int i = 0; i < c->target_count; i++)
        free(c->targets[i].text);
    free(c->targets);
    free(c->games);
    free(c);
}

bool rgn_criteria_need_moves(const rgn_criteria *c) { return c->any_moves; }

/* A number of at most 18 digits at *p, *p moved past it; false if none. */
static bool read_count(const char **p, uint64_t *value)
{
    const char *start = *p;
    uint64_t n = 0;
    while (isdigit((unsigned char)**p) && *p - start < 18)
        n = n * 10 + (uint64_t)(*(*p)++ - '0');
    *value = n;
    return *p > start && !isdigit((unsigned char)**p);
}

/* "MIN-MAX", "N", "MIN-" or "-MAX" at *p: *min and *max (max UINT64_MAX
 * when open). */
static bool read_range(const char **p, uint64_t *min, uint64_t *max)
{
    *min = 0;
    *max = UINT64_MAX;
    bool low = isdigit((unsigned char)**p) && read_count(p, min);
    if (**p != '-') {
        *max = *min;
        return low;
    }
    (*p)++;
    if (isdigit((unsigned char)**p))
        return read_count(p, max) && *min <= *max;
    return low;
}

static int add_plies(rgn_criteria *c, const char *value, rgn_error *error)
{
    const char *p = value;
    uint64_t min, max;
    if (!read_range(&p, &min, &max) || *p ||
        (max != UINT64_MAX && max > 1000000000))
        return criteria_fail(error, "expected a number of plies or a range "
                                    "(MIN-MAX, MIN-, -MAX)");
    if ((int)min > c->min_plies)
        c->min_plies = (int)min;
    if (max != UINT64_MAX && (c->max_plies < 0 || (int)max < c->max_plies))
        c->max_plies = (int)max;
    c->any_moves = true;
    return 0;
}

static int add_games(rgn_criteria *c, const char *value, rgn_error *error)
{
    const char *p = value;
    do {
        uint64_t min, max;
        if (!read_range(&p, &min, &max) || min == 0 || (*p && *p != ','))
            return criteria_fail(error, "expected game numbers from 1 and "
                                        "ranges, as 5-10,17");
        number_range *more =
            realloc(c->games, ((size_t)c->game_ranges + 1) * sizeof *more);
        if (!more)
            return criteria_fail(error, "out of memory");
        c->games = more;
        c->games[c->game_ranges++] = (number_range){min, max};
    } while (*p++ == ',');
    return 0;
}

static const char *const end_names[] = {
    [END_MATE] = "mate",
    [END_STALEMATE] = "stalemate",
    [END_REPETITION] = "repetition",
    [END_FIFTY] = "fifty",
    [END_INSUFFICIENT] = "insufficient",
    [END_UNFINISHED] = "unfinished",
    NULL,
};

static const char *const has_names[] = {
    [HAS_COMMENTS] = "comments",
    [HAS_VARIATIONS] = "variations",
    [HAS_NAGS] = "nags",
    [HAS_CLOCKS] = "clocks",
    NULL,
};

static int add_tag(rgn_criteria *c, const char *value, rgn_error *error)
{
    tag_test test;
    if (tag_test_parse(&test, value, error) < 0)
        return -1;
    tag_test *more =
        realloc(c->tags, ((size_t)c->tag_count + 1) * sizeof *more);
    if (!more) {
        tag_test_free(&test);
        return criteria_fail(error, "out of memory");
    }
    c->tags = more;
    /* the tests of one tag form a group */
    test.group = c->tag_groups;
    for (int i = 0; i < c->tag_count; i++)
        if (strcmp(c->tags[i].name, test.name) == 0)
            test.group = c->tags[i].group;
    if (test.group == c->tag_groups)
        c->tag_groups++;
    c->tags[c->tag_count++] = test;
    return 0;
}

static int add_target(rgn_criteria *c, enum target_kind kind, const char *value,
                      rgn_error *error)
{
    target t = {.kind = kind};
    if (kind == TARGET_MATERIAL &&
        material_parse(&t.material, value, error) < 0)
        return -1;
    t.text = strdup(value);
    if (!t.text)
        return criteria_fail(error, "out of memory");
    if (target_check(&t, error) < 0) {
        free(t.text);
        return -1;
    }
    target *more =
        realloc(c->targets, ((size_t)c->target_count + 1) * sizeof *more);
    if (!more) {
        free(t.text);
        return criteria_fail(error, "out of memory");
    }
    c->targets = more;
    /* repeated --position and --pattern are one group, of which one must
     * match; every other target is a group of its own */
    t.group = c->target_groups;
    if (kind == TARGET_POSITION || kind == TARGET_PATTERN)
        for (int i = 0; i < c->target_count; i++)
            if (c->targets[i].kind == TARGET_POSITION ||
                c->targets[i].kind == TARGET_PATTERN)
                t.group = c->targets[i].group;
    if (t.group == c->target_groups)
        c->target_groups++;
    c->targets[c->target_count++] = t;
    c->any_moves = true;
    return 0;
}

static int add_promotion(rgn_criteria *c, const char *value, rgn_error *error)
{
    c->promotion = true;
    c->any_moves = true;
    if (!value)
        return 0;
    if (!isalpha((unsigned char)value[0]) || value[1])
        return criteria_fail(error, "expected one piece letter");
    if (c->promotion_letter_count == (int)sizeof c->promotion_letters)
        return criteria_fail(error, "too many pieces");
    c->promotion_letters[c->promotion_letter_count++] =
        (char)toupper((unsigned char)value[0]);
    return 0;
}

static const char *const criterion_names[RGN_CRITERION_COUNT] = {
    [RGN_CRITERION_TAG] = "tag",
    [RGN_CRITERION_PLIES] = "plies",
    [RGN_CRITERION_ENDS] = "ends",
    [RGN_CRITERION_POSITION] = "position",
    [RGN_CRITERION_PATTERN] = "pattern",
    [RGN_CRITERION_MATERIAL] = "material",
    [RGN_CRITERION_MATERIAL_PLIES] = "material-plies",
    [RGN_CRITERION_MOVES] = "moves",
    [RGN_CRITERION_GAMES] = "games",
    [RGN_CRITERION_HAS] = "has",
    [RGN_CRITERION_PROMOTION] = "promotion",
    [RGN_CRITERION_UNDERPROMOTION] = "underpromotion",
    [RGN_CRITERION_SETUP] = "setup",
    [RGN_CRITERION_VALID] = "valid",
    [RGN_CRITERION_INVALID] = "invalid",
    [RGN_CRITERION_IN_VARIATIONS] = "in-variations",
};

const char *rgn_criterion_name(enum rgn_criterion criterion)
{
    return rgn_names_at(criterion_names, RGN_CRITERION_COUNT, (int)criterion);
}

int rgn_criterion_parse(const char *name, rgn_error *error)
{
    return rgn_names_parse(criterion_names, RGN_CRITERION_COUNT, "criterion",
                           name, error);
}

enum rgn_criterion_value rgn_criterion_takes(enum rgn_criterion criterion)
{
    if (criterion == RGN_CRITERION_PROMOTION)
        return RGN_CRITERION_OPTIONAL;
    return criterion < RGN_CRITERION_PROMOTION ? RGN_CRITERION_REQUIRED
                                               : RGN_CRITERION_FLAG;
}

const char *const *rgn_criterion_choices(enum rgn_criterion criterion)
{
    return criterion == RGN_CRITERION_ENDS  ? end_names
           : criterion == RGN_CRITERION_HAS ? has_names
                                            : NULL;
}

/* A word of names (NULL-terminated): its index, or -1 after the error
 * that lists them. */
static int one_of(const char *value, const char *const *names, rgn_error *error)
{
    size_t count = 0;
    while (names[count])
        count++;
    int i = rgn_names_parse(names, count, "value", value, NULL);
    if (i >= 0)
        return i;
    char list[200];
    rgn_names_list(list, sizeof list, names, count);
    return criteria_fail(error, "expected one of %s", list);
}

/* The criteria that are flags, and where each is kept. */
static bool *flag_of(rgn_criteria *c, enum rgn_criterion criterion)
{
    switch (criterion) {
    case RGN_CRITERION_UNDERPROMOTION: return &c->underpromotion;
    case RGN_CRITERION_SETUP: return &c->setup;
    case RGN_CRITERION_VALID: return &c->valid;
    case RGN_CRITERION_INVALID: return &c->invalid;
    case RGN_CRITERION_IN_VARIATIONS: return &c->in_variations;
    default: return NULL;
    }
}

static int add_material_plies(rgn_criteria *c, const char *value,
                              rgn_error *error)
{
    const char *p = value;
    uint64_t n;
    if (!read_count(&p, &n) || *p || n < 1 || n > 100000)
        return criteria_fail(error, "expected a number of plies of at "
                                    "least 1");
    c->material_plies = (int)n;
    return 0;
}

static int add_end(rgn_criteria *c, const char *value, rgn_error *error)
{
    int end = one_of(value, end_names, error);
    if (end < 0)
        return -1;
    c->ends[end] = true;
    c->any_moves = c->any_moves || end != END_UNFINISHED;
    return 0;
}

static int add_has(rgn_criteria *c, const char *value, rgn_error *error)
{
    int has = one_of(value, has_names, error);
    if (has < 0)
        return -1;
    c->has[has] = true;
    c->any_moves = true;
    return 0;
}

int rgn_criteria_add(rgn_criteria *c, enum rgn_criterion criterion,
                     const char *value, rgn_error *error)
{
    const char *name = rgn_criterion_name(criterion);
    if (!name)
        return criteria_fail(error, "no criterion numbered %d", (int)criterion);
    enum rgn_criterion_value takes = rgn_criterion_takes(criterion);
    if (takes == RGN_CRITERION_FLAG && value)
        return criteria_fail(error, "the criterion %s takes no value", name);
    if (takes == RGN_CRITERION_REQUIRED && !value)
        return criteria_fail(error, "the criterion %s takes a value", name);
    bool *flag = flag_of(c, criterion);
    if (flag) {
        *flag = true;
        c->any_moves = true;
        return 0;
    }
    switch (criterion) {
    case RGN_CRITERION_PROMOTION: return add_promotion(c, value, error);
    case RGN_CRITERION_TAG: return add_tag(c, value, error);
    case RGN_CRITERION_PLIES: return add_plies(c, value, error);
    case RGN_CRITERION_GAMES: return add_games(c, value, error);
    case RGN_CRITERION_POSITION:
        return add_target(c, TARGET_POSITION, value, error);
    case RGN_CRITERION_PATTERN:
        return add_target(c, TARGET_PATTERN, value, error);
    case RGN_CRITERION_MOVES: return add_target(c, TARGET_MOVES, value, error);
    case RGN_CRITERION_MATERIAL:
        return add_target(c, TARGET_MATERIAL, value, error);
    case RGN_CRITERION_MATERIAL_PLIES:
        return add_material_plies(c, value, error);
    case RGN_CRITERION_ENDS: return add_end(c, value, error);
    case RGN_CRITERION_HAS: return add_has(c, value, error);
    default: /* the flags, taken above */ return 0;
    }
}
