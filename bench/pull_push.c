/*
 * pull_push.c - what pulling games one at a time (rgn_games_next) costs
 * over pushing them (a validator fed the file in blocks, the recorder of
 * rgn_game its sink, as a selection records them): both read FILE as
 * `rgn validate` reads it (the rule set its name says, Latin-1 read as
 * such), RUNS times each, alternately, each first in turn; the report gives
 * each one's games per second from its fastest run, and pull's cost over push.
 * Both run on the calling thread alone, and are timed by the process's CPU
 * time, which other programs on a busy machine disturb less than wall time.
 * Then RUNS times both side by side, a block at a time (side_by_side), and
 * the median of pull's cost: steadier on a shared machine than whole runs.
 *
 * With a third argument, push or pull, only that one runs, RUNS times (for
 * perf stat, perf record or callgrind on one form alone).
 *
 * usage: pull_push FILE [RUNS [push|pull]]
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rgn.h"
#include "validate/options.h" /* Latin-1 as the pull reads */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void die(const char *what, const char *why)
{
    fprintf(stderr, "pull_push: %s: %s\n", what, why);
    exit(1);
}

/* A validator of path's games (the recorder of game its sink), and the
 * file open to feed it. */
static rgn_validator *push_open(const char *path, rgn_game **game, FILE **in)
{
    *in = fopen(path, "rb");
    *game = rgn_game_new(NULL);
    if (!*in || !*game)
        die(path, "cannot open it");
    validator_options options = {.size = sizeof options,
                                 .variant = rgn_variant_for_file(path),
                                 .sink = rgn_game_recorder(),
                                 .sink_user = *game,
                                 .jobs = 1,
                                 .latin1 = true};
    rgn_validator *validator = validator_new(&options, NULL);
    if (!validator)
        die(path, "out of memory");
    return validator;
}

static void push_close(rgn_validator *validator, rgn_game *game, FILE *in)
{
    rgn_validator_free(validator);
    rgn_game_free(game);
    fclose(in);
}

/* Feeds the validator the next block of in, or finishes it at the end:
 * false then. */
static bool push_block(const char *path, rgn_validator *validator, FILE *in)
{
    static char block[1 << 16];
    size_t got = fread(block, 1, sizeof block, in);
    if (got > 0 && rgn_validator_feed(validator, block, got) < 0)
        die(path, "out of memory");
    if (got == 0 && rgn_validator_finish(validator) < 0)
        die(path, "out of memory");
    return got > 0;
}

/* The games of path pushed: the validator's count. */
static uint64_t push(const char *path)
{
    FILE *in;
    rgn_game *game;
    rgn_validator *validator = push_open(path, &game, &in);
    while (push_block(path, validator, in))
        ;
    uint64_t games = rgn_validator_counts(validator).games;
    push_close(validator, game, in);
    return games;
}

/* The plies of the games pulled, so that each is looked at. */
static volatile uint64_t plies_seen;

/* The games of path pulled. */
static uint64_t pull(const char *path)
{
    rgn_error error;
    rgn_games *games = rgn_games_open(path, NULL, &error);
    if (!games)
        die(path, error.message);
    const rgn_game *game;
    uint64_t count = 0;
    int rc;
    while ((rc = rgn_games_next(games, &game, &error)) > 0) {
        count++;
        plies_seen += (uint64_t)rgn_game_plies(game);
    }
    if (rc < 0)
        die(path, error.message);
    rgn_games_close(games);
    return count;
}

/* Both forms over the same file side by side, in turns: push fed a
 * block, then as many games pulled as push has counted; each one's CPU
 * time summed. A change in the load of a shared machine then falls on
 * both alike, where runs of the whole file one after the other swung by
 * 10% between identical builds. Gives pull's time over push's. */
static double side_by_side(const char *path, uint64_t *count)
{
    FILE *in;
    rgn_game *recorded;
    rgn_validator *validator = push_open(path, &recorded, &in);
    rgn_error error;
    rgn_games *games = rgn_games_open(path, NULL, &error);
    if (!games)
        die(path, error.message);
    double push_time = 0, pull_time = 0;
    const rgn_game *game;
    bool more = true;
    int rc = 1;
    *count = 0;
    while (more) {
        double start = now();
        more = push_block(path, validator, in);
        double middle = now();
        uint64_t pushed = rgn_validator_counts(validator).games;
        while (*count < pushed &&
               (rc = rgn_games_next(games, &game, &error)) > 0) {
            ++*count;
            plies_seen += (uint64_t)rgn_game_plies(game);
        }
        if (rc < 0)
            die(path, error.message);
        push_time += middle - start;
        pull_time += now() - middle;
    }
    if (*count != rgn_validator_counts(validator).games ||
        rgn_games_next(games, &game, &error) != 0)
        die(path, "pull does not give the games push gives");
    rgn_games_close(games);
    push_close(validator, recorded, in);
    return pull_time / push_time;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 4 ||
        (argc == 4 && strcmp(argv[3], "push") && strcmp(argv[3], "pull"))) {
        fprintf(stderr, "usage: pull_push FILE [RUNS [push|pull]]\n");
        return 2;
    }
    int runs = argc >= 3 ? atoi(argv[2]) : 3;
    if (argc == 4) { /* one form alone */
        bool pushing = strcmp(argv[3], "push") == 0;
        uint64_t count = 0;
        for (int i = 0; i < (runs > 0 ? runs : 1); i++)
            count = pushing ? push(argv[1]) : pull(argv[1]);
        printf("%s: %llu games\n", argv[3], (unsigned long long)count);
        return 0;
    }
    double best_push = 1e30, best_pull = 1e30;
    uint64_t pushed = 0, pulled = 0;
    for (int i = 0; i < (runs > 0 ? runs : 1); i++) {
        /* in turns first: whichever of two runs comes second was
         * measured up to 25% faster, the heap and caches as the first
         * left them */
        bool push_first = i % 2 == 0;
        double start = now();
        if (push_first)
            pushed = push(argv[1]);
        else
            pulled = pull(argv[1]);
        double middle = now();
        if (push_first)
            pulled = pull(argv[1]);
        else
            pushed = push(argv[1]);
        double end = now();
        double push_time = push_first ? middle - start : end - middle;
        double pull_time = push_first ? end - middle : middle - start;
        if (push_time < best_push)
            best_push = push_time;
        if (pull_time < best_pull)
            best_pull = pull_time;
    }
    if (pushed != pulled) {
        fprintf(stderr, "pull_push: push gives %llu games, pull %llu\n",
                (unsigned long long)pushed, (unsigned long long)pulled);
        return 1;
    }
    double cost = (best_pull / best_push - 1) * 100;
    printf("pull / push, %llu games (CPU time): push %.0f games/s, pull %.0f "
           "games/s, "
           "pull costs %+.1f%% (target <= 5%%: %s)\n",
           (unsigned long long)pushed, (double)pushed / best_push,
           (double)pulled / best_pull, cost, cost <= 5 ? "met" : "NOT met");
    /* the median of the runs side by side */
    enum { MAX_RUNS = 64 };
    double ratios[MAX_RUNS];
    int n = runs < 1 ? 1 : runs > MAX_RUNS ? MAX_RUNS : runs;
    for (int i = 0; i < n; i++)
        ratios[i] = side_by_side(argv[1], &pulled);
    qsort(ratios, (size_t)n, sizeof *ratios, by_value);
    double median =
        n % 2 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
    cost = (median - 1) * 100;
    printf("side by side, a block at a time (median of %d): pull costs "
           "%+.1f%% (target <= 5%%: %s)\n",
           n, cost, cost <= 5 ? "met" : "NOT met");
    return 0;
}
