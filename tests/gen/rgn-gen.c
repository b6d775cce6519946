/*
 * rgn-gen.c - writes N random legal Rotary games in canonical RGN, for
 * benchmarks and tests. Deterministic for a given seed.
 *
 * Usage: rgn-gen [--seed S] [--games N] [--min-plies A] [--max-plies B]
 *
 * Each game has the seven-tag roster, a random length in [A, B] plies
 * (60 to 250 by default; shorter when it ends in mate), a comment every
 * few moves and some NAGs. Its result is the mating side's win after a
 * mate, otherwise a random one (a game may end by resignation). The games
 * go through the library's RGN writer, so the output is canonical. The
 * total number of plies goes to standard error, for plies-per-second
 * figures (bench/run.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rgn.h"

static uint64_t rng_state;

static uint64_t next_random(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return rng_state >> 33;
}

static const char *const comments[] = {
    "A quiet rotation.",
    "The Scythe turns after its slide.",
    "Threatening the King.",
    "Both sides regroup.",
    "Unclear.",
};

static rgn_span span(const char *text)
{
    return (rgn_span){text, strlen(text)};
}

/* Plays a random game and hands it to the RGN writer's sink, as the
 * validator would: the output is canonical RGN by construction. Returns
 * its number of plies. */
static int write_game(rgn_writer *writer, int number, int min_plies,
                      int max_plies)
{
    const rgn_game_sink *sink = rgn_writer_sink(writer);
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
    if (!pos)
        abort(); /* out of memory */
    static rgn_move moves[RGN_MAX_MOVES];
    int length = min_plies +
                 (int)(next_random() % (uint64_t)(max_plies - min_plies + 1));
    int ply = 0;
    char round[16], white[32], black[32];
    snprintf(round, sizeof round, "%d", number);
    snprintf(white, sizeof white, "Player %d", 2 * number - 1);
    snprintf(black, sizeof black, "Player %d", 2 * number);
    sink->begin_game(writer, (uint64_t)number);
    sink->tag(writer, span("Event"), span("Generated games"));
    sink->tag(writer, span("Site"), span("rgn-gen"));
    sink->tag(writer, span("Date"), span("2026.11.21"));
    sink->tag(writer, span("Round"), span(round));
    sink->tag(writer, span("White"), span(white));
    sink->tag(writer, span("Black"), span(black));
    for (; ply < length; ply++) {
        int n = rgn_position_legal_moves(pos, moves);
        if (n == 0)
            break;
        rgn_move m = moves[next_random() % (uint64_t)n];
        char san[64];
        rgn_move_san(pos, m, san, sizeof san);
        sink->move(writer, pos, m, san);
        if (next_random() % 23 == 0)
            sink->nag(writer, 1 + (unsigned)(next_random() % 6));
        if (next_random() % 17 == 0)
            sink->comment(writer, span(comments[next_random() % 5]));
        rgn_position_play(pos, m);
    }
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    const char *result = results[next_random() % 4];
    if (rgn_position_status(pos) == RGN_CHECKMATE)
        result = rgn_position_side(pos) == RGN_WHITE ? "0-1" : "1-0";
    sink->end_game(writer, span(result), NULL);
    rgn_position_free(pos);
    return ply;
}

int main(int argc, char **argv)
{
    long games = 10, min_plies = 60, max_plies = 250;
    unsigned long long seed = 1;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--seed") == 0)
            seed = strtoull(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--games") == 0)
            games = strtol(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--min-plies") == 0)
            min_plies = strtol(argv[i + 1], NULL, 10);
        else if (strcmp(argv[i], "--max-plies") == 0)
            max_plies = strtol(argv[i + 1], NULL, 10);
        else {
            fprintf(stderr, "usage: rgn-gen [--seed S] [--games N] "
                            "[--min-plies A] [--max-plies B]\n");
            return 2;
        }
    }
    if (min_plies < 1 || max_plies < min_plies || max_plies > 1000) {
        fprintf(stderr, "rgn-gen: need 1 <= min-plies <= max-plies <= 1000\n");
        return 2;
    }
    rng_state = seed * 2654435761u + 1;
    rgn_writer_options options = {.size = sizeof options,
                                  .format = RGN_FORMAT_RGN};
    rgn_writer *writer = rgn_writer_new(&options, stdout, NULL);
    if (!writer)
        return 2;
    long long plies = 0;
    for (long g = 1; g <= games; g++)
        plies += write_game(writer, (int)g, (int)min_plies, (int)max_plies);
    int rc = rgn_writer_finish(writer, NULL);
    rgn_writer_free(writer);
    fprintf(stderr, "rgn-gen: %ld games, %lld plies\n", games, plies);
    return rc < 0 ? 1 : 0;
}
