/*
 * perft_table.h - the perft tables of tests/perft/ (a line per
 * position: GAME; POSITION; DEPTH; COUNT[; slow]), read for the tests that
 * check counts against them.
 */
#ifndef RGN_TEST_PERFT_TABLE_H
#define RGN_TEST_PERFT_TABLE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    char where[320];    /* "FILE:LINE", for messages */
    char game[32];      /* as rgn_variant_find takes it */
    char position[256]; /* the game's start position written out for `start` */
    bool start;         /* the line says `start` */
    int depth;
    uint64_t count;
    bool slow; /* run only when RGN_SLOW_TESTS is set */
} perft_entry;

/* Appends the lines of the table at path to *entries (a malloc'd array of
 * *count entries, NULL and 0 at first). Returns 0, or -1 after printing
 * what is wrong (an unreadable file, a malformed line, an unknown game or
 * position). */
int perft_table_read(const char *path, perft_entry **entries, int *count);

/* Whether the entry runs in this run (not slow, or RGN_SLOW_TESTS set). */
bool perft_entry_runs(const perft_entry *e);

#endif
