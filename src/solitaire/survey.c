/*
 * survey.c - the distance of every one of the 4^15 facings of one
 * arrangement: a breadth-first search backwards from the four solved words.
 *
 * Memory: 4 bits a position (512 MiB): 0 = not reached yet, otherwise the
 * distance plus one. Each layer is made in one of two ways, whichever
 * should cost less:
 *   - push: every word of the last layer lists its predecessors and marks
 *     the unreached ones (cheap while the layer is small);
 *   - pull: every unreached word tries its 30 moves and is marked when one
 *     leads into the last layer (cheap once few words are left).
 * Threads take blocks of words in turn. Marks are atomic ORs on bytes: a
 * word is only ever marked with one value per layer, so two threads
 * marking it agree, and a nibble is never cleared.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "solitaire/solitaire.h"

#define BLOCK_WORDS (1u << 20)
#define BLOCKS (ROT_FACING_SPACE / BLOCK_WORDS)

typedef struct survey_job {
    const rot_board *board;
    uint8_t *codes;      /* two words a byte, low nibble first */
    unsigned layer_code; /* code of the last layer (distance + 1) */
    bool pull;
    unsigned next_block; /* taken atomically */
    uint64_t marked;     /* added atomically */
} survey_job;

static inline unsigned code_of(const uint8_t *codes, rot_facings w)
{
    uint8_t byte = __atomic_load_n(&codes[w >> 1], __ATOMIC_RELAXED);
    return (w & 1) ? byte >> 4 : byte & 15u;
}

/* Marks w with code if it was unreached; true if this call marked it. */
static inline bool mark(uint8_t *codes, rot_facings w, unsigned code)
{
    unsigned shift = (w & 1) ? 4 : 0;
    uint8_t old = __atomic_fetch_or(&codes[w >> 1], (uint8_t)(code << shift),
                                    __ATOMIC_RELAXED);
    return ((old >> shift) & 15u) == 0;
}

static uint64_t push_block(const survey_job *job, rot_facings first)
{
    uint64_t marked = 0;
    unsigned next_code = job->layer_code + 1;
    for (rot_facings w = first; w < first + BLOCK_WORDS; w++) {
        if (code_of(job->codes, w) != job->layer_code)
            continue;
        for (int m = 0; m < ROT_MOVES; m++) {
            rot_facings before[ROT_MAX_PREDECESSORS];
            int k = rot_predecessors(job->board, w, m, before);
            for (int i = 0; i < k; i++)
                if (code_of(job->codes, before[i]) == 0 &&
                    mark(job->codes, before[i], next_code))
                    marked++;
        }
    }
    return marked;
}

static uint64_t pull_block(const survey_job *job, rot_facings first)
{
    uint64_t marked = 0;
    unsigned next_code = job->layer_code + 1;
    for (rot_facings w = first; w < first + BLOCK_WORDS; w++) {
        if (code_of(job->codes, w) != 0)
            continue;
        for (int m = 0; m < ROT_MOVES; m++)
            if (code_of(job->codes, rot_apply(job->board, w, m, NULL)) ==
                job->layer_code) {
                if (mark(job->codes, w, next_code))
                    marked++;
                break;
            }
    }
    return marked;
}

static void *survey_worker(void *arg)
{
    survey_job *job = arg;
    uint64_t marked = 0;
    for (;;) {
        unsigned block =
            __atomic_fetch_add(&job->next_block, 1, __ATOMIC_RELAXED);
        if (block >= BLOCKS)
            break;
        rot_facings first = (rot_facings)block * BLOCK_WORDS;
        marked += job->pull ? pull_block(job, first) : push_block(job, first);
    }
    __atomic_fetch_add(&job->marked, marked, __ATOMIC_RELAXED);
    return NULL;
}

/* Runs one layer on threads threads; returns the words marked. */
static uint64_t run_layer(survey_job *job, int threads)
{
    pthread_t ids[64];
    int started = 0;
    job->next_block = 0;
    job->marked = 0;
    for (int t = 1; t < threads && t < 64; t++)
        if (pthread_create(&ids[started], NULL, survey_worker, job) == 0)
            started++;
    survey_worker(job); /* this thread works too */
    for (int t = 0; t < started; t++)
        pthread_join(ids[t], NULL);
    return job->marked;
}

int rot_survey_run(const rot_board *board, int threads,
                   void (*progress)(int depth, uint64_t done, void *context),
                   void *context, rot_survey *out)
{
    memset(out, 0, sizeof *out);
    uint8_t *codes = calloc(ROT_FACING_SPACE / 2, 1);
    if (!codes)
        return -1;
    survey_job job = {board, codes, 1, false, 0, 0};
    for (int f = 0; f < 4; f++)
        mark(codes, rot_solved(f), 1);
    out->count[0] = 4;
    uint64_t reached = 4;
    int depth = 0;
    while (depth + 1 < ROT_SURVEY_MAX_DISTANCE) {
        uint64_t frontier = out->count[depth];
        uint64_t unreached = ROT_FACING_SPACE - reached;
        /* A push costs a predecessor search (several move walks) per move
         * of each frontier word; a pull at most 30 moves per unreached
         * word, usually fewer. */
        job.pull = frontier * 4 > unreached;
        job.layer_code = (unsigned)depth + 1;
        uint64_t marked = run_layer(&job, threads);
        if (marked == 0)
            break;
        depth++;
        out->count[depth] = marked;
        reached += marked;
        if (progress)
            progress(depth, reached, context);
    }
    out->max_distance = depth;
    out->unsolvable = ROT_FACING_SPACE - reached;
    double sum = 0;
    for (int d = 0; d <= depth; d++)
        sum += (double)d * (double)out->count[d];
    out->mean = sum / (double)reached;
    for (rot_facings w = 0; w < ROT_FACING_SPACE; w++)
        if (code_of(codes, w) == (unsigned)depth + 1) {
            out->example = w;
            break;
        }
    free(codes);
    return 0;
}
