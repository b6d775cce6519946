/*
 * reference_check.c - see reference_check.h.
 */
#include "reference_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perft_table.h"

#define MAX_LIST RGN_MAX_MOVES

typedef char move_text[16];

rgn_position *reference_load(const reference *r, const char *name,
                             const char *fen)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find(r->game), NULL);
    if (!pos) {
        fprintf(stderr, "%s: rgn_position_new failed\n", name);
        return NULL;
    }
    rgn_error err;
    memset(&err, 0, sizeof err);
    if (rgn_position_set_fen(pos, fen, &err) != 0) {
        fprintf(stderr, "%s: library rejects \"%s\": column %d: %s\n", name,
                fen, err.column, err.message);
        rgn_position_free(pos);
        return NULL;
    }
    return pos;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

int reference_library_moves(const char *name, rgn_position *pos, char out[][16],
                            int max)
{
    rgn_move *moves = malloc(sizeof *moves * RGN_MAX_MOVES);
    if (!moves)
        return -1;
    int n = rgn_position_legal_moves(pos, moves);
    if (n > max) {
        fprintf(stderr, "%s: library generates %d moves\n", name, n);
        n = -1;
    }
    for (int i = 0; i < n; i++) {
        size_t len = rgn_move_coord(pos, moves[i], out[i], sizeof out[i]);
        if (len >= sizeof out[i]) {
            fprintf(stderr, "%s: coordinate move %d too long\n", name, i);
            n = -1;
            break;
        }
    }
    free(moves);
    if (n > 0)
        qsort(out, (size_t)n, sizeof *out, cmp_text);
    return n;
}

int reference_compare_moves(const reference *r, const char *name,
                            const char *fen, rgn_position *played)
{
    move_text *ref = malloc(sizeof *ref * MAX_LIST);
    move_text *lib = malloc(sizeof *lib * MAX_LIST);
    rgn_position *pos = played ? played : reference_load(r, name, fen);
    int problems = 0, nref = -1, nlib = -1;
    if (ref && lib)
        nref = r->moves(fen, ref, MAX_LIST);
    if (nref < 0 || nref > MAX_LIST) {
        fprintf(stderr, "%s: the reference rejects \"%s\"\n", name, fen);
        problems++;
    }
    if (pos && ref && lib)
        nlib = reference_library_moves(name, pos, lib, MAX_LIST);
    if (nlib < 0)
        problems++;
    if (problems)
        goto done;

    /* Walk both sorted lists together: what one lacks, the other has. */
    int i = 0, j = 0, shown_first = 0;
    while (i < nlib || j < nref) {
        int c = i >= nlib ? 1 : j >= nref ? -1 : strcmp(lib[i], ref[j]);
        if (c == 0) {
            i++, j++;
            continue;
        }
        if (!shown_first) {
            fprintf(stderr,
                    "%s: move lists differ (library %d, reference %d) in "
                    "\"%s\"; first difference: library \"%s\", reference "
                    "\"%s\"\n",
                    name, nlib, nref, fen, i < nlib ? lib[i] : "(end)",
                    j < nref ? ref[j] : "(end)");
            shown_first = 1;
        }
        if (c < 0)
            fprintf(stderr, "  only the library generates %s\n", lib[i++]);
        else
            fprintf(stderr, "  only the reference generates %s\n", ref[j++]);
        problems++;
    }
    /* Equal sorted lists but a duplicate on one side would still show up
     * above; a duplicate on both sides is a bug in both, caught here. */
    for (int k = 1; k < nlib; k++) {
        if (strcmp(lib[k], lib[k - 1]) == 0) {
            fprintf(stderr, "%s: library generates %s twice\n", name, lib[k]);
            problems++;
        }
    }

done:
    if (pos && pos != played)
        rgn_position_free(pos);
    free(lib);
    free(ref);
    return problems;
}

int reference_compare_perft(const reference *r, const char *name,
                            const char *fen, int depth, rgn_position *played,
                            uint64_t *ref_counts)
{
    rgn_position *pos = played ? played : reference_load(r, name, fen);
    if (!pos)
        return 1;
    int problems = 0;
    for (int d = 1; d <= depth; d++) {
        char before[512], after[512];
        rgn_position_fen(pos, before, sizeof before);
        uint64_t lib = rgn_perft(pos, d);
        rgn_position_fen(pos, after, sizeof after);
        uint64_t ref = r->perft(fen, d);
        if (ref_counts)
            ref_counts[d] = ref;
        if (lib != ref) {
            fprintf(stderr,
                    "%s: perft(%d) of \"%s\": library %llu, reference %llu\n",
                    name, d, fen, (unsigned long long)lib,
                    (unsigned long long)ref);
            problems++;
        }
        if (strcmp(before, after) != 0) {
            fprintf(stderr,
                    "%s: rgn_perft(%d) changed the position from \"%s\" to "
                    "\"%s\"\n",
                    name, d, before, after);
            problems++;
        }
    }
    if (pos != played)
        rgn_position_free(pos);
    return problems;
}

int reference_check_table(const reference *r, const char *path,
                          int compare_depth, int count_depth)
{
    perft_entry *entries = NULL;
    int count = 0, problems = 0;
    if (!path || perft_table_read(path, &entries, &count) != 0 || count == 0) {
        fprintf(stderr, "%s: no perft table read\n", path ? path : "(none)");
        free(entries);
        return 1;
    }
    uint64_t *ref_counts =
        calloc((size_t)compare_depth + 1, sizeof *ref_counts);
    if (!ref_counts) {
        free(entries);
        return 1;
    }
    for (int i = 0; i < count; i++) {
        const perft_entry *e = &entries[i];
        if (strcmp(e->game, r->game) != 0) {
            fprintf(stderr, "%s: a position of %s in the table of %s\n",
                    e->where, e->game, r->game);
            problems++;
            continue;
        }
        /* the table lists a position once per depth, one line after the
         * other */
        if (i == 0 || strcmp(e->position, entries[i - 1].position) != 0)
            problems +=
                reference_compare_moves(r, e->where, e->position, NULL) +
                reference_compare_perft(r, e->where, e->position, compare_depth,
                                        NULL, ref_counts);
        if (e->depth > count_depth || !perft_entry_runs(e))
            continue;
        uint64_t ref = e->depth <= compare_depth
                           ? ref_counts[e->depth]
                           : r->perft(e->position, e->depth);
        if (ref != e->count) {
            fprintf(stderr,
                    "%s: reference perft(%d) is %llu, the table says %llu\n",
                    e->where, e->depth, (unsigned long long)ref,
                    (unsigned long long)e->count);
            problems++;
        }
    }
    free(ref_counts);
    free(entries);
    return problems;
}
