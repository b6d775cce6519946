/*
 * test_db_answer.c - a database's answers handed to their reader
 * (src/db/answer.c) and the line of moves they read
 * (src/rules/line.c): the tree and the stats as text and JSON, laid out
 * as written here from rgn(1); the rule sets that read a tree's
 * position; the games found counted, listed and written; and the
 * failures: a write that fails, a format that is none, a move that is
 * not one.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "rgn.h"

static char dir[64]; /* a temporary directory for the databases */

/* Three games of Chess: after 1. e4, Black answered e5 (by an 1800,
 * lost) and c5 (won); 1. d4 was drawn. */
static const char games[] =
    "[Event \"a\"]\n[Variant \"Chess\"]\n[Date \"2020.05.??\"]\n"
    "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n"
    "[WhiteElo \"2000\"]\n[BlackElo \"1800\"]\n\n"
    "1. e4 e5 2. Nf3 Nc6 1-0\n\n"
    "[Event \"b\"]\n[Variant \"Chess\"]\n[Date \"2021.??.??\"]\n"
    "[White \"C\"]\n[Black \"D\"]\n[Result \"0-1\"]\n\n"
    "1. e4 c5 0-1\n\n"
    "[Event \"c\"]\n[Variant \"Chess\"]\n[White \"E\"]\n[Black \"F\"]\n"
    "[Result \"1/2-1/2\"]\n\n1. d4 d5 1/2-1/2\n";

static const char after_e4[] =
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/* A database at dir/name holding text's games (none for NULL), open to
 * read. */
static rgn_db *database(const char *name, const char *text)
{
    char path[128];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    rgn_error error;
    rgn_db *db = rgn_db_open(path, true, &error);
    if (!db)
        fail_msg("%s", error.message);
    rgn_db_importer *importer = rgn_db_importer_new(db, NULL, &error);
    assert_non_null(importer);
    rgn_db_importer_sink()->input(importer, "games.pgn");
    rgn_validator_options vo = {.size = sizeof vo,
                                .sink = rgn_db_importer_sink(),
                                .sink_user = importer};
    rgn_validator *v = rgn_validator_new(&vo, NULL);
    assert_non_null(v);
    if (text)
        assert_int_equal(rgn_validator_feed(v, text, strlen(text)), 0);
    assert_int_equal(rgn_validator_finish(v), 0);
    rgn_validator_free(v);
    assert_int_equal(rgn_db_importer_finish(importer, NULL, &error), 0);
    rgn_db_importer_free(importer);
    assert_int_equal(rgn_db_commit(db, &error), 0);
    rgn_db_close(db);
    db = rgn_db_open(path, false, &error);
    if (!db)
        fail_msg("%s", error.message);
    return db;
}

/* What write wrote into a stream in memory, to free. */
typedef struct captured {
    char *text;
    size_t len;
    FILE *out;
} captured;

static FILE *capture(captured *c)
{
    c->out = open_memstream(&c->text, &c->len);
    assert_non_null(c->out);
    return c->out;
}

static char *captured_text(captured *c)
{
    fclose(c->out);
    return c->text;
}

static rgn_position *chess_after(const char *line)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find("chess"), NULL);
    assert_non_null(pos);
    rgn_error error;
    if (rgn_position_play_line(pos, line, &error) < 0)
        fail_msg("%s", error.message);
    return pos;
}

static void line_played(void **state)
{
    (void)state;
    rgn_position *pos = chess_after(" 1. e4\te5\n2. Nf3 2... Nc6 3");
    char fen[128];
    rgn_position_fen(pos, fen, sizeof fen);
    assert_string_equal(
        fen,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    rgn_position_free(pos);
    /* a word that is no move: named, with its column */
    pos = chess_after("");
    rgn_error error;
    assert_int_equal(rgn_position_play_line(pos, "1. e4 Ke7", &error), -1);
    assert_int_equal(error.column, 7);
    assert_memory_equal(error.message, "'Ke7': ", 7);
    /* the moves before it were played: Black is to move */
    assert_int_equal(rgn_position_side(pos), RGN_BLACK);
    assert_int_equal(rgn_position_play_line(pos, "2.Nf3", NULL), -1);
    rgn_position_free(pos);
}

static void tree_written(void **state)
{
    (void)state;
    rgn_db *db = database("tree.rgndb", games);
    rgn_position *pos = chess_after("1. e4");
    rgn_db_tree tree;
    rgn_error error;
    assert_int_equal(rgn_db_tree_of(db, pos, &tree, &error), 0);
    captured c;
    assert_int_equal(
        rgn_db_tree_write(capture(&c), &tree, pos, RGN_DB_TEXT, &error), 0);
    char *text = captured_text(&c);
    /* the wins are Black's: the side to move's */
    assert_string_equal(
        text, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
              "2 games\n"
              "move          games  share    win   draw   loss   elo  "
              "last date\n"
              "c5                1  50.0% 100.0%   0.0%   0.0%     -  "
              "2021.??.??\n"
              "e5                1  50.0%   0.0%   0.0% 100.0%  1800  "
              "2020.05.??\n");
    free(text);
    assert_int_equal(
        rgn_db_tree_write(capture(&c), &tree, pos, RGN_DB_JSON, &error), 0);
    text = captured_text(&c);
    assert_string_equal(
        text,
        "{\"position\":\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq "
        "- 0 1\",\"games\":2,\"moves\":["
        "{\"move\":\"c5\",\"games\":1,\"white\":0,\"draws\":0,\"black\":1,"
        "\"win\":100.0,\"draw\":0.0,\"loss\":0.0,\"elo\":null,"
        "\"last_date\":\"2021.??.??\"},"
        "{\"move\":\"e5\",\"games\":1,\"white\":1,\"draws\":0,\"black\":0,"
        "\"win\":0.0,\"draw\":0.0,\"loss\":100.0,\"elo\":1800,"
        "\"last_date\":\"2020.05.??\"}]}\n");
    free(text);
    /* a write that fails, a format that is none */
    FILE *closed = fopen("/dev/null", "r");
    assert_non_null(closed);
    assert_int_equal(rgn_db_tree_write(closed, &tree, pos, RGN_DB_TEXT, &error),
                     -1);
    assert_string_equal(error.message, "the output could not be written");
    fclose(closed);
    assert_int_equal(
        rgn_db_tree_write(stdout, &tree, pos, (enum rgn_db_format)7, &error),
        -1);
    rgn_db_tree_free(&tree);
    /* no move played from a position: the table is left out */
    rgn_position *end = chess_after("1. d4 d5");
    assert_int_equal(rgn_db_tree_of(db, end, &tree, &error), 0);
    assert_int_equal(
        rgn_db_tree_write(capture(&c), &tree, end, RGN_DB_TEXT, NULL), 0);
    text = captured_text(&c);
    assert_string_equal(strchr(text, '\n'), "\n1 games\n");
    free(text);
    rgn_db_tree_free(&tree);
    rgn_position_free(end);
    rgn_position_free(pos);
    rgn_db_close(db);
}

static void stats_written(void **state)
{
    (void)state;
    rgn_db_stats stats = {.games = 3,
                          .valid = 2,
                          .invalid = 1,
                          .plies = 10,
                          .positions = 7,
                          .files = 1,
                          .bytes = 4096,
                          .schema_version = 1};
    captured c;
    rgn_error error;
    assert_int_equal(
        rgn_db_stats_write(capture(&c), &stats, RGN_DB_TEXT, &error), 0);
    char *text = captured_text(&c);
    assert_string_equal(text, "games           3\n"
                              "valid games     2\n"
                              "invalid games   1\n"
                              "plies           10\n"
                              "positions       7\n"
                              "files imported  1\n"
                              "size in bytes   4096\n"
                              "bytes per ply   409.60\n"
                              "schema version  1\n");
    free(text);
    assert_int_equal(
        rgn_db_stats_write(capture(&c), &stats, RGN_DB_JSON, &error), 0);
    text = captured_text(&c);
    assert_string_equal(text, "{\"games\":3,\"valid\":2,\"invalid\":1,"
                              "\"plies\":10,\"positions\":7,\"files\":1,"
                              "\"bytes\":4096,\"bytes_per_ply\":409.60,"
                              "\"schema_version\":1}\n");
    free(text);
    /* no plies: no bytes per ply */
    stats = (rgn_db_stats){.schema_version = 1};
    assert_int_equal(
        rgn_db_stats_write(capture(&c), &stats, RGN_DB_TEXT, &error), 0);
    text = captured_text(&c);
    assert_non_null(strstr(text, "bytes per ply   0.00\n"));
    free(text);
    assert_int_equal(
        rgn_db_stats_write(stdout, &stats, (enum rgn_db_format) - 1, &error),
        -1);
}

/* What rgn_db_import_counts_write writes of counts (it succeeds). */
static void assert_counts_written(const rgn_db_import_counts *counts,
                                  enum rgn_db_format format,
                                  const char *expected)
{
    captured c;
    rgn_error error;
    assert_int_equal(
        rgn_db_import_counts_write(capture(&c), counts, format, &error), 0);
    char *text = captured_text(&c);
    assert_string_equal(text, expected);
    free(text);
}

static void import_counts_written(void **state)
{
    (void)state;
    rgn_db_import_counts counts = {.games = 6,
                                   .valid = 2,
                                   .invalid = 1,
                                   .duplicates = 3,
                                   .plies = 40,
                                   .positions = 37,
                                   .invalid_read = 2};
    assert_counts_written(&counts, RGN_DB_TEXT,
                          "3 games stored (2 valid, 1 invalid), 3 already "
                          "there, 37 positions indexed\n");
    assert_counts_written(&counts, RGN_DB_JSON,
                          "{\"games\":6,\"stored\":3,\"valid\":2,"
                          "\"invalid\":1,\"duplicates\":3,\"plies\":40,"
                          "\"positions\":37,\"invalid_read\":2}\n");
    /* one game: "game", not "games" */
    counts = (rgn_db_import_counts){.invalid = 1, .positions = 1};
    assert_counts_written(&counts, RGN_DB_TEXT,
                          "1 game stored (0 valid, 1 invalid), 0 already "
                          "there, 1 positions indexed\n");
    rgn_error error;
    assert_int_equal(rgn_db_import_counts_write(stdout, &counts,
                                                (enum rgn_db_format)2, &error),
                     -1);
    assert_string_equal(error.message, "2 is no enum rgn_db_format");
}

static void tree_games(void **state)
{
    (void)state;
    rgn_db *db = database("games.rgndb", games);
    const rgn_variant *found[2];
    rgn_error error;
    const rgn_variant *chess = rgn_variant_find("chess");
    assert_int_equal(rgn_db_tree_games(db, NULL, "1. e4 e5", found, &error), 1);
    assert_ptr_equal(found[0], chess);
    assert_int_equal(rgn_db_tree_games(db, after_e4, NULL, found, &error), 1);
    assert_ptr_equal(found[0], chess);
    /* none reads it: the database's game says why */
    assert_int_equal(rgn_db_tree_games(db, NULL, "1. e5", found, &error), 0);
    assert_ptr_equal(found[0], chess);
    rgn_db_close(db);
    /* an empty database: the default game's start, or any game that
     * reads the position */
    db = database("empty.rgndb", NULL);
    assert_int_equal(rgn_db_tree_games(db, NULL, NULL, found, &error), 1);
    assert_ptr_equal(found[0], rgn_variant_default());
    assert_int_equal(rgn_db_tree_games(db, after_e4, NULL, found, &error), 1);
    rgn_position *pos = rgn_position_new(found[0], NULL);
    assert_int_equal(rgn_position_set_fen(pos, after_e4, &error), 0);
    rgn_position_free(pos);
    assert_int_equal(rgn_db_tree_games(db, "no position", NULL, found, &error),
                     0);
    assert_ptr_equal(found[0], rgn_variant_default());
    rgn_db_close(db);
}

/* The lines of text. */
static int lines(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

static void found_written(void **state)
{
    (void)state;
    rgn_db *db = database("find.rgndb", games);
    rgn_error error;
    rgn_criteria *criteria = rgn_criteria_new(&error);
    assert_non_null(criteria);
    assert_int_equal(
        rgn_criteria_add(criteria, RGN_CRITERION_MOVES, "1. e4", &error), 0);
    rgn_db_find_options options = {.size = sizeof options,
                                   .criteria = criteria};
    /* counted only */
    assert_int_equal(rgn_db_find_write(db, &options, NULL, &error), 2);
    /* a record each, numbered in the order found, with the ply */
    captured c;
    rgn_list_options listing = {
        .size = sizeof listing, .format = RGN_LIST_JSON, .ply = true};
    rgn_destination_options delivering = {.size = sizeof delivering,
                                          .listing = &listing};
    rgn_destination *d = rgn_destination_new(&delivering, capture(&c), &error);
    assert_non_null(d);
    assert_int_equal(rgn_db_find_write(db, &options, d, &error), 2);
    assert_int_equal(rgn_destination_finish(d, true, &error), 0);
    rgn_destination_free(d);
    char *text = captured_text(&c);
    assert_int_equal(lines(text), 2);
    assert_non_null(strstr(text, "\"ply\":1"));
    free(text);
    /* the games, marked where the position matched */
    rgn_writer_options writing = {.size = sizeof writing,
                                  .format = RGN_FORMAT_RGN};
    delivering = (rgn_destination_options){
        .size = sizeof delivering, .writing = &writing, .mark = true};
    d = rgn_destination_new(&delivering, capture(&c), &error);
    assert_non_null(d);
    assert_int_equal(rgn_db_find_write(db, &options, d, &error), 2);
    assert_int_equal(rgn_destination_finish(d, true, &error), 0);
    rgn_destination_free(d);
    text = captured_text(&c);
    assert_non_null(strstr(text, "[Event \"a\"]"));
    assert_non_null(strstr(text, "[Event \"b\"]"));
    assert_null(strstr(text, "[Event \"c\"]"));
    assert_non_null(strstr(text, "rgn: matched here"));
    free(text);
    /* a struct without its size */
    rgn_db_find_options unsized = {.criteria = criteria};
    assert_int_equal(rgn_db_find_write(db, &unsized, NULL, &error), -1);
    assert_non_null(strstr(error.message, "rgn_db_find_options"));
    rgn_criteria_free(criteria);
    rgn_db_close(db);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/test_db_answer.XXXXXX");
    if (!mkdtemp(dir))
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line_played),
        cmocka_unit_test(tree_written),
        cmocka_unit_test(stats_written),
        cmocka_unit_test(import_counts_written),
        cmocka_unit_test(tree_games),
        cmocka_unit_test(found_written),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    const char *const made[] = {"tree.rgndb", "games.rgndb", "empty.rgndb",
                                "find.rgndb"};
    for (size_t i = 0; i < sizeof made / sizeof *made; i++) {
        char path[128];
        snprintf(path, sizeof path, "%s/%s", dir, made[i]);
        unlink(path);
    }
    rmdir(dir);
    return failed;
}
