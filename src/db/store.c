/*
 * store.c - opening a database: the checks that keep rgn from touching
 * a file that is not its own (another program's SQLite file, a newer
 * schema, a damaged file), the schema of a new database, and what a
 * database holds (rgn_db_info).
 *
 * A new database is written into a temporary file beside it and renamed
 * into place when its first import commits, so that a failed or killed
 * first import leaves no database; a database that exists is changed in
 * one transaction, in SQLite's write-ahead log mode, so that readers go
 * on reading the state before the import until it commits.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db/db.h"
#include "rules/position.h"
#include "rules/variant.h"

static const char schema[] =
    "PRAGMA application_id = 1380404804;" /* DB_APPLICATION_ID */
    "PRAGMA user_version = 1;"            /* DB_SCHEMA_VERSION */
    /* games: how many games the reading that made the row read of the
     * file (stored or not), which numbers a later range of it goes on
     * from (db merge); NULL in a database of an rgn before it */
    "CREATE TABLE files(id INTEGER PRIMARY KEY, path TEXT NOT NULL,"
    " games INTEGER);"
    "CREATE TABLE variants(name TEXT PRIMARY KEY) WITHOUT ROWID;"
    "CREATE TABLE games("
    " id INTEGER PRIMARY KEY,"
    " file INTEGER NOT NULL REFERENCES files(id),"
    " offset INTEGER NOT NULL, line INTEGER NOT NULL,"
    " column INTEGER NOT NULL, number INTEGER NOT NULL,"
    " variant TEXT NOT NULL, start TEXT, result TEXT NOT NULL,"
    " plies INTEGER NOT NULL, valid INTEGER NOT NULL,"
    " problem_code TEXT, problem TEXT, problem_line INTEGER,"
    " problem_column INTEGER, problem_offset INTEGER, problem_ply INTEGER,"
    " problem_move_number TEXT, problem_move TEXT,"
    " digest INTEGER NOT NULL, tags TEXT NOT NULL, moves BLOB NOT NULL);"
    "CREATE TABLE segments(id INTEGER PRIMARY KEY,"
    " first_game INTEGER NOT NULL, last_game INTEGER NOT NULL,"
    " positions INTEGER NOT NULL, squares BLOB NOT NULL);"
    /* a row of a few kilobytes stays whole in a table's page (a table
     * without rowid would spill it into overflow pages) */
    "CREATE TABLE positions(id INTEGER PRIMARY KEY,"
    " segment INTEGER NOT NULL, bucket INTEGER NOT NULL,"
    " games BLOB NOT NULL);"
    "CREATE TABLE openings(key INTEGER NOT NULL, segment INTEGER NOT NULL,"
    " moves BLOB NOT NULL, PRIMARY KEY(key, segment)) WITHOUT ROWID;"
    "CREATE VIEW tags(game, name, value) AS"
    " SELECT games.id, t.key, t.value FROM games, json_each(games.tags) AS t;";

int db_failf(rgn_db *db, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    db->error.column = 0;
    vsnprintf(db->error.message, sizeof db->error.message, format, args);
    va_end(args);
    return -1;
}

int db_fail(rgn_db *db, const char *doing)
{
    int code = db->sql ? sqlite3_errcode(db->sql) : SQLITE_CANTOPEN;
    const char *why = db->sql ? sqlite3_errmsg(db->sql) : "cannot open";
    if (code == SQLITE_NOTADB)
        return db_failf(db, "not an rgn database (%s)", why);
    if (code == SQLITE_CORRUPT)
        return db_failf(db, "the database is damaged (%s)", why);
    if (code == SQLITE_FULL)
        return db_failf(db, "%s: the disk is full (%s)", doing, why);
    return db_failf(db, "%s: %s", doing, why);
}

sqlite3_stmt *db_prepare(rgn_db *db, const char *sql)
{
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db->sql, sql, -1, &statement, NULL) != SQLITE_OK) {
        db_fail(db, "reading the database");
        return NULL;
    }
    return statement;
}

int db_exec(rgn_db *db, const char *sql)
{
    if (sqlite3_exec(db->sql, sql, NULL, NULL, NULL) != SQLITE_OK)
        return db_fail(db, "writing the database");
    return 0;
}

int db_step(rgn_db *db, sqlite3_stmt *s)
{
    int status = sqlite3_step(s);
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
    if (status != SQLITE_DONE && status != SQLITE_ROW)
        return db_fail(db, "writing the database");
    return 0;
}

int db_next_ids(rgn_db *db, int64_t *game, int64_t *segment)
{
    sqlite3_stmt *last =
        db_prepare(db, "SELECT (SELECT coalesce(max(id), 0) FROM games),"
                       " (SELECT coalesce(max(id), 0) FROM segments)");
    if (!last)
        return -1;
    int status = 0;
    if (sqlite3_step(last) == SQLITE_ROW) {
        *game = sqlite3_column_int64(last, 0) + 1;
        *segment = sqlite3_column_int64(last, 1) + 1;
    } else
        status = db_fail(db, "reading the database");
    sqlite3_finalize(last);
    return status;
}

uint64_t db_variant_salt(const rgn_variant *variant)
{
    /* the name's bytes folded into one word */
    uint64_t salt = 0;
    for (const char *c = variant->name; *c; c++)
        salt = rgn_mix64(salt ^ (unsigned char)*c);
    return salt;
}

uint64_t db_position_key(const rgn_position *position)
{
    return db_key(position, db_variant_salt(position->variant));
}

unsigned db_square_bit(unsigned piece, unsigned square)
{
    return (unsigned)(rgn_mix64((uint64_t)piece << 16 | square) %
                      DB_SQUARE_BITS);
}

/* One number of a query ("PRAGMA user_version") into *value: 0, or -1
 * after db_fail (any value is a value: a damaged file's may be < 0). */
static int query_number(rgn_db *db, const char *sql, int64_t *value)
{
    sqlite3_stmt *s = db_prepare(db, sql);
    if (!s)
        return -1;
    int status = 0;
    if (sqlite3_step(s) == SQLITE_ROW)
        *value = sqlite3_column_int64(s, 0);
    else
        status = db_fail(db, "reading the database");
    sqlite3_finalize(s);
    return status;
}

/* Whether the open file is an rgn database this rgn reads: 0, or -1
 * with the reason. Reads only. */
static int check_file(rgn_db *db)
{
    int64_t id, version, tables;
    if (query_number(db, "PRAGMA application_id", &id) < 0)
        return -1;
    if (id != DB_APPLICATION_ID)
        return db_failf(db, "not an rgn database (an SQLite file of %s)",
                        id ? "another program" : "no known program");
    if (query_number(db, "PRAGMA user_version", &version) < 0)
        return -1;
    if (version > DB_SCHEMA_VERSION)
        return db_failf(db,
                        "written by a newer rgn (schema version %lld; this "
                        "rgn reads version %d and older)",
                        (long long)version, DB_SCHEMA_VERSION);
    if (version < 1)
        return db_failf(db, "not an rgn database (schema version %lld)",
                        (long long)version);
    if (query_number(db,
                     "SELECT count(*) FROM sqlite_schema WHERE type = 'table' "
                     "AND name IN ('files', 'variants', 'games', 'segments', "
                     "'positions', 'openings')",
                     &tables) < 0)
        return -1;
    if (tables != 6)
        return db_failf(db, "the database is damaged (tables are missing)");
    return 0;
}

/* Whether the table files has the column games (db->file_games); a
 * database written into gains it, in the writing's transaction. 0, or
 * -1 after db_fail. */
static int find_file_games(rgn_db *db)
{
    int64_t columns;
    if (query_number(db,
                     "SELECT count(*) FROM pragma_table_info('files') "
                     "WHERE name = 'games'",
                     &columns) < 0)
        return -1;
    db->file_games = columns > 0;
    if (!db->file_games && db->writable) {
        if (db_exec(db, "ALTER TABLE files ADD COLUMN games INTEGER") < 0)
            return -1;
        db->file_games = true;
    }
    return 0;
}

static rgn_db *fail_open(rgn_db *db, rgn_error *error)
{
    *error = db->error;
    rgn_db_close(db);
    return NULL;
}

/* A new database: its temporary file beside path, the schema in it. */
static int create(rgn_db *db)
{
    size_t len = strlen(db->path);
    db->temporary = malloc(len + 16);
    if (!db->temporary)
        return db_failf(db, "out of memory");
    const char *slash = strrchr(db->path, '/');
    size_t dir = slash ? (size_t)(slash - db->path + 1) : 0;
    snprintf(db->temporary, len + 16, "%.*s.%s.XXXXXX", (int)dir, db->path,
             db->path + dir);
    int fd = mkstemp(db->temporary);
    if (fd < 0) {
        int e = errno;
        free(db->temporary);
        db->temporary = NULL;
        return db_failf(db, "cannot create it: %s", strerror(e));
    }
    close(fd);
    if (sqlite3_open_v2(db->temporary, &db->sql,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK)
        return db_fail(db, "creating it");
    /* a new file needs no journal: until it is renamed into place it is
     * no database of anyone's */
    return db_exec(db, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
                       "PRAGMA page_size = 8192;");
}

rgn_db *rgn_db_open(const char *path, bool write, rgn_error *error)
{
    rgn_db *db = calloc(1, sizeof *db);
    if (!db || !(db->path = strdup(path))) {
        free(db);
        error->column = 0;
        snprintf(error->message, sizeof error->message, "out of memory");
        return NULL;
    }
    db->writable = write;
    struct stat st;
    if (stat(path, &st) < 0) {
        if (errno != ENOENT || !write) {
            db_failf(db, "%s", strerror(errno));
            return fail_open(db, error);
        }
        if (create(db) < 0 || db_exec(db, "BEGIN") < 0 ||
            db_exec(db, schema) < 0)
            return fail_open(db, error);
        db->file_games = true;
        return db;
    }
    if (S_ISDIR(st.st_mode)) {
        db_failf(db, "%s", strerror(EISDIR));
        return fail_open(db, error);
    }
    int flags = (write ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY) |
                SQLITE_OPEN_NOMUTEX;
    if (sqlite3_open_v2(path, &db->sql, flags, NULL) != SQLITE_OK) {
        db_fail(db, "opening it");
        return fail_open(db, error);
    }
    sqlite3_busy_timeout(db->sql, 10000);
    if (check_file(db) < 0)
        return fail_open(db, error);
    if (write && (db_exec(db, "PRAGMA journal_mode = WAL;"
                              "PRAGMA synchronous = NORMAL;") < 0 ||
                  db_exec(db, "BEGIN IMMEDIATE") < 0))
        return fail_open(db, error);
    if (find_file_games(db) < 0)
        return fail_open(db, error);
    /* a reader's queries see one state of the file, whatever an import
     * commits meanwhile, and lock it once */
    if (!write && db_exec(db, "BEGIN") < 0)
        return fail_open(db, error);
    return db;
}

void rgn_db_close(rgn_db *db)
{
    if (!db)
        return;
    if (db->sql) {
        if (!sqlite3_get_autocommit(db->sql))
            sqlite3_exec(db->sql, "ROLLBACK", NULL, NULL, NULL);
        sqlite3_close_v2(db->sql);
    }
    if (db->temporary)
        unlink(db->temporary);
    free(db->temporary);
    free(db->path);
    free(db);
}

const char *rgn_db_pending_file(const rgn_db *db) { return db->temporary; }

/* The mode a file created now gets: 0666 less the umask. */
static mode_t creation_mode(void)
{
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

int rgn_db_commit(rgn_db *db, rgn_error *error)
{
    /* a new database's games are looked up by digest from its second
     * import on: the index is built once, sorted, when they are all in */
    if (db_exec(db, "CREATE INDEX IF NOT EXISTS games_by_digest ON "
                    "games(digest)") < 0 ||
        db_exec(db, "COMMIT") < 0) {
        *error = db->error;
        return -1;
    }
    if (!db->temporary)
        return 0;
    /* the new file becomes a database that later imports change in a
     * write-ahead log, then takes its place */
    if (db_exec(db, "PRAGMA journal_mode = DELETE; PRAGMA journal_mode = WAL;"
                    "PRAGMA wal_checkpoint(TRUNCATE)") < 0 ||
        /* it cannot close while an importer keeps statements open */
        (sqlite3_close(db->sql) != SQLITE_OK &&
         db_fail(db, "closing it") < 0)) {
        *error = db->error;
        return -1;
    }
    db->sql = NULL;
    int fd = open(db->temporary, O_RDONLY);
    bool ok = fd >= 0 && fsync(fd) == 0 &&
              chmod(db->temporary, creation_mode()) == 0 &&
              rename(db->temporary, db->path) == 0;
    int e = errno;
    if (fd >= 0)
        close(fd);
    if (!ok) {
        db_failf(db, "cannot write it: %s", strerror(e));
        *error = db->error;
        return -1;
    }
    free(db->temporary);
    db->temporary = NULL;
    return 0;
}

int rgn_db_info(rgn_db *db, rgn_db_stats *stats, rgn_error *error)
{
    memset(stats, 0, sizeof *stats);
    sqlite3_stmt *s = db_prepare(
        db, "SELECT count(*), coalesce(sum(valid), 0), coalesce(sum(plies), 0)"
            " FROM games");
    int status = s ? 0 : -1;
    if (s && sqlite3_step(s) == SQLITE_ROW) {
        stats->games = (uint64_t)sqlite3_column_int64(s, 0);
        stats->valid = (uint64_t)sqlite3_column_int64(s, 1);
        stats->invalid = stats->games - stats->valid;
        stats->plies = (uint64_t)sqlite3_column_int64(s, 2);
    } else if (s)
        status = db_fail(db, "reading the database");
    sqlite3_finalize(s);
    int64_t positions, pages, page_size, files;
    if (status < 0 ||
        query_number(db, "SELECT coalesce(sum(positions), 0) FROM segments",
                     &positions) < 0 ||
        query_number(db, "PRAGMA page_count", &pages) < 0 ||
        query_number(db, "PRAGMA page_size", &page_size) < 0 ||
        query_number(db, "SELECT count(*) FROM files", &files) < 0) {
        *error = db->error;
        return -1;
    }
    stats->positions = (uint64_t)positions;
    stats->bytes = (uint64_t)(pages * page_size);
    stats->files = (uint64_t)files;
    stats->schema_version = DB_SCHEMA_VERSION;
    return 0;
}

int rgn_db_check(rgn_db *db, rgn_error *error)
{
    sqlite3_stmt *s = db_prepare(db, "PRAGMA quick_check");
    int status = s ? 0 : -1;
    if (s) {
        int step = sqlite3_step(s);
        const char *says =
            step == SQLITE_ROW ? (const char *)sqlite3_column_text(s, 0) : NULL;
        if (step != SQLITE_ROW)
            status = db_fail(db, "checking the database");
        else if (!says || strcmp(says, "ok"))
            status = db_failf(db, "the database is damaged (%.*s)",
                              says ? (int)strcspn(says, "\n") : 1,
                              says ? says : "?");
    }
    sqlite3_finalize(s);
    if (status < 0)
        *error = db->error;
    return status;
}
