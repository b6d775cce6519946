/*
 * duplicates.c - the copies of a game among those seen before. Each game
 * seen is one entry of 12 bytes: a 64-bit fingerprint of its start and
 * main line (or of its position at the fuzzy ply) and the number of its
 * first copy. The open-addressing table is kept between 75% and 90%
 * full, so that it costs at most 16 bytes a game, however many games,
 * and it grows a 16th at a time, so that growing adds little to that.
 * Two games are copies when their fingerprints are equal: two different
 * games share one with a chance of about n * n / 2^65 in n games.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/position.h"
#include "rules/rule_set.h"
#include "select/select.h"

typedef struct entry {
    uint32_t fingerprint[2]; /* 0, 0: free */
    uint32_t first;          /* the first copy's number (capped) */
} entry;

/* The table is cut into PARTS tables by the fingerprint's top bits,
 * each grown on its own: growing one copies only 1/PARTS of the
 * entries, so that the copy does not double the memory for a moment,
 * and the parts are large enough, once there are many games, for the
 * allocator to give back what a part leaves when it grows (256 small
 * parts cost 17 bytes a game in holes of the heap; 16 cost 15). */
#define PARTS 16

typedef struct table {
    entry *entries;
    size_t capacity, used;
} table;

struct duplicate_set {
    table parts[PARTS];
};

duplicate_set *duplicate_set_new(void)
{
    return calloc(1, sizeof(duplicate_set));
}

void duplicate_set_free(duplicate_set *set)
{
    if (!set)
        return;
    for (int i = 0; i < PARTS; i++)
        free(set->parts[i].entries);
    free(set);
}

size_t duplicate_set_bytes(const duplicate_set *set, size_t *games)
{
    size_t bytes = 0;
    *games = 0;
    for (int i = 0; i < PARTS; i++) {
        bytes += set->parts[i].capacity * sizeof(entry);
        *games += set->parts[i].used;
    }
    return bytes;
}

static uint64_t mix(uint64_t h, uint64_t value) { return rgn_mix64(h ^ value); }

static uint64_t text_hash(const char *text)
{
    uint64_t h = 0;
    for (; *text; text++)
        h = mix(h, (unsigned char)*text);
    return h;
}

/* The fingerprint of the game (fuzzy_ply <= 0) or of its position at
 * fuzzy_ply; 0 when it has none (a game stopped before its movetext, or
 * shorter than fuzzy_ply). */
static uint64_t fingerprint(const rgn_game *game, int fuzzy_ply)
{
    const rgn_position *start = rgn_game_start(game);
    if (!start)
        return 0;
    rgn_position pos = *start;
    uint64_t h = text_hash(rgn_variant_name(pos.variant));
    if (fuzzy_ply <= 0)
        h = mix(h, pos.key); /* the same start: the fuzzy ply's position
                                says where the game stands, from any start */
    int depth = 0, ply = 0;
    size_t at = 0;
    game_part part;
    rgn_undo undo;
    while (game_part_next(game, &at, &part)) {
        if (part.kind == PART_BEGIN_VARIATION)
            depth++;
        else if (part.kind == PART_END_VARIATION)
            depth--;
        else if (part.kind == PART_MOVE && depth == 0) {
            if (fuzzy_ply > 0) {
                rgn_rules_make(&pos, part.move, &undo);
                if (++ply == fuzzy_ply)
                    return mix(h, pos.key) | 1;
                continue;
            }
            uint64_t move = (uint64_t)part.move.from |
                            (uint64_t)part.move.to << 16 |
                            (uint64_t)part.move.kind << 32 |
                            (uint64_t)part.move.promotion << 40 |
                            (uint64_t)part.move.orientation << 48;
            h = mix(h, move);
        }
    }
    return fuzzy_ply > 0 ? 0 : h | 1; /* never 0, the mark of a free entry */
}

/* Where fingerprint belongs in its part: its bits below the top byte
 * scaled to the capacity. */
static size_t home(const table *t, uint64_t fingerprint)
{
    uint32_t below = (uint32_t)(fingerprint >> 24);
    return (size_t)(((uint64_t)below * t->capacity) >> 32);
}

/* The entry of fingerprint, or the free entry where it belongs. */
static entry *find(const table *t, uint64_t fingerprint)
{
    uint32_t lo = (uint32_t)fingerprint, hi = (uint32_t)(fingerprint >> 32);
    for (size_t i = home(t, fingerprint);; i = (i + 1) % t->capacity) {
        entry *e = &t->entries[i];
        if ((e->fingerprint[0] == lo && e->fingerprint[1] == hi) ||
            (e->fingerprint[0] == 0 && e->fingerprint[1] == 0))
            return e;
    }
}

/* 1.2 times larger: from 90% full to 75% */
static int grow(table *t)
{
    size_t capacity = t->capacity < 16 ? 16 : t->capacity + t->capacity / 5;
    table bigger = {calloc(capacity, sizeof(entry)), capacity, t->used};
    if (!bigger.entries)
        return -1;
    for (size_t i = 0; i < t->capacity; i++) {
        entry *e = &t->entries[i];
        if (e->fingerprint[0] == 0 && e->fingerprint[1] == 0)
            continue;
        uint64_t fp = (uint64_t)e->fingerprint[1] << 32 | e->fingerprint[0];
        *find(&bigger, fp) = *e;
    }
    free(t->entries);
    *t = bigger;
    return 0;
}

int duplicate_set_add(duplicate_set *set, uint64_t fingerprint, uint64_t number,
                      uint64_t *first)
{
    *first = 0;
    fingerprint |= 1; /* never 0, the mark of a free entry */
    table *t = &set->parts[fingerprint >> 60];
    if ((t->used + 1) * 10 > t->capacity * 9 && grow(t) < 0)
        return -1;
    entry *e = find(t, fingerprint);
    if (e->fingerprint[0] || e->fingerprint[1]) {
        *first = e->first;
        return 0;
    }
    e->fingerprint[0] = (uint32_t)fingerprint;
    e->fingerprint[1] = (uint32_t)(fingerprint >> 32);
    e->first = number > UINT32_MAX ? UINT32_MAX : (uint32_t)number;
    t->used++;
    return 0;
}

int duplicate_set_check(duplicate_set *set, const rgn_game *game,
                        uint64_t number, int fuzzy_ply, uint64_t *first)
{
    uint64_t fp = fingerprint(game, fuzzy_ply);
    if (!fp) {
        *first = 0;
        return 0;
    }
    return duplicate_set_add(set, fp, number, first);
}
