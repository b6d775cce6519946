/*
 * fuzz_db_file.c - libFuzzer target for a whole database file: the input
 * is written to a file, which is opened for reading; when it opens, what
 * reads it is run: rgn_db_info, rgn_db_find (every game, then by a
 * position), the opening tree of Rotary's and of Chess's start, and the
 * export of every game into a writer; then it is merged into a new
 * database, and merged again into that one with every other game taken
 * out (so that the rows of its index are read and rewritten). Any of
 * them may fail (-1 with a message), none may crash, and the file must
 * be left as it was.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sqlite3.h>
#include <unistd.h>

#include "rgn.h"

static char path[64], wal[64], shm[64], merged[64];
static FILE *null_output;

static int export_game(void *user, const rgn_db_found *found)
{
    rgn_writer *writer = user;
    if (found->id < 1)
        abort(); /* games are numbered from 1 */
    /* memory running out is no finding; the next game is exported */
    int rc = rgn_game_replay(found->game, NULL, -1, rgn_writer_sink(writer),
                             writer, NULL);
    (void)rc;
    return 0;
}

static void find(rgn_db *db, const rgn_criteria *criteria, rgn_writer *writer)
{
    rgn_db_find_options options = {.size = sizeof options,
                                   .criteria = criteria,
                                   .limit = 1000,
                                   .found = writer ? export_game : NULL,
                                   .user = writer,
                                   .count_only = !writer};
    rgn_error error = {0};
    if (rgn_db_find(db, &options, &error) < 0 && error.message[0] == '\0')
        abort(); /* a failure must say why */
}

static void tree(rgn_db *db, const char *variant)
{
    rgn_position *start = rgn_position_new(rgn_variant_find(variant), NULL);
    if (!start)
        abort(); /* out of memory */
    rgn_db_tree tree = {0};
    rgn_error error = {0};
    if (start && rgn_db_tree_of(db, start, &tree, &error) < 0 &&
        error.message[0] == '\0')
        abort();
    rgn_db_tree_free(&tree);
    rgn_position_free(start);
}

static void read_database(void)
{
    rgn_error error = {0};
    rgn_db *db = rgn_db_open(path, false, &error);
    if (!db) {
        if (error.message[0] == '\0')
            abort();
        return;
    }
    rgn_db_stats stats;
    if (rgn_db_info(db, &stats, &error) == 0 &&
        stats.valid + stats.invalid != stats.games)
        abort();
    find(db, NULL, NULL);
    rgn_criteria *criteria = rgn_criteria_new(NULL);
    if (criteria &&
        rgn_criteria_add(criteria, RGN_CRITERION_POSITION,
                         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b "
                         "KQkq - 0 1",
                         &error) == 0)
        find(db, criteria, NULL);
    rgn_criteria_free(criteria);
    tree(db, "Rotary");
    tree(db, "Chess");
    rgn_writer_options options = {
        .size = sizeof options, .format = RGN_FORMAT_RGN, .keep_invalid = true};
    rgn_writer *writer = rgn_writer_new(&options, null_output, NULL);
    if (writer) {
        find(db, NULL, writer);
        int rc = rgn_writer_finish(writer, NULL);
        (void)rc; /* memory running out is no finding */
    }
    rgn_writer_free(writer);
    rgn_db_close(db);
}

/* Merges the file into the database at merged: rgn_db_merge's status. */
static int merge_into_merged(void)
{
    const char *inputs[] = {path};
    rgn_error error = {0};
    rgn_db *db = rgn_db_open(merged, true, &error);
    if (!db)
        abort(); /* a new file, or one merged before */
    int status = rgn_db_merge(db, inputs, 1, NULL, NULL, &error);
    if (status == 0 && rgn_db_commit(db, &error) < 0)
        status = -1;
    if (status < 0 && error.message[0] == '\0')
        abort();
    rgn_db_close(db);
    return status;
}

static void merge_database(void)
{
    char files[3][80];
    snprintf(files[0], sizeof files[0], "%s", merged);
    snprintf(files[1], sizeof files[1], "%s-wal", merged);
    snprintf(files[2], sizeof files[2], "%s-shm", merged);
    if (merge_into_merged() == 0) {
        sqlite3 *sql;
        if (sqlite3_open(merged, &sql) != SQLITE_OK ||
            sqlite3_exec(sql, "DELETE FROM games WHERE id % 2 = 0", NULL, NULL,
                         NULL) != SQLITE_OK)
            abort();
        sqlite3_close(sql);
        merge_into_merged();
    }
    for (int i = 0; i < 3; i++)
        unlink(files[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!path[0]) {
        /* in memory where the system has it: each input is written and
         * merged, and the disk's syncs took three quarters of the time */
        const char *dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp";
        snprintf(path, sizeof path, "%s/fuzz_db_file.%ld.rgndb", dir,
                 (long)getpid());
        snprintf(wal, sizeof wal, "%s-wal", path);
        snprintf(shm, sizeof shm, "%s-shm", path);
        snprintf(merged, sizeof merged, "%s/fuzz_db_file.%ld.merged", dir,
                 (long)getpid());
        null_output = fopen("/dev/null", "w");
        if (!null_output)
            abort();
    }
    /* SQLite's files beside it, which a read might take as the file's */
    unlink(wal);
    unlink(shm);
    FILE *file = fopen(path, "wb");
    if (!file || fwrite(data, 1, size, file) != size || fclose(file) != 0)
        abort();
    read_database();
    merge_database();
    /* a reader never changes the file */
    file = fopen(path, "rb");
    if (!file)
        abort();
    uint8_t *after = malloc(size + 1);
    size_t read = after ? fread(after, 1, size + 1, file) : 0;
    fclose(file);
    if (after && (read != size || (size && memcmp(after, data, size))))
        abort();
    free(after);
    unlink(path);
    unlink(wal);
    unlink(shm);
    return 0;
}
