/*
 * db.h - what the files of the database share (private): the open
 * database (store.c), the encoding of a game's movetext and tags into
 * the blobs kept in it (codec.c, tags.c), and the position index
 * (import.c writes it, query.c reads it). rgn(5), "Database", documents
 * the schema and the blobs for users of the file.
 */
#ifndef RGN_DB_H
#define RGN_DB_H

#include <sqlite3.h>
#include <stdint.h>

#include "base/buffer.h"
#include "rgn.h"
#include "rules/position.h"

/* The schema this rgn writes and reads (PRAGMA user_version), and the
 * mark of an rgn database (PRAGMA application_id, "RGND"). */
#define DB_SCHEMA_VERSION 1
#define DB_APPLICATION_ID 0x52474E44

/* The position index: a position's 64-bit key (rgn_position_key, mixed
 * with its game's name) falls in one of 2^DB_BUCKET_BITS buckets. A row
 * of the index holds, for one segment of games, the 2^DB_ROW_BUCKETS_BITS
 * buckets whose numbers share their high bits (the row's number): for
 * each, in order, a varint of its list's length in bytes, then the list:
 * the games that reached a position of the bucket, each with the print
 * of the position (below), as varints of (game - previous game) << 4 |
 * print, the first game counted from the segment's first, in increasing
 * order of game and print. (Fewer, larger rows: an import writes a
 * sixteenth of the rows, a query reads a row of a few kilobytes.) */
#define DB_BUCKET_BITS 16
#define DB_ROW_BUCKETS_BITS 4

/* A pattern's prefilter: each game keeps DB_SQUARE_BITS bits, one set
 * for every piece on every square its main line ever held. */
#define DB_SQUARE_BITS 512

struct rgn_db {
    sqlite3 *sql;
    char *path;         /* as given */
    char *temporary;    /* a new database is written here, renamed at commit */
    int temporary_lock; /* its descriptor, locked (flock) until then */
    bool writable;
    bool file_games; /* the table files has its column games */
    /* a reader that made the write-ahead log or its index beside the
     * file (which a reader cannot remove), or read it as it is
     * (SQLite's immutable: without them) */
    bool made_side_files, as_is;
    double wait; /* seconds a writer waits for another writer */
    rgn_error error;
};

/* Fills db->error from SQLite's last error ("damaged" for a corrupt
 * file) and returns -1. */
int db_fail(rgn_db *db, const char *doing);
/* The same with a message of ours. */
int db_failf(rgn_db *db, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
/* Prepares a statement: NULL after db_fail. */
sqlite3_stmt *db_prepare(rgn_db *db, const char *sql);
/* Runs statements without results: 0, or -1 after db_fail. */
int db_exec(rgn_db *db, const char *sql);
/* Runs a statement whose values are bound, and resets it (its bindings
 * cleared): 0, or -1 after db_fail. */
int db_step(rgn_db *db, sqlite3_stmt *s);
/* The numbers the next game and the next segment stored get (1 in a
 * database without any): 0, or -1 after db_fail. */
int db_next_ids(rgn_db *db, int64_t *game, int64_t *segment);

/* The games a database has, by their digest (the fingerprint of their
 * rule set, start, tags and moves), to find the copy it has of a game
 * (import.c, merge.c). A database that had no games has no index of
 * digests yet (rgn_db_commit builds it, sorted, once they are all in):
 * theirs are kept in memory. */
typedef struct db_copies {
    rgn_db *db;
    sqlite3_stmt *find;
    struct duplicate_set *digests; /* NULL: the index answers */
} db_copies;

/* next_id: the number the next game stored gets (1: the database has
 * none). 0, or -1 with db's error. */
int db_copies_init(db_copies *c, rgn_db *db, int64_t next_id);
void db_copies_free(db_copies *c);
/* The number of the game the database has with digest, or 0 when it has
 * none (the game then stored as id is remembered); -1 when memory runs
 * out (db's error says so). */
int64_t db_copy_of(db_copies *c, uint64_t digest, int64_t id);
/* Tells report (NULL: no one) of a game not stored because the database
 * has it as game copy: a note RGN_N_ALREADY_STORED of the game numbered
 * number in file (NULL: not named), which begins at where. */
void db_note_copy(void (*report)(void *user, const rgn_diagnostic *note),
                  void *user, const char *file, uint64_t number,
                  rgn_location where, int64_t copy);

/* A position's key in the index: its rule set's key mixed with the
 * rule set's salt (from its name), so that two games' positions never
 * share one. db_key is the same for a salt already known. */
uint64_t db_variant_salt(const rgn_variant *variant);
uint64_t db_position_key(const rgn_position *position);
static inline uint64_t db_key(const rgn_position *position, uint64_t salt)
{
    return rgn_position_key(position) ^ salt;
}
static inline unsigned db_bucket(uint64_t key)
{
    return (unsigned)(key >> (64 - DB_BUCKET_BITS));
}
/* The row of a bucket, and the bucket's place in it. */
static inline unsigned db_row(unsigned bucket)
{
    return bucket >> DB_ROW_BUCKETS_BITS;
}
static inline unsigned db_row_place(unsigned bucket)
{
    return bucket & ((1u << DB_ROW_BUCKETS_BITS) - 1);
}
/* An entry of a bucket keeps DB_PRINT_BITS more bits of the key, its
 * print: a query replays only the games whose print is the position's
 * (nearly free: a game's number is written in varints of 7 bits, and
 * the differences between the games of a bucket leave room). */
#define DB_PRINT_BITS 4
static inline unsigned db_print(uint64_t key)
{
    return (unsigned)(key >> (64 - DB_BUCKET_BITS - DB_PRINT_BITS)) &
           ((1u << DB_PRINT_BITS) - 1);
}
/* The bit of the pattern prefilter for a piece code on a square.
 * (Inline: the import marks one for every move.) */
static inline unsigned db_square_bit(unsigned piece, unsigned square)
{
    return (unsigned)(rgn_mix64((uint64_t)piece << 16 | square) %
                      DB_SQUARE_BITS);
}

/* ------------------------------------------------------------------ */
/* Varints (codec.c): 7 bits a byte, low first.                       */

/* Writes one at at, with room for 10 bytes: the byte after it. */
static inline unsigned char *db_put_varint_at(unsigned char *at, uint64_t value)
{
    if (value < 0x80) { /* most: a token, a game's number, a length */
        *at++ = (unsigned char)value;
        return at;
    }
    if (value < 0x4000) { /* most moves */
        at[0] = (unsigned char)(value | 0x80);
        at[1] = (unsigned char)(value >> 7);
        return at + 2;
    }
    while (value >= 0x80) {
        *at++ = (unsigned char)(value | 0x80);
        value >>= 7;
    }
    *at++ = (unsigned char)value;
    return at;
}

static inline void db_put_varint(rgn_buffer *out, uint64_t value)
{
    if (out->len + 10 >= out->capacity) {
        rgn_buffer_reserve(out, 10);
        if (out->failed)
            return;
    }
    unsigned char *at = (unsigned char *)out->data + out->len;
    out->len =
        (size_t)(db_put_varint_at(at, value) - (unsigned char *)out->data);
}
/* Reads one at *at (< end): false when the bytes end or it is longer
 * than 10 bytes. */
bool db_get_varint(const uint8_t **at, const uint8_t *end, uint64_t *value);

/* ------------------------------------------------------------------ */
/* The movetext blob (codec.c)                                        */

/* The tokens of the blob below DB_TOKENS; a move is its code, at least
 * DB_TOKENS. */
enum {
    TOKEN_START,   /* the movetext begins (the start position) */
    TOKEN_NAG,     /* varint: the NAG */
    TOKEN_COMMENT, /* varint length, bytes */
    TOKEN_BEGIN_VARIATION,
    TOKEN_END_VARIATION,
    TOKEN_UNCHECKED, /* varint length * 2 + cut, bytes */
    TOKEN_NULL_MOVE,
    DB_TOKENS = 8
};
/* What the opening explorer counts besides moves: a game that ended at
 * the position, and a null move. */
#define DB_CODE_END TOKEN_START
#define DB_CODE_NULL_MOVE TOKEN_NULL_MOVE

/* A rule set's squares numbered from 0 to files * ranks - 1, as move
 * codes number them (a table, since every move is coded). */
typedef struct db_geometry {
    const rgn_variant *variant;
    uint64_t squares;  /* files * ranks */
    uint16_t oriented; /* bit t: pieces of type t have a direction */
    uint16_t index[RGN_BOARD_CAPACITY];
    /* the other way: the square of each number, -1 for none (a decoder
     * reads two a move; squares > RGN_BOARD_CAPACITY: none kept) */
    int16_t square[RGN_BOARD_CAPACITY];
} db_geometry;

/* Makes g the geometry of variant (nothing to do when it is). */
void db_geometry_set(db_geometry *g, const rgn_variant *variant);

/* Encodes a game's movetext as a sink hears it: give every event of the
 * movetext (after the tags) in order. */
typedef struct db_encoder {
    rgn_buffer blob;
    db_geometry geometry;
} db_encoder;

void db_encode_start(db_encoder *e, const rgn_variant *variant);
void db_encode_nag(db_encoder *e, unsigned nag);
void db_encode_comment(db_encoder *e, rgn_span text);
void db_encode_variation(db_encoder *e, bool begin);
void db_encode_unchecked(db_encoder *e, rgn_span text, bool cut);
/* A move is plain when its kind, promotion and direction follow from
 * its squares and the piece that makes it: a step (or a rotation, from
 * == to) that promotes nothing. */
static inline bool db_move_plain(rgn_move m)
{
    return m.promotion == 0 && (m.from == m.to ? m.kind == RGN_MOVE_ROTATION
                                               : m.kind == RGN_MOVE_NORMAL);
}

/* The code of a move as the blob writes it (its first varint); the
 * tree keeps it for the move played from a position. (Inline: it is
 * found for every move imported.) */
static inline uint64_t db_move_code(const db_geometry *g,
                                    const rgn_position *after, rgn_move move,
                                    uint64_t *extra, bool *has_extra)
{
    uint64_t pair = g->index[move.from] * g->squares + g->index[move.to];
    bool special = !db_move_plain(move);
    if (special) {
        *extra = (uint64_t)move.kind | (uint64_t)move.promotion << 3 |
                 (uint64_t)move.orientation << 8;
        *has_extra = true;
    } else {
        /* the piece that moved stands on to */
        *has_extra = g->oriented >> RGN_TYPE(after->board[move.to]) & 1;
        *extra = move.orientation;
    }
    return (pair << 1 | special) + DB_TOKENS;
}

/* Encodes a move (after db_encode_start). after: the position after the
 * move (the move's piece stands on to). (Inline: it runs for every
 * move imported.) */
static inline void db_encode_move(db_encoder *e, const rgn_position *after,
                                  rgn_move move)
{
    if (rgn_move_is_null(move)) {
        db_put_varint(&e->blob, TOKEN_NULL_MOVE);
        return;
    }
    uint64_t extra;
    bool has_extra;
    db_put_varint(&e->blob,
                  db_move_code(&e->geometry, after, move, &extra, &has_extra));
    if (has_extra)
        db_put_varint(&e->blob, extra);
}

/* The legal move of pos that a code and its extra (0 when the code has
 * none) name: 0, or -1 when there is none. g: pos's rule set's geometry,
 * or NULL (then found square by square). */
int db_move_of_code(rgn_position *pos, const db_geometry *g, uint64_t code,
                    uint64_t extra, rgn_move *move);

/* What the decoder needs of a stored game besides its movetext. */
typedef struct db_stored_game {
    int64_t id;
    rgn_location origin;
    const char *variant; /* the rule set's name */
    const char *start;   /* the position string of a set-up, or NULL */
    const char *result;
    const char *tags; /* the tags blob (tags.c), NUL-terminated */
    const uint8_t *moves;
    size_t moves_len;
    bool valid;
    /* an invalid game's first problem */
    const char *problem_code, *problem;
    rgn_location problem_where;
    int problem_ply;
    const char *problem_move_number, *problem_move; /* "23...", "Nf3" */
} db_stored_game;

/* Passes a stored game to sink as the validator passed it when it was
 * read (begin_game with its id ... end_game), every move checked to be
 * legal; with tags_only the movetext is left out (the start too). 0, or
 * -1 with error->message saying what is damaged. */
int db_decode_game(const db_stored_game *stored, bool tags_only,
                   const rgn_game_sink *sink, void *user, rgn_error *error);

/* ------------------------------------------------------------------ */
/* The tags blob (tags.c): a JSON object of the tags, in order.       */

void db_tags_begin(rgn_buffer *out);
void db_tags_add(rgn_buffer *out, rgn_span name, rgn_span value);
void db_tags_end(rgn_buffer *out);
/* Reads the object, calling each(user, name, value) for every member
 * (the texts unescaped, valid only during the call): 0, or -1 when the
 * text is not such an object. */
int db_tags_read(const char *json, size_t len,
                 void (*each)(void *user, rgn_span name, rgn_span value),
                 void *user);

/* The caller's find options into *taken (rgn.h, "Errors": a smaller
 * struct of an older caller, the rest defaulted): 0, or -1 with error. */
int db_find_options_take(rgn_db_find_options *taken,
                         const rgn_db_find_options *options, rgn_error *error);

#endif
