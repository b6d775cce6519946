/*
 * replay.c - an example of librgn: reads RGN and PGN files, replays the
 * main line of every game and prints its final position, one line a game:
 *
 *     GAME RESULT POSITION
 *
 * (the same position `rgn fen` prints). A game with an error is reported
 * on standard error with its line and column and prints no line; the exit
 * status is then 1.
 *
 * It uses only the public header rgn.h. Build it against an installed
 * rgn with pkg-config:
 *
 *     cc -o replay replay.c $(pkg-config --cflags --libs rgn)
 *
 * or with CMake (samples/CMakeLists.txt: find_package(rgn), rgn::rgn).
 * Usage: replay [FILE...]   (standard input without a file)
 */
#include <rgn.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What the sink keeps of the game being read. */
struct replay {
    uint64_t game;
    rgn_position *position; /* the main line's position so far */
    int depth;              /* 0 on the main line, > 0 in a variation */
    int invalid;            /* games with an error, over all the files */
};

/* The validator calls these with the parts of each game it has checked. */

static void on_begin_game(void *user, uint64_t number)
{
    struct replay *r = user;
    r->game = number;
    r->depth = 0;
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    struct replay *r = user;
    (void)has_fen;
    rgn_position_free(r->position);
    /* a position of the game's variant (Rotary, Rollerball, ...) */
    r->position = rgn_position_new(rgn_position_variant(start), NULL);
    if (r->position == NULL) {
        fprintf(stderr, "replay: out of memory\n");
        exit(2);
    }
    rgn_position_copy(r->position, start);
}

static void on_move(void *user, rgn_position *before, rgn_move move,
                    const char *san)
{
    struct replay *r = user;
    (void)before;
    (void)san;
    if (r->depth == 0) /* variations do not change the main line */
        rgn_position_play(r->position, move);
}

static void on_begin_variation(void *user) { ((struct replay *)user)->depth++; }

static void on_end_variation(void *user) { ((struct replay *)user)->depth--; }

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    struct replay *r = user;
    if (error != NULL) {
        fprintf(stderr, "replay: game %llu, line %lu, column %lu: %s\n",
                (unsigned long long)r->game, (unsigned long)error->where.line,
                (unsigned long)error->where.column, error->message);
        r->invalid++;
    } else if (r->position != NULL) {
        char fen[256];
        rgn_position_fen(r->position, fen, sizeof fen);
        printf("%llu %.*s %s\n", (unsigned long long)r->game, (int)result.len,
               result.data, fen);
    }
    rgn_position_free(r->position);
    r->position = NULL;
}

/* Feeds one file to the validator in chunks. */
static int replay_file(rgn_validator *validator, FILE *in, const char *name)
{
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0) {
        if (rgn_validator_feed(validator, chunk, n) != 0) {
            fprintf(stderr, "replay: %s: out of memory\n", name);
            return -1;
        }
    }
    if (ferror(in)) {
        fprintf(stderr, "replay: %s: read error\n", name);
        return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    struct replay r = {0};
    rgn_game_sink sink = {0};
    sink.begin_game = on_begin_game;
    sink.start = on_start;
    sink.move = on_move;
    sink.begin_variation = on_begin_variation;
    sink.end_variation = on_end_variation;
    sink.end_game = on_end_game;

    int status = 0;
    for (int i = 1; i < argc || (i == 1 && argc == 1); i++) {
        const char *name = argc == 1 ? "-" : argv[i];
        FILE *in = strcmp(name, "-") == 0 ? stdin : fopen(name, "rb");
        if (in == NULL) {
            perror(name);
            status = 2;
            continue;
        }
        /* a validator per file, so that games are numbered per file;
         * warnings and notes are not reported (no report callback) */
        rgn_validator_options options = {.size = sizeof options};
        /* games without a Variant tag are of the file's game (a .pgn
         * file is Chess), as rgn reads them; Rotary otherwise */
        options.variant = rgn_variant_for_file(name);
        if (options.variant == NULL)
            options.variant = rgn_variant_default();
        options.sink = &sink;
        options.sink_user = &r;
        rgn_validator *validator = rgn_validator_new(&options, NULL);
        if (validator == NULL) {
            fprintf(stderr, "replay: out of memory\n");
            return 2;
        }
        if (replay_file(validator, in, name) != 0)
            status = 2;
        else if (rgn_validator_finish(validator) < 0) {
            fprintf(stderr, "replay: %s: out of memory\n", name);
            status = 2;
        }
        rgn_validator_free(validator);
        if (in != stdin)
            fclose(in);
    }
    if (status == 0 && r.invalid > 0)
        status = 1;
    return status;
}
