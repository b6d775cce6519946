/*
 * rgn-gen.c - writes N random legal Rotary games in canonical RGN, for
 * benchmarks and tests. Deterministic for a given seed.
 *
 * Usage: rgn-gen [--seed S] [--games N] [--min-plies A] [--max-plies B]
 *
 * Each game has the seven-tag roster, a random length in [A, B] plies
 * (60 to 250 by default; shorter when it ends in mate), a comment every
 * few moves and some NAGs. Its result is the mating side's win after a
 * mate, otherwise a random one (a game may end by resignation).
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

/* Writes words, wrapping lines at 79 characters. */
typedef struct wrapper {
    char line[128];
    size_t len;
} wrapper;

static void put_word(wrapper *w, const char *word)
{
    size_t n = strlen(word);
    if (w->len && w->len + 1 + n > 79) {
        printf("%.*s\n", (int)w->len, w->line);
        w->len = 0;
    }
    if (w->len)
        w->line[w->len++] = ' ';
    memcpy(w->line + w->len, word, n);
    w->len += n;
}

static void flush_line(wrapper *w)
{
    if (w->len)
        printf("%.*s\n", (int)w->len, w->line);
    w->len = 0;
}

static const char *const comments[] = {
    "{A quiet rotation.}", "{The Scythe turns after its slide.}",
    "{Threatening the King.}", "{Both sides regroup.}", "{Unclear.}",
};
static const char *const glyphs[] = {"!", "?", "!!", "??", "!?", "?!"};

static void write_game(int number, int min_plies, int max_plies)
{
    rgn_position *pos = rgn_position_new(rgn_variant_rotary());
    static rgn_move moves[RGN_MAX_MOVES];
    int length = min_plies + (int)(next_random() % (uint64_t)(max_plies - min_plies + 1));
    static char texts[1024][48];
    int plies = 0;
    const char *result = NULL;
    wrapper w = {.len = 0};
    /* Play first, then write: the Result tag comes before the moves. */
    static char san[1024][40];
    static int nag[1024], comment[1024];
    for (; plies < length && plies < 1024; plies++) {
        int n = rgn_position_legal_moves(pos, moves);
        if (n == 0)
            break;
        rgn_move m = moves[next_random() % (uint64_t)n];
        rgn_move_san(pos, m, san[plies], sizeof san[plies]);
        nag[plies] = next_random() % 23 == 0 ? 1 + (int)(next_random() % 6) : 0;
        comment[plies] = next_random() % 17 == 0 ? 1 + (int)(next_random() % 5) : 0;
        rgn_position_play(pos, m);
    }
    if (rgn_position_status(pos) == RGN_CHECKMATE)
        result = rgn_position_side(pos) == RGN_WHITE ? "0-1" : "1-0";
    else {
        static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
        result = results[next_random() % 4];
    }
    printf("[Event \"Generated games\"]\n[Site \"rgn-gen\"]\n"
           "[Date \"2026.11.21\"]\n[Round \"%d\"]\n[White \"Player %d\"]\n"
           "[Black \"Player %d\"]\n[Result \"%s\"]\n\n",
           number, 2 * number - 1, 2 * number, result);
    bool number_needed = true;
    for (int i = 0; i < plies; i++) {
        char word[64];
        if (i % 2 == 0)
            snprintf(word, sizeof word, "%d.", i / 2 + 1), put_word(&w, word);
        else if (number_needed)
            snprintf(word, sizeof word, "%d...", i / 2 + 1), put_word(&w, word);
        snprintf(texts[i], sizeof texts[i], "%s%s", san[i],
                 nag[i] ? glyphs[nag[i] - 1] : "");
        put_word(&w, texts[i]);
        number_needed = false;
        if (comment[i]) {
            /* comments contain spaces: keep each one whole on a line */
            const char *c = comments[comment[i] - 1];
            if (w.len + 1 + strlen(c) > 79)
                flush_line(&w);
            put_word(&w, c);
            number_needed = true;
        }
    }
    put_word(&w, result);
    flush_line(&w);
    printf("\n");
    rgn_position_free(pos);
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
    for (long g = 1; g <= games; g++)
        write_game((int)g, (int)min_plies, (int)max_plies);
    return 0;
}
