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
 *
 * The temporary file is locked (flock) while its import runs: another
 * import of the same database waits for it, and a writer removes the
 * ones no import holds (left by an import killed outright). A reader
 * opens the file read-only; it leaves no log beside it (SQLite keeps the
 * files -wal and -shm beside a database in that mode, and only a
 * connection that may write removes them), and reads a database it
 * cannot write and that no import is writing as it is, without them
 * (read-only media, a folder it may not write in).
 */
#define _DEFAULT_SOURCE /* flock */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/errors.h"
#include "db/db.h"
#include "rules/position.h"

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
    if (code == SQLITE_BUSY)
        return db_failf(db,
                        "another import or merge is writing to the database "
                        "(waited %g s for it to end)",
                        db->wait);
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
    for (const char *c = rgn_variant_name(variant); *c; c++)
        salt = rgn_mix64(salt ^ (unsigned char)*c);
    return salt;
}

uint64_t db_position_key(const rgn_position *position)
{
    return db_key(position, db_variant_salt(position->variant));
}

/* One number of a query ("PRAGMA user_version") into *value: 0, or -1
 * after db_fail (any value is a value: a damaged file's may be < 0). */
static int query_number(rgn_db *db, const char *sql, int64_t *value)
{
    *value = 0; /* set on every path, for gcc -O3's flow analysis */
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

/* The length of the folder part of path, its last '/' included (0: the
 * current folder). */
static size_t folder_length(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? (size_t)(slash - path + 1) : 0;
}

/* Whether the file path + suffix exists, and its size into *size. */
static bool side_file(const char *path, const char *suffix, off_t *size)
{
    char name[4096];
    struct stat st;
    if ((size_t)snprintf(name, sizeof name, "%s%s", path, suffix) >=
            sizeof name ||
        stat(name, &st) < 0)
        return false;
    if (size)
        *size = st.st_size;
    return true;
}

/* Whether name is that of a temporary file of the database whose file
 * name is base: "." base "." and mkstemp's six letters or digits. */
static bool is_temporary_of(const char *name, const char *base)
{
    size_t len = strlen(base);
    if (name[0] != '.' || strncmp(name + 1, base, len) != 0 ||
        name[len + 1] != '.' || strlen(name + len + 2) != 6)
        return false;
    for (const char *c = name + len + 2; *c; c++)
        if (!(*c >= '0' && *c <= '9') && !(*c >= 'a' && *c <= 'z') &&
            !(*c >= 'A' && *c <= 'Z'))
            return false;
    return true;
}

/* Whether the open file fd (a temporary file, locked by us) is one an
 * import made: ours, still named, and empty (an import killed before
 * it wrote) or beginning as an SQLite file (or with the zeros of a page
 * not written yet). */
static bool made_by_import(int fd, const struct stat *named)
{
    struct stat st;
    unsigned char head[16];
    if (fstat(fd, &st) < 0 || st.st_ino != named->st_ino ||
        st.st_dev != named->st_dev || !S_ISREG(st.st_mode) ||
        st.st_uid != geteuid() || st.st_nlink == 0)
        return false;
    if (st.st_size == 0)
        return true;
    if (pread(fd, head, sizeof head, 0) != (ssize_t)sizeof head)
        return false;
    static const unsigned char zeros[16];
    return memcmp(head, "SQLite format 3", 16) == 0 ||
           memcmp(head, zeros, 16) == 0;
}

/* Removes the temporary files of new databases at path that imports
 * killed before their commit left (those no import holds locked).
 * Returns whether one is held: another import is creating the database. */
static bool sweep_temporaries(const char *path)
{
    size_t dir_len = folder_length(path);
    const char *base = path + dir_len;
    char folder[4096];
    snprintf(folder, sizeof folder, "%.*s", dir_len ? (int)dir_len : 1,
             dir_len ? path : ".");
    DIR *d = opendir(folder);
    if (!d)
        return false;
    bool held = false;
    struct dirent *e;
    while ((e = readdir(d))) {
        char name[4096];
        struct stat st;
        if (!is_temporary_of(e->d_name, base) ||
            (size_t)snprintf(name, sizeof name, "%.*s%s", (int)dir_len, path,
                             e->d_name) >= sizeof name ||
            lstat(name, &st) < 0 || !S_ISREG(st.st_mode))
            continue;
        int fd = open(name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0)
            continue;
        if (flock(fd, LOCK_EX | LOCK_NB) < 0)
            held = held || errno == EWOULDBLOCK;
        else if (made_by_import(fd, &st))
            unlink(name);
        close(fd); /* and the lock with it */
    }
    closedir(d);
    return held;
}

/* Waits until no import is creating the database at path (its
 * temporary file locked), at most db->wait seconds: 0, or -1 after
 * db_failf. The temporary files imports killed left are removed. */
static int wait_for_creator(rgn_db *db)
{
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        if (!sweep_temporaries(db->path) || access(db->path, F_OK) == 0)
            return 0;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double waited = (double)(now.tv_sec - start.tv_sec) +
                        (double)(now.tv_nsec - start.tv_nsec) * 1e-9;
        if (waited >= db->wait)
            return db_failf(db,
                            "another import or merge is creating the "
                            "database (waited %g s for it to end)",
                            db->wait);
        struct timespec pause = {0, 50 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
}

/* A new database: its temporary file beside path, locked, the schema in
 * it. */
static int create(rgn_db *db)
{
    size_t len = strlen(db->path);
    db->temporary = malloc(len + 16);
    if (!db->temporary)
        return db_failf(db, "out of memory");
    size_t dir = folder_length(db->path);
    /* locked before anything is written to it, and still named once
     * locked: a writer sweeping leftovers may have locked and removed it
     * in between (as it removes an empty file), then it is made again */
    for (;;) {
        snprintf(db->temporary, len + 16, "%.*s.%s.XXXXXX", (int)dir, db->path,
                 db->path + dir);
        int fd = mkstemp(db->temporary);
        if (fd < 0) {
            int e = errno;
            free(db->temporary);
            db->temporary = NULL;
            return db_failf(db, "cannot create it: %s", strerror(e));
        }
        struct stat st;
        if (fcntl(fd, F_SETFD, FD_CLOEXEC) < 0 || flock(fd, LOCK_EX) < 0 ||
            fstat(fd, &st) < 0) {
            int e = errno;
            close(fd);
            unlink(db->temporary);
            return db_failf(db, "cannot lock %s: %s", db->temporary,
                            strerror(e));
        }
        if (st.st_nlink > 0) {
            db->temporary_lock = fd;
            break;
        }
        close(fd);
    }
    if (sqlite3_open_v2(db->temporary, &db->sql,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK)
        return db_fail(db, "creating it");
    /* a new file needs no journal: until it is renamed into place it is
     * no database of anyone's */
    return db_exec(db, "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;"
                       "PRAGMA page_size = 8192;");
}

/* path as an SQLite URI that opens it read-only as it is: immutable,
 * without locks, log or index (NULL when memory runs out). */
static char *immutable_uri(const char *path)
{
    size_t len = strlen(path);
    char *uri = malloc(3 * len + 32);
    if (!uri)
        return NULL;
    /* "file:" then the path, "//" before an absolute one (no host) */
    char *at = uri + sprintf(uri, "file:%s", path[0] == '/' ? "//" : "");
    for (const char *c = path; *c; c++)
        if (*c == '%' || *c == '?' || *c == '#')
            at += sprintf(at, "%%%02X", (unsigned char)*c);
        else
            *at++ = *c;
    strcpy(at, "?immutable=1");
    return uri;
}

/* Opens db->path to read. Read-only, in the write-ahead log's way (a
 * reader sees one state while an import writes); a file this reader
 * cannot write and without a log (no import writing it) as it is,
 * and so is one whose log index cannot be made here (its folder not
 * writable) unless its log holds changes. 0, or -1 after db_fail. */
static int open_reader(rgn_db *db)
{
    off_t log_size = 0;
    bool log = side_file(db->path, "-wal", &log_size);
    db->made_side_files = !log || !side_file(db->path, "-shm", NULL);
    db->as_is = !log && access(db->path, W_OK) < 0;
    int flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX;
    if (!db->as_is) {
        if (sqlite3_open_v2(db->path, &db->sql, flags, NULL) != SQLITE_OK)
            return db_fail(db, "opening it");
        /* the first read opens the log, or cannot make its index (when the
         * folder cannot be written; SQLITE_READONLY when the file can) */
        int rc =
            sqlite3_exec(db->sql, "PRAGMA schema_version", NULL, NULL, NULL);
        if (rc != SQLITE_CANTOPEN && rc != SQLITE_READONLY)
            return 0;
        if (log_size > 0)
            return db_failf(db,
                            "cannot read it: its write-ahead log %s-wal holds "
                            "changes, which need its index %s-shm, and that "
                            "cannot be made beside it",
                            db->path, db->path);
        sqlite3_close_v2(db->sql);
        db->sql = NULL;
        db->as_is = true;
    }
    db->made_side_files = false;
    char *uri = immutable_uri(db->path);
    if (!uri)
        return db_failf(db, "out of memory");
    int rc = sqlite3_open_v2(uri, &db->sql, flags | SQLITE_OPEN_URI, NULL);
    free(uri);
    return rc == SQLITE_OK ? 0 : db_fail(db, "opening it");
}

/* After a reader closed: the log and its index it made removed, as the
 * last connection that may write removes them (SQLite's own close: only
 * when no other connection has the database open, its log checkpointed
 * first). */
static void remove_side_files(const char *path)
{
    if (!side_file(path, "-wal", NULL) && !side_file(path, "-shm", NULL))
        return;
    sqlite3 *sql = NULL;
    if (sqlite3_open_v2(path, &sql, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                        NULL) == SQLITE_OK)
        sqlite3_exec(sql, "PRAGMA schema_version", NULL, NULL, NULL);
    sqlite3_close(sql);
}

/* Whether a writer may write path (existing) and, beside it, its log:
 * 0, or -1 after db_failf. */
static int check_writable(rgn_db *db)
{
    size_t dir_len = folder_length(db->path);
    char folder[4096];
    snprintf(folder, sizeof folder, "%.*s", dir_len ? (int)dir_len : 1,
             dir_len ? db->path : ".");
    if (access(db->path, W_OK) < 0)
        return db_failf(db, "cannot write it: %s", strerror(errno));
    if (access(folder, W_OK) < 0)
        return db_failf(db,
                        "cannot write in its folder (%s), where the write-"
                        "ahead log of an import is kept",
                        strerror(errno));
    return 0;
}

rgn_db *rgn_db_open_wait(const char *path, bool write, double wait,
                         rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
    rgn_db *db = calloc(1, sizeof *db);
    if (!db || !(db->path = strdup(path))) {
        free(db);
        error->column = 0;
        snprintf(error->message, sizeof error->message, "out of memory");
        return NULL;
    }
    db->temporary_lock = -1;
    db->writable = write;
    db->wait = wait;
    if (write && wait_for_creator(db) < 0)
        return fail_open(db, error);
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
    if (write && (check_writable(db) < 0 ||
                  sqlite3_open_v2(path, &db->sql,
                                  SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                                  NULL) != SQLITE_OK)) {
        if (db->sql)
            db_fail(db, "opening it");
        return fail_open(db, error);
    }
    if (!write && open_reader(db) < 0)
        return fail_open(db, error);
    sqlite3_busy_timeout(db->sql, write ? (int)(wait * 1000) : 10000);
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

rgn_db *rgn_db_open(const char *path, bool write, rgn_error *error)
{
    return rgn_db_open_wait(path, write, 10, error);
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
    if (db->made_side_files)
        remove_side_files(db->path);
    if (db->temporary)
        unlink(db->temporary);
    if (db->temporary_lock >= 0)
        close(db->temporary_lock);
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
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
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
        /* it cannot close while an importer keeps statements open;
         * SQLite says SQLITE_BUSY, which db_fail takes for another
         * writer */
        (sqlite3_close(db->sql) != SQLITE_OK &&
         db_failf(db,
                  "cannot close the new database while an importer of it "
                  "is not freed (%s)",
                  sqlite3_errmsg(db->sql)) < 0)) {
        *error = db->error;
        return -1;
    }
    db->sql = NULL;
    int fd = db->temporary_lock;
    int e = 0;
    if (fsync(fd) < 0 || fchmod(fd, creation_mode()) < 0)
        e = errno;
    /* never over a database another import made meanwhile (the two
     * began together): linked in, else (a file system without links)
     * renamed */
    else if (link(db->temporary, db->path) == 0)
        unlink(db->temporary);
    else if (errno == EEXIST)
        e = EEXIST;
    else if (errno != EPERM && errno != ENOTSUP && errno != ENOSYS)
        e = errno;
    else if (rename(db->temporary, db->path) < 0)
        e = errno;
    if (e) {
        if (e == EEXIST)
            db_failf(db, "another import or merge created the database "
                         "meanwhile: import again");
        else
            db_failf(db, "cannot write it: %s", strerror(e));
        *error = db->error;
        return -1;
    }
    free(db->temporary);
    db->temporary = NULL;
    close(fd); /* the lock: an import waiting for this one goes on */
    db->temporary_lock = -1;
    return 0;
}

int rgn_db_info(rgn_db *db, rgn_db_stats *stats, rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
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
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
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
