/*
 * duplicates.c - the copies of a game among those seen before. Each game
 * seen is one entry of 12 bytes: a 64-bit fingerprint of its start and
 * main line (or of its position at the fuzzy ply) and the number of its
 * first copy. The open-addressing table is kept between 75% and 90%
 * full, so that it costs at most 16 bytes a game, however many games.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rules/position.h"
#include "rules/variant.h"
#include "select/select.h"

typedef struct entry {
    uint32_t fingerprint[2]; /* 0, 0: free */
    uint32_t first;          /* the first copy's number (capped) */
} entry;

struct duplicate_set {
    entry *entries;
    size_t capacity, used;
};

duplicate_set *duplicate_set_new(void)
{
    return calloc(1, sizeof(duplicate_set));
}

void duplicate_set_free(duplicate_set *set)
{
    if (!set)
        return;
    free(set->entries);
    free(set);
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
    uint64_t h = mix(text_hash(rgn_variant_name(pos.variant)), pos.key);
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
                rgn_make(&pos, part.move, &undo);
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

static size_t home(const duplicate_set *set, uint64_t fingerprint)
{
    return (size_t)(((fingerprint >> 32) * (uint64_t)set->capacity) >> 32);
}

/* The entry of fingerprint, or the free entry where it belongs. */
static entry *find(const duplicate_set *set, uint64_t fingerprint)
{
    uint32_t lo = (uint32_t)fingerprint, hi = (uint32_t)(fingerprint >> 32);
    for (size_t i = home(set, fingerprint);; i = (i + 1) % set->capacity) {
        entry *e = &set->entries[i];
        if ((e->fingerprint[0] == lo && e->fingerprint[1] == hi) ||
            (e->fingerprint[0] == 0 && e->fingerprint[1] == 0))
            return e;
    }
}

static int grow(duplicate_set *set)
{
    size_t capacity = set->capacity < 64 ? 64 : set->capacity / 5 * 6;
    duplicate_set bigger = {calloc(capacity, sizeof(entry)), capacity, 0};
    if (!bigger.entries)
        return -1;
    for (size_t i = 0; i < set->capacity; i++) {
        entry *e = &set->entries[i];
        if (e->fingerprint[0] == 0 && e->fingerprint[1] == 0)
            continue;
        uint64_t fp = (uint64_t)e->fingerprint[1] << 32 | e->fingerprint[0];
        *find(&bigger, fp) = *e;
    }
    free(set->entries);
    set->entries = bigger.entries;
    set->capacity = capacity;
    return 0;
}

int duplicate_set_check(duplicate_set *set, const rgn_game *game,
                        uint64_t number, int fuzzy_ply, uint64_t *first)
{
    *first = 0;
    uint64_t fp = fingerprint(game, fuzzy_ply);
    if (!fp)
        return 0;
    if ((set->used + 1) * 10 > set->capacity * 9 && grow(set) < 0)
        return -1;
    entry *e = find(set, fp);
    if (e->fingerprint[0] || e->fingerprint[1]) {
        *first = e->first;
        return 0;
    }
    e->fingerprint[0] = (uint32_t)fp;
    e->fingerprint[1] = (uint32_t)(fp >> 32);
    e->first = number > UINT32_MAX ? UINT32_MAX : (uint32_t)number;
    set->used++;
    return 0;
}
