/*
 * test_db.c - the database (src/db/): every sample game stored and
 * exported again as the writer writes it straight from the validator;
 * damaged movetext blobs and tags objects refused with a message; which
 * files rgn_db_open takes and that it leaves the others as they were;
 * a second import of the same games storing nothing; databases merged
 * into the one an import of all their files makes, and the merges
 * refused leaving the database as it was.
 *
 * Usage: test_db SAMPLES_DIR
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "db/db.h"

static const char *samples;
static char dir[64]; /* a temporary directory for the databases */

static const char *const sample_files[] = {
    "club-championship.rgn",
    "king-mate.rgn",
    "live-broadcast.rgn",
    "promotion-attack.rgn",
    "rollerball-king-reach.rgn",
    "rollerball-mate.rgn",
    "rollerball-rebounds.rgn",
    "rollerball-stalemate.rgn",
    "rotary-chess-mongoose.rgn",
    "rotary-chess-promotions.rgn",
    "rotationary-abandoned.rgn",
    "chess-opera-game.pgn",
    "/extra.pgn", /* in dir: extra_games */
};
enum { SAMPLES = sizeof sample_files / sizeof sample_files[0] };

/* What the samples lack: null moves, nested variations, tags to escape,
 * castling on both sides in one game, an underpromotion. */
static const char extra_games[] =
    "[Event \"extra\"]\n[White \"A \\\"q\\\" \\\\ b\"]\n"
    "[Black \"Ünï 😀\"]\n\n"
    "1. e4 -- 2. d4 {a comment} $1 (2. Nf3 (2. c4 $2) e5) 2... d5 3. exd5 "
    "c6 4. dxc6 Nf6 5. cxb7 Nbd7 6. bxa8=N Bb7 7. Nf3 e6 8. Be2 Be7 "
    "9. O-O O-O *\n\n"
    "[FEN \"r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1\"]\n\n"
    "1. O-O O-O-O 2. -- Rd2 1/2-1/2\n\n";

static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("%s: cannot open", path);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
        fwrite(chunk, 1, n, out);
    fclose(f);
    fclose(out);
    *len = size;
    return text;
}

static void path_in_dir(char *path, size_t size, const char *name)
{
    snprintf(path, size, "%s/%s", dir, name);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Validates a sample file into sink (a .pgn as chess). */
static void validate(const char *name, const rgn_game_sink *sink, void *user)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", name[0] == '/' ? dir : samples,
             name + (name[0] == '/'));
    size_t len;
    char *text = read_file(path, &len);
    rgn_validator_options vo = {
        .size = sizeof vo,
        .variant = strstr(name, ".pgn") ? rgn_variant_find("Chess") : NULL,
        .sink = sink,
        .sink_user = user};
    rgn_validator *v = rgn_validator_new(&vo, NULL);
    assert_non_null(v);
    assert_int_equal(rgn_validator_feed(v, text, len), 0);
    assert_int_equal(rgn_validator_finish(v), 0);
    rgn_validator_free(v);
    free(text);
}

static const rgn_writer_options canonical = {
    .size = sizeof canonical, .format = RGN_FORMAT_RGN, .keep_invalid = true};

/* The duplicates an import or a merge told of, a line each. */
typedef struct copies_told {
    int count;
    char text[1024];
} copies_told;

static void tell_copy(void *user, const rgn_diagnostic *note)
{
    copies_told *told = user;
    size_t len = strlen(told->text);
    assert_int_equal(note->problem, RGN_N_ALREADY_STORED);
    snprintf(told->text + len, sizeof told->text - len,
             "%s:%u: game %llu is game %lld\n", note->file, note->where.line,
             (unsigned long long)note->game, (long long)note->copy_of);
    told->count++;
}

/* Imports the samples into a database at path: the counts; told (NULL:
 * none) gets the notes of the games not stored again. */
static rgn_db_import_counts import_told(const char *path, int first, int last,
                                        copies_told *told)
{
    rgn_error error;
    rgn_db *db = rgn_db_open(path, true, &error);
    if (!db)
        fail_msg("%s", error.message);
    rgn_db_import_options options = {.size = sizeof options,
                                     .variations = true,
                                     .report = told ? tell_copy : NULL,
                                     .user = told};
    rgn_db_importer *importer = rgn_db_importer_new(db, &options, &error);
    if (!importer)
        fail_msg("%s", error.message);
    for (int i = first; i <= last; i++) {
        rgn_db_importer_sink()->input(importer, sample_files[i]);
        validate(sample_files[i], rgn_db_importer_sink(), importer);
    }
    rgn_db_import_counts counts;
    if (rgn_db_importer_finish(importer, &counts, &error) < 0)
        fail_msg("%s", error.message);
    rgn_db_importer_free(importer); /* its statements, before the commit */
    if (rgn_db_commit(db, &error) < 0)
        fail_msg("%s", error.message);
    rgn_db_close(db);
    return counts;
}

static rgn_db_import_counts import(const char *path, int first, int last)
{
    return import_told(path, first, last, NULL);
}

static int export_game(void *user, const rgn_db_found *found)
{
    rgn_writer *writer = user;
    assert_int_equal(rgn_game_replay(found->game, NULL, -1,
                                     rgn_writer_sink(writer), writer, NULL),
                     0);
    return 0;
}

/* Every game of the database at path, written as canonical RGN. */
static char *export(const char *path)
{
    rgn_error error;
    rgn_db *db = rgn_db_open(path, false, &error);
    if (!db)
        fail_msg("%s", error.message);
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    rgn_writer *writer = rgn_writer_new(&canonical, out, NULL);
    rgn_db_find_options options = {
        .size = sizeof options, .found = export_game, .user = writer};
    if (rgn_db_find(db, &options, &error) < 0)
        fail_msg("%s", error.message);
    assert_int_equal(rgn_writer_finish(writer, NULL), 0);
    rgn_writer_free(writer);
    fclose(out);
    rgn_db_close(db);
    return text;
}

/* The samples (comments, NAGs, variations, null moves, promotions,
 * castling, Rotary's turns, invalid games) come out of the database as
 * the writer writes them from the validator. */
static void round_trip(void **state)
{
    (void)state;
    char path[128];
    path_in_dir(path, sizeof path, "samples.rgndb");
    rgn_db_import_counts counts = import(path, 0, SAMPLES - 1);
    assert_true(counts.games > 0);
    assert_int_equal(counts.duplicates, 0);

    char *expected = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&expected, &len);
    rgn_writer *writer = rgn_writer_new(&canonical, out, NULL);
    for (int i = 0; i < SAMPLES; i++)
        validate(sample_files[i], rgn_writer_sink(writer), writer);
    assert_int_equal(rgn_writer_finish(writer, NULL), 0);
    rgn_writer_free(writer);
    fclose(out);

    assert_non_null(strstr(expected, "6. bxa8=N Bb7"));
    assert_non_null(strstr(expected, "1. O-O O-O-O 2. -- Rd2"));
    char *exported = export(path);
    assert_string_equal(exported, expected);
    free(exported);
    free(expected);
    unlink(path);
}

/* The same games imported again are counted as duplicates and not
 * stored twice, each told as a note with its input, line and number and
 * the game of the database it copies (the samples read by hand: the
 * club championship's games begin on lines 1 and 30). */
static void imported_twice(void **state)
{
    (void)state;
    char path[128];
    path_in_dir(path, sizeof path, "twice.rgndb");
    rgn_db_import_counts first = import(path, 0, 1);
    char *before = export(path);
    copies_told told = {0};
    rgn_db_import_counts second = import_told(path, 0, 1, &told);
    assert_string_equal(told.text,
                        "club-championship.rgn:1: game 1 is game 1\n"
                        "club-championship.rgn:30: game 2 is game 2\n"
                        "king-mate.rgn:1: game 1 is game 3\n");
    assert_true(first.games > 0);
    assert_int_equal(first.duplicates, 0);
    assert_int_equal(second.games, first.games);
    assert_int_equal(second.duplicates, first.games);
    char *after = export(path);
    assert_string_equal(after, before);
    rgn_error error;
    rgn_db *db = rgn_db_open(path, false, &error);
    assert_non_null(db);
    rgn_db_stats stats;
    assert_int_equal(rgn_db_info(db, &stats, &error), 0);
    assert_int_equal(stats.games, first.games);
    rgn_db_close(db);
    free(before);
    free(after);
    unlink(path);
}

/* ------------------------------------------------------------------ */
/* Damaged movetext blobs                                             */

typedef struct heard {
    char text[256];
} heard;

static void heard_move(void *user, rgn_position *before, rgn_move move,
                       const char *san)
{
    (void)before;
    (void)move;
    heard *h = user;
    size_t n = strlen(h->text);
    snprintf(h->text + n, sizeof h->text - n, "%s ", san);
}

static const rgn_game_sink hearing = {.move = heard_move};

/* Decodes a chess game's blob: 0 with the moves heard, or -1 with the
 * message. */
static int decode(const uint8_t *blob, size_t len, char *said, size_t size)
{
    db_stored_game stored = {.id = 1,
                             .variant = "Chess",
                             .result = "*",
                             .tags = "{}",
                             .moves = blob,
                             .moves_len = len,
                             .valid = true};
    heard h = {""};
    rgn_error error = {0};
    int status = db_decode_game(&stored, false, &hearing, &h, &error);
    snprintf(said, size, "%s", status == 0 ? h.text : error.message);
    return status;
}

#define DAMAGED(message, ...)                                                  \
    do {                                                                       \
        const uint8_t blob[] = {__VA_ARGS__};                                  \
        char said[256];                                                        \
        assert_int_equal(decode(blob, sizeof blob, said, sizeof said), -1);    \
        assert_string_equal(said, "a damaged game: " message);                 \
    } while (0)

/* Chess: a square's index is rank * 8 + file; a move's code is
 * (from * 64 + to) * 2 + DB_TOKENS, a varint. */
enum { E2E4_LOW = 0xC0, E2E4_HIGH = 0x0C, D2D4_LOW = 0xBE, D2D4_HIGH = 0x0B };

static void damaged_blobs(void **state)
{
    (void)state;
    char said[256];
    const uint8_t good[] = {TOKEN_START,           E2E4_LOW,  E2E4_HIGH,
                            TOKEN_BEGIN_VARIATION, D2D4_LOW,  D2D4_HIGH,
                            TOKEN_END_VARIATION,   TOKEN_NAG, 1};
    assert_int_equal(decode(good, sizeof good, said, sizeof said), 0);
    assert_string_equal(said, "e4 d4 ");
    /* no moves: SQLite's empty blob is NULL (found by fuzz_db_blob) */
    assert_int_equal(decode(NULL, 0, said, sizeof said), 0);

    DAMAGED("its moves are cut short", TOKEN_START, E2E4_LOW);
    DAMAGED("its moves are cut short", TOKEN_START, 0xFF, 0xFF, 0xFF, 0xFF,
            0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01);   /* 11 bytes */
    DAMAGED("an illegal move", TOKEN_START, 0xD0, 0x0C); /* e2-e5 */
    DAMAGED("a move from or to no square", TOKEN_START, 0x88, 0x40);
    /* a code far past the board's squares (the decoder's table of
     * squares is read only for codes within it) */
    DAMAGED("a move from or to no square", TOKEN_START, 0xFF, 0xFF, 0xFF, 0xFF,
            0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01);
    DAMAGED("a move before the start", E2E4_LOW, E2E4_HIGH);
    DAMAGED("two starts", TOKEN_START, TOKEN_START);
    DAMAGED("a variation that does not end", TOKEN_START, E2E4_LOW, E2E4_HIGH,
            TOKEN_BEGIN_VARIATION, D2D4_LOW, D2D4_HIGH);
    DAMAGED("a variation ended that did not begin", TOKEN_START,
            TOKEN_END_VARIATION);
    DAMAGED("a variation before any move", TOKEN_START, TOKEN_BEGIN_VARIATION);
    DAMAGED("a comment cut short", TOKEN_START, TOKEN_COMMENT, 5, 'a');
    DAMAGED("a NAG cut short", TOKEN_START, TOKEN_NAG);
    DAMAGED("a NAG cut short", TOKEN_START, TOKEN_NAG, 0x80, 0x02); /* 256 */
    DAMAGED("an unchecked text cut short", TOKEN_START, TOKEN_UNCHECKED, 4,
            'a');
    DAMAGED("an unknown token", TOKEN_START, 7);
}

/* ------------------------------------------------------------------ */
/* The tags object                                                    */

typedef struct tag_list {
    rgn_buffer text; /* name=value\n each */
} tag_list;

static void each_tag(void *user, rgn_span name, rgn_span value)
{
    tag_list *t = user;
    rgn_buffer_append(&t->text, name.data, name.len);
    rgn_buffer_append(&t->text, "=", 1);
    rgn_buffer_append(&t->text, value.data, value.len);
    rgn_buffer_append(&t->text, "\n", 1);
}

/* The tags of json as "name=value\n..." (NULL when refused), to free. */
static char *tags_of(const char *json)
{
    tag_list t = {{0}};
    if (db_tags_read(json, strlen(json), each_tag, &t) < 0) {
        rgn_buffer_free(&t.text);
        return NULL;
    }
    rgn_buffer_append(&t.text, "", 1);
    return t.text.data;
}

static void tags(void **state)
{
    (void)state;
    static const char *const values[] = {"Tal",
                                         "a \"quoted\" name",
                                         "back\\slash",
                                         "tab\there\nnewline\x01",
                                         "Café Ünïcode 象棋 😀",
                                         ""};
    rgn_buffer json = {0};
    db_tags_begin(&json);
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        char name[8];
        snprintf(name, sizeof name, "T%zu", i);
        db_tags_add(&json, (rgn_span){name, strlen(name)},
                    (rgn_span){values[i], strlen(values[i])});
    }
    db_tags_end(&json);
    rgn_buffer_append(&json, "", 1);
    char *read = tags_of(json.data);
    assert_non_null(read);
    assert_string_equal(read, "T0=Tal\nT1=a \"quoted\" name\nT2=back\\slash\n"
                              "T3=tab\there\nnewline\x01\n"
                              "T4=Café Ünïcode 象棋 😀\nT5=\n");
    free(read);
    rgn_buffer_free(&json);

    /* escapes another writer may have used (SQLite's JSON functions) */
    read = tags_of(" { \"E\\u0301\" : \"\\ud83d\\ude00 \\u00e9\\/\\b\\f\\r\" "
                   "} ");
    assert_string_equal(read, "E\xcc\x81=😀 é/\b\f\r\n");
    free(read);
    read = tags_of("{}");
    assert_string_equal(read, "");
    free(read);

    static const char *const refused[] = {
        "",
        "[]",
        "{\"a\":\"b\"",
        "{\"a\":\"b\",}",
        "{\"a\":1}",
        "{\"a\":\"b\"} x",
        "{\"a\":\"\\ud83d\"}",        /* half a surrogate pair */
        "{\"a\":\"\\ude00\"}",        /* the other half alone */
        "{\"a\":\"\\ud83d\\u0041\"}", /* not a low surrogate */
        "{\"a\":\"\\x\"}",
        "{\"a\":\"\\u12\"}",
        "{\"a\":\"new\nline\"}", /* a control character as it is */
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        read = tags_of(refused[i]);
        if (read)
            fail_msg("%s: read as %s", refused[i], read);
    }
}

/* ------------------------------------------------------------------ */
/* Opening files                                                      */

static void sql(const char *path, const char *statements)
{
    sqlite3 *db;
    assert_int_equal(sqlite3_open(path, &db), SQLITE_OK);
    assert_int_equal(sqlite3_exec(db, statements, NULL, NULL, NULL), SQLITE_OK);
    sqlite3_close(db);
}

/* path cannot be opened, to read or to write, with a message holding
 * says, and is left as it was. */
static void refused_file(const char *path, const char *says)
{
    size_t len_before, len_after;
    char *before = read_file(path, &len_before);
    for (int write = 0; write <= 1; write++) {
        rgn_error error = {0};
        rgn_db *db = rgn_db_open(path, write, &error);
        if (db)
            fail_msg("%s opened (write %d)", path, write);
        if (!strstr(error.message, says))
            fail_msg("%s: \"%s\" does not say \"%s\"", path, error.message,
                     says);
    }
    char *after = read_file(path, &len_after);
    assert_int_equal(len_after, len_before);
    assert_memory_equal(after, before, len_before);
    free(before);
    free(after);
}

/* The files in dir: their number. */
static int files_in_dir(void)
{
    char command[128];
    snprintf(command, sizeof command, "ls -A %s | wc -l", dir);
    FILE *p = popen(command, "r");
    int n = -1;
    assert_int_equal(fscanf(p, "%d", &n), 1);
    pclose(p);
    return n;
}

static void opening(void **state)
{
    (void)state;
    char path[128];
    rgn_error error = {0};
    int files = files_in_dir();

    /* a missing file: not to read; to write, made at the commit only */
    path_in_dir(path, sizeof path, "missing.rgndb");
    assert_null(rgn_db_open(path, false, &error));
    assert_non_null(strstr(error.message, strerror(ENOENT)));
    assert_false(exists(path));
    rgn_db *db = rgn_db_open(path, true, &error);
    assert_non_null(db);
    assert_false(exists(path));
    rgn_db_close(db);
    assert_false(exists(path));
    assert_int_equal(files_in_dir(), files); /* no temporary file left */
    db = rgn_db_open(path, true, &error);
    assert_non_null(db);
    assert_int_equal(rgn_db_commit(db, &error), 0);
    assert_true(exists(path));
    rgn_db_close(db);
    db = rgn_db_open(path, false, &error);
    assert_non_null(db);
    rgn_db_stats stats;
    assert_int_equal(rgn_db_info(db, &stats, &error), 0);
    assert_int_equal(stats.games, 0);
    assert_int_equal(stats.schema_version, DB_SCHEMA_VERSION);
    rgn_db_close(db);

    /* a newer rgn's database */
    sql(path, "PRAGMA user_version = 99");
    refused_file(path, "newer");
    unlink(path);

    /* a text file, and another program's SQLite file */
    path_in_dir(path, sizeof path, "text.rgndb");
    write_file(path, "[White \"Tal\"]\n\n1. e4 *\n");
    refused_file(path, "not an rgn database");
    unlink(path);
    path_in_dir(path, sizeof path, "other.sqlite");
    sql(path, "PRAGMA application_id = 1234; CREATE TABLE t(x);"
              "INSERT INTO t VALUES (1)");
    refused_file(path, "not an rgn database");
    unlink(path);
    path_in_dir(path, sizeof path, "plain.sqlite"); /* no application id */
    sql(path, "CREATE TABLE games(x)");
    refused_file(path, "not an rgn database");
    unlink(path);
    assert_int_equal(files_in_dir(), files);
}

/* What a reader does with a file edited or damaged where SQLite cannot
 * tell (found by fuzz_db_file): -1 with a message, or an answer, never
 * a crash. */
static int64_t find_position(const char *path, rgn_error *error)
{
    rgn_db *db = rgn_db_open(path, false, error);
    if (!db)
        return -1;
    rgn_criteria *criteria = rgn_criteria_new(NULL);
    assert_int_equal(rgn_criteria_add(criteria, RGN_CRITERION_POSITION,
                                      "r>S7r>S/1s>Na>St>Nk>NEt>Na>Ss>N1/"
                                      "ppppppppp/9/9/9/PPPPPPPPP/"
                                      "1S>NA>NT>SK>NET>SA>NS>N1/R>N7R>N w 0 1",
                                      error),
                     0);
    rgn_db_find_options options = {
        .size = sizeof options, .criteria = criteria, .count_only = true};
    int64_t found = rgn_db_find(db, &options, error);
    rgn_criteria_free(criteria);
    rgn_db_close(db);
    return found;
}

static void damaged_files(void **state)
{
    (void)state;
    char path[128];
    path_in_dir(path, sizeof path, "damaged.rgndb");
    import(path, 0, 0); /* Rotary games from the start */
    rgn_error error = {0};
    int64_t games = find_position(path, &error);
    assert_true(games > 0);

    /* a rule set without a name is none */
    sql(path, "DROP TABLE variants; CREATE TABLE variants(name TEXT);"
              "INSERT INTO variants VALUES (NULL), ('Rotary')");
    assert_int_equal(find_position(path, &error), games);
    /* the index's game numbers out of order */
    sql(path, "UPDATE segments SET first_game = last_game + 1");
    assert_int_equal(find_position(path, &error), -1);
    assert_string_equal(error.message, "the database is damaged (segments)");
    sql(path, "UPDATE segments SET first_game = 0");
    assert_int_equal(find_position(path, &error), -1);
    assert_string_equal(error.message, "the database is damaged (segments)");
    /* a negative schema version is a number (it was taken for a failure
     * without a message) */
    sql(path, "PRAGMA user_version = -62463");
    refused_file(path, "not an rgn database (schema version -62463)");
    unlink(path);

    /* a commit while an importer is alive says why it fails */
    rgn_db *db = rgn_db_open(path, true, &error);
    assert_non_null(db);
    rgn_db_importer *importer = rgn_db_importer_new(db, NULL, &error);
    assert_non_null(importer);
    assert_int_equal(rgn_db_commit(db, &error), -1);
    /* not "another import is writing": the importer is the caller's */
    assert_non_null(strstr(error.message, "while an importer of it is not "
                                          "freed"));
    rgn_db_importer_free(importer);
    rgn_db_close(db);
    unlink(path);
}

/* ------------------------------------------------------------------ */
/* Merging                                                            */

static void copy_file(const char *from, const char *to)
{
    size_t len;
    char *bytes = read_file(from, &len);
    FILE *f = fopen(to, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(bytes, 1, len, f), len);
    fclose(f);
    free(bytes);
}

/* Whether a new database's temporary file (.NAME.XXXXXX) is left. */
static bool temporary_left(const char *name)
{
    char command[256];
    snprintf(command, sizeof command, "ls -A %s | grep -c '^\\.%s\\.'", dir,
             name);
    FILE *p = popen(command, "r");
    int n = -1;
    assert_int_equal(fscanf(p, "%d", &n), 1);
    pclose(p);
    return n != 0;
}

/* Merges the databases into the one at path, committed when the merge
 * succeeds: rgn_db_merge's status. */
static int merge(const char *path, const char *const *inputs, size_t count,
                 copies_told *told, rgn_db_import_counts *counts,
                 rgn_error *error)
{
    rgn_db *db = rgn_db_open(path, true, error);
    if (!db)
        fail_msg("%s", error->message);
    rgn_db_merge_options options = {
        .size = sizeof options, .report = tell_copy, .user = told};
    int status =
        rgn_db_merge(db, inputs, count, told ? &options : NULL, counts, error);
    if (status == 0 && rgn_db_commit(db, error) < 0)
        fail_msg("%s", error->message);
    rgn_db_close(db);
    return status;
}

/* How many games of the database at path reached the position (found
 * through the index). */
static int64_t games_at(const char *path, const char *position)
{
    rgn_error error;
    rgn_db *db = rgn_db_open(path, false, &error);
    if (!db)
        fail_msg("%s", error.message);
    rgn_criteria *criteria = rgn_criteria_new(NULL);
    assert_int_equal(
        rgn_criteria_add(criteria, RGN_CRITERION_POSITION, position, &error),
        0);
    rgn_db_find_options options = {
        .size = sizeof options, .criteria = criteria, .count_only = true};
    int64_t found = rgn_db_find(db, &options, &error);
    if (found < 0)
        fail_msg("%s", error.message);
    rgn_criteria_free(criteria);
    rgn_db_close(db);
    return found;
}

/* The opening tree of a rule set's start in the database at path, as
 * "games: move games white draws black, ...". */
static void tree_at(const char *path, const char *variant, char *text,
                    size_t size)
{
    rgn_error error;
    rgn_db *db = rgn_db_open(path, false, &error);
    if (!db)
        fail_msg("%s", error.message);
    rgn_position *start = rgn_position_new(rgn_variant_find(variant), NULL);
    assert_non_null(start);
    rgn_db_tree tree;
    if (rgn_db_tree_of(db, start, &tree, &error) < 0)
        fail_msg("%s", error.message);
    size_t len =
        (size_t)snprintf(text, size, "%llu:", (unsigned long long)tree.games);
    for (size_t i = 0; i < tree.count && len < size; i++)
        len += (size_t)snprintf(text + len, size - len,
                                " %s %llu %llu %llu %llu", tree.moves[i].san,
                                (unsigned long long)tree.moves[i].games,
                                (unsigned long long)tree.moves[i].white,
                                (unsigned long long)tree.moves[i].draws,
                                (unsigned long long)tree.moves[i].black);
    rgn_db_tree_free(&tree);
    rgn_position_free(start);
    rgn_db_close(db);
}

static const char rotary_start[] = "r>S7r>S/1s>Na>St>Nk>NEt>Na>Ss>N1/"
                                   "ppppppppp/9/9/9/PPPPPPPPP/"
                                   "1S>NA>NT>SK>NET>SA>NS>N1/R>N7R>N w 0 1";
static const char chess_e4[] =
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

/* Two databases of overlapping samples merged: the database one import
 * of every sample makes (the same games, numbers, index answers and
 * tree), the games of the overlap told of as copies and not stored. */
static void merged_as_imported(void **state)
{
    (void)state;
    char whole[128], first[128], second[128], merged[128];
    path_in_dir(whole, sizeof whole, "whole.rgndb");
    path_in_dir(first, sizeof first, "first.rgndb");
    path_in_dir(second, sizeof second, "second.rgndb");
    path_in_dir(merged, sizeof merged, "merged.rgndb");
    rgn_db_import_counts all = import(whole, 0, SAMPLES - 1);
    rgn_db_import_counts a = import(first, 0, 5);
    rgn_db_import_counts b = import(second, 3, SAMPLES - 1);
    rgn_db_import_counts overlap = import(merged, 3, 5);
    unlink(merged);

    const char *const inputs[] = {first, second};
    copies_told told = {0, ""};
    rgn_db_import_counts counts;
    rgn_error error;
    assert_int_equal(merge(merged, inputs, 2, &told, &counts, &error), 0);
    assert_int_equal(counts.games, a.games + b.games);
    assert_int_equal(counts.duplicates, overlap.games);
    assert_int_equal(told.count, overlap.games);
    assert_int_equal(counts.valid + counts.invalid, all.valid + all.invalid);
    assert_int_equal(counts.positions, all.positions);
    /* the second input's first game is the first game of sample 3 */
    char expected[128];
    snprintf(expected, sizeof expected, "%s:1: game 1 is game %llu\n",
             sample_files[3],
             (unsigned long long)(a.valid + a.invalid - overlap.valid -
                                  overlap.invalid + 1));
    assert_memory_equal(told.text, expected, strlen(expected));

    char *want = export(whole), *got = export(merged);
    assert_string_equal(got, want);
    free(want);
    free(got);
    assert_int_equal(games_at(merged, rotary_start),
                     games_at(whole, rotary_start));
    assert_int_equal(games_at(merged, chess_e4), games_at(whole, chess_e4));
    char tree_want[512], tree_got[512];
    tree_at(whole, "Rotary", tree_want, sizeof tree_want);
    tree_at(merged, "Rotary", tree_got, sizeof tree_got);
    assert_string_equal(tree_got, tree_want);

    /* merged again: every game is there already */
    told = (copies_told){0, ""};
    assert_int_equal(merge(merged, inputs, 2, &told, &counts, &error), 0);
    assert_int_equal(counts.duplicates, counts.games);
    got = export(merged);
    want = export(whole);
    assert_string_equal(got, want);
    free(want);
    free(got);
    unlink(whole);
    unlink(merged);
    unlink(second);
    unlink(first);
}

/* A merge refused (an input missing, not a database, damaged, or the
 * database itself) says which file and leaves the database as it was:
 * a new one not made. */
static void merge_refused(void **state)
{
    (void)state;
    char good[128], out[128], text[128], damaged[128], missing[128];
    path_in_dir(good, sizeof good, "good.rgndb");
    path_in_dir(out, sizeof out, "out.rgndb");
    path_in_dir(text, sizeof text, "text.rgndb");
    path_in_dir(damaged, sizeof damaged, "damaged.rgndb");
    path_in_dir(missing, sizeof missing, "missing.rgndb");
    import(good, 0, 2);
    import(damaged, 1, 4); /* its index loses sample 1 and 2's games */
    write_file(text, "[White \"Tal\"]\n\n1. e4 *\n");

    struct {
        const char *input, *says;
    } cases[] = {
        {missing, "No such file or directory"},
        {text, "not an rgn database"},
        {damaged, "the database is damaged (the index)"},
    };
    sql(damaged, "UPDATE positions SET games = x'0102'");
    rgn_error error;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *inputs[] = {good, cases[i].input};
        copies_told told = {0, ""};
        assert_int_equal(merge(out, inputs, 2, &told, NULL, &error), -1);
        char expected[256];
        snprintf(expected, sizeof expected, "%s: %s", cases[i].input,
                 cases[i].says);
        /* what it says, then maybe SQLite's words */
        assert_memory_equal(error.message, expected, strlen(expected));
        assert_false(exists(out));
        assert_false(temporary_left("out.rgndb"));
    }

    /* into a database that exists, which is also an input */
    copy_file(good, out);
    size_t len_before, len_after;
    char *before = read_file(out, &len_before);
    const char *inputs[] = {good, out};
    assert_int_equal(merge(out, inputs, 2, NULL, NULL, &error), -1);
    char expected[256];
    snprintf(expected, sizeof expected, "%s: the database merged into", out);
    assert_memory_equal(error.message, expected, strlen(expected));
    inputs[1] = damaged;
    assert_int_equal(merge(out, inputs, 2, NULL, NULL, &error), -1);
    char *after = read_file(out, &len_after);
    assert_int_equal(len_after, len_before);
    assert_memory_equal(after, before, len_before);
    free(before);
    free(after);
    unlink(out);
    unlink(good);
    unlink(damaged);
    unlink(text);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_db SAMPLES_DIR\n");
        return 2;
    }
    samples = argv[1];
    snprintf(dir, sizeof dir, "/tmp/test_db.XXXXXX");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 2;
    }
    char extra[128];
    path_in_dir(extra, sizeof extra, "extra.pgn");
    write_file(extra, extra_games);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(imported_twice),
        cmocka_unit_test(damaged_blobs),
        cmocka_unit_test(tags),
        cmocka_unit_test(opening),
        cmocka_unit_test(damaged_files),
        cmocka_unit_test(merged_as_imported),
        cmocka_unit_test(merge_refused),
    };
    int failed = cmocka_run_group_tests(tests, NULL, NULL);
    unlink(extra);
    rmdir(dir);
    return failed;
}
