/*
 * interned.h - a set of strings, each kept once (private): what a job
 * holds per game (a tournament's records) shares the texts that games
 * repeat, the event, the players, the dates, instead of a copy a game.
 */
#ifndef RGN_INTERNED_H
#define RGN_INTERNED_H

#include <stddef.h>

typedef struct interned_block interned_block;

typedef struct rgn_interned {
    const char **table; /* open addressing; NULL: empty */
    size_t count, capacity;
    interned_block *blocks; /* where the texts are, newest first */
    size_t used;            /* of the newest block's room */
} rgn_interned;

/* The text's one copy (NUL-terminated, alive until rgn_interned_free),
 * added if new; NULL when memory runs out. */
const char *rgn_interned_add(rgn_interned *set, const char *text, size_t len);
void rgn_interned_free(rgn_interned *set);

#endif
