/*
 * layers.c - layer counts (rgn(1), "layers"): a breadth-first search over
 * facing words kept as layers. Each layer is a sorted array of distinct
 * 30-bit words, made by listing every successor of the previous layer,
 * radix-sorting, removing duplicates and removing whatever an earlier
 * layer holds (a linear merge per layer). Sorted arrays cost 4 bytes a
 * position and only sequential passes; layers are counted to a depth the
 * caller chooses, so memory, not time, is what runs out first.
 */
#include <stdlib.h>
#include <string.h>

#include "solitaire/solitaire.h"

#define MAX_LAYERS 64

typedef struct layer {
    rot_facings *items;
    size_t count;
} layer;

typedef struct side {
    layer layers[MAX_LAYERS];
    int depth; /* index of the last layer */
} side;

static void side_free(side *s)
{
    for (int d = 0; d <= s->depth; d++)
        free(s->layers[d].items);
    memset(s, 0, sizeof *s);
}

/* Sorts a[0..n) (30-bit keys) and drops duplicates; returns the new n. */
static size_t sort_unique(rot_facings *a, size_t n, rot_facings *tmp)
{
    rot_facings *from = a, *to = tmp;
    for (int shift = 0; shift < 30; shift += 10) {
        size_t start[1025] = {0};
        for (size_t i = 0; i < n; i++)
            start[((from[i] >> shift) & 1023) + 1]++;
        for (int b = 0; b < 1024; b++)
            start[b + 1] += start[b];
        for (size_t i = 0; i < n; i++)
            to[start[(from[i] >> shift) & 1023]++] = from[i];
        rot_facings *t = from;
        from = to;
        to = t;
    }
    /* Three passes: the sorted words are in tmp. */
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (kept == 0 || from[i] != a[kept - 1])
            a[kept++] = from[i];
    return kept;
}

/* Removes from a[0..n) (sorted) every word of the sorted layer l. */
static size_t subtract(rot_facings *a, size_t n, const layer *l)
{
    size_t kept = 0, j = 0;
    for (size_t i = 0; i < n; i++) {
        while (j < l->count && l->items[j] < a[i])
            j++;
        if (j < l->count && l->items[j] == a[i])
            continue;
        a[kept++] = a[i];
    }
    return kept;
}

static int side_start(side *s, const rot_facings *words, size_t n)
{
    memset(s, 0, sizeof *s);
    s->layers[0].items = malloc(n * sizeof *words);
    rot_facings *tmp = malloc(n * sizeof *words);
    if (!s->layers[0].items || !tmp) {
        free(tmp);
        free(s->layers[0].items);
        s->layers[0].items = NULL;
        return -1;
    }
    memcpy(s->layers[0].items, words, n * sizeof *words);
    s->layers[0].count = sort_unique(s->layers[0].items, n, tmp);
    free(tmp);
    return 0;
}

/* Neighbours are collected in chunks of this many words, so that the
 * memory for a layer's candidates stays small. */
#define CHUNK (1u << 22)

/* Sorts the chunk, keeps the words no layer of s holds and merges them into
 * the layer being built. */
static int flush_chunk(const side *s, rot_facings *chunk, size_t n,
                       rot_facings *tmp, layer *building)
{
    n = sort_unique(chunk, n, tmp);
    for (int d = 0; d <= s->depth; d++)
        n = subtract(chunk, n, &s->layers[d]);
    if (n == 0)
        return 0;
    rot_facings *merged = malloc((building->count + n) * sizeof *merged);
    if (!merged)
        return -1;
    size_t i = 0, j = 0, k = 0;
    while (i < building->count || j < n) {
        rot_facings w;
        if (j == n || (i < building->count && building->items[i] < chunk[j]))
            w = building->items[i++];
        else if (i == building->count || chunk[j] < building->items[i])
            w = chunk[j++];
        else {
            w = chunk[j++];
            i++;
        }
        merged[k++] = w;
    }
    free(building->items);
    building->items = merged;
    building->count = k;
    return 0;
}

/* Adds the next layer (possibly empty); solved words have no successors. */
static int side_grow(const rot_board *board, side *s)
{
    if (s->depth + 1 >= MAX_LAYERS)
        return -1;
    const layer *last = &s->layers[s->depth];
    layer building = {NULL, 0};
    rot_facings *chunk = malloc(CHUNK * sizeof *chunk);
    rot_facings *tmp = malloc(CHUNK * sizeof *tmp);
    int status = chunk && tmp ? 0 : -1;
    size_t n = 0;
    for (size_t i = 0; i < last->count && status == 0; i++) {
        rot_facings w = last->items[i];
        if (n + ROT_MOVES > CHUNK) {
            status = flush_chunk(s, chunk, n, tmp, &building);
            n = 0;
        }
        if (!rot_is_solved(w)) {
            for (int m = 0; m < ROT_MOVES; m++)
                chunk[n++] = rot_apply(board, w, m, NULL);
        }
    }
    if (status == 0 && n)
        status = flush_chunk(s, chunk, n, tmp, &building);
    free(chunk);
    free(tmp);
    if (status < 0) {
        free(building.items);
        return -1;
    }
    s->depth++;
    s->layers[s->depth] = building;
    return 0;
}

int rot_layers(const rot_board *board, rot_facings start, int depth,
               uint64_t *counts)
{
    side s;
    if (side_start(&s, &start, 1) < 0)
        return -1;
    for (int d = 1; d <= depth; d++) {
        if (side_grow(board, &s) < 0) {
            side_free(&s);
            return -1;
        }
        counts[d - 1] = s.layers[d].count;
    }
    side_free(&s);
    return 0;
}
