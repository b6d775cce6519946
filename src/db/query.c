/*
 * query.c - answering from a database: the games that match criteria
 * (rgn_db_find) and the moves played from a position (rgn_db_tree_of).
 *
 * Every answer is the criteria's own (the matcher of rgn select judges
 * each game replayed from its blob); the index only says which games
 * need judging. A position criterion (--position, --moves) names the
 * buckets of its positions, and only the games listed there are
 * replayed; a pattern (--pattern) passes only the games whose squares
 * held every piece of it at some time.
 */
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "db/db.h"
#include "rules/position.h"
#include "select/criteria.h"
#include "select/select.h"

/* The segments of the index, read once a query. */
typedef struct segment {
    int64_t id, first_game, last_game;
} segment;

typedef struct id_list {
    int64_t *ids;
    size_t count, capacity;
    bool failed;
} id_list;

static void id_add(id_list *list, int64_t id)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? list->capacity * 2 : 1024;
        int64_t *more = realloc(list->ids, capacity * sizeof *more);
        if (!more) {
            list->failed = true;
            return;
        }
        list->ids = more;
        list->capacity = capacity;
    }
    list->ids[list->count++] = id;
}

static int compare_ids(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static void id_sort_unique(id_list *list)
{
    if (!list->count)
        return;
    qsort(list->ids, list->count, sizeof *list->ids, compare_ids);
    size_t kept = 1;
    for (size_t i = 1; i < list->count; i++)
        if (list->ids[i] != list->ids[kept - 1])
            list->ids[kept++] = list->ids[i];
    list->count = kept;
}

/* The ids in both (a sorted unique list kept in a). */
static void id_intersect(id_list *a, const id_list *b)
{
    size_t kept = 0, j = 0;
    for (size_t i = 0; i < a->count; i++) {
        while (j < b->count && b->ids[j] < a->ids[i])
            j++;
        if (j < b->count && b->ids[j] == a->ids[i])
            a->ids[kept++] = a->ids[i];
    }
    a->count = kept;
}

/* ------------------------------------------------------------------ */
/* Reading the stored                                                 */

typedef struct reader {
    rgn_db *db;
    sqlite3_stmt *game_by_id, *all_games, *bucket_rows, *opening_row;
    segment *segments;
    size_t segment_count;
    char **files; /* by id (files[0] unused) */
    size_t file_count;
} reader;

#define GAME_COLUMNS                                                           \
    "id, file, offset, line, column, variant, start, result, valid, "          \
    "problem_code, problem, problem_line, problem_column, problem_offset, "    \
    "problem_ply, problem_move_number, problem_move, tags, moves"

static void reader_free(reader *r)
{
    sqlite3_finalize(r->game_by_id);
    sqlite3_finalize(r->all_games);
    sqlite3_finalize(r->bucket_rows);
    sqlite3_finalize(r->opening_row);
    free(r->segments);
    for (size_t i = 0; i < r->file_count; i++)
        free(r->files[i]);
    free(r->files);
}

static int reader_open(reader *r, rgn_db *db)
{
    memset(r, 0, sizeof *r);
    r->db = db;
    r->game_by_id =
        db_prepare(db, "SELECT " GAME_COLUMNS " FROM games WHERE id = ?");
    r->all_games =
        db_prepare(db, "SELECT " GAME_COLUMNS " FROM games ORDER BY id");
    r->bucket_rows =
        db_prepare(db, "SELECT games FROM positions WHERE id = ?1 << 16 | ?2");
    r->opening_row = db_prepare(
        db, "SELECT moves FROM openings WHERE key = ? AND segment = ?");
    sqlite3_stmt *s = db_prepare(
        db, "SELECT id, first_game, last_game FROM segments ORDER BY id");
    sqlite3_stmt *f = db_prepare(db, "SELECT id, path FROM files ORDER BY id");
    if (!r->game_by_id || !r->all_games || !r->bucket_rows || !r->opening_row ||
        !s || !f) {
        sqlite3_finalize(s);
        sqlite3_finalize(f);
        return -1;
    }
    int status = 0, step;
    size_t capacity = 0;
    while ((step = sqlite3_step(s)) == SQLITE_ROW) {
        if (r->segment_count == capacity) {
            capacity = capacity ? capacity * 2 : 64;
            segment *more = realloc(r->segments, capacity * sizeof *more);
            if (!more) {
                status = db_failf(db, "out of memory");
                break;
            }
            r->segments = more;
        }
        segment seg = {sqlite3_column_int64(s, 0), sqlite3_column_int64(s, 1),
                       sqlite3_column_int64(s, 2)};
        /* the index reads game numbers from first_game up to last_game */
        if (seg.first_game < 1 || seg.last_game < seg.first_game) {
            status = db_failf(db, "the database is damaged (segments)");
            break;
        }
        r->segments[r->segment_count++] = seg;
    }
    if (status == 0 && step != SQLITE_DONE)
        status = db_fail(db, "reading the database");
    capacity = 0;
    while (status == 0 && (step = sqlite3_step(f)) == SQLITE_ROW) {
        int64_t id = sqlite3_column_int64(f, 0);
        const char *path = (const char *)sqlite3_column_text(f, 1);
        if (id < 1 || id > 1 << 24 || !path) {
            status = db_failf(db, "the database is damaged (files)");
            break;
        }
        if ((size_t)id >= capacity) {
            size_t more_capacity = (size_t)id * 2;
            char **more = realloc(r->files, more_capacity * sizeof *more);
            if (!more) {
                status = db_failf(db, "out of memory");
                break;
            }
            memset(more + capacity, 0,
                   (more_capacity - capacity) * sizeof *more);
            r->files = more;
            capacity = more_capacity;
        }
        free(r->files[id]);
        r->files[id] = strdup(path);
        if ((size_t)id >= r->file_count)
            r->file_count = (size_t)id + 1;
    }
    if (status == 0 && step != SQLITE_DONE)
        status = db_fail(db, "reading the database");
    sqlite3_finalize(s);
    sqlite3_finalize(f);
    return status;
}

static const char *column_text(sqlite3_stmt *s, int column)
{
    return (const char *)sqlite3_column_text(s, column);
}

/* A blob column's bytes, from the result to *end (SQLite gives NULL for
 * an empty blob, which no pointer arithmetic may start from). */
static const uint8_t *column_blob(sqlite3_stmt *s, int column,
                                  const uint8_t **end)
{
    const uint8_t *at = sqlite3_column_blob(s, column);
    int bytes = sqlite3_column_bytes(s, column);
    *end = bytes > 0 ? at + bytes : at;
    return at;
}

/* The row s is on as a stored game (its texts valid until s moves). */
static int stored_game(reader *r, sqlite3_stmt *s, db_stored_game *g,
                       const char **file)
{
    memset(g, 0, sizeof *g);
    g->id = sqlite3_column_int64(s, 0);
    int64_t file_id = sqlite3_column_int64(s, 1);
    g->origin.offset = (uint64_t)sqlite3_column_int64(s, 2);
    g->origin.line = (uint32_t)sqlite3_column_int64(s, 3);
    g->origin.column = (uint32_t)sqlite3_column_int64(s, 4);
    g->variant = column_text(s, 5);
    g->start = column_text(s, 6);
    g->result = column_text(s, 7);
    g->valid = sqlite3_column_int(s, 8) != 0;
    g->problem_code = column_text(s, 9);
    g->problem = column_text(s, 10);
    g->problem_where.line = (uint32_t)sqlite3_column_int64(s, 11);
    g->problem_where.column = (uint32_t)sqlite3_column_int64(s, 12);
    g->problem_where.offset = (uint64_t)sqlite3_column_int64(s, 13);
    g->problem_ply = sqlite3_column_int(s, 14);
    g->problem_move_number = column_text(s, 15);
    g->problem_move = column_text(s, 16);
    g->tags = column_text(s, 17);
    g->moves = sqlite3_column_blob(s, 18);
    g->moves_len = (size_t)sqlite3_column_bytes(s, 18);
    if (!g->variant || !g->result || !g->tags ||
        (!g->valid && (!g->problem_code || !g->problem ||
                       !g->problem_move_number || !g->problem_move)) ||
        file_id < 1 || (size_t)file_id >= r->file_count || !r->files[file_id])
        return db_failf(r->db, "the database is damaged (game %lld)",
                        (long long)g->id);
    *file = r->files[file_id];
    return 0;
}

/* Passes a stored game to a sink: -1 with the reason when it is
 * damaged. */
static int replay(reader *r, const db_stored_game *g, bool tags_only,
                  const rgn_game_sink *sink, void *user)
{
    rgn_error why;
    if (db_decode_game(g, tags_only, sink, user, &why) < 0)
        return db_failf(r->db, "the database is damaged (game %lld: %s)",
                        (long long)g->id, why.message);
    return 0;
}

/* The games of one segment whose entry in the index says they may have
 * reached the position of the key, into ids. */
static int segment_games(reader *r, const segment *seg, uint64_t key,
                         id_list *ids)
{
    sqlite3_stmt *s = r->bucket_rows;
    unsigned bucket = db_bucket(key), wanted = db_print(key);
    sqlite3_bind_int64(s, 1, seg->id);
    sqlite3_bind_int64(s, 2, db_row(bucket));
    int step = sqlite3_step(s), status = 0;
    if (step == SQLITE_ROW) {
        const uint8_t *row_end;
        const uint8_t *at = column_blob(s, 0, &row_end); /* NULL: empty */
        /* past the lists before the bucket's */
        uint64_t len = 0;
        for (unsigned place = 0; place <= db_row_place(bucket); place++) {
            if (len)
                at += len;
            if (!at || !db_get_varint(&at, row_end, &len) ||
                len > (uint64_t)(row_end - at)) {
                len = 0;
                at = NULL;
                break;
            }
        }
        const uint8_t *end = at ? at + len : NULL;
        int64_t game = seg->first_game;
        uint64_t value;
        int last_print = -1;
        while (at && at < end && db_get_varint(&at, end, &value)) {
            uint64_t delta = value >> DB_PRINT_BITS;
            int print = (int)(value & ((1u << DB_PRINT_BITS) - 1));
            /* in increasing order of game, then print */
            if (delta > (uint64_t)(seg->last_game - game) ||
                (delta == 0 && print <= last_print))
                break;
            game += (int64_t)delta;
            last_print = print;
            if ((unsigned)print == wanted)
                id_add(ids, game);
        }
        if (!at || at != end)
            status = db_failf(r->db, "the database is damaged (the index)");
    } else if (step != SQLITE_DONE)
        status = db_fail(r->db, "reading the database");
    sqlite3_reset(s);
    if (status == 0 && ids->failed)
        status = db_failf(r->db, "out of memory");
    return status;
}

/* The same in every segment. */
static int indexed_games(reader *r, uint64_t key, id_list *ids)
{
    for (size_t i = 0; i < r->segment_count; i++)
        if (segment_games(r, &r->segments[i], key, ids) < 0)
            return -1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* The candidates of a query                                          */

/* The rule sets the database has games of. */
static int each_variant(reader *r, const rgn_criteria *criteria,
                        int (*visit)(reader *r, const rgn_criteria *criteria,
                                     variant_targets *vt, void *user),
                        void *user)
{
    sqlite3_stmt *s = db_prepare(r->db, "SELECT name FROM variants");
    if (!s)
        return -1;
    int step, status = 0;
    while (status == 0 && (step = sqlite3_step(s)) == SQLITE_ROW) {
        const char *name = column_text(s, 0);
        const rgn_variant *v = name ? rgn_variant_find(name) : NULL;
        if (!v)
            continue;
        variant_targets vt = {0};
        if (variant_targets_prepare(&vt, criteria, v) < 0)
            status = db_failf(r->db, "out of memory");
        else
            status = visit(r, criteria, &vt, user);
        variant_targets_free(&vt, criteria->target_count);
    }
    if (status == 0 && step != SQLITE_DONE)
        status = db_fail(r->db, "reading the database");
    sqlite3_finalize(s);
    return status;
}

int rgn_db_variants(rgn_db *db, const rgn_variant **variants, size_t max,
                    rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
    sqlite3_stmt *s = db_prepare(db, "SELECT name FROM variants ORDER BY name");
    int step = SQLITE_DONE, count = 0;
    while (s && (step = sqlite3_step(s)) == SQLITE_ROW) {
        const char *name = column_text(s, 0);
        const rgn_variant *v = name ? rgn_variant_find(name) : NULL;
        if (!v) /* a game of a newer rgn: no rule set of this one */
            continue;
        if ((size_t)count < max)
            variants[count] = v;
        count++;
    }
    int status = !s                    ? -1
                 : step != SQLITE_DONE ? db_fail(db, "reading the database")
                                       : count;
    sqlite3_finalize(s);
    if (status < 0)
        *error = db->error;
    return status;
}

typedef struct group_query {
    int group;
    id_list *ids;
    /* patterns: for each rule set and target, the bits a game needs */
    uint8_t (*masks)[DB_SQUARE_BITS / 8];
    size_t mask_count, mask_capacity;
} group_query;

static int position_candidates(reader *r, const rgn_criteria *criteria,
                               variant_targets *vt, void *user)
{
    group_query *q = user;
    for (int t = 0; t < criteria->target_count; t++) {
        const target_ready *ready = &vt->ready[t];
        if (criteria->targets[t].group != q->group || !ready->usable)
            continue;
        if (indexed_games(r, db_position_key(ready->position), q->ids) < 0)
            return -1;
    }
    return 0;
}

static int pattern_masks(reader *r, const rgn_criteria *criteria,
                         variant_targets *vt, void *user)
{
    group_query *q = user;
    for (int t = 0; t < criteria->target_count; t++) {
        const target_ready *ready = &vt->ready[t];
        if (criteria->targets[t].group != q->group || !ready->usable)
            continue;
        if (q->mask_count == q->mask_capacity) {
            size_t capacity = q->mask_capacity ? q->mask_capacity * 2 : 8;
            void *more = realloc(q->masks, capacity * sizeof *q->masks);
            if (!more)
                return db_failf(r->db, "out of memory");
            q->masks = more;
            q->mask_capacity = capacity;
        }
        uint8_t *mask = q->masks[q->mask_count++];
        memset(mask, 0, DB_SQUARE_BITS / 8);
        for (int i = 0; i < ready->count; i++) {
            const pattern_square *sq = &ready->squares[i];
            if (sq->piece == RGN_EMPTY)
                continue;
            unsigned bit = db_square_bit(sq->piece, (unsigned)sq->square);
            mask[bit / 8] |= (uint8_t)(1u << bit % 8);
        }
    }
    return 0;
}

static bool holds_mask(const uint8_t *squares, const uint8_t *mask)
{
    for (int i = 0; i < DB_SQUARE_BITS / 8; i++)
        if ((squares[i] & mask[i]) != mask[i])
            return false;
    return true;
}

/* The games whose squares may hold one of the masks. */
static int pattern_candidates(reader *r, group_query *q)
{
    sqlite3_stmt *s =
        db_prepare(r->db, "SELECT first_game, last_game, squares FROM segments "
                          "ORDER BY id");
    if (!s)
        return -1;
    int step, status = 0;
    enum { BYTES = DB_SQUARE_BITS / 8 };
    while (status == 0 && (step = sqlite3_step(s)) == SQLITE_ROW) {
        int64_t first = sqlite3_column_int64(s, 0);
        int64_t last = sqlite3_column_int64(s, 1);
        const uint8_t *squares = sqlite3_column_blob(s, 2);
        size_t len = (size_t)sqlite3_column_bytes(s, 2);
        if (first < 1 || last < first ||
            len / BYTES != (size_t)(last - first + 1) || len % BYTES) {
            status = db_failf(r->db, "the database is damaged (segments)");
            break;
        }
        for (int64_t game = first; game <= last; game++, squares += BYTES)
            for (size_t m = 0; m < q->mask_count; m++)
                if (holds_mask(squares, q->masks[m])) {
                    id_add(q->ids, game);
                    break;
                }
    }
    if (status == 0 && step != SQLITE_DONE)
        status = db_fail(r->db, "reading the database");
    sqlite3_finalize(s);
    if (status == 0 && q->ids->failed)
        status = db_failf(r->db, "out of memory");
    return status;
}

/* A game the index names but the games table lacks. */
static int game_missing(rgn_db *db, int64_t id)
{
    return db_failf(db,
                    "the database is damaged (the index names game %lld, "
                    "which is missing)",
                    (long long)id);
}

/* The games a query need judge, or *all when the index cannot say. */
static int candidates(reader *r, const rgn_db_find_options *o, id_list *ids,
                      bool *all)
{
    *all = true;
    const rgn_criteria *c = o->criteria;
    /* the index holds variations only of games imported with
     * --variations: a query into variations replays every game */
    if (!c || o->invert || c->game_ranges || c->in_variations)
        return 0;
    for (int group = 0; group < c->target_groups; group++) {
        bool positions = true, patterns = true, any = false;
        for (int t = 0; t < c->target_count; t++) {
            if (c->targets[t].group != group)
                continue;
            any = true;
            enum target_kind kind = c->targets[t].kind;
            positions &= kind == TARGET_POSITION || kind == TARGET_MOVES;
            patterns &= kind == TARGET_PATTERN;
        }
        if (!any || (!positions && !patterns))
            continue;
        id_list found = {0};
        group_query q = {.group = group, .ids = &found};
        int status = positions ? each_variant(r, c, position_candidates, &q)
                               : each_variant(r, c, pattern_masks, &q);
        if (status == 0 && patterns)
            status = pattern_candidates(r, &q);
        free(q.masks);
        if (status < 0) {
            free(found.ids);
            return -1;
        }
        id_sort_unique(&found);
        if (*all) {
            free(ids->ids);
            *ids = found;
            *all = false;
        } else {
            id_intersect(ids, &found);
            free(found.ids);
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* Finding                                                            */

typedef struct finder {
    reader *r;
    const rgn_db_find_options *o;
    rgn_matcher *matcher;
    rgn_game *game;
    duplicate_set *copies; /* NULL when copies are not looked for */
    int64_t found;
    bool stop;
} finder;

/* Judges the game of the row s is on. */
static int judge(finder *f, sqlite3_stmt *s)
{
    db_stored_game g;
    const char *file;
    if (stored_game(f->r, s, &g, &file) < 0)
        return -1;
    const rgn_criteria *c = f->o->criteria;
    bool matched = true;
    int ply = -1;
    if (c) {
        if (replay(f->r, &g, !rgn_criteria_need_moves(c), rgn_matcher_sink(),
                   f->matcher) < 0)
            return -1;
        matched = rgn_matcher_matched(f->matcher, &ply);
    }
    if (f->o->invert) {
        matched = !matched;
        ply = -1;
    }
    /* an invalid game the edits may repair: judged once recorded */
    bool repairable = !g.valid && f->o->edits;
    if (!matched || (f->o->valid_only && !g.valid && !repairable))
        return 0;
    rgn_db_found found = {g.id, file, NULL, ply};
    if (!f->o->count_only || f->copies || repairable) {
        rgn_game_recorder()->input(f->game, file); /* rgn_game_input */
        if (replay(f->r, &g, false, rgn_game_recorder(), f->game) < 0)
            return -1;
        if (game_failed(f->game))
            return db_failf(f->r->db, "out of memory");
        found.game = f->o->count_only ? NULL : f->game;
    }
    if (f->o->valid_only && repairable && rgn_edits_error(f->o->edits, f->game))
        return 0;
    /* copies, as the selector tells them: among the games that match */
    if (f->copies) {
        uint64_t first = 0;
        if (duplicate_set_check(f->copies, f->game, (uint64_t)g.id,
                                f->o->fuzzy_ply, &first) < 0)
            return db_failf(f->r->db, "out of memory");
        if ((f->o->duplicates == RGN_DUPLICATES_UNIQUE && first) ||
            (f->o->duplicates == RGN_DUPLICATES_ONLY && !first))
            return 0;
    }
    f->found++;
    if (f->o->found && f->o->found(f->o->user, &found))
        f->stop = true;
    if (f->o->limit && (uint64_t)f->found >= f->o->limit)
        f->stop = true;
    return 0;
}

int db_find_options_take(rgn_db_find_options *taken,
                         const rgn_db_find_options *options, rgn_error *error)
{
    return rgn_options_take(taken, sizeof *taken, options,
                            RGN_OPTIONS_MIN(rgn_db_find_options, criteria),
                            "rgn_db_find_options", error);
}

int64_t rgn_db_find(rgn_db *db, const rgn_db_find_options *options,
                    rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
    rgn_db_find_options taken;
    if (db_find_options_take(&taken, options, error) < 0)
        return -1;
    options = &taken;
    reader r;
    finder f = {&r, options, NULL, NULL, NULL, 0, false};
    id_list ids = {0};
    bool all = true;
    int status = reader_open(&r, db);
    if (status == 0) {
        f.game = rgn_game_new(NULL);
        f.matcher =
            options->criteria ? rgn_matcher_new(options->criteria, NULL) : NULL;
        if (options->duplicates != RGN_DUPLICATES_ANY)
            f.copies = duplicate_set_new();
        if (!f.game || (options->criteria && !f.matcher) ||
            (options->duplicates != RGN_DUPLICATES_ANY && !f.copies))
            status = db_failf(db, "out of memory");
    }
    if (status == 0)
        status = candidates(&r, options, &ids, &all);
    if (status == 0 && all) {
        int step;
        while (!f.stop && status == 0 &&
               (step = sqlite3_step(r.all_games)) == SQLITE_ROW)
            status = judge(&f, r.all_games);
        if (status == 0 && !f.stop && step != SQLITE_DONE)
            status = db_fail(db, "reading the database");
    }
    for (size_t i = 0; status == 0 && !all && !f.stop && i < ids.count; i++) {
        sqlite3_stmt *s = r.game_by_id;
        sqlite3_bind_int64(s, 1, ids.ids[i]);
        int step = sqlite3_step(s);
        if (step == SQLITE_ROW)
            status = judge(&f, s);
        else if (step != SQLITE_DONE)
            status = db_fail(db, "reading the database");
        else
            status = game_missing(db, ids.ids[i]);
        sqlite3_reset(s);
    }
    free(ids.ids);
    rgn_matcher_free(f.matcher);
    duplicate_set_free(f.copies);
    rgn_game_free(f.game);
    reader_free(&r);
    if (status < 0) {
        *error = db->error;
        return -1;
    }
    return f.found;
}

/* ------------------------------------------------------------------ */
/* The opening explorer                                               */

/* A move from the position, by its code, and its counts. */
typedef struct tree_count {
    uint64_t code, extra;
    uint64_t games, outcomes[3], elo_sum, elo_games;
    long last_date;
} tree_count;

typedef struct tree_builder {
    tree_count *counts;
    size_t count, capacity;
    bool failed;
} tree_builder;

static tree_count *count_of(tree_builder *b, uint64_t code, uint64_t extra)
{
    for (size_t i = 0; i < b->count; i++)
        if (b->counts[i].code == code && b->counts[i].extra == extra)
            return &b->counts[i];
    if (b->count == b->capacity) {
        size_t capacity = b->capacity ? b->capacity * 2 : 32;
        tree_count *more = realloc(b->counts, capacity * sizeof *more);
        if (!more) {
            b->failed = true;
            return NULL;
        }
        b->counts = more;
        b->capacity = capacity;
    }
    tree_count *t = &b->counts[b->count++];
    memset(t, 0, sizeof *t);
    t->code = code;
    t->extra = extra;
    return t;
}

/* Adds an opening row's records. */
static int add_opening_row(tree_builder *b, const uint8_t *at,
                           const uint8_t *end)
{
    while (at < end) {
        uint64_t v[9]; /* as import.c's put_move_counts writes them */
        for (int i = 0; i < 9; i++)
            if (!db_get_varint(&at, end, &v[i]))
                return -1;
        tree_count *t = count_of(b, v[0], v[1]);
        if (!t)
            return 0;
        t->games += v[2];
        for (int i = 0; i < 3; i++)
            t->outcomes[i] += v[3 + i];
        t->elo_sum += v[6];
        t->elo_games += v[7];
        if ((long)v[8] > t->last_date && v[8] < 100000000)
            t->last_date = (long)v[8];
    }
    return 0;
}

/* A game replayed for the tree: where its main line first reaches the
 * position, and the move after. */
typedef struct tree_game {
    uint64_t key;
    db_geometry geometry;
    int depth;
    bool reached, moved;
    uint64_t code, extra;
    int mover;
    unsigned elo[2];
    long date;
    int outcome; /* -1: none */
} tree_game;

static void tree_tag(void *user, rgn_span name, rgn_span value)
{
    tree_game *t = user;
    char text[16];
    if (value.len >= sizeof text)
        return;
    memcpy(text, value.data, value.len);
    text[value.len] = '\0';
    if (name.len == 8 && !memcmp(name.data, "WhiteElo", 8))
        t->elo[0] = (unsigned)atoi(text);
    else if (name.len == 8 && !memcmp(name.data, "BlackElo", 8))
        t->elo[1] = (unsigned)atoi(text);
    else if (name.len == 4 && !memcmp(name.data, "Date", 4) &&
             value.len == 10 && text[4] == '.' && text[7] == '.')
        t->date = atol(text) * 10000 + atol(text + 5) * 100 + atol(text + 8);
}

static void tree_start(void *user, const rgn_position *start, bool has_fen)
{
    (void)has_fen;
    tree_game *t = user;
    db_geometry_set(&t->geometry, start->variant);
    t->reached = db_position_key(start) == t->key;
}

static void tree_move(void *user, rgn_position *after, rgn_move move,
                      const char *san)
{
    (void)san;
    tree_game *t = user;
    if (t->depth > 0 || t->moved)
        return;
    if (t->reached) {
        bool has_extra = false;
        t->extra = 0;
        t->code = rgn_move_is_null(move)
                      ? DB_CODE_NULL_MOVE
                      : db_move_code(&t->geometry, after, move, &t->extra,
                                     &has_extra);
        t->mover = !after->side;
        t->moved = true;
        return;
    }
    t->reached = db_position_key(after) == t->key;
}

static void tree_variation(void *user)
{
    tree_game *t = user;
    t->depth++;
}

static void tree_end_variation(void *user)
{
    tree_game *t = user;
    t->depth--;
}

static void tree_end(void *user, rgn_span result, const rgn_diagnostic *error)
{
    (void)error;
    tree_game *t = user;
    t->outcome = result.len == 3 && !memcmp(result.data, "1-0", 3)       ? 0
                 : result.len == 7 && !memcmp(result.data, "1/2-1/2", 7) ? 1
                 : result.len == 3 && !memcmp(result.data, "0-1", 3)     ? 2
                                                                         : -1;
}

static const rgn_game_sink tree_sink = {
    .tag = tree_tag,
    .start = tree_start,
    .move = tree_move,
    .begin_variation = tree_variation,
    .end_variation = tree_end_variation,
    .end_game = tree_end,
    .without_san = true,
    .position_after = true,
};

static int replay_for_tree(reader *r, int64_t id, uint64_t key, tree_builder *b)
{
    sqlite3_stmt *s = r->game_by_id;
    sqlite3_bind_int64(s, 1, id);
    int step = sqlite3_step(s), status = 0;
    if (step == SQLITE_ROW) {
        db_stored_game g;
        const char *file;
        tree_game t = {.key = key, .outcome = -1};
        status = stored_game(r, s, &g, &file);
        if (status == 0)
            status = replay(r, &g, false, &tree_sink, &t);
        if (status == 0 && t.reached) {
            tree_count *c = t.moved ? count_of(b, t.code, t.extra)
                                    : count_of(b, DB_CODE_END, 0);
            if (c) {
                c->games++;
                if (t.outcome >= 0)
                    c->outcomes[t.outcome]++;
                if (t.moved && t.elo[t.mover]) {
                    c->elo_sum += t.elo[t.mover];
                    c->elo_games++;
                }
                if (t.date > c->last_date)
                    c->last_date = t.date;
            }
        }
    } else if (step != SQLITE_DONE)
        status = db_fail(r->db, "reading the database");
    else
        status = game_missing(r->db, id);
    sqlite3_reset(s);
    return status;
}

static int compare_tree_moves(const void *a, const void *b)
{
    const rgn_db_tree_move *x = a, *y = b;
    if (x->games != y->games)
        return x->games < y->games ? 1 : -1;
    return strcmp(x->san, y->san);
}

/* The counts as the tree's moves, named in position. */
static int name_moves(rgn_db *db, tree_builder *b, rgn_position *position,
                      rgn_db_tree *tree)
{
    tree->moves = calloc(b->count ? b->count : 1, sizeof *tree->moves);
    if (!tree->moves)
        return db_failf(db, "out of memory");
    for (size_t i = 0; i < b->count; i++) {
        const tree_count *c = &b->counts[i];
        rgn_db_tree_move *m = &tree->moves[tree->count];
        tree->games += c->games;
        if (c->code == DB_CODE_END)
            continue; /* counted in games only */
        if (c->code == DB_CODE_NULL_MOVE) {
            m->move = rgn_null_move();
            strcpy(m->san, "--");
        } else if (db_move_of_code(position, NULL, c->code, c->extra,
                                   &m->move) < 0)
            return db_failf(db, "the database is damaged (an opening's move)");
        else
            rgn_move_san(position, m->move, m->san, sizeof m->san);
        m->games = c->games;
        m->white = c->outcomes[0];
        m->draws = c->outcomes[1];
        m->black = c->outcomes[2];
        m->elo_sum = c->elo_sum;
        m->elo_games = c->elo_games;
        m->last_date = c->last_date;
        tree->count++;
    }
    qsort(tree->moves, tree->count, sizeof *tree->moves, compare_tree_moves);
    return 0;
}

int rgn_db_tree_of(rgn_db *db, rgn_position *position, rgn_db_tree *tree,
                   rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
    memset(tree, 0, sizeof *tree);
    reader r;
    tree_builder b = {0};
    uint64_t key = db_position_key(position);
    int status = reader_open(&r, db);
    for (size_t i = 0; status == 0 && i < r.segment_count; i++) {
        const segment *seg = &r.segments[i];
        sqlite3_stmt *s = r.opening_row;
        sqlite3_bind_int64(s, 1, (int64_t)key);
        sqlite3_bind_int64(s, 2, seg->id);
        int step = sqlite3_step(s);
        if (step == SQLITE_ROW) {
            const uint8_t *end;
            const uint8_t *at = column_blob(s, 0, &end);
            if (add_opening_row(&b, at, end) < 0)
                status = db_failf(db, "the database is damaged (openings)");
        } else if (step != SQLITE_DONE)
            status = db_fail(db, "reading the database");
        sqlite3_reset(s);
        if (status < 0 || step == SQLITE_ROW)
            continue;
        id_list ids = {0};
        status = segment_games(&r, seg, key, &ids);
        id_sort_unique(&ids);
        for (size_t g = 0; status == 0 && g < ids.count; g++)
            status = replay_for_tree(&r, ids.ids[g], key, &b);
        free(ids.ids);
    }
    if (status == 0 && b.failed)
        status = db_failf(db, "out of memory");
    if (status == 0)
        status = name_moves(db, &b, position, tree);
    free(b.counts);
    reader_free(&r);
    if (status < 0) {
        rgn_db_tree_free(tree);
        *error = db->error;
    }
    return status;
}

void rgn_db_tree_free(rgn_db_tree *tree)
{
    if (!tree)
        return;
    free(tree->moves);
    memset(tree, 0, sizeof *tree);
}
