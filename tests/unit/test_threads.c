/*
 * test_threads.c - the library is reentrant: tournaments (their records
 * grouped, players numbered, ranks sorted, written in each format but
 * HTML), selections (a selector with criteria of tags, positions, lines
 * of moves and copies, the games selected written) and validations (with
 * a sink, a writer, and with reports, on two threads of their own) run on
 * several threads at once give, on each thread, exactly what one thread
 * alone gives. Run it under ThreadSanitizer (a build with -DRGN_TSAN=ON)
 * to see the races that happen not to change an output.
 *
 * Its argument is the project's root: it reads the records and TRFs of
 * tests/tournament and the game files of samples/.
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
#include "validate/options.h"

/* Tournaments, then game files of every game, invalid ones among them. */
static const char *const inputs[] = {
    "tests/tournament/chess-swiss.pgn",
    "tests/tournament/chess-round-robin-ties.pgn",
    "tests/tournament/chess-direct-encounter.pgn",
    "tests/tournament/chess-double-round-robin.pgn",
    "tests/tournament/tbs-exercise-swiss.pgn",
    "tests/tournament/rotary-round-robin.rgn",
    "tests/tournament/rotary-match.rgn",
    "tests/tournament/trf/swiss-cr.trf",
    "tests/tournament/trf/spelt-round-robin.trf",
    "samples/chess-opera-game.pgn",
    "samples/rotary-club-2026.rgn",
    "samples/club-championship.rgn",
    "samples/live-broadcast.rgn",
    "samples/promotion-attack.rgn",
    "samples/rollerball-rebounds.rgn",
    "samples/rotary-chess-promotions.rgn",
    "samples/rotationary-chains.rgn",
    "samples/bad/illegal-blocked-path.rgn",
    "samples/bad/result-tag-mismatch.rgn",
    "samples/bad/rollerball-hole-square.rgn",
};
enum { TOURNAMENTS = 9 }; /* the first inputs are tournaments */
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

/* Validates input i (its rule set by its name) with sink, reports (NULL:
 * none) and jobs threads: the validator's status. */
static int validate(int i, const rgn_game_sink *sink, void *sink_user,
                    void (*report)(void *user, const rgn_diagnostic *d),
                    void *user, int jobs)
{
    validator_options vo = {.size = sizeof vo,
                            .sink = sink,
                            .sink_user = sink_user,
                            .report = report,
                            .user = user,
                            .jobs = jobs};
    if (strstr(inputs[i], ".pgn"))
        vo.variant = rgn_variant_find("Chess");
    rgn_validator *v = validator_new(&vo, NULL);
    int rc = !v ? -1
             : rgn_validator_feed(v, texts[i], lengths[i]) < 0
                 ? -1
                 : rgn_validator_finish(v);
    rgn_validator_free(v);
    return rc;
}

/* One tournament of input i written in format, its status and error
 * appended to out. */
static void tournament_of(int i, enum rgn_tournament_format format, FILE *out)
{
    rgn_error error = {0};
    rgn_tournament_options options = {.size = sizeof options, .format = format};
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
        rc = validate(i, rgn_tournaments_sink(), ts, NULL, NULL, 1);
    }
    if (rc == 0)
        rc = rgn_tournaments_finish(ts, NULL, NULL, &error);
    fprintf(out, "status %d%s%s\n", rc, rc < 0 ? ": " : "",
            rc < 0 ? error.message : "");
    if (rc >= 0 && rgn_tournaments_write(ts, format, out, NULL) < 0)
        fprintf(out, "write failed\n");
    rgn_tournaments_free(ts);
}

/* A diagnostic as one line of out: all that it says. */
static void print_diagnostic(void *user, const rgn_diagnostic *d)
{
    fprintf(user, "%s %d %u:%u game %llu at %llu (%s - %s) ply %d %s%.*s: %s\n",
            rgn_problem_code(d->problem), (int)d->severity, d->where.line,
            d->where.column, (unsigned long long)d->game,
            (unsigned long long)d->game_offset, d->white, d->black, d->ply,
            d->move_number, (int)d->move.len, d->move.data, d->message);
}

typedef struct selecting {
    FILE *out;
    rgn_writer *writer;
} selecting;

/* A game selected: what the selector says of it, then the game. */
static void print_selected(void *user, const rgn_game *game,
                           const rgn_selection *selection)
{
    selecting *s = user;
    fprintf(s->out, "selected %llu: game %llu, ply %d, copy of %llu\n",
            (unsigned long long)selection->index,
            (unsigned long long)selection->number, selection->ply,
            (unsigned long long)selection->duplicate_of);
    fflush(s->out);
    if (rgn_game_replay(game, NULL, selection->ply, rgn_writer_sink(s->writer),
                        s->writer, NULL) != 0)
        fprintf(s->out, "replay failed\n");
}

/* The selections tried on each game file: criteria ("NAME=VALUE", up to
 * three) and how copies are judged. The position is chess's after 1. e4;
 * the line 1. e4 is legal in Rotary too. */
static const struct {
    const char *criteria[3];
    enum rgn_duplicates duplicates;
    bool invert;
} selections[] = {
    {{"moves=1. e4"}, RGN_DUPLICATES_ANY, false},
    {{"position=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
     RGN_DUPLICATES_ANY,
     false},
    {{"tag=Result=1-0", "plies=11-"}, RGN_DUPLICATES_ANY, true},
    {{NULL}, RGN_DUPLICATES_NOTE, false},
};

/* The games of input i that selection k selects, written to out. */
static void selection_of(int i, size_t k, FILE *out)
{
    rgn_criteria *c = rgn_criteria_new(NULL);
    for (int n = 0; n < 3 && selections[k].criteria[n]; n++) {
        const char *text = selections[k].criteria[n];
        const char *eq = strchr(text, '=');
        char name[16];
        snprintf(name, sizeof name, "%.*s", (int)(eq - text), text);
        rgn_error error;
        int criterion = rgn_criterion_parse(name, &error);
        if (criterion < 0 || rgn_criteria_add(c, (enum rgn_criterion)criterion,
                                              eq + 1, &error) < 0)
            fprintf(out, "criterion %s: %s\n", text, error.message);
    }
    rgn_writer_options wo = {.size = sizeof wo, .format = RGN_FORMAT_RGN};
    selecting s = {out, rgn_writer_new(&wo, out, NULL)};
    rgn_selector_options so = {.size = sizeof so,
                               .criteria = c,
                               .invert = selections[k].invert,
                               .duplicates = selections[k].duplicates,
                               .selected = print_selected,
                               .user = &s};
    rgn_selector *selector = rgn_selector_new(&so, NULL);
    int rc = validate(i, rgn_selector_sink(), selector, NULL, NULL, 1);
    if (rgn_writer_finish(s.writer, NULL) < 0)
        fprintf(out, "writer failed\n");
    fprintf(out, "selection %zu: status %d, %llu selected%s\n", k, rc,
            (unsigned long long)rgn_selector_count(selector),
            rgn_selector_finish(selector, NULL) < 0 ? ", failed" : "");
    rgn_selector_free(selector);
    rgn_writer_free(s.writer);
    rgn_criteria_free(c);
}

/* Input i validated with reports (on two threads of its own) and with a
 * writer as its sink (invalid games kept), written to out. */
static void validations_of(int i, FILE *out)
{
    int rc = validate(i, NULL, NULL, print_diagnostic, out, 2);
    fprintf(out, "reported: status %d\n", rc);
    rgn_writer_options wo = {
        .size = sizeof wo, .format = RGN_FORMAT_JSON, .keep_invalid = true};
    rgn_writer *writer = rgn_writer_new(&wo, out, NULL);
    rc = validate(i, rgn_writer_sink(writer), writer, NULL, NULL, 1);
    fprintf(out, "%swritten: status %d\n",
            rgn_writer_finish(writer, NULL) < 0 ? "not " : "", rc);
    rgn_writer_free(writer);
}

/* Every output of input i, one after the other (to free). */
static char *outputs_of(int i)
{
    char *data = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&data, &size);
    if (!out)
        return NULL;
    if (i < TOURNAMENTS) {
        for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++)
            tournament_of(i, formats[f], out);
    } else {
        validations_of(i, out);
        for (size_t k = 0; k < sizeof selections / sizeof selections[0]; k++)
            selection_of(i, k, out);
    }
    fclose(out);
    return data;
}

/* A thread's outputs: those of its first round are kept, and the
 * main thread compares them with one thread's after the threads end, so
 * that the threads start from nothing done (the rule sets' tables are
 * compiled on first use, by one of them). */
typedef struct worker {
    pthread_t thread;
    int first;          /* the input it begins with, so that threads differ */
    char *seen[INPUTS]; /* each input's outputs in the first round */
    int mismatches;     /* later rounds unlike the first (cmocka is not for
                           threads, so the main thread asserts) */
} worker;

static void *work(void *arg)
{
    worker *w = arg;
    for (int r = 0; r < ROUNDS; r++)
        for (int k = 0; k < INPUTS; k++) {
            int i = (w->first + k) % INPUTS;
            char *got = outputs_of(i);
            if (r == 0) {
                w->seen[i] = got;
                continue;
            }
            if (!got || !w->seen[i] || strcmp(got, w->seen[i]) != 0)
                w->mismatches++;
            free(got);
        }
    return NULL;
}

static const char *directory;

static void on_threads(void **state)
{
    (void)state;
    for (int i = 0; i < INPUTS; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", directory, inputs[i]);
        texts[i] = read_file(path, &lengths[i]);
        assert_non_null(texts[i]);
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
        char *expected = outputs_of(i);
        assert_non_null(expected);
        /* each format's tournament was ranked and written; each game
         * file read, its games written, some selected */
        assert_null(strstr(expected, "status -1"));
        assert_null(strstr(expected, "failed"));
        assert_null(strstr(expected, "criterion"));
        assert_true(strlen(expected) > 1000);
        for (int t = 0; t < THREADS; t++) {
            assert_non_null(workers[t].seen[i]);
            assert_string_equal(workers[t].seen[i], expected);
            free(workers[t].seen[i]);
        }
        free(expected);
        free(texts[i]);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_threads PROJECT_ROOT\n");
        return 2;
    }
    directory = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(on_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
