/*
 * merge.c - adding the games of other databases to one (rgn db merge),
 * as if their inputs had been imported into it in one import: each
 * game's row copied under its new number, a game the database already
 * has left out as an import leaves it out, and the position index copied
 * a segment at a time, no game replayed.
 *
 * A segment of an input whose games are all stored is copied whole: the
 * rows of the index count its games from the segment's first, so only
 * the segment's numbers change. A segment that lost games to duplicates
 * has its rows rewritten without them, and loses its opening rows (sums
 * that cannot be taken apart again: the last date is a maximum), so that
 * the opening explorer replays its games there instead, as it does for
 * every position without a row.
 *
 * The inputs may be the databases of the pieces of one file (each
 * imported with --range, its games numbered from 1 within its range):
 * the games of a piece that comes after the games the database has of
 * the same path continue that file's row and its numbering.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/errors.h"
#include "db/db.h"

/* The columns of the table games, in its order. */
#define GAME_COLUMNS                                                           \
    "id, file, offset, line, column, number, variant, start, result, plies, "  \
    "valid, problem_code, problem, problem_line, problem_column, "             \
    "problem_offset, problem_ply, problem_move_number, problem_move, digest, " \
    "tags, moves"
enum {
    COLUMN_ID,
    COLUMN_FILE,
    COLUMN_OFFSET,
    COLUMN_LINE,
    COLUMN_COLUMN,
    COLUMN_NUMBER,
    COLUMN_PLIES = 9,
    COLUMN_VALID,
    COLUMN_DIGEST = 19,
    GAME_COLUMN_COUNT = 22
};

enum { SQUARE_BYTES = DB_SQUARE_BITS / 8 };
#define DROPPED UINT32_MAX

/* A file the database's games come from, as the merge goes on with it:
 * the last row of files of each path. */
typedef struct origin {
    char *path;
    int64_t id; /* its row in files, 0 until a game of it is stored */
    int64_t last_offset, last_number; /* of its games read so far */
} origin;

/* A row of an input's table files: one reading of one file (or of a
 * range of it). */
typedef struct piece {
    int64_t id;
    char *path;
    int64_t games; /* read of it (stored or not), 0 when not known */
    size_t origin; /* SIZE_MAX until its first game is read */
    int64_t shift; /* added to its games' numbers */
} piece;

/* An input's segment and the segment that holds its index in the
 * database (0: none with its opening rows). */
typedef struct segment_pair {
    int64_t old, new;
} segment_pair;

typedef struct merger {
    rgn_db *db;
    rgn_db_merge_options options;
    rgn_db_import_counts counts;
    sqlite3_stmt *insert_game, *insert_file, *insert_variant, *insert_segment,
        *insert_row, *insert_opening;
    db_copies copies;
    int64_t next_id, segment_id;
    origin *origins;
    size_t origin_count, origin_capacity;

    /* the input being read */
    rgn_db *in;
    const char *in_path;
    bool in_at_fault;
    rgn_error in_error;
    sqlite3_stmt *games, *rows;
    piece *pieces;
    size_t piece_count;
    int64_t next_old; /* the game the input's next segment begins with */
    segment_pair *segments;
    size_t segment_count, segment_capacity;
    uint32_t *renumber; /* a segment's games: their place in the new one */
    size_t renumber_capacity;
    rgn_buffer row, list, squares;
} merger;

/* Failures: the input is damaged or unreadable (-1). */
static int in_damaged(merger *m, const char *what)
{
    m->in_at_fault = true;
    return db_failf(m->in, "the database is damaged (%s)", what);
}

static int in_failed(merger *m)
{
    m->in_at_fault = true;
    return db_fail(m->in, "reading the database");
}

static int out_of_memory(merger *m) { return db_failf(m->db, "out of memory"); }

/* Grows an array of items of size bytes to hold n of them: 0, or -1
 * when memory runs out. */
static int make_room(merger *m, void **items, size_t size, size_t n,
                     size_t *capacity)
{
    if (n <= *capacity)
        return 0;
    size_t more = *capacity ? *capacity : 64;
    while (more < n)
        more *= 2;
    void *grown = realloc(*items, more * size);
    if (!grown)
        return out_of_memory(m);
    *items = grown;
    *capacity = more;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Files and numbers                                                  */

/* A new origin: its index, or SIZE_MAX when memory runs out. */
static size_t add_origin(merger *m, const char *path, int64_t id,
                         int64_t last_offset, int64_t last_number)
{
    char *copy = strdup(path);
    if (!copy || make_room(m, (void **)&m->origins, sizeof *m->origins,
                           m->origin_count + 1, &m->origin_capacity) < 0) {
        free(copy);
        out_of_memory(m);
        return SIZE_MAX;
    }
    m->origins[m->origin_count] = (origin){copy, id, last_offset, last_number};
    return m->origin_count++;
}

/* The files the database has already, each path's last row. */
static int load_origins(merger *m)
{
    /* the games read of a file: its row's count, or at least its last
     * game stored (a database of an rgn before the count) */
    sqlite3_stmt *s = db_prepare(
        m->db, "SELECT files.id, path, max(offset),"
               " max(coalesce(files.games, 0), max(number)) FROM files"
               " JOIN games ON games.file = files.id GROUP BY files.id"
               " ORDER BY files.id");
    if (!s)
        return -1;
    int step, status = 0;
    while (status == 0 && (step = sqlite3_step(s)) == SQLITE_ROW) {
        const char *path = (const char *)sqlite3_column_text(s, 1);
        if (add_origin(m, path ? path : "", sqlite3_column_int64(s, 0),
                       sqlite3_column_int64(s, 2),
                       sqlite3_column_int64(s, 3)) == SIZE_MAX)
            status = -1;
    }
    if (status == 0 && step != SQLITE_DONE)
        status = db_fail(m->db, "reading the database");
    sqlite3_finalize(s);
    return status;
}

/* The input's files, by id. */
static int read_pieces(merger *m)
{
    sqlite3_stmt *s =
        db_prepare(m->in, m->in->file_games
                              ? "SELECT id, path, games FROM files ORDER BY id"
                              : "SELECT id, path, 0 FROM files ORDER BY id");
    if (!s)
        return in_failed(m);
    int step, status = 0;
    size_t capacity = 0;
    while (status == 0 && (step = sqlite3_step(s)) == SQLITE_ROW) {
        const char *path = (const char *)sqlite3_column_text(s, 1);
        if (!path)
            status = in_damaged(m, "files");
        else if (make_room(m, (void **)&m->pieces, sizeof *m->pieces,
                           m->piece_count + 1, &capacity) < 0)
            status = -1;
        else {
            piece *p = &m->pieces[m->piece_count];
            *p = (piece){sqlite3_column_int64(s, 0), strdup(path),
                         sqlite3_column_int64(s, 2), SIZE_MAX, 0};
            if (p->path)
                m->piece_count++;
            else
                status = out_of_memory(m);
        }
    }
    if (status == 0 && step != SQLITE_DONE)
        status = in_failed(m);
    sqlite3_finalize(s);
    return status;
}

static piece *piece_of(merger *m, int64_t file)
{
    size_t low = 0, high = m->piece_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        if (m->pieces[middle].id < file)
            low = middle + 1;
        else
            high = middle;
    }
    return low < m->piece_count && m->pieces[low].id == file ? &m->pieces[low]
                                                             : NULL;
}

/* A piece whose first game is at offset: the continuation of its path's
 * last origin when it comes after every game read of it (a later range
 * of the same file), else a file of its own. Its games read count for
 * the origin's numbers, the last ones not stored (copies) too. 0, or -1. */
static int start_piece(merger *m, piece *p, int64_t offset)
{
    p->origin = SIZE_MAX;
    for (size_t i = m->origin_count; i-- > 0;)
        if (strcmp(m->origins[i].path, p->path) == 0) {
            if (offset > m->origins[i].last_offset)
                p->origin = i;
            break;
        }
    if (p->origin == SIZE_MAX &&
        (p->origin = add_origin(m, p->path, 0, -1, 0)) == SIZE_MAX)
        return -1;
    origin *o = &m->origins[p->origin];
    p->shift = o->last_number;
    if (p->games > 0) /* unsigned: a damaged count wraps, as numbers do */
        o->last_number = (int64_t)((uint64_t)p->shift + (uint64_t)p->games);
    return 0;
}

/* Each file's row counts the games read of it, for a later merge. */
static int count_file_games(merger *m)
{
    sqlite3_stmt *s =
        db_prepare(m->db, "UPDATE files SET games = ? WHERE id = ?");
    if (!s)
        return -1;
    int status = 0;
    for (size_t i = 0; i < m->origin_count && status == 0; i++)
        if (m->origins[i].id) {
            sqlite3_bind_int64(s, 1, m->origins[i].last_number);
            sqlite3_bind_int64(s, 2, m->origins[i].id);
            status = db_step(m->db, s);
        }
    sqlite3_finalize(s);
    return status;
}

/* ------------------------------------------------------------------ */
/* Games                                                              */

/* The game at the input's games statement: stored (*stored) or told of
 * as a duplicate. 0, or -1. */
static int merge_game(merger *m, bool *stored)
{
    sqlite3_stmt *g = m->games;
    piece *p = piece_of(m, sqlite3_column_int64(g, COLUMN_FILE));
    if (!p)
        return in_damaged(m, "a game of no file");
    int64_t offset = sqlite3_column_int64(g, COLUMN_OFFSET);
    if (p->origin == SIZE_MAX && start_piece(m, p, offset) < 0)
        return -1;
    origin *o = &m->origins[p->origin];
    /* unsigned: a damaged file's numbers wrap instead of overflowing */
    int64_t number =
        (int64_t)((uint64_t)sqlite3_column_int64(g, COLUMN_NUMBER) +
                  (uint64_t)p->shift);
    if (offset > o->last_offset)
        o->last_offset = offset;
    if (number > o->last_number)
        o->last_number = number;
    m->counts.games++;
    bool valid = sqlite3_column_int(g, COLUMN_VALID) != 0;
    if (!valid)
        m->counts.invalid_read++;
    int64_t copy =
        db_copy_of(&m->copies, (uint64_t)sqlite3_column_int64(g, COLUMN_DIGEST),
                   m->next_id);
    if (copy < 0)
        return -1;
    *stored = !copy;
    if (copy) {
        m->counts.duplicates++;
        rgn_location where = {(uint64_t)offset,
                              (uint32_t)sqlite3_column_int64(g, COLUMN_LINE),
                              (uint32_t)sqlite3_column_int64(g, COLUMN_COLUMN)};
        db_note_copy(m->options.report, m->options.user, o->path,
                     (uint64_t)number, where, copy);
        return 0;
    }
    if (!o->id) {
        sqlite3_bind_text(m->insert_file, 1, o->path, -1, SQLITE_STATIC);
        if (db_step(m->db, m->insert_file) < 0)
            return -1;
        o->id = sqlite3_last_insert_rowid(m->db->sql);
    }
    sqlite3_stmt *s = m->insert_game;
    for (int i = 0; i < GAME_COLUMN_COUNT; i++)
        sqlite3_bind_value(s, i + 1, sqlite3_column_value(g, i));
    sqlite3_bind_int64(s, COLUMN_ID + 1, m->next_id);
    sqlite3_bind_int64(s, COLUMN_FILE + 1, o->id);
    sqlite3_bind_int64(s, COLUMN_NUMBER + 1, number);
    if (db_step(m->db, s) < 0)
        return -1;
    m->next_id++;
    m->counts.plies += (uint64_t)sqlite3_column_int64(g, COLUMN_PLIES);
    if (valid)
        m->counts.valid++;
    else
        m->counts.invalid++;
    return 0;
}

/* ------------------------------------------------------------------ */
/* The index                                                          */

/* A row of the index without the games dropped, the others renumbered
 * (m->renumber, for a segment of n games), into m->row; *entries counts
 * what is kept. 0, or -1 when the row is damaged. */
static int rewrite_row(merger *m, const uint8_t *at, const uint8_t *end,
                       size_t n, uint64_t *entries)
{
    rgn_buffer_reset(&m->row);
    for (unsigned place = 0; place < 1u << DB_ROW_BUCKETS_BITS; place++) {
        uint64_t len;
        if (!at || !db_get_varint(&at, end, &len) || len > (uint64_t)(end - at))
            return in_damaged(m, "the index");
        const uint8_t *list_end = at + len;
        rgn_buffer_reset(&m->list);
        uint64_t game = 0, last_kept = 0, value;
        int last_print = -1;
        while (at < list_end) {
            if (!db_get_varint(&at, list_end, &value))
                return in_damaged(m, "the index");
            uint64_t delta = value >> DB_PRINT_BITS;
            int print = (int)(value & ((1u << DB_PRINT_BITS) - 1));
            /* in increasing order of game, then print, as queries read */
            if (delta > n - 1 - game || (delta == 0 && print <= last_print))
                return in_damaged(m, "the index");
            game += delta;
            last_print = print;
            if (m->renumber[game] == DROPPED)
                continue;
            uint64_t kept = m->renumber[game];
            db_put_varint(&m->list, (kept - last_kept) << DB_PRINT_BITS |
                                        (uint64_t)print);
            last_kept = kept;
            (*entries)++;
        }
        db_put_varint(&m->row, m->list.len);
        rgn_buffer_append(&m->row, m->list.data, m->list.len);
    }
    if (at != end)
        return in_damaged(m, "the index");
    if (m->row.failed || m->list.failed)
        return out_of_memory(m);
    return 0;
}

/* Whether a row holds no games: its lists are all empty. */
static bool row_is_empty(const rgn_buffer *row)
{
    return row->len == 1u << DB_ROW_BUCKETS_BITS;
}

/* The rows of the index of input segment old (of n games) as rows of
 * segment new: copied when whole, else rewritten; *entries counts the
 * entries of a rewritten one. 0, or -1. */
static int copy_rows(merger *m, int64_t old, int64_t new, size_t n, bool whole,
                     uint64_t *entries)
{
    sqlite3_stmt *s = m->rows;
    sqlite3_bind_int64(s, 1, old << 16);
    sqlite3_bind_int64(s, 2, (old + 1) << 16);
    int step, status = 0;
    while (status == 0 && (step = sqlite3_step(s)) == SQLITE_ROW) {
        int64_t bucket = sqlite3_column_int64(s, 0) - (old << 16);
        if (bucket >= 1 << (DB_BUCKET_BITS - DB_ROW_BUCKETS_BITS)) {
            status = in_damaged(m, "the index");
            break;
        }
        sqlite3_bind_int64(m->insert_row, 1, new);
        sqlite3_bind_int64(m->insert_row, 2, bucket);
        if (whole)
            sqlite3_bind_value(m->insert_row, 3, sqlite3_column_value(s, 1));
        else {
            const uint8_t *at = sqlite3_column_blob(s, 1);
            size_t len = (size_t)sqlite3_column_bytes(s, 1);
            if (rewrite_row(m, at, at + len, n, entries) < 0) {
                status = -1;
                break;
            }
            if (row_is_empty(&m->row)) {
                sqlite3_clear_bindings(m->insert_row);
                continue;
            }
            sqlite3_bind_blob(m->insert_row, 3, m->row.data, (int)m->row.len,
                              SQLITE_STATIC);
        }
        status = db_step(m->db, m->insert_row);
    }
    if (status == 0 && step != SQLITE_DONE)
        status = in_failed(m);
    sqlite3_reset(s);
    return status;
}

/* One segment of the input (the row of its segments statement s): its
 * games, then its index. 0, or -1. */
static int merge_segment(merger *m, sqlite3_stmt *s)
{
    int64_t old = sqlite3_column_int64(s, 0);
    int64_t first = sqlite3_column_int64(s, 1);
    int64_t last = sqlite3_column_int64(s, 2);
    uint64_t entries = (uint64_t)sqlite3_column_int64(s, 3);
    const uint8_t *squares = sqlite3_column_blob(s, 4);
    size_t len = (size_t)sqlite3_column_bytes(s, 4);
    /* the segments cover the games from 1 on, in order */
    if (old < 1 || old >= (int64_t)1 << 40 || first != m->next_old ||
        last < first || len % SQUARE_BYTES ||
        len / SQUARE_BYTES != (uint64_t)(last - first) + 1)
        return in_damaged(m, "segments");
    size_t n = len / SQUARE_BYTES;
    if (make_room(m, (void **)&m->renumber, sizeof *m->renumber, n,
                  &m->renumber_capacity) < 0)
        return -1;
    rgn_buffer_reset(&m->squares);
    size_t kept = 0;
    for (size_t i = 0; i < n; i++) {
        int step = sqlite3_step(m->games);
        if (step != SQLITE_ROW && step != SQLITE_DONE)
            return in_failed(m);
        if (step == SQLITE_DONE ||
            sqlite3_column_int64(m->games, COLUMN_ID) != first + (int64_t)i)
            return in_damaged(m, "the index names games that are missing");
        bool stored = false; /* gcc 12 at -O2 cannot see merge_game set it */
        if (merge_game(m, &stored) < 0)
            return -1;
        m->renumber[i] = stored ? (uint32_t)kept++ : DROPPED;
        if (stored)
            rgn_buffer_append(&m->squares,
                              (const char *)squares + i * SQUARE_BYTES,
                              SQUARE_BYTES);
    }
    if (m->squares.failed)
        return out_of_memory(m);
    m->next_old = last + 1;
    int64_t new = kept ? m->segment_id++ : 0;
    if (make_room(m, (void **)&m->segments, sizeof *m->segments,
                  m->segment_count + 1, &m->segment_capacity) < 0)
        return -1;
    /* a segment rewritten keeps no opening rows */
    m->segments[m->segment_count++] = (segment_pair){old, kept == n ? new : 0};
    if (!kept)
        return 0;
    if (kept < n)
        entries = 0;
    if (copy_rows(m, old, new, n, kept == n, &entries) < 0)
        return -1;
    sqlite3_bind_int64(m->insert_segment, 1, new);
    sqlite3_bind_int64(m->insert_segment, 2, m->next_id - (int64_t)kept);
    sqlite3_bind_int64(m->insert_segment, 3, m->next_id - 1);
    sqlite3_bind_int64(m->insert_segment, 4, (int64_t)entries);
    sqlite3_bind_blob(m->insert_segment, 5, m->squares.data,
                      (int)m->squares.len, SQLITE_STATIC);
    m->counts.positions += entries;
    return db_step(m->db, m->insert_segment);
}

static int compare_old(const void *key, const void *item)
{
    int64_t old = *(const int64_t *)key;
    const segment_pair *pair = item;
    return (old > pair->old) - (old < pair->old);
}

/* The opening rows of the input's segments copied whole. */
static int copy_openings(merger *m)
{
    sqlite3_stmt *s =
        db_prepare(m->in, "SELECT key, segment, moves FROM openings");
    if (!s)
        return in_failed(m);
    int step, status = 0;
    while (status == 0 && (step = sqlite3_step(s)) == SQLITE_ROW) {
        int64_t old = sqlite3_column_int64(s, 1);
        /* the segments were read in the order of their numbers */
        const segment_pair *pair = bsearch(&old, m->segments, m->segment_count,
                                           sizeof *m->segments, compare_old);
        if (!pair)
            status = in_damaged(m, "openings");
        else if (pair->new) {
            sqlite3_bind_value(m->insert_opening, 1,
                               sqlite3_column_value(s, 0));
            sqlite3_bind_int64(m->insert_opening, 2, pair->new);
            sqlite3_bind_value(m->insert_opening, 3,
                               sqlite3_column_value(s, 2));
            status = db_step(m->db, m->insert_opening);
        }
    }
    if (status == 0 && step != SQLITE_DONE)
        status = in_failed(m);
    sqlite3_finalize(s);
    return status;
}

static int copy_variants(merger *m)
{
    sqlite3_stmt *s = db_prepare(m->in, "SELECT name FROM variants");
    if (!s)
        return in_failed(m);
    int step, status = 0;
    while (status == 0 && (step = sqlite3_step(s)) == SQLITE_ROW) {
        sqlite3_bind_value(m->insert_variant, 1, sqlite3_column_value(s, 0));
        status = db_step(m->db, m->insert_variant);
    }
    if (status == 0 && step != SQLITE_DONE)
        status = in_failed(m);
    sqlite3_finalize(s);
    return status;
}

/* ------------------------------------------------------------------ */
/* Inputs                                                             */

/* The input at path, open for reading: NULL after saying why. */
static rgn_db *open_input(merger *m, const char *path)
{
    m->in_path = path;
    rgn_db *in = rgn_db_open(path, false, &m->in_error);
    if (!in)
        m->in_at_fault = true;
    return in;
}

/* Whether path is the database written into. */
static bool is_output(const merger *m, const char *path)
{
    struct stat a, b;
    return stat(path, &a) == 0 && stat(m->db->path, &b) == 0 &&
           a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

static void close_input(merger *m)
{
    sqlite3_finalize(m->games);
    sqlite3_finalize(m->rows);
    m->games = m->rows = NULL;
    for (size_t i = 0; i < m->piece_count; i++)
        free(m->pieces[i].path);
    free(m->pieces);
    m->pieces = NULL;
    m->piece_count = 0;
    if (m->in_at_fault && m->in)
        m->in_error = m->in->error;
    rgn_db_close(m->in);
    m->in = NULL;
}

static int merge_input(merger *m, const char *path)
{
    if (!(m->in = open_input(m, path)))
        return -1;
    m->next_old = 1;
    m->segment_count = 0;
    m->games =
        db_prepare(m->in, "SELECT " GAME_COLUMNS " FROM games ORDER BY id");
    m->rows = db_prepare(
        m->in, "SELECT id, games FROM positions WHERE id >= ? AND id < ?"
               " ORDER BY id");
    sqlite3_stmt *s = db_prepare(
        m->in, "SELECT id, first_game, last_game, positions, squares FROM "
               "segments ORDER BY id");
    int status = m->games && m->rows && s ? 0 : in_failed(m);
    if (status == 0)
        status = read_pieces(m);
    if (status == 0)
        status = copy_variants(m);
    int step = SQLITE_DONE;
    while (status == 0 && (step = sqlite3_step(s)) == SQLITE_ROW)
        status = merge_segment(m, s);
    if (status == 0 && step != SQLITE_DONE)
        status = in_failed(m);
    sqlite3_finalize(s);
    /* every game is in a segment */
    if (status == 0 && (step = sqlite3_step(m->games)) != SQLITE_DONE)
        status = step == SQLITE_ROW ? in_damaged(m, "games outside the index")
                                    : in_failed(m);
    if (status == 0)
        status = copy_openings(m);
    close_input(m);
    return status;
}

/* Every input opens as an rgn database and is not the one written,
 * before anything is written. 0, or -1. */
static int check_inputs(merger *m, const char *const *inputs, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (is_output(m, inputs[i])) {
            m->in_path = inputs[i];
            m->in_at_fault = true;
            snprintf(m->in_error.message, sizeof m->in_error.message,
                     "the database merged into cannot be an input too");
            return -1;
        }
        rgn_db *in = open_input(m, inputs[i]);
        if (!in)
            return -1;
        rgn_db_close(in);
    }
    return 0;
}

static void merger_free(merger *m)
{
    sqlite3_finalize(m->insert_game);
    sqlite3_finalize(m->insert_file);
    sqlite3_finalize(m->insert_variant);
    sqlite3_finalize(m->insert_segment);
    sqlite3_finalize(m->insert_row);
    sqlite3_finalize(m->insert_opening);
    db_copies_free(&m->copies);
    for (size_t i = 0; i < m->origin_count; i++)
        free(m->origins[i].path);
    free(m->origins);
    free(m->segments);
    free(m->renumber);
    rgn_buffer_free(&m->row);
    rgn_buffer_free(&m->list);
    rgn_buffer_free(&m->squares);
}

int rgn_db_merge(rgn_db *db, const char *const *inputs, size_t count,
                 const rgn_db_merge_options *options,
                 rgn_db_import_counts *counts, rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
    merger m = {.db = db};
    if (rgn_options_take(&m.options, sizeof m.options, options,
                         RGN_OPTIONS_MIN(rgn_db_merge_options, report),
                         "rgn_db_merge_options", error) < 0)
        return -1;
    m.insert_game = db_prepare(db, "INSERT INTO games (" GAME_COLUMNS
                                   ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
                                   "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    m.insert_file = db_prepare(db, "INSERT INTO files(path) VALUES (?)");
    m.insert_variant =
        db_prepare(db, "INSERT OR IGNORE INTO variants VALUES (?)");
    m.insert_segment =
        db_prepare(db, "INSERT INTO segments VALUES (?, ?, ?, ?, ?)");
    m.insert_row = db_prepare(
        db, "INSERT INTO positions VALUES (?1 << 16 | ?2, ?1, ?2, ?3)");
    m.insert_opening = db_prepare(db, "INSERT INTO openings VALUES (?, ?, ?)");
    int status = m.insert_game && m.insert_file && m.insert_variant &&
                         m.insert_segment && m.insert_row && m.insert_opening
                     ? 0
                     : -1;
    if (status == 0)
        status = check_inputs(&m, inputs, count);
    if (status == 0)
        status = db_next_ids(db, &m.next_id, &m.segment_id);
    if (status == 0)
        status = db_copies_init(&m.copies, db, m.next_id);
    if (status == 0 && m.next_id > 1)
        status = load_origins(&m);
    for (size_t i = 0; status == 0 && i < count; i++)
        status = merge_input(&m, inputs[i]);
    if (status == 0)
        status = count_file_games(&m);
    if (counts)
        *counts = m.counts;
    if (status < 0) {
        const rgn_error *why = m.in_at_fault ? &m.in_error : &db->error;
        error->column = 0;
        snprintf(error->message, sizeof error->message, "%s: %.*s",
                 m.in_at_fault ? m.in_path : db->path,
                 (int)(sizeof error->message / 2), why->message);
    }
    merger_free(&m);
    return status;
}
