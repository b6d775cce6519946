/*
 * solver.c - layer counts and the optimal solver.
 *
 * Both are breadth-first searches over facing words kept as layers: each
 * layer is a sorted array of distinct 30-bit words. A layer is made by
 * listing every neighbour of the previous layer, radix-sorting, removing
 * duplicates and removing whatever an earlier layer holds (a linear merge
 * per layer). Sorted arrays cost 4 bytes a position and only sequential
 * passes, where a hash set would cost twice that and random accesses.
 *
 * The solver searches from both ends: forward from the position
 * (successors), backward from the four solved positions (predecessors, see
 * rot_predecessors), always growing the side whose last layer is smaller,
 * and stops at the first layer that meets the other side. Each word met
 * before was checked against the other side when it was added, so no
 * shorter solution was missed; a meeting found while growing a layer is
 * therefore optimal. When one side runs out of new positions without a
 * meeting, there is no solution: the forward side then holds every
 * position reachable (the solved ones among them would have met), or the
 * backward side every position that can be solved.
 */
#include <stdlib.h>
#include <string.h>

#include "rotationary_core.h"

#define MAX_LAYERS 64

typedef struct layer {
    rot_facings *items;
    size_t count;
} layer;

typedef struct side {
    layer layers[MAX_LAYERS];
    int depth; /* index of the last layer */
    bool backward;
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

/* A word both sorted arrays hold, if any. */
static bool first_common(const rot_facings *a, size_t n, const layer *l,
                         rot_facings *common)
{
    size_t i = 0, j = 0;
    while (i < n && j < l->count) {
        if (a[i] < l->items[j])
            i++;
        else if (a[i] > l->items[j])
            j++;
        else {
            *common = a[i];
            return true;
        }
    }
    return false;
}

static bool layer_holds(const layer *l, rot_facings w)
{
    size_t lo = 0, hi = l->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (l->items[mid] < w)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < l->count && l->items[lo] == w;
}

static int side_start(side *s, const rot_facings *words, size_t n,
                      bool backward)
{
    memset(s, 0, sizeof *s);
    s->backward = backward;
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

/* Looks for a word of the sorted a[0..n) in any layer of other; sets the
 * meeting word and its depth in other and returns true when there is
 * one. */
static bool meets(const rot_facings *a, size_t n, const side *other,
                  rot_facings *meet, int *other_depth)
{
    for (int d = 0; d <= other->depth; d++)
        if (first_common(a, n, &other->layers[d], meet)) {
            *other_depth = d;
            return true;
        }
    return false;
}

/* Neighbours are collected in chunks of this many words, so that the
 * memory for a layer's candidates stays small. */
#define CHUNK (1u << 22)

/* What growing a layer found when the other side is given. */
typedef struct meeting {
    const side *other; /* NULL: do not look */
    bool found;
    rot_facings word;
    int other_depth;
} meeting;

/* Sorts the chunk, keeps the words no layer of s holds and merges them into
 * the layer being built; looks for them on the other side as it goes, so
 * that the last layer of a search need not be finished. */
static int flush_chunk(const side *s, rot_facings *chunk, size_t n,
                       rot_facings *tmp, layer *building, meeting *meet)
{
    n = sort_unique(chunk, n, tmp);
    for (int d = 0; d <= s->depth; d++)
        n = subtract(chunk, n, &s->layers[d]);
    if (n == 0)
        return 0;
    if (meet->other &&
        meets(chunk, n, meet->other, &meet->word, &meet->other_depth)) {
        meet->found = true;
        return 0;
    }
    rot_facings *merged =
        malloc((building->count + n) * sizeof *merged);
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

/* Adds the next layer (possibly empty). Forward, solved words have no
 * successors; backward, only unsolved words can be predecessors, which
 * the subtraction of layer 0 (the solved words) ensures. */
static int side_grow(const rot_board *board, side *s, meeting *meet)
{
    if (s->depth + 1 >= MAX_LAYERS)
        return -1;
    const layer *last = &s->layers[s->depth];
    layer building = {NULL, 0};
    rot_facings *chunk = malloc(CHUNK * sizeof *chunk);
    rot_facings *tmp = malloc(CHUNK * sizeof *tmp);
    int status = chunk && tmp ? 0 : -1;
    size_t n = 0;
    for (size_t i = 0; i < last->count && status == 0 && !meet->found; i++) {
        rot_facings w = last->items[i];
        if (n + ROT_MOVES * ROT_MAX_PREDECESSORS > CHUNK) {
            status = flush_chunk(s, chunk, n, tmp, &building, meet);
            n = 0;
        }
        if (s->backward) {
            for (int m = 0; m < ROT_MOVES; m++)
                n += (size_t)rot_predecessors(board, w, m, chunk + n);
        } else if (!rot_is_solved(w)) {
            for (int m = 0; m < ROT_MOVES; m++)
                chunk[n++] = rot_apply(board, w, m, NULL);
        }
    }
    if (status == 0 && n && !meet->found)
        status = flush_chunk(s, chunk, n, tmp, &building, meet);
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
    if (side_start(&s, &start, 1, false) < 0)
        return -1;
    for (int d = 1; d <= depth; d++) {
        meeting none = {NULL, false, 0, 0};
        if (side_grow(board, &s, &none) < 0) {
            side_free(&s);
            return -1;
        }
        counts[d - 1] = s.layers[d].count;
    }
    side_free(&s);
    return 0;
}

/* The moves from start to the meeting word (forward side, depth a), then
 * on to a solved word (backward side, depth b). */
static void trace_solution(const rot_board *board, const side *forward,
                           const side *backward, rot_facings meet, int a,
                           int b, rot_solution *out)
{
    out->distance = a + b;
    rot_facings w = meet;
    for (int d = a; d > 0; d--) {
        bool found = false;
        for (int m = 0; m < ROT_MOVES && !found; m++) {
            rot_facings before[ROT_MAX_PREDECESSORS];
            int k = rot_predecessors(board, w, m, before);
            for (int i = 0; i < k && !found; i++)
                if (layer_holds(&forward->layers[d - 1], before[i])) {
                    out->moves[d - 1] = m;
                    w = before[i];
                    found = true;
                }
        }
    }
    w = meet;
    for (int d = b; d > 0; d--) {
        for (int m = 0; m < ROT_MOVES; m++) {
            rot_facings after = rot_apply(board, w, m, NULL);
            if (layer_holds(&backward->layers[d - 1], after)) {
                out->moves[a + b - d] = m;
                w = after;
                break;
            }
        }
    }
}

int rot_solve(const rot_board *board, rot_facings start, rot_solution *out)
{
    memset(out, 0, sizeof *out);
    rot_facings solved[4];
    for (int f = 0; f < 4; f++)
        solved[f] = rot_solved(f);
    side forward, backward;
    if (side_start(&forward, &start, 1, false) < 0)
        return -1;
    if (side_start(&backward, solved, 4, true) < 0) {
        side_free(&forward);
        return -1;
    }
    int status = 0;
    if (rot_is_solved(start)) {
        out->distance = 0;
        goto done;
    }
    for (;;) {
        bool grow_forward = forward.layers[forward.depth].count <=
                            backward.layers[backward.depth].count;
        side *s = grow_forward ? &forward : &backward;
        meeting meet = {grow_forward ? &backward : &forward, false, 0, 0};
        if (forward.depth + backward.depth + 1 > ROT_MAX_SOLUTION ||
            side_grow(board, s, &meet) < 0) {
            status = -1;
            break;
        }
        if (meet.found) {
            if (grow_forward)
                trace_solution(board, &forward, &backward, meet.word,
                               forward.depth, meet.other_depth, out);
            else
                trace_solution(board, &forward, &backward, meet.word,
                               meet.other_depth, backward.depth, out);
            break;
        }
        if (s->layers[s->depth].count == 0) {
            out->distance = ROT_UNSOLVABLE;
            break;
        }
    }
done:
    for (int d = 0; d <= forward.depth; d++)
        out->positions_visited += forward.layers[d].count;
    for (int d = 0; d <= backward.depth; d++)
        out->positions_visited += backward.layers[d].count;
    side_free(&forward);
    side_free(&backward);
    return status;
}
