/*
 * listing.c - a record per game (rgn_lister): JSON Lines with every
 * field, or a table of chosen columns (text, TSV, CSV).
 *
 * A record is made from a game recorded whole (rgn_lister_game, what a
 * selector selects) or from what a sink hears of a game read without
 * replay (rgn_lister_sink): both fill one list_record, and one writer
 * writes it. rgn_lister_reading gives a reading the one of the two its
 * options call for, with a selector of the lister's own for the first. Each
 * record is built in a buffer and written in one call. A text table is aligned
 * on its first rows: they are held back until there are TABLE_ROWS of them (or
 * the end), so memory stays flat whatever the input.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/buffer.h"
#include "base/errors.h"
#include "base/escape.h"
#include "base/json.h"
#include "select/select.h"

/* The rows of a text table its column widths are taken from. */
#define TABLE_ROWS 1000
/* The widest column of a text table, in characters: longer values are
 * cut, with an ellipsis. */
#define TABLE_WIDTH 32

/* The fields a column may name; any other name is a tag's. */
enum field {
    F_GAME,
    F_FILE,
    F_OFFSET,
    F_LINE,
    F_VARIANT,
    F_PLIES,
    F_RESULT,
    F_VALID,
    F_PROBLEM,
    F_DUPLICATE_OF,
    F_PLY,
    F_TAG
};

static const char *const field_names[] = {
    "game",   "file",  "offset",  "line",         "variant", "plies",
    "result", "valid", "problem", "duplicate_of", "ply",     NULL,
};

typedef struct column {
    enum field field;
    rgn_span name; /* into the lister's copy of the columns */
    bool numeric;  /* right-aligned in a text table */
} column;

/* What a record says of one game. */
typedef struct list_record {
    uint64_t game;
    rgn_location origin;
    const char *variant;  /* NULL: unknown */
    const rgn_span *tags; /* name, value, name, value, ... */
    size_t tag_count;
    int plies;
    rgn_span result; /* empty: none */
    int valid;       /* 1, 0, or -1 unknown */
    const rgn_diagnostic *problem;
    uint64_t duplicate_of; /* 0: none */
    int ply;               /* -1: none */
    const char *file;      /* its input's name, "-" when none is known */
} list_record;

struct rgn_lister {
    rgn_list_options options;
    FILE *out;
    char *column_text; /* the columns, a copy */
    column *columns;
    size_t column_count;
    char *file; /* the last input event's name (a copy), NULL: none */
    const rgn_variant *tagless;
    uint64_t games; /* numbered here (without a selection) */
    rgn_buffer record;
    /* the tags of the record: spans, grown as needed */
    rgn_span *tags;
    size_t tag_capacity;
    /* the game a sink hears of: its tags (each a length and its bytes,
     * name then value), where it begins, its main-line move texts */
    rgn_buffer heard_tags;
    rgn_location origin;
    int plies, depth;
    /* a text table: the rows held back (each cell ended by a NUL), and
     * the columns' widths once they are known */
    rgn_buffer held;
    size_t held_rows;
    size_t *widths;
    bool aligned;           /* widths are known: rows go out at once */
    bool failed;            /* memory ran out or a write failed */
    bool out_of_memory;     /* memory ran out */
    char why[128];          /* the first failure's reason */
    rgn_selector *selector; /* rgn_lister_reading's, NULL: none yet */
};

/* Records a failure, of which rgn_lister_finish reports the first: why,
 * or (NULL) errno's reason ("a write failed" when it is 0). */
static void lister_fail(rgn_lister *l, const char *why)
{
    if (l->failed)
        return;
    l->failed = true;
    if (!why)
        why = errno ? strerror(errno) : "a write failed";
    snprintf(l->why, sizeof l->why, "%s", why);
}

static void ran_out(rgn_lister *l)
{
    l->out_of_memory = true;
    lister_fail(l, "out of memory");
}

/* ------------------------------------------------------------------ */
/* Columns                                                            */

static const char *default_columns(const rgn_list_options *o)
{
    if (o->format == RGN_LIST_TEXT)
        return o->duplicate_of ? "game,White,Black,result,Date,Event,plies,"
                                 "valid,duplicate_of"
               : o->ply        ? "game,White,Black,result,Date,Event,plies,"
                                 "valid,ply"
                               : "game,White,Black,result,Date,Event,plies,"
                                 "valid";
    return o->duplicate_of ? "game,file,offset,line,variant,White,Black,"
                             "result,Date,Event,Round,plies,valid,problem,"
                             "duplicate_of"
           : o->ply ? "game,file,offset,line,variant,White,Black,result,Date,"
                      "Event,Round,plies,valid,problem,ply"
                    : "game,file,offset,line,variant,White,Black,result,Date,"
                      "Event,Round,plies,valid,problem";
}

static int take_columns(rgn_lister *l, const char *text, rgn_error *error)
{
    l->column_text = strdup(text);
    size_t count = 1;
    for (const char *p = text; *p; p++)
        count += *p == ',';
    l->columns = calloc(count, sizeof *l->columns);
    l->widths = calloc(count, sizeof *l->widths);
    if (!l->column_text || !l->columns || !l->widths) {
        snprintf(error->message, sizeof error->message, "out of memory");
        return -1;
    }
    char *name = l->column_text;
    for (size_t i = 0; i < count; i++) {
        char *end = strchr(name, ',');
        if (end)
            *end = '\0';
        if (!*name) {
            snprintf(error->message, sizeof error->message,
                     "an empty column name in '%s'", text);
            return -1;
        }
        column *c = &l->columns[i];
        c->name = (rgn_span){name, strlen(name)};
        c->field = F_TAG;
        for (int f = 0; field_names[f]; f++)
            if (strcmp(name, field_names[f]) == 0)
                c->field = (enum field)f;
        c->numeric = c->field == F_GAME || c->field == F_OFFSET ||
                     c->field == F_LINE || c->field == F_PLIES ||
                     c->field == F_DUPLICATE_OF || c->field == F_PLY;
        l->widths[i] = 0;
        name = end ? end + 1 : name + strlen(name);
    }
    l->column_count = count;
    return 0;
}

rgn_lister *rgn_lister_new(const rgn_list_options *given, FILE *out,
                           rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
    rgn_list_options taken;
    if (rgn_options_take(&taken, sizeof taken, given,
                         RGN_OPTIONS_MIN(rgn_list_options, format),
                         "rgn_list_options", error) < 0)
        return NULL;
    const rgn_list_options *options = &taken;
    if ((int)options->format < 0 || options->format > RGN_LIST_JSON) {
        rgn_fail(error, "rgn_list_options: format %d is not an rgn_list_format",
                 (int)options->format);
        return NULL;
    }
    rgn_lister *l = calloc(1, sizeof *l);
    if (!l) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    l->options = *options;
    l->out = out;
    if (options->format == RGN_LIST_JSON && options->columns) {
        snprintf(error->message, sizeof error->message,
                 "JSON records have every field: columns are for text, tsv "
                 "and csv");
        rgn_lister_free(l);
        return NULL;
    }
    if (options->format != RGN_LIST_JSON &&
        take_columns(
            l, options->columns ? options->columns : default_columns(options),
            error) < 0) {
        rgn_lister_free(l);
        return NULL;
    }
    l->options.columns = NULL; /* the caller's text may go */
    return l;
}

void rgn_lister_free(rgn_lister *l)
{
    if (!l)
        return;
    rgn_selector_free(l->selector);
    free(l->column_text);
    free(l->file);
    free(l->columns);
    free(l->widths);
    free(l->tags);
    rgn_buffer_free(&l->record);
    rgn_buffer_free(&l->heard_tags);
    rgn_buffer_free(&l->held);
    free(l);
}

void rgn_lister_set_tagless(rgn_lister *l, const rgn_variant *tagless)
{
    l->tagless = tagless;
}

/* The sink's input event: the name is copied, for the records of its
 * games are written when they end. */
static void on_input(void *user, const char *file)
{
    rgn_lister *l = user;
    if (l->file && strcmp(l->file, file) == 0)
        return;
    free(l->file);
    if (!(l->file = strdup(file)))
        ran_out(l);
}

static const char *input_name(const rgn_lister *l)
{
    return l->file ? l->file : "-";
}

/* ------------------------------------------------------------------ */
/* A record's parts                                                   */

static bool spans_equal(rgn_span a, rgn_span b)
{
    return a.len == b.len && memcmp(a.data, b.data, a.len) == 0;
}

/* The value of the record's first tag named name, or NULL. */
static const rgn_span *tag_value(const list_record *r, rgn_span name)
{
    for (size_t i = 0; i < r->tag_count; i++)
        if (spans_equal(r->tags[2 * i], name))
            return &r->tags[2 * i + 1];
    return NULL;
}

/* The rule set a game without a known start is read as: its Variant
 * tag's (NULL when the tag names none rgn knows), else the input's. */
static const char *variant_by_tags(const rgn_lister *l, const list_record *r)
{
    const rgn_span *tag = tag_value(r, (rgn_span){"Variant", 7});
    if (!tag) {
        const rgn_variant *v = l->tagless ? l->tagless : rgn_variant_default();
        return rgn_variant_name(v);
    }
    char name[64];
    if (tag->len >= sizeof name)
        return NULL;
    memcpy(name, tag->data, tag->len);
    name[tag->len] = '\0';
    const rgn_variant *v = rgn_variant_find(name);
    return v ? rgn_variant_name(v) : NULL;
}

/* Room for count tags in l->tags: false when memory runs out. */
static bool room_for_tags(rgn_lister *l, size_t count)
{
    if (count <= l->tag_capacity)
        return true;
    size_t capacity = l->tag_capacity ? 2 * l->tag_capacity : 32;
    while (capacity < count)
        capacity *= 2;
    rgn_span *grown = realloc(l->tags, 2 * capacity * sizeof *grown);
    if (!grown)
        return false;
    l->tags = grown;
    l->tag_capacity = capacity;
    return true;
}

/* ------------------------------------------------------------------ */
/* JSON                                                               */

/* A number in decimal: by hand, as printf costs more than the rest of
 * a record's numbers together. */
static void put_number(rgn_buffer *b, uint64_t n)
{
    char digits[20];
    size_t at = sizeof digits;
    do
        digits[--at] = (char)('0' + n % 10);
    while (n /= 10);
    rgn_buffer_append(b, digits + at, sizeof digits - at);
}

static void json_record(rgn_lister *l, const list_record *r)
{
    rgn_buffer *b = &l->record;
    rgn_buffer_puts(b, "{\"game\":");
    put_number(b, r->game);
    rgn_buffer_puts(b, ",\"file\":");
    rgn_json_string(b, r->file, strlen(r->file), false);
    rgn_buffer_puts(b, ",\"offset\":");
    put_number(b, r->origin.offset);
    rgn_buffer_puts(b, ",\"line\":");
    put_number(b, r->origin.line);
    rgn_buffer_puts(b, ",\"variant\":");
    if (r->variant)
        rgn_json_string(b, r->variant, strlen(r->variant), false);
    else
        rgn_buffer_puts(b, "null");
    /* a JSON object holds a name once: a later tag of a name already
     * in "tags" goes to "more_tags", as [NAME, VALUE], so none is lost */
    rgn_buffer_puts(b, ",\"tags\":{");
    size_t repeated = 0;
    for (size_t i = 0; i < r->tag_count; i++) {
        const rgn_span *name = &r->tags[2 * i], *value = name + 1;
        if (tag_value(r, *name) != value) {
            repeated++;
            continue;
        }
        if (i > repeated)
            rgn_buffer_puts(b, ",");
        rgn_json_string(b, name->data, name->len, false);
        rgn_buffer_puts(b, ":");
        rgn_json_string(b, value->data, value->len, false);
    }
    rgn_buffer_puts(b, "}");
    if (repeated) {
        rgn_buffer_puts(b, ",\"more_tags\":[");
        bool first = true;
        for (size_t i = 0; i < r->tag_count; i++) {
            const rgn_span *name = &r->tags[2 * i], *value = name + 1;
            if (tag_value(r, *name) == value)
                continue;
            rgn_buffer_puts(b, first ? "[" : ",[");
            first = false;
            rgn_json_string(b, name->data, name->len, false);
            rgn_buffer_puts(b, ",");
            rgn_json_string(b, value->data, value->len, false);
            rgn_buffer_puts(b, "]");
        }
        rgn_buffer_puts(b, "]");
    }
    rgn_buffer_puts(b, ",\"plies\":");
    put_number(b, (uint64_t)r->plies);
    rgn_buffer_puts(b, ",\"result\":");
    if (r->result.len)
        rgn_json_string(b, r->result.data, r->result.len, false);
    else
        rgn_buffer_puts(b, "null");
    rgn_buffer_puts(b, r->valid > 0    ? ",\"valid\":true"
                       : r->valid == 0 ? ",\"valid\":false"
                                       : ",\"valid\":null");
    rgn_buffer_puts(b, ",\"problem\":");
    if (r->problem) {
        const rgn_diagnostic *d = r->problem;
        const char *code = rgn_problem_code(d->problem);
        rgn_buffer_puts(b, "{\"code\":");
        rgn_json_string(b, code, strlen(code), false);
        rgn_buffer_puts(b, ",\"message\":");
        rgn_json_string(b, d->message, strlen(d->message), false);
        rgn_buffer_printf(b, ",\"line\":%" PRIu32 ",\"column\":%" PRIu32,
                          d->where.line, d->where.column);
        if (d->ply > 0)
            rgn_buffer_printf(b, ",\"ply\":%d}", d->ply);
        else
            rgn_buffer_puts(b, ",\"ply\":null}");
    } else
        rgn_buffer_puts(b, "null");
    if (l->options.duplicate_of) {
        rgn_buffer_puts(b, ",\"duplicate_of\":");
        if (r->duplicate_of)
            put_number(b, r->duplicate_of);
        else
            rgn_buffer_puts(b, "null");
    }
    if (l->options.ply) {
        rgn_buffer_puts(b, ",\"ply\":");
        if (r->ply >= 0)
            put_number(b, (uint64_t)r->ply);
        else
            rgn_buffer_puts(b, "null");
    }
    rgn_buffer_puts(b, "}\n");
}

/* ------------------------------------------------------------------ */
/* Tables                                                             */

/* The text of a record's cell in column c into cell (reset first). */
static void cell_text(const rgn_lister *l, const list_record *r,
                      const column *c, rgn_buffer *cell)
{
    bool text = l->options.format == RGN_LIST_TEXT;
    rgn_buffer_reset(cell);
    switch (c->field) {
    case F_GAME: put_number(cell, r->game); break;
    case F_FILE: rgn_buffer_puts(cell, r->file); break;
    case F_OFFSET: put_number(cell, r->origin.offset); break;
    case F_LINE: put_number(cell, r->origin.line); break;
    case F_VARIANT:
        if (r->variant)
            rgn_buffer_puts(cell, r->variant);
        break;
    case F_PLIES: put_number(cell, (uint64_t)r->plies); break;
    case F_RESULT:
        rgn_buffer_append(cell, r->result.data, r->result.len);
        break;
    case F_VALID:
        rgn_buffer_puts(cell, r->valid > 0    ? (text ? "yes" : "true")
                              : r->valid == 0 ? (text ? "no" : "false")
                              : text          ? "-"
                                              : "");
        break;
    case F_PROBLEM:
        if (r->problem)
            rgn_buffer_puts(cell, rgn_problem_code(r->problem->problem));
        break;
    case F_DUPLICATE_OF:
        if (r->duplicate_of)
            put_number(cell, r->duplicate_of);
        break;
    case F_PLY:
        if (r->ply >= 0)
            put_number(cell, (uint64_t)r->ply);
        break;
    case F_TAG: {
        const rgn_span *value = tag_value(r, c->name);
        if (value)
            rgn_buffer_append(cell, value->data, value->len);
        break;
    }
    }
}

/* Appends a cell's text to a TSV, CSV or held text row: a tab, line
 * break or other control character is a space in TSV and text (they
 * have no quoting); CSV quotes a cell with a comma, quote or line break
 * and doubles its quotes (RFC 4180). */
static void put_cell(rgn_buffer *row, enum rgn_list_format format,
                     const char *text, size_t len)
{
    if (format == RGN_LIST_CSV) {
        rgn_append_csv(row, text, len);
        return;
    }
    size_t run = 0;
    for (size_t i = 0; i < len; i++) {
        if ((unsigned char)text[i] >= 0x20)
            continue;
        rgn_buffer_append(row, text + run, i - run);
        rgn_buffer_puts(row, " ");
        run = i + 1;
    }
    rgn_buffer_append(row, text + run, len - run);
}

/* Characters of UTF-8 text (its bytes that begin one). */
static size_t characters(const char *text, size_t len)
{
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += ((unsigned char)text[i] & 0xC0) != 0x80;
    return n;
}

/* The bytes of text's first n characters. */
static size_t bytes_of(const char *text, size_t len, size_t n)
{
    size_t i = 0;
    for (; i < len; i++)
        if (((unsigned char)text[i] & 0xC0) != 0x80 && n-- == 0)
            break;
    return i;
}

/* Writes one row of a text table (cells, each ended by a NUL) into
 * l->record, each cell padded to its column's width, cut when wider. */
static void text_row(rgn_lister *l, const char *cells)
{
    rgn_buffer *b = &l->record;
    size_t pending = 0; /* spaces owed before the next cell */
    for (size_t i = 0; i < l->column_count; i++) {
        size_t len = strlen(cells), width = l->widths[i];
        size_t shown = characters(cells, len);
        bool cut = shown > width;
        size_t bytes = cut ? bytes_of(cells, len, width - 1) : len;
        if (cut)
            shown = width;
        size_t pad = width - shown;
        if (l->columns[i].numeric) {
            pending += pad;
            pad = 0;
        }
        for (; pending; pending--)
            rgn_buffer_append(b, " ", 1);
        rgn_buffer_append(b, cells, bytes);
        if (cut)
            rgn_buffer_puts(b, "\xE2\x80\xA6"); /* an ellipsis */
        pending = pad + 2;
        cells += len + 1;
    }
    rgn_buffer_puts(b, "\n");
}

/* The widths from the rows held, then the header and the rows. */
static void align(rgn_lister *l)
{
    l->aligned = true;
    for (size_t i = 0; i < l->column_count; i++)
        l->widths[i] =
            characters(l->columns[i].name.data, l->columns[i].name.len);
    const char *cells = l->held.data;
    for (size_t row = 0; row < l->held_rows; row++)
        for (size_t i = 0; i < l->column_count; i++) {
            size_t len = strlen(cells), n = characters(cells, len);
            if (n > TABLE_WIDTH)
                n = TABLE_WIDTH;
            if (n > l->widths[i])
                l->widths[i] = n;
            cells += len + 1;
        }
    rgn_buffer header = {0};
    for (size_t i = 0; i < l->column_count; i++) {
        rgn_buffer_append(&header, l->columns[i].name.data,
                          l->columns[i].name.len);
        rgn_buffer_append(&header, "", 1);
    }
    if (header.failed)
        ran_out(l);
    else
        text_row(l, header.data);
    rgn_buffer_free(&header);
    cells = l->held.data;
    for (size_t row = 0; row < l->held_rows; row++) {
        text_row(l, cells);
        for (size_t i = 0; i < l->column_count; i++)
            cells += strlen(cells) + 1;
    }
    rgn_buffer_free(&l->held);
    l->held_rows = 0;
}

static void table_header(rgn_lister *l)
{
    const char *separator = l->options.format == RGN_LIST_CSV ? "," : "\t";
    for (size_t i = 0; i < l->column_count; i++) {
        if (i)
            rgn_buffer_puts(&l->record, separator);
        put_cell(&l->record, l->options.format, l->columns[i].name.data,
                 l->columns[i].name.len);
    }
    rgn_buffer_puts(&l->record,
                    l->options.format == RGN_LIST_CSV ? "\r\n" : "\n");
}

static void table_record(rgn_lister *l, const list_record *r)
{
    rgn_buffer cell = {0};
    enum rgn_list_format format = l->options.format;
    if (format == RGN_LIST_TEXT) {
        /* each cell ended by a NUL (the control characters, NUL among
         * them, are spaces): held back until the widths are known */
        rgn_buffer one = {0};
        rgn_buffer *row = l->aligned ? &one : &l->held;
        for (size_t i = 0; i < l->column_count; i++) {
            cell_text(l, r, &l->columns[i], &cell);
            rgn_buffer_append(&cell, "", 1); /* for strpbrk */
            put_cell(row, format, cell.data, cell.len - 1);
            rgn_buffer_append(row, "", 1);
        }
        if (l->aligned)
            text_row(l, one.data);
        else if (++l->held_rows == TABLE_ROWS)
            align(l);
        if (one.failed)
            ran_out(l);
        rgn_buffer_free(&one);
    } else {
        for (size_t i = 0; i < l->column_count; i++) {
            if (i)
                rgn_buffer_puts(&l->record,
                                format == RGN_LIST_CSV ? "," : "\t");
            cell_text(l, r, &l->columns[i], &cell);
            rgn_buffer_append(&cell, "", 1); /* for strpbrk */
            put_cell(&l->record, format, cell.data, cell.len - 1);
        }
        rgn_buffer_puts(&l->record, format == RGN_LIST_CSV ? "\r\n" : "\n");
    }
    if (cell.failed)
        ran_out(l);
    rgn_buffer_free(&cell);
}

/* ------------------------------------------------------------------ */
/* Writing                                                            */

static void flush_record(rgn_lister *l)
{
    errno = 0;
    if (l->record.failed)
        ran_out(l);
    else if (l->record.len &&
             fwrite(l->record.data, 1, l->record.len, l->out) != l->record.len)
        lister_fail(l, NULL);
    rgn_buffer_reset(&l->record);
}

static int write_record(rgn_lister *l, const list_record *r)
{
    if (l->options.format == RGN_LIST_JSON)
        json_record(l, r);
    else {
        if (l->options.format != RGN_LIST_TEXT && !l->aligned) {
            table_header(l);
            l->aligned = true; /* the header is out */
        }
        table_record(l, r);
    }
    flush_record(l);
    return l->out_of_memory ? -1 : 0;
}

/* The record of a game: 0, or -1 when memory ran out. */
static int lister_game(rgn_lister *l, const rgn_game *game,
                       const rgn_selection *selection)
{
    list_record r = {
        .game = selection ? selection->number : ++l->games,
        .origin = rgn_game_origin(game),
        .plies = rgn_game_plies(game),
        .result = rgn_game_result(game),
        .problem = rgn_game_error(game),
        .duplicate_of = selection ? selection->duplicate_of : 0,
        .ply = selection ? selection->ply : -1,
        .file = rgn_game_input(game) ? rgn_game_input(game) : input_name(l),
    };
    r.valid = r.problem ? 0 : 1;
    size_t count = rgn_game_tag_count(game);
    if (!room_for_tags(l, count)) {
        ran_out(l);
        return -1;
    }
    size_t at = 0;
    game_part part;
    while (r.tag_count < count && game_part_next(game, &at, &part))
        if (part.kind == PART_TAG) {
            l->tags[2 * r.tag_count] = part.name;
            l->tags[2 * r.tag_count + 1] = part.text;
            r.tag_count++;
        }
    r.tags = l->tags;
    const rgn_position *start = rgn_game_start(game);
    r.variant = start ? rgn_variant_name(rgn_position_variant(start))
                      : variant_by_tags(l, &r);
    return write_record(l, &r);
}

int rgn_lister_game(rgn_lister *l, const rgn_game *game,
                    const rgn_selection *selection, rgn_error *error)
{
    return lister_game(l, game, selection) < 0
               ? rgn_fail(error, "out of memory")
               : 0;
}

void rgn_lister_selected(void *user, const rgn_game *game,
                         const rgn_selection *selection)
{
    if (lister_game(user, game, selection) < 0)
        return; /* memory ran out: rgn_lister_finish tells it */
}

const rgn_game_sink *rgn_lister_reading(rgn_lister *l, void **user,
                                        rgn_error *error)
{
    if (l->options.unchecked) {
        *user = l;
        return rgn_lister_sink();
    }
    rgn_selector_options selecting = {
        .size = sizeof selecting,
        .duplicates =
            l->options.duplicate_of ? RGN_DUPLICATES_NOTE : RGN_DUPLICATES_ANY,
        .selected = rgn_lister_selected,
        .user = l,
    };
    if (!l->selector && !(l->selector = rgn_selector_new(&selecting, error)))
        return NULL;
    *user = l->selector;
    return rgn_selector_sink();
}

int rgn_lister_finish(rgn_lister *l, rgn_error *error)
{
    /* a game that could not be judged is missing from the list */
    if (l->selector && rgn_selector_finish(l->selector, NULL) < 0)
        ran_out(l);
    /* the rows held back, or a table's header when no game came */
    if (l->options.format == RGN_LIST_TEXT && !l->aligned)
        align(l);
    else if (l->options.format != RGN_LIST_JSON && !l->aligned)
        table_header(l);
    flush_record(l);
    errno = 0;
    if (fflush(l->out) != 0 || ferror(l->out))
        lister_fail(l, NULL);
    return l->failed ? rgn_fail(error, "cannot write the list: %s", l->why) : 0;
}

/* ------------------------------------------------------------------ */
/* The sink                                                           */

static void on_begin_game(void *user, uint64_t number)
{
    (void)number; /* the validator's counts per input */
    rgn_lister *l = user;
    rgn_buffer_reset(&l->heard_tags);
    l->origin = (rgn_location){0, 0, 0};
    l->plies = l->depth = 0;
}

static void on_origin(void *user, rgn_location where)
{
    ((rgn_lister *)user)->origin = where;
}

static void keep_text(rgn_buffer *b, rgn_span text)
{
    rgn_buffer_append(b, (const char *)&text.len, sizeof text.len);
    rgn_buffer_append(b, text.data, text.len);
}

static rgn_span kept_text(const char **at)
{
    rgn_span text;
    memcpy(&text.len, *at, sizeof text.len);
    text.data = *at + sizeof text.len;
    *at = text.data + text.len;
    return text;
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    rgn_lister *l = user;
    keep_text(&l->heard_tags, name);
    keep_text(&l->heard_tags, value);
}

static void on_move_text(void *user, rgn_span written)
{
    (void)written;
    rgn_lister *l = user;
    l->plies += l->depth == 0;
}

static void on_begin_variation(void *user) { ((rgn_lister *)user)->depth++; }

static void on_end_variation(void *user)
{
    rgn_lister *l = user;
    if (l->depth > 0)
        l->depth--;
}

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    rgn_lister *l = user;
    list_record r = {
        .game = ++l->games,
        .origin = l->origin,
        .plies = l->plies,
        .result = result,
        .valid = error                  ? 0
                 : l->options.unchecked ? -1
                                        : 1,
        .problem = error,
        .ply = -1,
        .file = input_name(l),
    };
    if (l->heard_tags.failed) {
        ran_out(l);
        return;
    }
    const char *at = l->heard_tags.data, *end = at + l->heard_tags.len;
    for (; at && at < end; r.tag_count++) {
        if (!room_for_tags(l, r.tag_count + 1)) {
            ran_out(l);
            return;
        }
        l->tags[2 * r.tag_count] = kept_text(&at);
        l->tags[2 * r.tag_count + 1] = kept_text(&at);
    }
    r.tags = l->tags;
    r.variant = variant_by_tags(l, &r);
    write_record(l, &r);
}

static const rgn_game_sink lister_sink = {
    .input = on_input,
    .begin_game = on_begin_game,
    .origin = on_origin,
    .tag = on_tag,
    .move_text = on_move_text,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .end_game = on_end_game,
};

const rgn_game_sink *rgn_lister_sink(void) { return &lister_sink; }
