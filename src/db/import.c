/*
 * import.c - storing games as a validator passes them on (the importer
 * is a game sink): each game's row, and the position index.
 *
 * The index is built a segment at a time: the games of a segment add an
 * entry (bucket, game) for every position they reach; when the segment
 * holds SEGMENT_ENTRIES of them, they are sorted and written as one row
 * per bucket, a list of game numbers. Memory stays bounded whatever the
 * size of the input, and a query reads one row per segment. Positions
 * reached by many games of a segment early in their main line also get
 * a row of the opening explorer (table openings): what was played from
 * there, counted, so that the start position's tree needs no replay.
 */
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "db/db.h"
#include "rules/position.h"
#include "select/select.h"

#define SEGMENT_ENTRIES (4u << 20)
/* Opening rows: for positions of the first OPENING_PLIES plies reached
 * by at least OPENING_GAMES games of a segment. */
#define OPENING_PLIES 16
#define OPENING_GAMES 64

enum outcome { OUTCOME_WHITE, OUTCOME_DRAW, OUTCOME_BLACK, OUTCOME_NONE };

/* What the opening explorer keeps of a game. */
typedef struct game_facts {
    uint8_t outcome;
    uint16_t elo[2];
    uint32_t date; /* YYYYMMDD, 0 for unknown parts */
} game_facts;

/* A position early in a game's main line and the move played from it. */
typedef struct opening_entry {
    uint64_t key;
    uint64_t code, extra; /* DB_CODE_END: the game ended there */
    uint32_t game;        /* within the segment */
    uint32_t slot;        /* in keep_hot_openings's table */
    uint8_t side;         /* who moved */
} opening_entry;

struct rgn_db_importer {
    rgn_db *db;
    rgn_db_import_options options;
    sqlite3_stmt *insert_game, *insert_file, *count_file, *insert_variant,
        *insert_segment, *insert_bucket, *insert_opening;
    char *file;          /* the input being read */
    int64_t file_id;     /* its row, 0 until a game of it is stored */
    uint64_t file_games; /* the games read of it: its last game's number */
    int64_t next_id;     /* the number the next game stored gets */
    int64_t segment_id;
    db_copies copies;
    bool failed;
    rgn_db_import_counts counts;

    /* the segment being built */
    int64_t first_game;
    uint64_t *entries; /* bucket << 32 | game within the segment */
    size_t entry_count, entry_capacity;
    uint32_t *bucket_sizes; /* the entries of each bucket */
    opening_entry *openings;
    size_t opening_count, opening_capacity;
    game_facts *facts;
    size_t facts_capacity;
    rgn_buffer squares; /* DB_SQUARE_BITS / 8 bytes a game */
    uint64_t *space;    /* for sorting */
    size_t space_capacity;
    const rgn_variant *registered; /* in the table variants */

    /* the game being read */
    uint64_t number;
    rgn_location origin;
    const rgn_variant *game_variant; /* NULL until the movetext begins */
    const rgn_variant *variant;      /* the last game's with a movetext */
    uint64_t salt;                   /* variant's */
    rgn_buffer tags;
    db_encoder moves;
    char start[512];
    bool has_start;
    int depth, plies;
    uint8_t game_squares[DB_SQUARE_BITS / 8];
    /* the last start's board and squares: most games share their start
     * (the initial position), and its squares need not be found again */
    const rgn_variant *start_variant;
    uint8_t start_board[RGN_BOARD_CAPACITY];
    uint8_t start_squares[DB_SQUARE_BITS / 8];
    game_facts game_facts;
    size_t entries_before, openings_before;
    /* the main line's position waiting for its next move */
    uint64_t pending_key;
    bool pending;
    uint64_t opening_keys[OPENING_PLIES + 1];
    int opening_key_count;
};

static int fail(rgn_db_importer *im) { return im->failed = true, -1; }

rgn_db_importer *rgn_db_importer_new(rgn_db *db,
                                     const rgn_db_import_options *options,
                                     rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
    rgn_db_import_options taken;
    if (rgn_options_take(&taken, sizeof taken, options,
                         RGN_OPTIONS_MIN(rgn_db_import_options, variations),
                         "rgn_db_import_options", error) < 0)
        return NULL;
    rgn_db_importer *im = calloc(1, sizeof *im);
    if (!im) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    im->db = db;
    im->options = taken;
    im->insert_game = db_prepare(
        db, "INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
            "?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    im->insert_file = db_prepare(db, "INSERT INTO files(path) VALUES (?)");
    im->count_file = db_prepare(db, "UPDATE files SET games = ? WHERE id = ?");
    im->insert_variant =
        db_prepare(db, "INSERT OR IGNORE INTO variants VALUES (?)");
    im->insert_segment =
        db_prepare(db, "INSERT INTO segments VALUES (?, ?, ?, ?, ?)");
    im->insert_bucket =
        db_prepare(db, "INSERT INTO positions VALUES (?1 << 16 | ?2, ?1, ?2, "
                       "?3)");
    im->insert_opening =
        db_prepare(db, "INSERT INTO openings VALUES (?, ?, ?)");
    if (!im->insert_game || !im->insert_file || !im->count_file ||
        !im->insert_variant || !im->insert_segment || !im->insert_bucket ||
        !im->insert_opening ||
        db_next_ids(db, &im->next_id, &im->segment_id) < 0 ||
        db_copies_init(&im->copies, db, im->next_id) < 0) {
        *error = db->error;
        rgn_db_importer_free(im);
        return NULL;
    }
    im->first_game = im->next_id;
    im->bucket_sizes = calloc((size_t)1 << DB_BUCKET_BITS, sizeof(uint32_t));
    if (!im->bucket_sizes) {
        rgn_fail(error, "out of memory");
        rgn_db_importer_free(im);
        return NULL;
    }
    return im;
}

void rgn_db_importer_free(rgn_db_importer *im)
{
    if (!im)
        return;
    sqlite3_finalize(im->insert_game);
    sqlite3_finalize(im->insert_file);
    sqlite3_finalize(im->count_file);
    sqlite3_finalize(im->insert_variant);
    sqlite3_finalize(im->insert_segment);
    sqlite3_finalize(im->insert_bucket);
    sqlite3_finalize(im->insert_opening);
    db_copies_free(&im->copies);
    free(im->file);
    free(im->entries);
    free(im->bucket_sizes);
    free(im->space);
    free(im->openings);
    free(im->facts);
    rgn_buffer_free(&im->squares);
    rgn_buffer_free(&im->tags);
    rgn_buffer_free(&im->moves.blob);
    free(im);
}

/* Runs a statement whose values are bound, and resets it. */
static int step(rgn_db_importer *im, sqlite3_stmt *s)
{
    return db_step(im->db, s) < 0 ? fail(im) : 0;
}

/* The input's row counts the games read of it (db merge numbers the
 * next range of the file on from there): 0, or -1. */
static int count_file_games(rgn_db_importer *im)
{
    if (!im->file_id || im->failed)
        return 0;
    sqlite3_bind_int64(im->count_file, 1, (int64_t)im->file_games);
    sqlite3_bind_int64(im->count_file, 2, im->file_id);
    return step(im, im->count_file);
}

/* The sink's input event: the games that follow are stored as from
 * file (its row is written with its first game stored). */
static void on_input(void *user, const char *file)
{
    rgn_db_importer *im = user;
    count_file_games(im);
    im->file_games = 0;
    free(im->file);
    im->file = strdup(file);
    im->file_id = 0; /* its row is written with its first game stored */
    if (!im->file) {
        db_failf(im->db, "out of memory");
        fail(im);
    }
}

/* The input's row in the table files: 0, or -1. */
static int file_row(rgn_db_importer *im)
{
    if (im->file_id)
        return 0;
    sqlite3_bind_text(im->insert_file, 1, im->file ? im->file : "-", -1,
                      SQLITE_STATIC);
    if (step(im, im->insert_file) < 0)
        return -1;
    im->file_id = sqlite3_last_insert_rowid(im->db->sql);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The segment                                                        */

/* Room for n words of sorting space: NULL when memory runs out. */
static uint64_t *sort_space(rgn_db_importer *im, size_t n)
{
    if (n > im->space_capacity) {
        free(im->space);
        im->space = malloc(n * sizeof *im->space);
        im->space_capacity = im->space ? n : 0;
    }
    if (!im->space) {
        db_failf(im->db, "out of memory");
        fail(im);
    }
    return im->space;
}

/* One bucket's length and list (its n entries, in the order of their
 * games) into row. */
static void put_bucket(rgn_db_importer *im, const uint64_t *entries, size_t n,
                       rgn_buffer *row)
{
    /* a game's entry, (game - last) << DB_PRINT_BITS | print, is below
     * 2^32: 5 bytes at most; the list is written where a length below
     * 128 (one byte) leaves it, and moved when it is longer */
    rgn_buffer_reserve(row, 10 + 5 * n);
    if (row->failed)
        return;
    unsigned char *list = (unsigned char *)row->data + row->len + 1, *at = list;
    const unsigned print_mask = (1u << DB_PRINT_BITS) - 1;
    uint64_t last = 0, written = 0;
    for (size_t i = 0; i < n; i++) {
        /* the prints of one game, each once, in increasing order (most
         * games have one entry in a bucket) */
        uint32_t game = (uint32_t)entries[i] >> DB_PRINT_BITS;
        unsigned prints = 1u << (entries[i] & print_mask);
        while (i + 1 < n && (uint32_t)entries[i + 1] >> DB_PRINT_BITS == game)
            prints |= 1u << (entries[++i] & print_mask);
        for (; prints; prints &= prints - 1) {
            unsigned print = (unsigned)__builtin_ctz(prints);
            at = db_put_varint_at(at, (game - last) << DB_PRINT_BITS | print);
            last = game;
            written++;
        }
    }
    im->counts.positions += written;
    size_t len = (size_t)(at - list);
    unsigned char length[10];
    size_t length_len = (size_t)(db_put_varint_at(length, len) - length);
    if (length_len > 1)
        memmove(list + length_len - 1, list, len);
    memcpy(list - 1, length, length_len);
    row->len += length_len + len;
}

static int write_buckets(rgn_db_importer *im)
{
    uint64_t *space = sort_space(im, im->entry_count);
    if (!space)
        return -1;
    /* the entries come in the order of their games, and add_entry
     * counted those of each bucket: one stable pass puts them in the
     * order of their buckets, by game within a bucket (the sizes become
     * the buckets' ends) */
    uint32_t *ends = im->bucket_sizes;
    uint32_t start = 0;
    for (size_t b = 0; b < (size_t)1 << DB_BUCKET_BITS; b++) {
        uint32_t size = ends[b];
        ends[b] = start;
        start += size;
    }
    for (size_t i = 0; i < im->entry_count; i++)
        space[ends[im->entries[i] >> 32]++] = im->entries[i];
    rgn_buffer row = {0};
    enum { PLACES = 1 << DB_ROW_BUCKETS_BITS };
    for (size_t row_number = 0;
         row_number < (size_t)1 << (DB_BUCKET_BITS - DB_ROW_BUCKETS_BITS) &&
         !im->failed;
         row_number++) {
        const uint32_t *row_ends = ends + row_number * PLACES;
        uint32_t row_start = row_number ? row_ends[-1] : 0;
        if (row_ends[PLACES - 1] == row_start)
            continue; /* no entry: no row */
        rgn_buffer_reset(&row);
        for (unsigned place = 0; place < PLACES; place++) {
            uint32_t from = place ? row_ends[place - 1] : row_start;
            put_bucket(im, space + from, row_ends[place] - from, &row);
        }
        if (row.failed) {
            db_failf(im->db, "out of memory");
            fail(im);
            break;
        }
        sqlite3_bind_int64(im->insert_bucket, 1, im->segment_id);
        sqlite3_bind_int64(im->insert_bucket, 2, (int64_t)row_number);
        sqlite3_bind_blob(im->insert_bucket, 3, row.data, (int)row.len,
                          SQLITE_STATIC);
        step(im, im->insert_bucket);
    }
    memset(ends, 0, ((size_t)1 << DB_BUCKET_BITS) * sizeof *ends);
    rgn_buffer_free(&row);
    return im->failed ? -1 : 0;
}

/* The counts of one move from one position, over a segment's games. */
typedef struct move_total {
    uint64_t key, code, extra;
    uint64_t games, outcomes[3], elo_sum, elo_games, date;
} move_total;

static int compare_totals(const void *a, const void *b)
{
    const move_total *x = a, *y = b;
    if (x->key != y->key)
        return (x->key > y->key) - (x->key < y->key);
    if (x->code != y->code)
        return (x->code > y->code) - (x->code < y->code);
    return (x->extra > y->extra) - (x->extra < y->extra);
}

/* An opening row's record of a move: code, extra, games, White's wins,
 * draws, Black's wins, Elo sum, Elo games, last date (varints). */
static void put_move_counts(rgn_buffer *out, const move_total *t)
{
    db_put_varint(out, t->code);
    db_put_varint(out, t->extra);
    db_put_varint(out, t->games);
    for (int i = 0; i < 3; i++)
        db_put_varint(out, t->outcomes[i]);
    db_put_varint(out, t->elo_sum);
    db_put_varint(out, t->elo_games);
    db_put_varint(out, t->date);
}

/* The entries (the hot ones) summed by position and move, in a hash
 * table: *count totals, sorted by key, code and extra (NULL when memory
 * runs out). */
static move_total *sum_openings(rgn_db_importer *im, size_t *count)
{
    size_t size = 64;
    while (size < 2 * im->opening_count)
        size *= 2;
    move_total *table = calloc(size, sizeof *table);
    if (!table)
        return NULL;
    size_t used = 0;
    for (size_t i = 0; i < im->opening_count; i++) {
        const opening_entry *e = &im->openings[i];
        size_t slot =
            (size_t)rgn_mix64(e->key ^ rgn_mix64(e->code ^ e->extra << 32)) &
            (size - 1);
        move_total *t;
        for (;; slot = (slot + 1) & (size - 1)) {
            t = &table[slot];
            if (!t->games || (t->key == e->key && t->code == e->code &&
                              t->extra == e->extra))
                break;
        }
        if (!t->games) {
            *t =
                (move_total){.key = e->key, .code = e->code, .extra = e->extra};
            used++;
        }
        const game_facts *f = &im->facts[e->game];
        t->games++;
        if (f->outcome < OUTCOME_NONE)
            t->outcomes[f->outcome]++;
        if (f->elo[e->side]) {
            t->elo_sum += f->elo[e->side];
            t->elo_games++;
        }
        if (f->date > t->date)
            t->date = f->date;
    }
    size_t kept = 0;
    for (size_t i = 0; i < size; i++)
        if (table[i].games)
            table[kept++] = table[i];
    qsort(table, kept, sizeof *table, compare_totals);
    *count = used;
    return table;
}

/* Keeps only the entries of positions reached by OPENING_GAMES games or
 * more, counted in a hash table of keys (in the sorting space), so that
 * few are left to sort whole. */
static int keep_hot_openings(rgn_db_importer *im)
{
    size_t n = im->opening_count, size = 1024;
    while (size < 2 * n)
        size *= 2;
    /* a slot: the key, and its count in the other word */
    uint64_t *table = sort_space(im, 2 * size);
    if (!table)
        return -1;
    memset(table, 0, 2 * size * sizeof *table);
    for (size_t i = 0; i < n; i++) {
        uint64_t key = im->openings[i].key;
        size_t slot = (size_t)rgn_mix64(key) & (size - 1);
        while (table[2 * slot + 1] && table[2 * slot] != key)
            slot = (slot + 1) & (size - 1);
        table[2 * slot] = key;
        table[2 * slot + 1]++;
        /* the entry's slot, kept in its extra's place until the count is
         * known */
        im->openings[i].slot = slot;
    }
    size_t kept = 0;
    for (size_t i = 0; i < n; i++)
        if (table[2 * im->openings[i].slot + 1] >= OPENING_GAMES)
            im->openings[kept++] = im->openings[i];
    im->opening_count = kept;
    return 0;
}

static int write_openings(rgn_db_importer *im)
{
    if (keep_hot_openings(im) < 0)
        return -1;
    size_t count;
    move_total *totals = sum_openings(im, &count);
    if (!totals)
        return db_failf(im->db, "out of memory"), fail(im);
    rgn_buffer row = {0};
    for (size_t i = 0; i < count && !im->failed;) {
        rgn_buffer_reset(&row);
        size_t end = i;
        for (; end < count && totals[end].key == totals[i].key; end++)
            put_move_counts(&row, &totals[end]);
        if (row.failed) {
            db_failf(im->db, "out of memory");
            fail(im);
            break;
        }
        sqlite3_bind_int64(im->insert_opening, 1, (int64_t)totals[i].key);
        sqlite3_bind_int64(im->insert_opening, 2, im->segment_id);
        sqlite3_bind_blob(im->insert_opening, 3, row.data, (int)row.len,
                          SQLITE_STATIC);
        step(im, im->insert_opening);
        i = end;
    }
    rgn_buffer_free(&row);
    free(totals);
    return im->failed ? -1 : 0;
}

static int write_segment(rgn_db_importer *im)
{
    if (im->next_id == im->first_game)
        return 0;
    uint64_t before = im->counts.positions;
    if (write_buckets(im) < 0 || write_openings(im) < 0)
        return -1;
    sqlite3_bind_int64(im->insert_segment, 1, im->segment_id);
    sqlite3_bind_int64(im->insert_segment, 2, im->first_game);
    sqlite3_bind_int64(im->insert_segment, 3, im->next_id - 1);
    sqlite3_bind_int64(im->insert_segment, 4,
                       (int64_t)(im->counts.positions - before));
    sqlite3_bind_blob(im->insert_segment, 5, im->squares.data,
                      (int)im->squares.len, SQLITE_STATIC);
    if (step(im, im->insert_segment) < 0)
        return -1;
    im->segment_id++;
    im->first_game = im->next_id;
    im->entry_count = im->opening_count = 0;
    rgn_buffer_reset(&im->squares);
    return 0;
}

/* ------------------------------------------------------------------ */
/* The sink                                                           */

static void on_begin_game(void *user, uint64_t number)
{
    rgn_db_importer *im = user;
    im->number = number;
    if (number > im->file_games)
        im->file_games = number;
    im->origin = (rgn_location){0, 0, 0};
    im->game_variant = NULL;
    rgn_buffer_reset(&im->tags);
    db_tags_begin(&im->tags);
    rgn_buffer_reset(&im->moves.blob);
    im->has_start = false;
    im->depth = im->plies = 0;
    memset(im->game_squares, 0, sizeof im->game_squares);
    memset(&im->game_facts, 0, sizeof im->game_facts);
    im->game_facts.outcome = OUTCOME_NONE;
    im->entries_before = im->entry_count;
    im->openings_before = im->opening_count;
    im->pending = false;
    im->opening_key_count = 0;
}

static void on_origin(void *user, rgn_location where)
{
    rgn_db_importer *im = user;
    im->origin = where;
}

static bool span_is(rgn_span span, const char *text)
{
    return span.len == strlen(text) && !memcmp(span.data, text, span.len);
}

static unsigned span_number(rgn_span span, unsigned max)
{
    unsigned n = 0;
    for (size_t i = 0; i < span.len; i++) {
        if (span.data[i] < '0' || span.data[i] > '9')
            return 0;
        n = n * 10 + (unsigned)(span.data[i] - '0');
        if (n > max)
            return 0;
    }
    return n;
}

/* "2024.05.??" as 20240500. */
static uint32_t date_number(rgn_span span)
{
    if (span.len != 10 || span.data[4] != '.' || span.data[7] != '.')
        return 0;
    rgn_span parts[3] = {
        {span.data, 4}, {span.data + 5, 2}, {span.data + 8, 2}};
    return span_number(parts[0], 9999) * 10000 +
           span_number(parts[1], 99) * 100 + span_number(parts[2], 99);
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    rgn_db_importer *im = user;
    db_tags_add(&im->tags, name, value);
    if (span_is(name, "WhiteElo"))
        im->game_facts.elo[0] = (uint16_t)span_number(value, 9999);
    else if (span_is(name, "BlackElo"))
        im->game_facts.elo[1] = (uint16_t)span_number(value, 9999);
    else if (span_is(name, "Date"))
        im->game_facts.date = date_number(value);
}

/* Grows an array of count items of size bytes to hold one more: false
 * (after saying so) when memory runs out. */
static bool make_room(rgn_db_importer *im, void **items, size_t size,
                      size_t count, size_t *capacity)
{
    if (count < *capacity)
        return true;
    size_t more = *capacity ? *capacity * 2 : 4096;
    void *grown = realloc(*items, more * size);
    if (!grown) {
        db_failf(im->db, "out of memory");
        fail(im);
        return false;
    }
    *items = grown;
    *capacity = more;
    return true;
}

/* (Inlined: it runs for every move.) */
static inline __attribute__((always_inline)) void add_entry(rgn_db_importer *im,
                                                            uint64_t key)
{
    if (im->entry_count == im->entry_capacity &&
        !make_room(im, (void **)&im->entries, sizeof *im->entries,
                   im->entry_count, &im->entry_capacity))
        return;
    im->bucket_sizes[db_bucket(key)]++;
    im->entries[im->entry_count++] = (uint64_t)db_bucket(key) << 32 |
                                     (uint64_t)(im->next_id - im->first_game)
                                         << DB_PRINT_BITS |
                                     db_print(key);
}

/* Marks the bit of the pattern prefilter of a piece code on a square
 * in the game's squares. */
static inline void mark_square(rgn_db_importer *im, uint8_t piece,
                               unsigned square)
{
    unsigned bit = db_square_bit(piece, square);
    im->game_squares[bit / 8] |= (uint8_t)(1u << bit % 8);
}

/* The squares the pieces of a whole position stand on (the board's
 * squares, from the encoder's geometry: a rule set has far fewer than
 * the board's capacity). */
static void mark_board(rgn_db_importer *im, const rgn_position *pos)
{
    const db_geometry *g = &im->moves.geometry;
    bool whole = g->squares > RGN_BOARD_CAPACITY; /* no table: every one */
    uint64_t n = whole ? RGN_BOARD_CAPACITY : g->squares;
    for (uint64_t i = 0; i < n; i++) {
        int sq = whole ? (int)i : g->square[i];
        if (sq < 0 || sq >= RGN_BOARD_CAPACITY)
            continue;
        uint8_t piece = pos->board[sq];
        if (piece != RGN_EMPTY && piece != RGN_OFF)
            mark_square(im, piece, (unsigned)sq);
    }
}

static void add_opening(rgn_db_importer *im, uint64_t code, uint64_t extra,
                        int side)
{
    if (!im->pending)
        return;
    im->pending = false;
    for (int i = 0; i < im->opening_key_count - 1; i++)
        if (im->opening_keys[i] == im->pending_key)
            return; /* the game was here before */
    if (!make_room(im, (void **)&im->openings, sizeof *im->openings,
                   im->opening_count, &im->opening_capacity))
        return;
    im->openings[im->opening_count++] =
        (opening_entry){im->pending_key,
                        code,
                        extra,
                        (uint32_t)(im->next_id - im->first_game),
                        0,
                        (uint8_t)side};
}

/* A position of the main line: the index, and the openings early on. */
static inline __attribute__((always_inline)) void
main_line_position(rgn_db_importer *im, const rgn_position *pos)
{
    uint64_t key = db_key(pos, im->salt);
    add_entry(im, key);
    if (im->plies <= OPENING_PLIES) {
        im->pending_key = key;
        im->pending = true;
        im->opening_keys[im->opening_key_count++] = key;
    }
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    rgn_db_importer *im = user;
    if (start->variant != im->variant)
        im->salt = db_variant_salt(start->variant);
    im->variant = im->game_variant = start->variant;
    im->has_start = has_fen;
    if (has_fen)
        rgn_position_fen(start, im->start, sizeof im->start);
    db_encode_start(&im->moves, start->variant);
    if (im->start_variant == start->variant &&
        !memcmp(im->start_board, start->board, sizeof im->start_board))
        memcpy(im->game_squares, im->start_squares, sizeof im->game_squares);
    else {
        mark_board(im, start);
        im->start_variant = start->variant;
        memcpy(im->start_board, start->board, sizeof im->start_board);
        memcpy(im->start_squares, im->game_squares, sizeof im->start_squares);
    }
    main_line_position(im, start);
}

static void on_move(void *user, rgn_position *after, rgn_move move,
                    const char *san)
{
    (void)san;
    rgn_db_importer *im = user;
    db_encode_move(&im->moves, after, move);
    if (im->depth > 0) {
        if (im->options.variations)
            add_entry(im, db_key(after, im->salt));
        return;
    }
    im->plies++;
    if (im->pending) {
        uint64_t extra = 0;
        bool has_extra = false;
        uint64_t code = rgn_move_is_null(move)
                            ? DB_CODE_NULL_MOVE
                            : db_move_code(&im->moves.geometry, after, move,
                                           &extra, &has_extra);
        add_opening(im, code, extra, !after->side);
    }
    if (move.kind == RGN_MOVE_CASTLING || move.kind == RGN_MOVE_TURN)
        mark_board(im, after);
    else if (!rgn_move_is_null(move))
        mark_square(im, after->board[move.to], move.to);
    main_line_position(im, after);
}

static void on_nag(void *user, unsigned nag)
{
    rgn_db_importer *im = user;
    db_encode_nag(&im->moves, nag);
}

static void on_comment(void *user, rgn_span text)
{
    rgn_db_importer *im = user;
    db_encode_comment(&im->moves, text);
}

static void on_begin_variation(void *user)
{
    rgn_db_importer *im = user;
    db_encode_variation(&im->moves, true);
    im->depth++;
}

static void on_end_variation(void *user)
{
    rgn_db_importer *im = user;
    db_encode_variation(&im->moves, false);
    im->depth--;
}

static void on_unchecked(void *user, rgn_span text, bool cut)
{
    rgn_db_importer *im = user;
    db_encode_unchecked(&im->moves, text, cut);
}

/* A fingerprint of the bytes, 8 at a time. */
static uint64_t digest_bytes(uint64_t h, const void *data, size_t len)
{
    const unsigned char *p = data;
    for (; len >= 8; p += 8, len -= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        h = rgn_mix64(h ^ word);
    }
    uint64_t last = len;
    for (size_t i = 0; i < len; i++)
        last |= (uint64_t)p[i] << (8 * (i + 1));
    return rgn_mix64(h ^ last);
}

static uint8_t outcome_of(rgn_span result)
{
    return span_is(result, "1-0")       ? OUTCOME_WHITE
           : span_is(result, "0-1")     ? OUTCOME_BLACK
           : span_is(result, "1/2-1/2") ? OUTCOME_DRAW
                                        : OUTCOME_NONE;
}

/* ------------------------------------------------------------------ */
/* The copies a database has                                          */

int db_copies_init(db_copies *c, rgn_db *db, int64_t next_id)
{
    memset(c, 0, sizeof *c);
    c->db = db;
    if (next_id == 1) {
        if (!(c->digests = duplicate_set_new()))
            return db_failf(db, "out of memory");
        return 0;
    }
    c->find = db_prepare(db, "SELECT id FROM games WHERE digest = ?");
    return c->find ? 0 : -1;
}

void db_copies_free(db_copies *c)
{
    sqlite3_finalize(c->find);
    duplicate_set_free(c->digests);
    memset(c, 0, sizeof *c);
}

void db_note_copy(void (*report)(void *user, const rgn_diagnostic *note),
                  void *user, const char *file, uint64_t number,
                  rgn_location where, int64_t copy)
{
    if (!report)
        return;
    char message[96];
    snprintf(message, sizeof message,
             "game %llu is game %lld of the database: not stored again",
             (unsigned long long)number, (long long)copy);
    rgn_diagnostic note = {
        .problem = RGN_N_ALREADY_STORED,
        .severity = RGN_NOTE,
        .message = message,
        .where = where,
        .game = number,
        .game_offset = where.offset,
        .white = "?",
        .black = "?",
        .move_number = "",
        .file = file,
        .copy_of = copy,
    };
    report(user, &note);
}

int64_t db_copy_of(db_copies *c, uint64_t digest, int64_t id)
{
    if (c->digests) {
        uint64_t first = 0;
        if (duplicate_set_add(c->digests, digest, (uint64_t)id, &first) < 0)
            return db_failf(c->db, "out of memory");
        return (int64_t)first;
    }
    sqlite3_bind_int64(c->find, 1, (int64_t)digest);
    int64_t copy = 0;
    if (sqlite3_step(c->find) == SQLITE_ROW)
        copy = sqlite3_column_int64(c->find, 0);
    sqlite3_reset(c->find);
    return copy;
}

static int insert_game(rgn_db_importer *im, const char *variant,
                       rgn_span result, const rgn_diagnostic *error,
                       uint64_t digest)
{
    sqlite3_stmt *s = im->insert_game;
    sqlite3_bind_int64(s, 1, im->next_id);
    sqlite3_bind_int64(s, 2, im->file_id);
    sqlite3_bind_int64(s, 3, (int64_t)im->origin.offset);
    sqlite3_bind_int64(s, 4, im->origin.line);
    sqlite3_bind_int64(s, 5, im->origin.column);
    sqlite3_bind_int64(s, 6, (int64_t)im->number);
    sqlite3_bind_text(s, 7, variant, -1, SQLITE_STATIC);
    if (im->has_start)
        sqlite3_bind_text(s, 8, im->start, -1, SQLITE_STATIC);
    sqlite3_bind_text(s, 9, result.data ? result.data : "", (int)result.len,
                      SQLITE_STATIC);
    sqlite3_bind_int(s, 10, im->plies);
    sqlite3_bind_int(s, 11, !error);
    if (error) {
        sqlite3_bind_text(s, 12, rgn_problem_code(error->problem), -1,
                          SQLITE_STATIC);
        sqlite3_bind_text(s, 13, error->message, -1, SQLITE_STATIC);
        sqlite3_bind_int64(s, 14, error->where.line);
        sqlite3_bind_int64(s, 15, error->where.column);
        sqlite3_bind_int64(s, 16, (int64_t)error->where.offset);
        sqlite3_bind_int(s, 17, error->ply);
        sqlite3_bind_text(s, 18, error->move_number, -1, SQLITE_STATIC);
        sqlite3_bind_text(s, 19, error->move.data ? error->move.data : "",
                          (int)error->move.len, SQLITE_STATIC);
    }
    sqlite3_bind_int64(s, 20, (int64_t)digest);
    sqlite3_bind_text(s, 21, im->tags.data, (int)im->tags.len, SQLITE_STATIC);
    sqlite3_bind_blob(s, 22, im->moves.blob.data ? im->moves.blob.data : "",
                      (int)im->moves.blob.len, SQLITE_STATIC);
    return step(im, s);
}

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    rgn_db_importer *im = user;
    if (im->failed)
        return;
    add_opening(im, DB_CODE_END, 0,
                0); /* the game ended at its last position */
    db_tags_end(&im->tags);
    const char *variant =
        im->game_variant ? rgn_variant_name(im->game_variant) : "";
    if (im->tags.failed || im->moves.blob.failed) {
        db_failf(im->db, "out of memory");
        fail(im);
        return;
    }
    uint64_t digest = digest_bytes(0, variant, strlen(variant));
    digest = digest_bytes(digest, im->has_start ? im->start : "",
                          im->has_start ? strlen(im->start) : 0);
    digest = digest_bytes(digest, im->tags.data, im->tags.len);
    digest = digest_bytes(digest, im->moves.blob.data, im->moves.blob.len);
    im->counts.games++;
    if (error)
        im->counts.invalid_read++;
    int64_t copy = db_copy_of(&im->copies, digest, im->next_id);
    if (copy < 0) {
        fail(im);
        return;
    }
    if (copy) {
        /* what the game added to the segment goes */
        for (size_t i = im->entries_before; i < im->entry_count; i++)
            im->bucket_sizes[im->entries[i] >> 32]--;
        im->entry_count = im->entries_before;
        im->opening_count = im->openings_before;
        im->counts.duplicates++;
        db_note_copy(im->options.report, im->options.user, im->file, im->number,
                     im->origin, copy);
        return;
    }
    size_t index = (size_t)(im->next_id - im->first_game);
    if (!make_room(im, (void **)&im->facts, sizeof *im->facts, index,
                   &im->facts_capacity))
        return;
    im->game_facts.outcome = outcome_of(result);
    im->facts[index] = im->game_facts;
    rgn_buffer_append(&im->squares, (const char *)im->game_squares,
                      sizeof im->game_squares);
    if (file_row(im) < 0 || insert_game(im, variant, result, error, digest) < 0)
        return;
    if (im->game_variant && im->game_variant != im->registered) {
        im->registered = im->game_variant;
        sqlite3_bind_text(im->insert_variant, 1, variant, -1, SQLITE_STATIC);
        step(im, im->insert_variant);
    }
    im->next_id++;
    im->counts.plies += (uint64_t)im->plies;
    if (error)
        im->counts.invalid++;
    else
        im->counts.valid++;
    if (im->entry_count >= SEGMENT_ENTRIES)
        write_segment(im);
}

static const rgn_game_sink importer_sink = {
    .input = on_input,
    .begin_game = on_begin_game,
    .origin = on_origin,
    .tag = on_tag,
    .start = on_start,
    .move = on_move,
    .nag = on_nag,
    .comment = on_comment,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .unchecked = on_unchecked,
    .end_game = on_end_game,
    .without_san = true,
    .position_after = true,
};

const rgn_game_sink *rgn_db_importer_sink(void) { return &importer_sink; }

int rgn_db_importer_finish(rgn_db_importer *im, rgn_db_import_counts *counts,
                           rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
    if (!im->failed)
        write_segment(im);
    count_file_games(im);
    if (counts)
        *counts = im->counts;
    if (im->failed) {
        *error = im->db->error;
        return -1;
    }
    return 0;
}
