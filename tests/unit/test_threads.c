/*
 * test_threads.c - the library is reentrant: tournaments (their records
 * grouped, players numbered, ranks sorted, written in each format but
 * HTML) run on several threads at once give, on each thread, exactly
 * what one thread alone gives. Run it under ThreadSanitizer (a build with
 * -DRGN_TSAN=ON) to see the races that happen not to change an output.
 *
 * Its argument is tests/tournament, whose records and TRFs it reads.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"

static const char *const inputs[] = {
    "chess-swiss.pgn",
    "chess-round-robin-ties.pgn",
    "chess-direct-encounter.pgn",
    "chess-double-round-robin.pgn",
    "tbs-exercise-swiss.pgn",
    "rotary-round-robin.rgn",
    "rotary-match.rgn",
    "trf/swiss-cr.trf",
    "trf/spelt-round-robin.trf",
};
/* Twenty rounds: enough that, with the ranking's comparison reading a
 * file-scope pointer as it once did, some thread met another's players
 * (it crashed) on each run tried, without ThreadSanitizer. */
enum { INPUTS = sizeof inputs / sizeof inputs[0], THREADS = 4, ROUNDS = 20 };

/* Not HTML: with it, ThreadSanitizer found none of the old sort's races,
 * the threads being ordered for it by the locks the page's drawing takes
 * (libxml2's, it seems), while text, CSV and JSON alone show them. */
static const enum rgn_tournament_format formats[] = {
    RGN_TOURNAMENT_TEXT, RGN_TOURNAMENT_CSV, RGN_TOURNAMENT_JSON,
    RGN_TOURNAMENT_TRF};
static char *texts[INPUTS]; /* each input's bytes, read before any thread */
static size_t lengths[INPUTS];
static char *expected[INPUTS]; /* each input's outputs from one thread */

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *data = NULL;
    long size = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (size >= 0 && fseek(f, 0, SEEK_SET) == 0)
        data = malloc((size_t)size + 1);
    if (data && fread(data, 1, (size_t)size, f) != (size_t)size) {
        free(data);
        data = NULL;
    }
    fclose(f);
    *len = data ? (size_t)size : 0;
    return data;
}

/* One tournament of input i written in format, its status and error
 * appended to out. */
static void tournament_of(int i, enum rgn_tournament_format format, FILE *out)
{
    rgn_error error = {0};
    rgn_tournament_options options = {.format = format};
    rgn_tournaments *ts = rgn_tournaments_new(&options, &error);
    if (!ts) {
        fprintf(out, "new: %s\n", error.message);
        return;
    }
    int rc;
    if (strstr(inputs[i], ".trf")) {
        rc = rgn_tournaments_read_trf(ts, texts[i], lengths[i], inputs[i],
                                      &error);
    } else {
        rgn_tournaments_sink()->input(ts, inputs[i]);
        rgn_validator_options vo = {.sink = rgn_tournaments_sink(),
                                    .sink_user = ts};
        if (strstr(inputs[i], ".pgn"))
            vo.variant = rgn_variant_find("Chess");
        rgn_validator *v = rgn_validator_new(&vo);
        rc = !v ? -1
             : rgn_validator_feed(v, texts[i], lengths[i]) < 0
                 ? -1
                 : rgn_validator_finish(v);
        rgn_validator_free(v);
    }
    if (rc == 0)
        rc = rgn_tournaments_finish(ts, NULL, NULL, &error);
    fprintf(out, "status %d%s%s\n", rc, rc < 0 ? ": " : "",
            rc < 0 ? error.message : "");
    if (rc >= 0 && rgn_tournaments_write(ts, format, out) < 0)
        fprintf(out, "write failed\n");
    rgn_tournaments_free(ts);
}

/* Every output of input i, one after the other (to free). */
static char *outputs_of(int i)
{
    char *data = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&data, &size);
    if (!out)
        return NULL;
    for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++)
        tournament_of(i, formats[f], out);
    fclose(out);
    return data;
}

typedef struct worker {
    pthread_t thread;
    int first;      /* the input it begins with, so that threads differ */
    int mismatches; /* outputs unlike one thread's (cmocka is not for
                       threads, so the main thread asserts) */
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    for (int r = 0; r < ROUNDS; r++)
        for (int k = 0; k < INPUTS; k++) {
            int i = (w->first + k) % INPUTS;
            char *got = outputs_of(i);
            if (!got || strcmp(got, expected[i]) != 0)
                w->mismatches++;
            free(got);
        }
    return NULL;
}

static const char *directory;

static void tournaments_on_threads(void **state)
{
    (void)state;
    for (int i = 0; i < INPUTS; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", directory, inputs[i]);
        texts[i] = read_file(path, &lengths[i]);
        assert_non_null(texts[i]);
        expected[i] = outputs_of(i);
        assert_non_null(expected[i]);
        /* each format's tournament was ranked and written */
        assert_null(strstr(expected[i], "status -1"));
        assert_true(strlen(expected[i]) > 1000);
    }
    worker workers[THREADS];
    for (int t = 0; t < THREADS; t++) {
        workers[t] = (worker){.first = t * 2, .mismatches = 0};
        assert_int_equal(
            pthread_create(&workers[t].thread, NULL, work, &workers[t]), 0);
    }
    for (int t = 0; t < THREADS; t++) {
        assert_int_equal(pthread_join(workers[t].thread, NULL), 0);
        assert_int_equal(workers[t].mismatches, 0);
    }
    for (int i = 0; i < INPUTS; i++) {
        free(texts[i]);
        free(expected[i]);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_threads TESTS/TOURNAMENT\n");
        return 2;
    }
    directory = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tournaments_on_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
