/*
 * test_db_merge.c - rgn_db_merge (rgn.h, "Merging databases") over
 * databases imported from a few known chess games: the games the merged
 * database holds, in which order and under which numbers, the copies it
 * was told of (across databases and with the one merged into), and its
 * counts. Every expected value is read off the games below. The
 * databases live in a temporary folder, removed at the end.
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

/* Each game is 6 lines: three tags, a blank line, its moves, a blank
 * line; so the second game of a file begins at line 7, the third at 13. */
static const char a_pgn[] = /* games A1 (7 plies), A2 (2), A3 (1) */
    "[White \"A1\"]\n[Black \"x\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[White \"A2\"]\n[Black \"x\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n"
    "[White \"A3\"]\n[Black \"x\"]\n[Result \"*\"]\n\n1. c4 *\n\n";
/* B1 is A2 again (tags, start and moves): a copy; B3 has A2's moves
 * under another White: no copy. B2 has 4 plies, B3 2. */
static const char b_pgn[] =
    "[White \"A2\"]\n[Black \"x\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n"
    "[White \"B2\"]\n[Black \"x\"]\n[Result \"0-1\"]\n\n"
    "1. f3 e5 2. g4 Qh4# 0-1\n\n"
    "[White \"B3\"]\n[Black \"x\"]\n[Result \"*\"]\n\n1. d4 d5 *\n\n";
static const char c_pgn[] = /* C1, 1 ply */
    "[White \"C1\"]\n[Black \"x\"]\n[Result \"*\"]\n\n1. h4 *\n\n";

static char dir[64];

static void path_in_dir(char *path, size_t size, const char *name)
{
    snprintf(path, size, "%s/%s", dir, name);
}

/* Imports text, named file, into a new database at path. */
static void import(const char *path, const char *file, const char *text)
{
    rgn_error error;
    rgn_db *db = rgn_db_open(path, true, &error);
    if (!db)
        fail_msg("%s", error.message);
    rgn_db_importer *importer = rgn_db_importer_new(db, NULL, &error);
    if (!importer)
        fail_msg("%s", error.message);
    rgn_db_importer_sink()->input(importer, file);
    rgn_validator_options vo = {.size = sizeof vo,
                                .variant = rgn_variant_find("Chess"),
                                .sink = rgn_db_importer_sink(),
                                .sink_user = importer};
    rgn_validator *v = rgn_validator_new(&vo, NULL);
    assert_non_null(v);
    assert_int_equal(rgn_validator_feed(v, text, strlen(text)), 0);
    assert_int_equal(rgn_validator_finish(v), 0);
    rgn_validator_free(v);
    if (rgn_db_importer_finish(importer, NULL, &error) < 0)
        fail_msg("%s", error.message);
    rgn_db_importer_free(importer);
    if (rgn_db_commit(db, &error) < 0)
        fail_msg("%s", error.message);
    rgn_db_close(db);
}

/* The copies a merge was told of, "FILE:LINE:NUMBER=COPY_OF" each: notes
 * RGN_N_ALREADY_STORED whose message says the same. */
static void on_copy(void *user, const rgn_diagnostic *note)
{
    char *text = user;
    size_t n = strlen(text);
    assert_int_equal(note->problem, RGN_N_ALREADY_STORED);
    assert_int_equal(note->severity, RGN_NOTE);
    assert_string_equal(rgn_problem_code(note->problem), "already-stored");
    char message[96];
    snprintf(message, sizeof message,
             "game %llu is game %lld of the database: not stored again",
             (unsigned long long)note->game, (long long)note->copy_of);
    assert_string_equal(note->message, message);
    assert_int_equal(note->game_offset, note->where.offset);
    snprintf(text + n, 256 - n, "%s%s:%u:%llu=%lld", n ? " " : "", note->file,
             (unsigned)note->where.line, (unsigned long long)note->game,
             (long long)note->copy_of);
}

/* Merges the databases at inputs into the one at path (made when
 * missing) and commits; copies gets what the merge was told. */
static rgn_db_import_counts merge(const char *path, const char *const *inputs,
                                  size_t count, char copies[256])
{
    rgn_error error;
    rgn_db *db = rgn_db_open(path, true, &error);
    if (!db)
        fail_msg("%s", error.message);
    copies[0] = '\0';
    rgn_db_merge_options options = {
        .size = sizeof options, .report = on_copy, .user = copies};
    rgn_db_import_counts counts;
    if (rgn_db_merge(db, inputs, count, &options, &counts, &error) < 0)
        fail_msg("%s", error.message);
    if (rgn_db_commit(db, &error) < 0)
        fail_msg("%s", error.message);
    rgn_db_close(db);
    return counts;
}

static int on_found(void *user, const rgn_db_found *found)
{
    char *text = user;
    size_t n = strlen(text);
    rgn_span white = {0};
    assert_true(rgn_game_tag(found->game, "White", &white));
    snprintf(text + n, 512 - n, "%s%lld:%s:%.*s:%d", n ? " " : "",
             (long long)found->id, found->file, (int)white.len, white.data,
             rgn_game_plies(found->game));
    return 0;
}

/* The games of the database at path, in its order:
 * "ID:FILE:WHITE:PLIES" each. */
static void games_of(const char *path, char text[512])
{
    rgn_error error;
    rgn_db *db = rgn_db_open(path, false, &error);
    if (!db)
        fail_msg("%s", error.message);
    text[0] = '\0';
    rgn_db_find_options options = {
        .size = sizeof options, .found = on_found, .user = text};
    int64_t found = rgn_db_find(db, &options, &error);
    if (found < 0)
        fail_msg("%s", error.message);
    rgn_db_close(db);
}

static void merged(void **state)
{
    (void)state;
    char a[128], b[128], c[128], ab[128], ba[128];
    path_in_dir(a, sizeof a, "a.rgndb");
    path_in_dir(b, sizeof b, "b.rgndb");
    path_in_dir(c, sizeof c, "c.rgndb");
    path_in_dir(ab, sizeof ab, "ab.rgndb");
    path_in_dir(ba, sizeof ba, "ba.rgndb");
    import(a, "a.pgn", a_pgn);
    import(b, "b.pgn", b_pgn);
    import(c, "c.pgn", c_pgn);
    char copies[256], games[512];

    /* a then b into a new database: b's first game is a's second */
    const char *const a_b[] = {a, b};
    rgn_db_import_counts counts = merge(ab, a_b, 2, copies);
    assert_string_equal(copies, "b.pgn:1:1=2");
    assert_int_equal(counts.games, 6);
    assert_int_equal(counts.duplicates, 1);
    assert_int_equal(counts.valid, 5);
    assert_int_equal(counts.invalid, 0);
    assert_int_equal(counts.plies, 7 + 2 + 1 + 4 + 2);
    games_of(ab, games);
    assert_string_equal(games, "1:a.pgn:A1:7 2:a.pgn:A2:2 3:a.pgn:A3:1 "
                               "4:b.pgn:B2:4 5:b.pgn:B3:2");

    /* b then a: the order of the inputs; a's second game is b's first */
    const char *const b_a[] = {b, a};
    counts = merge(ba, b_a, 2, copies);
    assert_string_equal(copies, "a.pgn:7:2=1");
    assert_int_equal(counts.games, 6);
    assert_int_equal(counts.duplicates, 1);
    games_of(ba, games);
    assert_string_equal(games, "1:b.pgn:A2:2 2:b.pgn:B2:4 3:b.pgn:B3:2 "
                               "4:a.pgn:A1:7 5:a.pgn:A3:1");

    /* into a database with games: numbered on from its last */
    const char *const only_b[] = {b};
    counts = merge(c, only_b, 1, copies);
    assert_string_equal(copies, "");
    assert_int_equal(counts.games, 3);
    assert_int_equal(counts.duplicates, 0);
    assert_int_equal(counts.valid, 3);
    games_of(c, games);
    assert_string_equal(games, "1:c.pgn:C1:1 2:b.pgn:A2:2 3:b.pgn:B2:4 "
                               "4:b.pgn:B3:2");

    /* merged again: every game is there already, nothing is stored */
    counts = merge(ab, a_b, 2, copies);
    assert_string_equal(copies, "a.pgn:1:1=1 a.pgn:7:2=2 a.pgn:13:3=3 "
                                "b.pgn:1:1=2 b.pgn:7:2=4 b.pgn:13:3=5");
    assert_int_equal(counts.games, 6);
    assert_int_equal(counts.duplicates, 6);
    assert_int_equal(counts.valid + counts.invalid, 0);
    assert_int_equal(counts.plies, 0);
    games_of(ab, games);
    assert_string_equal(games, "1:a.pgn:A1:7 2:a.pgn:A2:2 3:a.pgn:A3:1 "
                               "4:b.pgn:B2:4 5:b.pgn:B3:2");

    const char *const made[] = {a, b, c, ab, ba};
    for (size_t i = 0; i < sizeof made / sizeof made[0]; i++)
        assert_int_equal(unlink(made[i]), 0);
}

/* The database's options carry their size (rgn.h, "Errors"): an older
 * caller's smaller struct is taken with defaults for the rest (junk
 * beyond its size is never read), a size of 0 is refused by name. */
static void options_carry_their_size(void **state)
{
    (void)state;
    char a[128], none[128];
    path_in_dir(a, sizeof a, "sized.rgndb");
    path_in_dir(none, sizeof none, "none.rgndb");
    import(a, "a.pgn", a_pgn);
    rgn_error error;
    rgn_db *db = rgn_db_open(a, false, &error);
    if (!db)
        fail_msg("%s", error.message);
    rgn_db_find_options older;
    memset(&older, 0xA5, sizeof older); /* found, user, limit: junk */
    older.size = offsetof(rgn_db_find_options, edits) + sizeof older.edits;
    older.criteria = NULL;
    older.invert = older.valid_only = false;
    older.edits = NULL;
    assert_int_equal(rgn_db_find(db, &older, &error), 3);
    rgn_db_find_options unsized = {.found = on_found};
    assert_int_equal(rgn_db_find(db, &unsized, &error), -1);
    assert_string_equal(error.message, "rgn_db_find_options: size is 0 "
                                       "(set it to sizeof the struct)");
    assert_int_equal(rgn_db_find(db, &unsized, NULL), -1);
    rgn_db_close(db);

    db = rgn_db_open(none, true, &error);
    if (!db)
        fail_msg("%s", error.message);
    rgn_db_import_options import_options = {.variations = true};
    assert_null(rgn_db_importer_new(db, &import_options, &error));
    assert_string_equal(error.message, "rgn_db_import_options: size is 0 "
                                       "(set it to sizeof the struct)");
    const char *const inputs[] = {a};
    rgn_db_merge_options merge_options = {.report = on_copy};
    assert_int_equal(rgn_db_merge(db, inputs, 1, &merge_options, NULL, &error),
                     -1);
    assert_string_equal(error.message, "rgn_db_merge_options: size is 0 "
                                       "(set it to sizeof the struct)");
    rgn_db_close(db); /* nothing committed: no file */
    assert_int_equal(access(none, F_OK), -1);
    assert_int_equal(unlink(a), 0);
}

int main(void)
{
    snprintf(dir, sizeof dir, "/tmp/test_db_merge.XXXXXX");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(merged),
        cmocka_unit_test(options_carry_their_size),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    /* what a failed test left, then the folder */
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", dir);
    if (system(command) != 0)
        return 2;
    return failed;
}
