/*
 * pull_push.c - what pulling games one at a time (rgn_games_next) costs
 * over pushing them (rgn_games_read, the recorder of rgn_game its sink,
 * as a selection records them): both read FILE as
 * `rgn validate` reads it (the rule set its name says, Latin-1 read as
 * such), RUNS times each, alternately, each first in turn; the report gives
 * each one's games per second from its fastest run, and pull's cost over push.
 * Both run on the calling thread alone, and are timed by the process's CPU
 * time, which other programs on a busy machine disturb less than wall time.
 *
 * usage: pull_push FILE [RUNS]
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "rgn.h"

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

/* The games of path pushed (rgn_games_read, on one thread since a sink
 * takes them): the count. */
static uint64_t push(const char *path)
{
    rgn_game *game = rgn_game_new(NULL);
    if (!game)
        die(path, "out of memory");
    rgn_read_handlers handlers = {.size = sizeof handlers,
                                  .sink = rgn_game_recorder(),
                                  .sink_user = game};
    rgn_validation_counts counts;
    rgn_error error;
    if (rgn_games_read(path, NULL, &handlers, &counts, &error) < 0)
        die(path, error.message);
    rgn_game_free(game);
    return counts.games;
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

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: pull_push FILE [RUNS]\n");
        return 2;
    }
    int runs = argc == 3 ? atoi(argv[2]) : 3;
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
    return 0;
}
