/*
 * solver.c - the optimal solver: a bidirectional breadth-first search.
 *
 * It searches from both ends: forward from the position (successors),
 * backward from the four solved positions (predecessors, see
 * rot_predecessors), always growing the side whose next layer should cost
 * less, and stops at the first word that meets the other side.
 *
 * Why the first meeting is optimal: before a layer is grown no word is on
 * both sides. Say the forward side grows its layer a+1 and meets a word c
 * that the backward side reached at depth e. c came from a word p of
 * forward layer a; if e were below the backward side's last depth, p
 * (one move before c) would be on the backward side too, at depth e+1 at
 * most, and would have met already. So every meeting in this layer gives
 * the same length, a+1 plus the backward side's depth; the same holds the
 * other way round. When one side runs out of new positions without a
 * meeting, there is no solution: the forward side then holds every
 * position reachable, or the backward side every position that can be
 * solved.
 *
 * Both sides share one open-addressing hash table: a slot holds the word,
 * which side reached it and (in a parallel byte array) at what depth, so
 * that one probe both drops a duplicate and finds a meeting. A layer is a
 * plain list of the words it added. The words one source word produces
 * (30 successors, or its predecessors) are hashed and prefetched together
 * before they are looked up, so the cache misses of a batch overlap. The
 * last layer is never finished: the search stops at the first meeting,
 * which in a hard position comes after a small part of it.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "solitaire/solitaire.h"

#define USED (1u << 31)
#define BACKWARD (1u << 30)
#define WORD_MASK 0x3FFFFFFFu
#define MIN_BITS 20
#define MAX_BITS 29 /* 2 GiB of slots and 512 MiB of depths */

typedef struct seen_table {
    uint32_t *slots; /* 0 = free, else USED | side | word */
    uint8_t *depth;
    unsigned bits;
    size_t count, limit; /* grow past limit (3/4 full) */
} seen_table;

static inline size_t home_slot(unsigned bits, rot_facings w)
{
    return (size_t)(((uint64_t)w * 0x9E3779B97F4A7C15ull) >> (64 - bits));
}

/* Memory for the table: on 2 MiB pages where the system offers them, since
 * every probe lands on a random page and small pages would cost a page
 * walk on most probes. */
static void *table_memory(size_t bytes)
{
    void *p = NULL;
    size_t huge = (size_t)2 << 20;
    if (bytes < huge)
        return malloc(bytes);
    if (posix_memalign(&p, huge, bytes) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

static int table_alloc(seen_table *t, unsigned bits)
{
    size_t n = (size_t)1 << bits;
    t->slots = table_memory(n * sizeof *t->slots);
    t->depth = table_memory(n);
    if (t->slots)
        memset(t->slots, 0, n * sizeof *t->slots);
    if (!t->slots || !t->depth) {
        free(t->slots);
        free(t->depth);
        return -1;
    }
    t->bits = bits;
    t->count = 0;
    t->limit = n / 4 * 3;
    return 0;
}

static void table_free(seen_table *t)
{
    free(t->slots);
    free(t->depth);
    memset(t, 0, sizeof *t);
}

/* The slot holding w, or the free slot where it would go. */
static inline size_t table_find(const seen_table *t, rot_facings w)
{
    size_t mask = ((size_t)1 << t->bits) - 1;
    size_t i = home_slot(t->bits, w);
    while (t->slots[i] && (t->slots[i] & WORD_MASK) != w)
        i = (i + 1) & mask;
    return i;
}

static inline void table_add(seen_table *t, size_t j, rot_facings w,
                             uint32_t flag, uint32_t depth)
{
    t->slots[j] = USED | flag | w;
    t->depth[j] = (uint8_t)depth;
    t->count++;
}

/* Doubles the table until `more` further words fit under the limit. */
static int table_make_room(seen_table *t, size_t more)
{
    if (t->count + more <= t->limit)
        return 0;
    seen_table bigger;
    unsigned bits = t->bits;
    do
        bits++;
    while (t->count + more > ((size_t)1 << bits) / 4 * 3);
    if (bits > MAX_BITS || table_alloc(&bigger, bits) < 0)
        return -1;
    size_t n = (size_t)1 << t->bits;
    for (size_t i = 0; i < n; i++)
        if (t->slots[i]) {
            size_t j = table_find(&bigger, t->slots[i] & WORD_MASK);
            bigger.slots[j] = t->slots[i];
            bigger.depth[j] = t->depth[i];
        }
    bigger.count = t->count;
    table_free(t);
    *t = bigger;
    return 0;
}

/* A growable list of words: one layer. */
typedef struct word_list {
    rot_facings *items;
    size_t count, room;
} word_list;

static int list_push(word_list *l, rot_facings w)
{
    if (l->count == l->room) {
        size_t room = l->room ? l->room * 2 : 1024;
        rot_facings *bigger = realloc(l->items, room * sizeof *bigger);
        if (!bigger)
            return -1;
        l->items = bigger;
        l->room = room;
    }
    l->items[l->count++] = w;
    return 0;
}

typedef struct side {
    word_list last; /* the words of the deepest layer */
    int depth;      /* of that layer */
    uint32_t flag;  /* 0 or BACKWARD */
} side;

/* What growing a layer found. */
typedef struct meeting {
    bool found;
    rot_facings word;
    int other_depth;
} meeting;

/* Candidates are looked up a chunk at a time, each lookup prefetching the
 * table line of the one PREFETCH places ahead, so that the cache misses
 * of a chunk overlap instead of coming one after the other. (Ordering a
 * chunk by table region did not pay: linear probing then met long runs
 * that the table's own growth left behind.) */
#define CHUNK (1u << 16)
#define PREFETCH 16
typedef struct grow_state {
    seen_table *t;
    side *s;
    meeting *meet;
    word_list next;
    uint32_t depth;
    rot_facings *chunk;
    size_t n;
} grow_state;

/* Looks up the chunk's words: adds the new ones to the table and to the
 * layer, stops at the first one the other side holds. */
static int flush_chunk(grow_state *g)
{
    seen_table *t = g->t;
    for (size_t i = 0; i < g->n; i++) {
        rot_facings w = g->chunk[i];
        if (i + PREFETCH < g->n)
            __builtin_prefetch(
                &t->slots[home_slot(t->bits, g->chunk[i + PREFETCH])]);
        if (t->count == t->limit && table_make_room(t, 1) < 0)
            return -1;
        size_t j = table_find(t, w);
        uint32_t slot = t->slots[j];
        if (!slot) {
            table_add(t, j, w, g->s->flag, g->depth);
            if (list_push(&g->next, w) < 0)
                return -1;
        } else if ((slot & BACKWARD) != g->s->flag) {
            g->meet->found = true;
            g->meet->word = w;
            g->meet->other_depth = t->depth[j];
            break;
        }
    }
    g->n = 0;
    return 0;
}

/* Adds the next layer of s (possibly empty) to the table and makes it s's
 * last layer, or stops at the first word of it the other side holds.
 * Forward, solved words have no successors; backward, the solved words
 * are all in layer 0, so they are never added again. */
static int side_grow(const rot_board *board, seen_table *t, side *s,
                     rot_facings *chunk, meeting *meet)
{
    grow_state g = {t, s, meet, {NULL, 0, 0}, (uint32_t)s->depth + 1, chunk, 0};
    int status = 0;
    for (size_t i = 0; i < s->last.count && status == 0 && !meet->found; i++) {
        if (g.n + ROT_MOVES * ROT_MAX_PREDECESSORS > CHUNK)
            status = flush_chunk(&g);
        rot_facings w = s->last.items[i];
        if (s->flag) {
            for (int m = 0; m < ROT_MOVES; m++)
                g.n += (size_t)rot_predecessors(board, w, m, g.chunk + g.n);
        } else if (!rot_is_solved(w)) {
            for (int m = 0; m < ROT_MOVES; m++)
                g.chunk[g.n++] = rot_apply(board, w, m, NULL);
        }
    }
    if (status == 0 && !meet->found && g.n)
        status = flush_chunk(&g);
    if (status < 0 || meet->found) {
        free(g.next.items);
        return status;
    }
    free(s->last.items);
    s->last = g.next;
    s->depth++;
    return 0;
}

/* Whether the table holds w on the side flag at depth. */
static bool holds(const seen_table *t, rot_facings w, uint32_t flag, int depth)
{
    size_t j = table_find(t, w);
    return t->slots[j] && (t->slots[j] & BACKWARD) == flag &&
           t->depth[j] == depth;
}

/* The moves from start to the meeting word (forward depth a), then on to
 * a solved word (backward depth b). */
static void trace_solution(const rot_board *board, const seen_table *t,
                           rot_facings meet, int a, int b, rot_solution *out)
{
    out->distance = a + b;
    rot_facings w = meet;
    for (int d = a; d > 0; d--) {
        bool found = false;
        for (int m = 0; m < ROT_MOVES && !found; m++) {
            rot_facings before[ROT_MAX_PREDECESSORS];
            int k = rot_predecessors(board, w, m, before);
            for (int i = 0; i < k && !found; i++)
                if (holds(t, before[i], 0, d - 1)) {
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
            if (holds(t, after, BACKWARD, d - 1)) {
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
    if (rot_is_solved(start))
        return 0;
    seen_table t;
    if (table_alloc(&t, MIN_BITS) < 0)
        return -1;
    side forward = {{NULL, 0, 0}, 0, 0};
    side backward = {{NULL, 0, 0}, 0, BACKWARD};
    int status = 0;
    rot_facings *chunk = malloc(CHUNK * sizeof *chunk);
    if (!chunk || list_push(&forward.last, start) < 0) {
        status = -1;
        goto done;
    }
    table_add(&t, table_find(&t, start), start, 0, 0);
    for (int f = 0; f < 4; f++) {
        rot_facings w = rot_solved(f);
        table_add(&t, table_find(&t, w), w, BACKWARD, 0);
        if (list_push(&backward.last, w) < 0) {
            status = -1;
            goto done;
        }
    }
    for (;;) {
        /* A predecessor search costs about twice what a move costs, so
         * the backward side grows only when its layer is less than half
         * the forward one. */
        bool grow_forward = forward.last.count <= 2 * backward.last.count;
        side *s = grow_forward ? &forward : &backward;
        meeting meet = {false, 0, 0};
        if (forward.depth + backward.depth + 1 > ROT_MAX_SOLUTION ||
            side_grow(board, &t, s, chunk, &meet) < 0) {
            status = -1;
            break;
        }
        if (meet.found) {
            if (grow_forward)
                trace_solution(board, &t, meet.word, forward.depth + 1,
                               meet.other_depth, out);
            else
                trace_solution(board, &t, meet.word, meet.other_depth,
                               backward.depth + 1, out);
            break;
        }
        if (s->last.count == 0) {
            out->distance = ROT_UNSOLVABLE;
            break;
        }
    }
done:
    out->positions_visited = t.count;
    free(chunk);
    free(forward.last.items);
    free(backward.last.items);
    table_free(&t);
    return status;
}
