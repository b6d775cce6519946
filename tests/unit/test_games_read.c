/*
 * test_games_read.c - the push form of reading an input (rgn_games_read):
 * the counts and the games a sink is given for an input built here of
 * games known valid and invalid, the same reports and counts with one
 * job as with two (a plain file and memory), a range's games alone, an
 * input without a game, each kind of failure told to the handler, and
 * several paths read as one (rgn_games_read_all).
 *
 * usage: test_games_read SAMPLES_DIR WORK_DIR
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"
#include "unit_helpers.h"

static const char *samples, *work;

/* What the handlers saw: the reports (game, line, code, file), the games
 * begun and the Event tags, the failures. */
typedef struct seen {
    char reports[1 << 18];
    size_t len;
    unsigned games, events, failures, no_game;
    enum rgn_read_failure kind;
    char failure[256];
} seen;

static void on_report(void *user, const rgn_diagnostic *d)
{
    seen *s = user;
    int n = snprintf(s->reports + s->len, sizeof s->reports - s->len,
                     "%llu %u %s %s\n", (unsigned long long)d->game,
                     d->where.line, rgn_problem_code(d->problem), d->file);
    assert_true(n > 0 && (size_t)n < sizeof s->reports - s->len);
    s->len += (size_t)n;
    s->no_game += d->problem == RGN_W_NO_GAME;
}

static void on_failed(void *user, enum rgn_read_failure kind,
                      const char *message)
{
    seen *s = user;
    s->failures++;
    s->kind = kind;
    snprintf(s->failure, sizeof s->failure, "%s", message);
}

static void on_begin(void *user, uint64_t number)
{
    (void)number;
    ((seen *)user)->games++;
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    (void)value;
    ((seen *)user)->events += name.len == 5 && !memcmp(name.data, "Event", 5);
}

static const rgn_game_sink counting = {.begin_game = on_begin, .tag = on_tag};

static rgn_read_handlers handlers_for(seen *s, bool sink)
{
    memset(s, 0, sizeof *s);
    return (rgn_read_handlers){
        .size = sizeof(rgn_read_handlers),
        .report = on_report,
        .user = s,
        .sink = sink ? &counting : NULL,
        .sink_user = s,
        .failed = on_failed,
    };
}

/* A sample's text, which `rgn validate` finds one valid game. */
static char *sample(size_t *len)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/king-mate.rgn", samples);
    FILE *in = fopen(path, "rb");
    assert_non_null(in);
    static char text[1 << 14];
    *len = fread(text, 1, sizeof text, in);
    fclose(in);
    assert_true(*len > 0 && *len < sizeof text);
    return text;
}

/* An invalid game: its second move is no legal move. */
static const char bad[] = "[Event \"bad\"]\n\n1. e4 Qh9 *\n\n";

/* copies valid games, each followed by an invalid one when with_bad; the
 * text, its length in *len (freed by the caller). */
static char *games_text(unsigned copies, bool with_bad, size_t *len)
{
    size_t one;
    const char *valid = sample(&one);
    char *text = malloc(copies * (one + sizeof bad + 1) + 1);
    assert_non_null(text);
    *len = 0;
    for (unsigned i = 0; i < copies; i++) {
        memcpy(text + *len, valid, one);
        *len += one;
        text[(*len)++] = '\n';
        if (with_bad) {
            memcpy(text + *len, bad, sizeof bad - 1);
            *len += sizeof bad - 1;
        }
    }
    return text;
}

static void test_counts_and_sink(void **state)
{
    (void)state;
    size_t len;
    char *text = games_text(3, true, &len);
    static seen s;
    rgn_read_handlers h = handlers_for(&s, true);
    rgn_validation_counts c;
    rgn_error error;
    assert_int_equal(
        rgn_games_read_memory("games.rgn", text, len, NULL, &h, &c, &error), 0);
    assert_int_equal(c.games, 6);
    assert_int_equal(c.valid, 3);
    assert_int_equal(c.invalid, 3);
    assert_int_equal(s.games, 6);
    assert_int_equal(s.events, 6);
    assert_int_equal(s.failures, 0);
    /* the invalid games are the 2nd, 4th and 6th, named by the input */
    assert_non_null(strstr(s.reports, "2 "));
    assert_non_null(strstr(s.reports, "games.rgn\n"));
    free(text);
}

/* The reports and counts of path (or of the text in memory) read with
 * jobs threads. */
static rgn_validation_counts read_with(const char *path, const char *text,
                                       size_t len, int jobs, seen *s)
{
    rgn_error error;
    rgn_read_options *options = rgn_read_options_new(&error);
    assert_non_null(options);
    rgn_read_options_set_jobs(options, jobs);
    rgn_read_handlers h = handlers_for(s, false);
    rgn_validation_counts c;
    int rc =
        text ? rgn_games_read_memory(path, text, len, options, &h, &c, &error)
             : rgn_games_read(path, options, &h, &c, &error);
    assert_int_equal(rc, 0);
    rgn_read_options_free(options);
    return c;
}

static void test_jobs(void **state)
{
    (void)state;
    size_t len;
    char *text = games_text(700, true, &len); /* > 4 blocks */
    assert_true(len > 4 * RGN_READ_BLOCK);
    char path[4096];
    snprintf(path, sizeof path, "%s/games.rgn", work);
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    assert_int_equal(fwrite(text, 1, len, out), len);
    assert_int_equal(fclose(out), 0);
    static seen one, two, memory;
    rgn_validation_counts c1 = read_with(path, NULL, 0, 1, &one);
    rgn_validation_counts c2 = read_with(path, NULL, 0, 2, &two);
    rgn_validation_counts cm = read_with(path, text, len, 2, &memory);
    assert_int_equal(c1.games, 1400);
    assert_int_equal(c1.invalid, 700);
    assert_memory_equal(&c1, &c2, sizeof c1);
    assert_memory_equal(&c1, &cm, sizeof c1);
    assert_true(one.len > 0);
    assert_string_equal(one.reports, two.reports);
    assert_string_equal(one.reports, memory.reports);
    free(text);
}

static void test_range(void **state)
{
    (void)state;
    size_t len, one;
    char *text = games_text(3, false, &len);
    sample(&one);
    rgn_error error;
    rgn_read_options *options = rgn_read_options_new(&error);
    assert_non_null(options);
    /* the second game alone: it begins at one + 1 */
    assert_int_equal(
        rgn_read_options_set_range(options, one + 1, 2 * one + 2, 0, &error),
        0);
    static seen s;
    rgn_read_handlers h = handlers_for(&s, true);
    rgn_validation_counts c;
    assert_int_equal(
        rgn_games_read_memory("games.rgn", text, len, options, &h, &c, &error),
        0);
    assert_int_equal(c.games, 1);
    assert_int_equal(c.valid, 1);
    assert_int_equal(s.games, 1);
    /* a range of compressed data, and one past the end, are refused */
    static const unsigned char gzip[] = {0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3,
                                         3,    0,    0, 0, 0, 0, 0, 0, 0, 0};
    h = handlers_for(&s, false);
    assert_int_equal(rgn_games_read_memory("g.gz", gzip, sizeof gzip, options,
                                           &h, &c, &error),
                     -1);
    assert_int_equal(s.kind, RGN_READ_NOT_RANGED);
    assert_int_equal(
        rgn_read_options_set_range(options, len + 1, UINT64_MAX, 0, &error), 0);
    assert_int_equal(
        rgn_games_read_memory("games.rgn", text, len, options, &h, &c, &error),
        -1);
    assert_int_equal(s.kind, RGN_READ_RANGE_REFUSED);
    assert_non_null(strstr(error.message, "begins after the end"));
    rgn_read_options_free(options);
    free(text);
}

static void test_no_game_and_failures(void **state)
{
    (void)state;
    static seen s;
    rgn_read_handlers h = handlers_for(&s, false);
    rgn_validation_counts c;
    rgn_error error;
    assert_int_equal(
        rgn_games_read_memory("blank.rgn", " \n\n", 3, NULL, &h, &c, &error),
        0);
    assert_int_equal(c.games, 0);
    assert_int_equal(s.no_game, 1);
    assert_string_equal(s.reports, "0 1 no-game blank.rgn\n");
    h = handlers_for(&s, false);
    assert_int_equal(
        rgn_games_read_memory("image.png", "PNG\0\1", 5, NULL, &h, &c, &error),
        -1);
    assert_int_equal(s.failures, 1);
    assert_int_equal(s.kind, RGN_READ_FAILED);
    assert_string_equal(error.message, "image.png is not a game file: it "
                                       "holds binary data (a NUL byte at "
                                       "offset 3)");
    assert_string_equal(s.failure, error.message);
    rgn_read_options *options = rgn_read_options_new(&error);
    assert_non_null(options);
    rgn_read_options_set_format(options, RGN_READ_XML);
    h = handlers_for(&s, false);
    assert_int_equal(
        rgn_games_read_memory("a.rgn", "1. e4 *\n", 8, options, &h, &c, &error),
        -1);
    assert_int_equal(s.kind, RGN_READ_NOT_XML);
    rgn_read_options_free(options);
    h = handlers_for(&s, false);
    assert_int_equal(
        rgn_games_read("/nonexistent/games.rgn", NULL, &h, &c, &error), -1);
    assert_int_equal(s.failures, 1);
    assert_non_null(strstr(error.message, "cannot open /nonexistent"));
}

/* Writes copies valid games, each followed by an invalid one, to
 * WORK/name: its path (static). */
static const char *write_games(const char *name, unsigned copies)
{
    static char path[4096];
    size_t len;
    char *text = games_text(copies, true, &len);
    snprintf(path, sizeof path, "%s/%s", work, name);
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    assert_int_equal(fwrite(text, 1, len, out), len);
    assert_int_equal(fclose(out), 0);
    free(text);
    return path;
}

/* The games of every report line of s that names file, as "N N ...". */
static void games_of(const seen *s, const char *file, char *games, size_t size)
{
    size_t n = 0;
    games[0] = '\0';
    for (const char *line = s->reports; *line;) {
        unsigned long long game;
        char name[4096];
        assert_int_equal(sscanf(line, "%llu %*u %*s %4095s", &game, name), 2);
        const char *base = strrchr(name, '/');
        if (strcmp(base ? base + 1 : name, file) == 0)
            n += (size_t)snprintf(games + n, size - n, "%s%llu", n ? " " : "",
                                  game);
        line = strchr(line, '\n') + 1;
    }
}

static void test_read_all(void **state)
{
    (void)state;
    char first[4096], games[256];
    snprintf(first, sizeof first, "%s", write_games("first.rgn", 2));
    char *paths[] = {first, "/nonexistent/games.rgn",
                     (char *)write_games("second.rgn", 1)};
    static seen s;
    rgn_read_handlers h = handlers_for(&s, true);
    rgn_validation_counts c;
    rgn_error error;
    /* the failure of the second path is told, and the third is read */
    assert_int_equal(rgn_games_read_all(paths, 3, NULL, &h, &c, &error), -1);
    assert_int_equal(s.failures, 1);
    assert_non_null(strstr(error.message, "cannot open /nonexistent"));
    assert_int_equal(c.games, 6);
    assert_int_equal(c.valid, 3);
    assert_int_equal(c.invalid, 3);
    assert_int_equal(s.games, 6);
    /* the invalid games (two reports each: the roster's missing tags and
     * the illegal move) are the 2nd and 4th of the first file, and the 6th over
     * both (the 2nd of the second) */
    games_of(&s, "first.rgn", games, sizeof games);
    assert_string_equal(games, "2 2 4 4");
    games_of(&s, "second.rgn", games, sizeof games);
    assert_string_equal(games, "6 6");
    /* no path: standard input */
    assert_non_null(freopen(paths[2], "rb", stdin));
    h = handlers_for(&s, false);
    assert_int_equal(rgn_games_read_all(paths, 0, NULL, &h, &c, &error), 0);
    assert_int_equal(c.games, 2);
    assert_int_equal(c.invalid, 1);
    assert_int_equal(s.failures, 0);
    /* handlers of a wrong size are refused */
    h.size = 1;
    assert_int_equal(rgn_games_read_all(paths, 1, NULL, &h, &c, &error), -1);
    assert_int_equal(c.games, 0);
}

int main(int argc, char **argv)
{
    if (unit_folders(argc, argv, "test_games_read", &samples, &work) < 0)
        return 2;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_and_sink),
        cmocka_unit_test(test_jobs),
        cmocka_unit_test(test_range),
        cmocka_unit_test(test_no_game_and_failures),
        cmocka_unit_test(test_read_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
