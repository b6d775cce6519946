/*
 * test_pull.c - the games of an input pulled one at a time (rgn_games):
 * in every form an input takes (plain RGN, PGN, gzip, zstd, bzip2, xz,
 * zip, XML, Latin-1, memory, a range), the games pulled are the ones the
 * push form gives (a validator fed the whole text with a sink of this
 * file's own): the same tags, SAN, results, errors and problems, in the
 * same order, and the same position after every main-line ply; a binary
 * file is refused with a message that says so.
 *
 * usage: test_pull SAMPLES_DIR WORK_DIR (the compressed files are made
 * there with the gzip, zstd, bzip2, xz and zip programs)
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
#include "validate/options.h"

static const char *samples, *work;

/* ------------------------------------------------------------------ */
/* A text that grows                                                  */

typedef struct text {
    char *data;
    size_t len, cap;
} text;

static void add(text *t, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static void add(text *t, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    assert_true(n >= 0);
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = 2 * (t->len + (size_t)n + 1);
        t->data = realloc(t->data, t->cap);
        assert_non_null(t->data);
    }
    va_start(args, format);
    vsnprintf(t->data + t->len, (size_t)n + 1, format, args);
    va_end(args);
    t->len += (size_t)n;
}

static void add_problem(text *t, const rgn_diagnostic *d)
{
    add(t, " problem %s %u:%u %s;", rgn_problem_code(d->problem), d->where.line,
        d->where.column, d->message);
}

static void add_fen(text *t, const rgn_position *position)
{
    char fen[512];
    rgn_position_fen(position, fen, sizeof fen);
    add(t, " [%s]", fen);
}

/* ------------------------------------------------------------------ */
/* The push form: a validator over the whole text, a sink of our own  */

typedef struct pushed {
    text games;   /* a game a line */
    text pending; /* problems reported before its end */
    int depth;
} pushed;

static void on_origin(void *user, rgn_location where)
{
    pushed *p = user;
    add(&p->games, "at %llu:%u", (unsigned long long)where.offset, where.line);
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    pushed *p = user;
    add(&p->games, " %.*s=%.*s", (int)name.len, name.data, (int)value.len,
        value.data);
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    (void)has_fen;
    pushed *p = user;
    p->depth = 0;
    add_fen(&p->games, start);
}

static void on_move(void *user, rgn_position *after, rgn_move move,
                    const char *san)
{
    (void)move;
    pushed *p = user;
    if (p->depth > 0)
        return;
    add(&p->games, " %s", san);
    add_fen(&p->games, after);
}

static void on_begin_variation(void *user) { ((pushed *)user)->depth++; }
static void on_end_variation(void *user) { ((pushed *)user)->depth--; }

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    pushed *p = user;
    add(&p->games, " result %.*s error %s;%s\n", (int)result.len, result.data,
        error ? error->message : "none",
        p->pending.data ? p->pending.data : "");
    p->pending.len = 0;
    if (p->pending.data)
        p->pending.data[0] = '\0';
}

static void on_report(void *user, const rgn_diagnostic *d)
{
    add_problem(&((pushed *)user)->pending, d);
}

static const rgn_game_sink push_sink = {
    .origin = on_origin,
    .tag = on_tag,
    .start = on_start,
    .move = on_move,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .end_game = on_end_game,
    .position_after = true,
};

/* The games of data as the push form gives them; xml: data is the XML
 * that rgn writes; variant: of the games without a Variant tag. */
static char *push(const char *data, size_t len, bool xml,
                  const rgn_variant *variant)
{
    pushed p = {0};
    add(&p.games, "%s", "");
    validator_options options = {.size = sizeof options,
                                 .variant = variant,
                                 .report = on_report,
                                 .user = &p,
                                 .sink = &push_sink,
                                 .sink_user = &p,
                                 .jobs = 1,
                                 .latin1 = !xml};
    rgn_validator *validator = validator_new(&options, NULL);
    assert_non_null(validator);
    if (xml) {
        FILE *in = fmemopen((void *)data, len, "rb");
        assert_non_null(in);
        assert_int_equal(rgn_validator_read_xml(validator, in, "xml"), 0);
        fclose(in);
    } else {
        assert_int_equal(rgn_validator_feed(validator, data, len), 0);
        assert_int_equal(rgn_validator_finish(validator), 0);
    }
    rgn_validator_free(validator);
    free(p.pending.data);
    return p.games.data;
}

/* ------------------------------------------------------------------ */
/* The pull form                                                      */

/* One pulled game as push's line says a game; its file added to files. */
static void describe(text *t, const rgn_game *game, rgn_position *position)
{
    rgn_location origin = rgn_game_origin(game);
    add(t, "at %llu:%u", (unsigned long long)origin.offset, origin.line);
    for (size_t i = 0; i < rgn_game_tag_count(game); i++) {
        rgn_span name, value;
        rgn_game_tag_at(game, i, &name, &value);
        add(t, " %.*s=%.*s", (int)name.len, name.data, (int)value.len,
            value.data);
    }
    if (rgn_game_start(game)) {
        assert_int_equal(rgn_game_position_at(game, 0, position, NULL), 0);
        add_fen(t, position);
    }
    for (int ply = 0; ply < rgn_game_plies(game); ply++) {
        const char *san;
        rgn_move move;
        assert_int_equal(rgn_game_move_at(game, ply, &move, &san, NULL), 0);
        add(t, " %s", san);
        assert_int_equal(rgn_game_position_at(game, ply + 1, position, NULL),
                         0);
        add_fen(t, position);
    }
    /* past the main line: the call says so */
    int plies = rgn_game_plies(game);
    rgn_error why;
    char expected[64];
    assert_int_equal(rgn_game_move_at(game, plies, NULL, NULL, &why), -1);
    snprintf(expected, sizeof expected, "no move %d: the main line has %d",
             plies, plies);
    assert_string_equal(why.message, expected);
    if (rgn_game_start(game)) {
        assert_int_equal(rgn_game_position_at(game, plies + 1, position, &why),
                         -1);
        snprintf(expected, sizeof expected, "no ply %d: the main line has %d",
                 plies + 1, plies);
        assert_string_equal(why.message, expected);
    }
    rgn_span result = rgn_game_result(game);
    const rgn_diagnostic *error = rgn_game_error(game);
    add(t, " result %.*s error %s;", (int)result.len, result.data,
        error ? error->message : "none");
    for (size_t i = 0; i < rgn_game_problem_count(game); i++)
        add_problem(t, rgn_game_problem_at(game, i));
    assert_null(rgn_game_problem_at(game, rgn_game_problem_count(game)));
    add(t, "\n");
}

/* The games of an open rgn_games, each of file file (NULL: not looked
 * at), closed. */
static char *pull(rgn_games *games, const char *file)
{
    text t = {0};
    add(&t, "%s", "");
    rgn_position *position = rgn_position_new(rgn_variant_at(0), NULL);
    assert_non_null(position);
    const rgn_game *game;
    rgn_error error;
    int rc;
    while ((rc = rgn_games_next(games, &game, &error)) > 0) {
        if (file)
            assert_string_equal(rgn_game_input(game), file);
        describe(&t, game, position);
    }
    assert_int_equal(rc, 0);
    rgn_position_free(position);
    rgn_games_close(games);
    return t.data;
}

static char *pull_file(const char *path, const rgn_read_options *options,
                       const char *file)
{
    rgn_error error;
    rgn_games *games = rgn_games_open(path, options, &error);
    if (!games)
        fail_msg("%s: %s", path, error.message);
    return pull(games, file);
}

/* ------------------------------------------------------------------ */
/* The inputs                                                         */

static char *read_file(const char *path, size_t *len)
{
    FILE *in = fopen(path, "rb");
    assert_non_null(in);
    text t = {0};
    char buf[4096];
    size_t n;
    add(&t, "%s", "");
    while ((n = fread(buf, 1, sizeof buf, in)) > 0) {
        if (t.len + n + 1 > t.cap) {
            t.cap = 2 * (t.len + n + 1);
            t.data = realloc(t.data, t.cap);
            assert_non_null(t.data);
        }
        memcpy(t.data + t.len, buf, n);
        t.len += n;
        t.data[t.len] = '\0';
    }
    fclose(in);
    *len = t.len;
    return t.data;
}

static void write_file(const char *path, const char *data, size_t len)
{
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    assert_int_equal(fwrite(data, 1, len, out), len);
    assert_int_equal(fclose(out), 0);
}

/* The samples of several games in one file (games.rgn in work), with a
 * game that has an error and one whose tags read as Latin-1, and its
 * text. */
static const char *const names[] = {
    "club-championship.rgn",     "king-mate.rgn",
    "promotion-attack.rgn",      "rollerball-mate.rgn",
    "rotary-chess-mongoose.rgn", "rotationary-solved.rgn"};
static const char bad_game[] =
    "[Event \"Bad\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n"
    "1. d4 d6 2. Kd9 *\n\n";
static const char latin1_game[] = "[Event \"Caf\xE9\"]\n[Result \"*\"]\n\n*\n";

static char *corpus(size_t *len)
{
    text t = {0};
    add(&t, "%s", "");
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        char path[4096];
        size_t n;
        snprintf(path, sizeof path, "%s/%s", samples, names[i]);
        char *data = read_file(path, &n);
        add(&t, "%s\n", data);
        free(data);
        if (i == 1)
            add(&t, "%s", bad_game);
    }
    add(&t, "%s", latin1_game);
    *len = t.len;
    return t.data;
}

static void run(const char *command) { assert_int_equal(system(command), 0); }

/* ------------------------------------------------------------------ */
/* Tests                                                              */

/* Plain RGN, from a file and from memory, and each compressed form:
 * the push form's games, each named by its file. */
static void test_every_form_gives_the_games_of_push(void **state)
{
    (void)state;
    size_t len;
    char *data = corpus(&len);
    char *expected = push(data, len, false, NULL);
    /* the corpus as written: 9 games (as rgn validate counts them), the
     * fourth with an error */
    size_t lines = 0;
    for (const char *c = expected; *c; c++)
        lines += *c == '\n';
    assert_int_equal(lines, 9);
    assert_non_null(strstr(expected, "Event=Bad"));
    assert_non_null(strstr(expected, "Event=Café"));
    /* and 8 valid, 1 invalid, as rgn validate says of this corpus */
    size_t invalid = 0;
    for (const char *c = expected; (c = strstr(c, " error ")); c++)
        invalid += strncmp(c, " error none;", 12) != 0;
    assert_int_equal(invalid, 1);

    char path[4096], command[8600 + 4200];
    snprintf(path, sizeof path, "%s/games.rgn", work);
    write_file(path, data, len);
    char *got = pull_file(path, NULL, path);
    assert_string_equal(got, expected);
    free(got);

    rgn_error error;
    rgn_games *games =
        rgn_games_open_memory("memory.rgn", data, len, NULL, &error);
    assert_non_null(games);
    got = pull(games, "memory.rgn");
    assert_string_equal(got, expected);
    free(got);

    static const char *const forms[][2] = {{"gz", "gzip -c"},
                                           {"zst", "zstd -q -c"},
                                           {"bz2", "bzip2 -c"},
                                           {"xz", "xz -c"}};
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        char packed[4200];
        snprintf(packed, sizeof packed, "%s.%s", path, forms[i][0]);
        snprintf(command, sizeof command, "%s '%s' > '%s'", forms[i][1], path,
                 packed);
        run(command);
        got = pull_file(packed, NULL, packed);
        assert_string_equal(got, expected);
        free(got);
        /* compressed memory too */
        size_t packed_len;
        char *bytes = read_file(packed, &packed_len);
        games = rgn_games_open_memory(packed, bytes, packed_len, NULL, &error);
        assert_non_null(games);
        got = pull(games, packed);
        assert_string_equal(got, expected);
        free(got);
        free(bytes);
    }
    free(expected);
    free(data);
}

/* A zip archive: its members' games one after another, each named
 * ARCHIVE(MEMBER), each member read as the game its name says. */
static void test_zip_members(void **state)
{
    (void)state;
    size_t len, pgn_len;
    char *data = corpus(&len);
    char path[4096], command[12288];
    snprintf(path, sizeof path, "%s/chess-opera-game.pgn", samples);
    char *pgn = read_file(path, &pgn_len);
    const rgn_variant *chess = rgn_variant_find("chess");
    assert_non_null(chess);
    char *first = push(data, len, false, NULL);
    char *second = push(pgn, pgn_len, false, chess);
    snprintf(command, sizeof command,
             "cd '%s' && cp '%s' opera.pgn && rm -f both.zip && zip -q "
             "both.zip games.rgn opera.pgn",
             work, path);
    write_file(strcat(strcpy(path, work), "/games.rgn"), data, len);
    run(command);
    snprintf(path, sizeof path, "%s/both.zip", work);
    rgn_error error;
    rgn_games *games = rgn_games_open(path, NULL, &error);
    assert_non_null(games);
    const rgn_game *game;
    char file[8192];
    snprintf(file, sizeof file, "%s(games.rgn)", path);
    int count = 0;
    while (rgn_games_next(games, &game, &error) > 0 &&
           strcmp(rgn_game_input(game), file) == 0)
        count++;
    assert_int_equal(count, 9);
    snprintf(file, sizeof file, "%s(opera.pgn)", path);
    assert_string_equal(rgn_game_input(game), file);
    rgn_span white;
    assert_true(rgn_game_tag(game, "White", &white));
    assert_int_equal(rgn_game_plies(game), 33); /* 17. Rd8# */
    assert_null(rgn_game_error(game));
    assert_int_equal(rgn_games_next(games, &game, &error), 0);
    rgn_games_close(games);
    /* and the whole of it as push gives each member */
    char *got = pull_file(path, NULL, NULL);
    size_t first_len = strlen(first);
    assert_int_equal(strncmp(got, first, first_len), 0);
    assert_string_equal(got + first_len, second);
    free(got);
    free(first);
    free(second);
    free(pgn);
    free(data);
}

/* A member that cannot be read (a password) fails alone: an error, then
 * the next member's games. */
static void test_zip_member_fails_alone(void **state)
{
    (void)state;
    char command[8600];
    snprintf(command, sizeof command,
             "cd '%s' && rm -f locked.zip && for m in a b c; do printf "
             "'[Event \"%%s\"]\\n[Result \"*\"]\\n\\n*\\n' $m > $m.rgn; "
             "done && zip -q locked.zip a.rgn && zip -q -P secret locked.zip "
             "b.rgn && zip -q locked.zip c.rgn",
             work);
    run(command);
    char path[4200];
    snprintf(path, sizeof path, "%s/locked.zip", work);
    rgn_error error;
    rgn_games *games = rgn_games_open(path, NULL, &error);
    assert_non_null(games);
    const rgn_game *game;
    rgn_span event;
    assert_int_equal(rgn_games_next(games, &game, &error), 1);
    assert_true(rgn_game_tag(game, "Event", &event));
    assert_memory_equal(event.data, "a", 1);
    assert_int_equal(rgn_games_next(games, &game, &error), -1);
    assert_non_null(strstr(error.message, "(b.rgn): unsupported compression "
                                          "in the zip archive"));
    assert_int_equal(rgn_games_next(games, &game, &error), 1);
    assert_true(rgn_game_tag(game, "Event", &event));
    assert_memory_equal(event.data, "c", 1);
    assert_int_equal(rgn_games_next(games, &game, &error), 0);
    rgn_games_close(games);
}

/* PGN by its file's name: Chess. */
static void test_pgn(void **state)
{
    (void)state;
    char path[4096];
    size_t len;
    snprintf(path, sizeof path, "%s/chess-opera-game.pgn", samples);
    char *pgn = read_file(path, &len);
    char *expected = push(pgn, len, false, rgn_variant_find("chess"));
    char *got = pull_file(path, NULL, path);
    assert_string_equal(got, expected);
    assert_non_null(strstr(got, " Rd8# ["));
    assert_non_null(strstr(got, "error none"));
    free(got);
    free(expected);
    free(pgn);
}

/* XML as rgn writes it: its games, as the push form reads them. */
static void test_xml(void **state)
{
    (void)state;
    size_t len;
    char *data = corpus(&len);
    char *xml = NULL;
    size_t xml_len = 0;
    FILE *out = open_memstream(&xml, &xml_len);
    assert_non_null(out);
    rgn_writer_options options = {.size = sizeof options,
                                  .format = RGN_FORMAT_XML};
    rgn_writer *writer = rgn_writer_new(&options, out, NULL);
    assert_non_null(writer);
    validator_options reading = {.size = sizeof reading,
                                 .sink = rgn_writer_sink(writer),
                                 .sink_user = writer,
                                 .jobs = 1,
                                 .latin1 = true};
    rgn_validator *validator = validator_new(&reading, NULL);
    assert_int_equal(rgn_validator_feed(validator, data, len), 0);
    assert_int_equal(rgn_validator_finish(validator), 0);
    rgn_validator_free(validator);
    assert_int_equal(rgn_writer_finish(writer, NULL), 0);
    rgn_writer_free(writer);
    fclose(out);
    char *expected = push(xml, xml_len, true, NULL);
    /* the valid games of the corpus: the bad one is left out */
    assert_null(strstr(expected, "Event=Bad"));
    assert_non_null(strstr(expected, "Event=Café"));
    char path[4096];
    snprintf(path, sizeof path, "%s/games.xml", work);
    write_file(path, xml, xml_len);
    char *got = pull_file(path, NULL, path);
    assert_string_equal(got, expected);
    free(got);
    free(expected);
    free(xml);
    free(data);
}

/* Latin-1: read as Windows-1252 by default, with a warning about the
 * input kept with the game that follows it; a syntax error without. */
static void test_latin1(void **state)
{
    (void)state;
    rgn_error error;
    rgn_games *games = rgn_games_open_memory("latin1.rgn", latin1_game,
                                             strlen(latin1_game), NULL, &error);
    assert_non_null(games);
    const rgn_game *game;
    assert_int_equal(rgn_games_next(games, &game, &error), 1);
    rgn_span event;
    assert_true(rgn_game_tag(game, "Event", &event));
    assert_int_equal(event.len, 5);
    assert_memory_equal(event.data, "Caf\xC3\xA9", 5);
    /* the input's warning, then the game's own (no roster) */
    assert_int_equal(rgn_game_problem_count(game), 2);
    assert_int_equal(rgn_game_problem_at(game, 0)->problem, RGN_W_LATIN1);
    assert_int_equal(rgn_game_problem_at(game, 0)->game, 0);
    assert_int_equal(rgn_game_problem_at(game, 1)->problem, RGN_W_MISSING_TAG);
    assert_int_equal(rgn_game_problem_at(game, 1)->game, 1);
    assert_int_equal(rgn_games_next(games, &game, &error), 0);
    rgn_games_close(games);

    rgn_read_options *options = rgn_read_options_new(&error);
    assert_non_null(options);
    rgn_read_options_set_latin1(options, false);
    games = rgn_games_open_memory("latin1.rgn", latin1_game,
                                  strlen(latin1_game), options, &error);
    rgn_read_options_free(options);
    assert_non_null(games);
    assert_int_equal(rgn_games_next(games, &game, &error), 1);
    assert_non_null(rgn_game_error(game));
    assert_int_equal(rgn_game_error(game)->problem, RGN_E_SYNTAX);
    rgn_games_close(games);
}

/* A range: the games whose origin lies in it, as the whole input's
 * reading gives them (an independent route: the lines of the whole
 * whose offset lies in the range). */
static void test_range(void **state)
{
    (void)state;
    size_t len;
    char *data = corpus(&len);
    char *whole = push(data, len, false, NULL);
    char path[4096];
    snprintf(path, sizeof path, "%s/games.rgn", work);
    write_file(path, data, len);
    uint64_t from = len / 4, to = len / 2;
    text expected = {0};
    add(&expected, "%s", "");
    for (char *line = whole; *line;) {
        char *end = strchr(line, '\n');
        unsigned long long at = strtoull(line + 3, NULL, 10);
        if (at >= from && at < to)
            add(&expected, "%.*s", (int)(end + 1 - line), line);
        line = end + 1;
    }
    assert_true(expected.len > 0);
    rgn_error error;
    rgn_read_options *options = rgn_read_options_new(&error);
    assert_int_equal(rgn_read_options_set_range(options, from, to, 0, &error),
                     0);
    char *got = pull_file(path, options, path);
    assert_string_equal(got, expected.data);
    free(got);
    rgn_games *games =
        rgn_games_open_memory("games.rgn", data, len, options, &error);
    assert_non_null(games);
    got = pull(games, "games.rgn");
    assert_string_equal(got, expected.data);
    free(got);
    /* a range of compressed data cannot be found without reading it all */
    char packed[4200], command[8600];
    snprintf(packed, sizeof packed, "%s.gz", path);
    snprintf(command, sizeof command, "gzip -c '%s' > '%s'", path, packed);
    run(command);
    assert_null(rgn_games_open(packed, options, &error));
    assert_non_null(strstr(error.message, "a compressed file is read whole"));
    assert_int_equal(rgn_read_options_set_range(options, 5, 4, 0, &error), -1);
    rgn_read_options_free(options);
    free(expected.data);
    free(whole);
    free(data);
}

/* A file of many chunks, each fed in pieces: the corpus over and over,
 * each time with a game whose comment, with a Latin-1 letter in it, is
 * longer than a piece. Whole and as a range of everything, the games
 * are push's, whatever a piece cuts. */
static void test_pieces_give_the_games_of_push(void **state)
{
    (void)state;
    size_t one;
    char *data = corpus(&one);
    text t = {0};
    add(&t, "%s", "");
    for (int i = 0; i < 40; i++) {
        add(&t, "%s[Variant \"Chess\"]\n[Result \"*\"]\n\n1. e4 {", data);
        for (int j = 0; j < 600; j++)
            add(&t, "%s", j == 300 ? "caf\xE9 " : "a comment ");
        add(&t, "} e5 *\n\n");
    }
    assert_true(t.len > 6 * ((size_t)1 << 16));
    char *expected = push(t.data, t.len, false, NULL);
    char path[4096];
    snprintf(path, sizeof path, "%s/pieces.rgn", work);
    write_file(path, t.data, t.len);
    char *got = pull_file(path, NULL, path);
    assert_string_equal(got, expected);
    free(got);
    rgn_error error;
    rgn_read_options *options = rgn_read_options_new(&error);
    assert_int_equal(rgn_read_options_set_range(options, 0, t.len, 0, &error),
                     0);
    got = pull_file(path, options, path);
    assert_string_equal(got, expected);
    free(got);
    rgn_read_options_free(options);
    free(expected);
    free(t.data);
    free(data);
}

/* Without replay: the same games, their tags and results, no plies;
 * the moves as written passed on by a replay. */
static void count_move_texts(void *user, rgn_span written)
{
    (void)written;
    (*(int *)user)++;
}

static void test_no_replay(void **state)
{
    (void)state;
    static const char games_text[] =
        "[Event \"One\"]\n[Result \"1-0\"]\n\n1. d4 d6 2. f4 f6 1-0\n\n"
        "[Event \"Two\"]\n[Result \"*\"]\n\n1. Kd9 *\n";
    rgn_error error;
    rgn_read_options *options = rgn_read_options_new(&error);
    rgn_read_options_set_no_replay(options, true);
    rgn_games *games = rgn_games_open_memory(
        "listing.rgn", games_text, strlen(games_text), options, &error);
    rgn_read_options_free(options);
    assert_non_null(games);
    const rgn_game *game;
    static const char *const events[] = {"One", "Two"};
    static const char *const results[] = {"1-0", "*"};
    static const int move_texts[] = {4, 1};
    for (int i = 0; i < 2; i++) {
        assert_int_equal(rgn_games_next(games, &game, &error), 1);
        rgn_span event, result = rgn_game_result(game);
        assert_true(rgn_game_tag(game, "Event", &event));
        assert_int_equal(event.len, strlen(events[i]));
        assert_memory_equal(event.data, events[i], event.len);
        assert_int_equal(result.len, strlen(results[i]));
        assert_memory_equal(result.data, results[i], result.len);
        /* not replayed: the illegal Kd9 is no error */
        assert_null(rgn_game_error(game));
        assert_int_equal(rgn_game_plies(game), 0);
        int seen = 0;
        rgn_game_sink sink = {.move_text = count_move_texts};
        assert_int_equal(rgn_game_replay(game, NULL, -1, &sink, &seen, NULL),
                         0);
        assert_int_equal(seen, move_texts[i]);
    }
    assert_int_equal(rgn_games_next(games, &game, &error), 0);
    rgn_games_close(games);
}

/* A binary file is no game file; nothing at all is no game. */
static void test_refusals(void **state)
{
    (void)state;
    static const char binary[] = "[Ev\0ent]";
    rgn_error error;
    assert_null(rgn_games_open_memory("image.png", binary, sizeof binary, NULL,
                                      &error));
    assert_string_equal(error.message,
                        "image.png is not a game file: it holds binary data "
                        "(a NUL byte at offset 3)");
    assert_null(rgn_games_open("/nonexistent/games.rgn", NULL, &error));
    assert_string_equal(error.message, "cannot open /nonexistent/games.rgn: "
                                       "No such file or directory");
    static const char sevenzip[] = "7z\xBC\xAF\x27\x1C rest";
    assert_null(rgn_games_open_memory("a.7z", sevenzip, sizeof sevenzip - 1,
                                      NULL, &error));
    assert_string_equal(error.message,
                        "cannot read a.7z: unsupported compression (7z); rgn "
                        "reads gzip, zstd, bzip2, xz and zip");
    rgn_read_options *options = rgn_read_options_new(&error);
    rgn_read_options_set_format(options, RGN_READ_RGN);
    assert_null(rgn_games_open_memory("a.xml", "<rgn/>", 6, options, &error));
    assert_string_equal(error.message, "a.xml looks like XML, not RGN");
    rgn_read_options_free(options);
    const rgn_game *game;
    rgn_games *games = rgn_games_open_memory("empty.rgn", "", 0, NULL, &error);
    assert_non_null(games);
    assert_int_equal(rgn_games_next(games, &game, &error), 0);
    assert_null(game);
    rgn_games_close(games);
    games = rgn_games_open_memory("blank.rgn", " \n\n", 3, NULL, &error);
    assert_non_null(games);
    assert_int_equal(rgn_games_next(games, &game, &error), 0);
    rgn_games_close(games);
}

/* Corrupt compressed data: the games before the damage, then an error
 * that says what is wrong. */
static void test_corrupt(void **state)
{
    (void)state;
    size_t len;
    char *data = corpus(&len);
    char path[4096], command[8600];
    snprintf(path, sizeof path, "%s/cut.rgn", work);
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    for (int i = 0; i < 50; i++) /* more than the head read first */
        assert_int_equal(fwrite(data, 1, len, out), len);
    assert_int_equal(fclose(out), 0);
    snprintf(command, sizeof command, "gzip -c '%s' | head -c 4000 > '%s.gz'",
             path, path);
    run(command);
    strcat(path, ".gz");
    rgn_error error;
    rgn_games *games = rgn_games_open(path, NULL, &error);
    assert_non_null(games);
    const rgn_game *game;
    int rc, count = 0;
    while ((rc = rgn_games_next(games, &game, &error)) > 0)
        count++;
    assert_int_equal(rc, -1);
    assert_true(count > 0);
    assert_non_null(strstr(error.message, "the gzip data is cut short"));
    rgn_games_close(games);
    free(data);
}

/* Many games: each pulled one is valid until the next call, and the
 * games are the same as one at a time from a fresh start. */
static void test_many_games(void **state)
{
    (void)state;
    static const char game[] = "[Variant \"Chess\"]\n[Result \"1-0\"]\n\n"
                               "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# "
                               "1-0\n\n";
    enum { GAMES = 20000 };
    size_t one = strlen(game), len = one * GAMES;
    char *data = malloc(len);
    assert_non_null(data);
    for (size_t i = 0; i < GAMES; i++)
        memcpy(data + i * one, game, one);
    rgn_error error;
    rgn_games *games =
        rgn_games_open_memory("many.pgn", data, len, NULL, &error);
    assert_non_null(games);
    const rgn_game *game_pulled;
    uint64_t count = 0;
    while (rgn_games_next(games, &game_pulled, &error) > 0) {
        count++;
        assert_int_equal(rgn_game_number(game_pulled), count);
        assert_int_equal(rgn_game_origin(game_pulled).offset,
                         (count - 1) * one);
        assert_int_equal(rgn_game_plies(game_pulled), 7);
        const char *san;
        assert_int_equal(rgn_game_move_at(game_pulled, 6, NULL, &san, NULL), 0);
        assert_string_equal(san, "Qxf7#");
    }
    assert_int_equal(count, GAMES);
    rgn_games_close(games);
    free(data);
}

int main(int argc, char **argv)
{
    if (unit_folders(argc, argv, "test_pull", &samples, &work) < 0)
        return 2;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_form_gives_the_games_of_push),
        cmocka_unit_test(test_zip_members),
        cmocka_unit_test(test_zip_member_fails_alone),
        cmocka_unit_test(test_pgn),
        cmocka_unit_test(test_xml),
        cmocka_unit_test(test_latin1),
        cmocka_unit_test(test_range),
        cmocka_unit_test(test_pieces_give_the_games_of_push),
        cmocka_unit_test(test_no_replay),
        cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_corrupt),
        cmocka_unit_test(test_many_games),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
