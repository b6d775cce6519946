/*
 * rgn-parse.c - the reader alone: reads RGN or PGN files through
 * rgn_reader (no rules, no validation) and counts what its visitor is
 * handed, as pgn-reader's "stats" example does. For timing the lexer and
 * the reader apart from move resolution.
 *
 *     rgn-parse FILE...
 */
#include <stdio.h>
#include <stdlib.h>

#include "notation/reader.h"
#include "rgn.h"

typedef struct stats {
    unsigned long long games, tags, moves, nags, comments, variations, results,
        errors;
} stats;

static int on_tag(void *user, rgn_span name, rgn_span value, rgn_location where)
{
    (void)name, (void)value, (void)where;
    ((stats *)user)->tags++;
    return 0;
}

static int on_move(void *user, rgn_span text, rgn_location where)
{
    (void)text, (void)where;
    ((stats *)user)->moves++;
    return 0;
}

static int on_nag(void *user, unsigned nag, rgn_location where)
{
    (void)nag, (void)where;
    ((stats *)user)->nags++;
    return 0;
}

static int on_comment(void *user, rgn_span text, rgn_location where)
{
    (void)text, (void)where;
    ((stats *)user)->comments++;
    return 0;
}

static int on_begin_variation(void *user, rgn_location where)
{
    (void)where;
    ((stats *)user)->variations++;
    return 0;
}

static int on_result(void *user, rgn_span text, rgn_location where)
{
    (void)text, (void)where;
    ((stats *)user)->results++;
    return 0;
}

static void on_end_game(void *user, rgn_location where)
{
    (void)where;
    ((stats *)user)->games++;
}

static void on_error(void *user, rgn_location where, const char *message)
{
    (void)where, (void)message;
    ((stats *)user)->errors++;
}

static const rgn_visitor counter = {
    .tag = on_tag,
    .move = on_move,
    .nag = on_nag,
    .comment = on_comment,
    .begin_variation = on_begin_variation,
    .result = on_result,
    .end_game = on_end_game,
    .error = on_error,
};

static int parse(const char *path, stats *s)
{
    static char block[1 << 20];
    FILE *in = fopen(path, "rb");
    rgn_reader *reader = rgn_reader_new(&counter, s);
    if (!in || !reader) {
        perror(path);
        if (in)
            fclose(in);
        rgn_reader_free(reader);
        return -1;
    }
    size_t got;
    int rc = 0;
    while (rc == 0 && (got = fread(block, 1, sizeof block, in)) > 0)
        rc = rgn_reader_feed(reader, block, got);
    if (rc == 0)
        rc = rgn_reader_finish(reader);
    fclose(in);
    rgn_reader_free(reader);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs("usage: rgn-parse FILE...\n", stderr);
        return 2;
    }
    int status = 0;
    for (int i = 1; i < argc; i++) {
        stats s = {0};
        if (parse(argv[i], &s) < 0)
            status = 1;
        printf("%s: games %llu, tags %llu, moves %llu, nags %llu, "
               "comments %llu, variations %llu, results %llu, errors %llu\n",
               argv[i], s.games, s.tags, s.moves, s.nags, s.comments,
               s.variations, s.results, s.errors);
    }
    return status;
}
