/*
 * interned.c - a set of strings, each kept once: a hash table of
 * pointers into blocks of text, so that a text costs its bytes and a
 * pointer, not an allocation of its own.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/interned.h"

/* Texts are packed into blocks of this many bytes; a longer text than a
 * sixteenth of one gets a block of its own. */
#define BLOCK_BYTES ((size_t)16 << 10)

struct interned_block {
    interned_block *next;
    size_t size;
    char text[];
};

static uint64_t hash_text(const char *text, size_t len)
{
    uint64_t h = 0xcbf29ce484222325ull; /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)text[i]) * 0x100000001b3ull;
    return h;
}

/* Whether kept is text: its length first, so that no byte past its end
 * is read (a shorter text kept last in its block ends the block). */
static bool same(const char *kept, const char *text, size_t len)
{
    return strlen(kept) == len && memcmp(kept, text, len) == 0;
}

static bool grow(rgn_interned *set)
{
    size_t capacity = set->capacity ? 2 * set->capacity : 256;
    const char **table = calloc(capacity, sizeof *table);
    if (!table)
        return false;
    for (size_t i = 0; i < set->capacity; i++) {
        const char *kept = set->table[i];
        if (!kept)
            continue;
        size_t at = hash_text(kept, strlen(kept)) & (capacity - 1);
        while (table[at])
            at = (at + 1) & (capacity - 1);
        table[at] = kept;
    }
    free(set->table);
    set->table = table;
    set->capacity = capacity;
    return true;
}

/* Room for len + 1 bytes: in the newest block, or in a new one. */
static char *room(rgn_interned *set, size_t len)
{
    interned_block *b = set->blocks;
    if (b && b->size - set->used > len) {
        char *at = b->text + set->used;
        set->used += len + 1;
        return at;
    }
    bool alone = len + 1 > BLOCK_BYTES / 16;
    size_t size = alone ? len + 1 : BLOCK_BYTES;
    b = malloc(sizeof *b + size);
    if (!b)
        return NULL;
    b->size = size;
    if (alone && set->blocks) {
        /* behind the newest, whose room stays in use */
        b->next = set->blocks->next;
        set->blocks->next = b;
        return b->text;
    }
    b->next = set->blocks;
    set->blocks = b;
    set->used = len + 1;
    return b->text;
}

const char *rgn_interned_add(rgn_interned *set, const char *text, size_t len)
{
    if (2 * (set->count + 1) > set->capacity && !grow(set))
        return NULL;
    size_t at = hash_text(text, len) & (set->capacity - 1);
    for (; set->table[at]; at = (at + 1) & (set->capacity - 1))
        if (same(set->table[at], text, len))
            return set->table[at];
    char *copy = room(set, len);
    if (!copy)
        return NULL;
    memcpy(copy, text, len);
    copy[len] = 0;
    set->table[at] = copy;
    set->count++;
    return copy;
}

void rgn_interned_free(rgn_interned *set)
{
    while (set->blocks) {
        interned_block *next = set->blocks->next;
        free(set->blocks);
        set->blocks = next;
    }
    free(set->table);
    *set = (rgn_interned){0};
}
