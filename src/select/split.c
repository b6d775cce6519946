/*
 * split.c - a stream of games written into files named by a pattern
 * (rgn_splitter: rgn select --split-every N, --split-by TAG, -o
 * PATTERN). Each part is an atomic output (base/output.c): its
 * temporary file grows while the games come, and every part is renamed
 * into place only when the caller finishes a run that succeeded; a
 * failed run leaves none behind. At most MAX_OPEN parts are open at
 * once: the one used longest ago is held (closed, its temporary file
 * kept) to open another, and opened again for appending when a game
 * goes to it, so that a value seen again much later still goes to its
 * part, in input order.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "formats/writer.h"
#include "rgn.h"

#define MAX_OPEN 16
#define MAX_VALUE 64 /* bytes of a tag's value in a file name */

/* A piece of the pattern: text, %n or %{TAG} (%{TAG:full}). */
typedef struct piece {
    enum { TEXT, NUMBER, TAG } kind;
    const char *text; /* TEXT: the text, TAG: the name */
    size_t len;
    bool full; /* TAG: the whole value, even of Round */
} piece;

/* A part: made whole before it is linked, never freed before the
 * splitter, so that rgn_splitter_remove_temporaries may walk the list
 * from a signal handler at any moment. */
typedef struct part {
    rgn_output *volatile output;
    char *path; /* for messages */
    rgn_writer *writer;
    bool open;     /* its stream open, not held */
    uint64_t used; /* when a game last went to it */
    struct part *volatile next;
} part;

/* Names and the number each stands for (open addressing, half full at
 * most). */
typedef struct name_table {
    struct name_slot {
        char *name; /* NULL: free */
        size_t number;
    } * slots;
    size_t capacity, used;
} name_table;

struct rgn_splitter {
    rgn_splitter_options options; /* pattern, by and writing the caller's */
    const char *pattern_name, *every_name, *by_name;
    piece *pieces;
    size_t piece_count;
    size_t tag_len;       /* by's tag name */
    bool tag_full;        /* by is TAG:full */
    part **parts;         /* in the order they were made */
    part *volatile first; /* the same, newest first, for signals */
    size_t part_count, part_capacity;
    name_table by_path;  /* a part's path: its index + 1 */
    name_table by_value; /* by: a value: its number */
    size_t open[MAX_OPEN];
    int open_count;
    uint64_t written, clock;
    size_t current; /* every: the part being filled, + 1 */
    bool failed;
};

/* ------------------------------------------------------------------ */
/* The pattern                                                        */

static bool is_tag_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
           (c >= '0' && c <= '9') || c == '_';
}

/* Reads a tag reference, NAME or NAME:full, of len bytes at text: the
 * name's length and whether :full is given, or 0 when it is none. */
static size_t tag_reference(const char *text, size_t len, bool *full)
{
    size_t n = 0;
    while (n < len && is_tag_char(text[n]))
        n++;
    *full = false;
    if (n < len && len - n == 5 && memcmp(text + n, ":full", 5) == 0)
        *full = true;
    else if (n < len)
        return 0;
    return n;
}

/* A game's value of a tag (len bytes of name); "" when it has none. A
 * Round tag's value is the round, the part before its first dot ("3" of
 * "3.2", a board or a game of round 3), unless full asks for the whole:
 * a file per round, not per board. */
static rgn_span tag_value(const rgn_game *game, const char *name, size_t len,
                          bool full)
{
    char buffer[256];
    rgn_span value = {"", 0};
    snprintf(buffer, sizeof buffer, "%.*s", (int)len, name);
    if (len >= sizeof buffer || !rgn_game_tag(game, buffer, &value))
        return (rgn_span){"", 0};
    if (!full && strcmp(buffer, "Round") == 0) {
        const char *dot = memchr(value.data, '.', value.len);
        if (dot && dot > value.data)
            value.len = (size_t)(dot - value.data);
    }
    return value;
}

/* The pieces of the pattern into split: 0, or -1 with error. */
static int parse_pattern(rgn_splitter *split, rgn_error *error)
{
    const char *pattern = split->options.pattern, *name = split->pattern_name;
    size_t count = 0, len = strlen(pattern);
    split->pieces = calloc(len + 1, sizeof *split->pieces);
    if (!split->pieces)
        return rgn_fail(error, "out of memory");
    bool numbered = false, tagged = false;
    for (const char *p = pattern; *p;) {
        piece *piece = &split->pieces[count++];
        const char *percent = strchr(p, '%');
        if (percent != p) {
            size_t n = percent ? (size_t)(percent - p) : strlen(p);
            *piece = (struct piece){TEXT, p, n, false};
            p += n;
            continue;
        }
        if (p[1] == '%') {
            *piece = (struct piece){TEXT, p, 1, false};
            p += 2;
        } else if (p[1] == 'n') {
            *piece = (struct piece){NUMBER, NULL, 0, false};
            numbered = true;
            p += 2;
        } else if (p[1] == '{') {
            const char *close = strchr(p + 2, '}');
            if (!close)
                return rgn_fail(error, "%s '%s': %%{ is not closed by }", name,
                                pattern);
            bool full;
            size_t n = tag_reference(p + 2, (size_t)(close - (p + 2)), &full);
            if (n == 0)
                return rgn_fail(error,
                                "%s '%s': %%{%.*s} names no tag (letters, "
                                "digits and '_', then :full or nothing)",
                                name, pattern, (int)(close - (p + 2)), p + 2);
            *piece = (struct piece){TAG, p + 2, n, full};
            tagged = true;
            p = close + 1;
        } else if (!p[1])
            return rgn_fail(error,
                            "%s '%s': a lone %% at its end (%%%% is a %%)",
                            name, pattern);
        else
            return rgn_fail(error,
                            "%s '%s': unknown %%%.1s (%%n, %%{TAG} and %%%% "
                            "are known)",
                            name, pattern, p + 1);
    }
    split->piece_count = count;
    if (split->options.every && !numbered)
        return rgn_fail(error,
                        "%s '%s' names every part alike: %s needs %%n in it",
                        name, pattern, split->every_name);
    if (split->options.by && !numbered && !tagged)
        return rgn_fail(error,
                        "%s '%s' names every part alike: %s needs %%n or "
                        "%%{TAG} in it",
                        name, pattern, split->by_name);
    return 0;
}

/* A tag's value made safe for a file name: no '/', '\', control
 * characters or leading '.', at most MAX_VALUE bytes (whole characters);
 * "none" for a value that is missing or empty. */
static size_t safe_value(rgn_span value, char *out)
{
    if (value.len == 0) {
        memcpy(out, "none", 4);
        return 4;
    }
    size_t len = value.len < MAX_VALUE ? value.len : MAX_VALUE;
    while (len < value.len && len > 0 &&
           ((unsigned char)value.data[len] & 0xC0) == 0x80)
        len--; /* not inside a character */
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)value.data[i];
        bool unsafe = c < 0x20 || c == 0x7f || c == '/' || c == '\\' ||
                      (i == 0 && c == '.');
        out[i] = unsafe ? '_' : (char)c;
    }
    return len;
}

/* The path of the part numbered number, whose first game is game, into
 * path (PATH_SIZE bytes): 0, or -1 when it is too long. */
enum { PATH_SIZE = 4096 };
static int expand(const rgn_splitter *split, size_t number,
                  const rgn_game *game, char *path)
{
    size_t len = 0;
    for (size_t i = 0; i < split->piece_count; i++) {
        const piece *p = &split->pieces[i];
        char text[MAX_VALUE + 24];
        size_t n;
        if (p->kind == TEXT) {
            if (p->len >= PATH_SIZE - len)
                return -1;
            memcpy(path + len, p->text, p->len);
            len += p->len;
            continue;
        }
        if (p->kind == NUMBER)
            n = (size_t)snprintf(text, sizeof text, "%zu", number);
        else
            n = safe_value(tag_value(game, p->text, p->len, p->full), text);
        if (n >= PATH_SIZE - len)
            return -1;
        memcpy(path + len, text, n);
        len += n;
    }
    path[len] = '\0';
    return 0;
}

/* ------------------------------------------------------------------ */
/* Names and their numbers                                            */

static uint64_t hash(const char *name, size_t len)
{
    uint64_t h = 0xcbf29ce484222325u; /* FNV-1a */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)name[i]) * 0x100000001b3u;
    return h;
}

static struct name_slot *slot_of(const name_table *t, const char *name,
                                 size_t len)
{
    for (size_t i = hash(name, len) % t->capacity;; i = (i + 1) % t->capacity) {
        struct name_slot *s = &t->slots[i];
        if (!s->name ||
            (strlen(s->name) == len && memcmp(s->name, name, len) == 0))
            return s;
    }
}

/* The number of name (len bytes), or 0 when it has none. */
static size_t name_number(const name_table *t, const char *name, size_t len)
{
    return t->capacity ? slot_of(t, name, len)->number : 0;
}

/* Gives name (not in t) number (not 0): 0, or -1 when memory runs out. */
static int name_add(name_table *t, const char *name, size_t len, size_t number)
{
    if ((t->used + 1) * 2 > t->capacity) {
        name_table bigger = {calloc(t->capacity * 2 + 16, sizeof *t->slots),
                             t->capacity * 2 + 16, t->used};
        if (!bigger.slots)
            return -1;
        for (size_t i = 0; i < t->capacity; i++)
            if (t->slots[i].name)
                *slot_of(&bigger, t->slots[i].name, strlen(t->slots[i].name)) =
                    t->slots[i];
        free(t->slots);
        *t = bigger;
    }
    char *copy = malloc(len + 1);
    if (!copy)
        return -1;
    memcpy(copy, name, len);
    copy[len] = '\0';
    *slot_of(t, name, len) = (struct name_slot){copy, number};
    t->used++;
    return 0;
}

static void name_table_free(name_table *t)
{
    for (size_t i = 0; i < t->capacity; i++)
        free(t->slots[i].name);
    free(t->slots);
}

/* ------------------------------------------------------------------ */
/* The parts                                                          */

/* The name messages give one of the options, or its own. */
static const char *name_or(const char *name, const char *own)
{
    return name ? name : own;
}

rgn_splitter *rgn_splitter_new(const rgn_splitter_options *options,
                               rgn_error *error)
{
    rgn_splitter_options taken;
    if (rgn_options_take(&taken, sizeof taken, options,
                         RGN_OPTIONS_MIN(rgn_splitter_options, pattern),
                         "rgn_splitter_options", error) < 0)
        return NULL;
    if (!taken.pattern || !taken.writing || !taken.every == !taken.by) {
        rgn_fail(error, "rgn_splitter_options: a pattern, writing options "
                        "and one of every and by are needed");
        return NULL;
    }
    rgn_splitter *split = calloc(1, sizeof *split);
    if (!split) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    split->options = taken;
    split->pattern_name = name_or(taken.pattern_name, "pattern");
    split->every_name = name_or(taken.every_name, "every");
    split->by_name = name_or(taken.by_name, "by");
    if (taken.by) {
        split->tag_len =
            tag_reference(taken.by, strlen(taken.by), &split->tag_full);
        if (split->tag_len == 0) {
            rgn_fail(error,
                     "%s '%s' names no tag (letters, digits and '_', then "
                     ":full or nothing)",
                     split->by_name, taken.by);
            rgn_splitter_free(split);
            return NULL;
        }
    }
    if (parse_pattern(split, error) < 0) {
        rgn_splitter_free(split);
        return NULL;
    }
    return split;
}

/* Makes room among the parts open for one more: the one used longest
 * ago is held. */
static int make_room(rgn_splitter *split, rgn_error *error)
{
    if (split->open_count < MAX_OPEN)
        return 0;
    int oldest = 0;
    for (int i = 1; i < split->open_count; i++)
        if (split->parts[split->open[i]]->used <
            split->parts[split->open[oldest]]->used)
            oldest = i;
    part *p = split->parts[split->open[oldest]];
    split->open[oldest] = split->open[--split->open_count];
    rgn_writer_set_output(p->writer, NULL);
    writer_let_go(p->writer); /* a part waiting costs little */
    p->open = false;
    return rgn_output_hold(p->output, error);
}

/* Part index's stream, opened again when it was held. */
static int reopen(rgn_splitter *split, size_t index, rgn_error *error)
{
    part *p = split->parts[index];
    if (p->open)
        return 0;
    if (make_room(split, error) < 0 || rgn_output_resume(p->output, error) < 0)
        return -1;
    p->open = true;
    rgn_writer_set_output(p->writer, rgn_output_file(p->output));
    split->open[split->open_count++] = index;
    return 0;
}

/* A part made whole, then linked (parts and the list of signals): its
 * index, or -1 with error. */
static long add_part(rgn_splitter *split, const char *path, rgn_error *error)
{
    if (split->part_count == split->part_capacity) {
        size_t capacity = split->part_capacity * 2 + 16;
        part **parts = realloc(split->parts, capacity * sizeof *parts);
        if (!parts)
            return rgn_fail(error, "out of memory");
        split->parts = parts;
        split->part_capacity = capacity;
    }
    size_t index = split->part_count;
    part *p = calloc(1, sizeof *p);
    if (p)
        p->path = strdup(path);
    if (!p || !p->path ||
        name_add(&split->by_path, path, strlen(path), index + 1) < 0) {
        if (p)
            free(p->path);
        free(p);
        return rgn_fail(error, "out of memory");
    }
    if (make_room(split, error) < 0 ||
        !(p->output = rgn_output_open(path, error))) {
        free(p->path);
        free(p);
        return -1;
    }
    p->open = true;
    p->next = split->first;
    split->first = p; /* whole before it is seen */
    split->parts[split->part_count++] = p;
    split->open[split->open_count++] = index;
    p->writer = rgn_writer_new(split->options.writing,
                               rgn_output_file(p->output), NULL);
    if (!p->writer)
        return rgn_fail(error, "cannot start %s", path);
    return (long)index;
}

/* The part of a game numbered number whose path it names: an open part
 * of that path, or a new one (which the caller's check may refuse). */
static long part_for(rgn_splitter *split, size_t number, const rgn_game *game,
                     rgn_error *error)
{
    char path[PATH_SIZE];
    if (expand(split, number, game, path) < 0)
        return rgn_fail(error, "the name of part %zu is too long", number);
    size_t known = name_number(&split->by_path, path, strlen(path));
    if (known)
        return reopen(split, known - 1, error) < 0 ? -1 : (long)known - 1;
    if (split->options.check &&
        split->options.check(split->options.user, path, error) < 0)
        return -1;
    return add_part(split, path, error);
}

/* The number of the part a game goes to under by: its value's. */
static long value_part(rgn_splitter *split, const rgn_game *game,
                       rgn_error *error)
{
    rgn_span value =
        tag_value(game, split->options.by, split->tag_len, split->tag_full);
    size_t number = name_number(&split->by_value, value.data, value.len);
    if (!number) {
        number = split->by_value.used + 1;
        if (name_add(&split->by_value, value.data, value.len, number) < 0)
            return rgn_fail(error, "out of memory");
    }
    return part_for(split, number, game, error);
}

/* The part a game goes to under every: the one being filled, or the
 * next. */
static long every_part(rgn_splitter *split, const rgn_game *game,
                       rgn_error *error)
{
    uint64_t every = split->options.every;
    if (split->written % every == 0) {
        long index =
            part_for(split, (size_t)(split->written / every) + 1, game, error);
        if (index < 0)
            return -1;
        split->current = (size_t)index;
    }
    return reopen(split, split->current, error) < 0 ? -1 : (long)split->current;
}

int rgn_splitter_game(rgn_splitter *split, const rgn_game *game,
                      uint64_t number, const rgn_edits *edits, int mark_ply,
                      rgn_error *error)
{
    rgn_error dropped; /* the check callback is given one */
    error = rgn_error_or(error, &dropped);
    if (split->failed)
        return rgn_fail(error, "the split output has failed");
    if (rgn_edits_error(edits, game) && !split->options.writing->keep_invalid)
        return 0; /* not written: in no part */
    long index = split->options.every ? every_part(split, game, error)
                                      : value_part(split, game, error);
    if (index < 0) {
        split->failed = true;
        return -1;
    }
    part *p = split->parts[index];
    p->used = ++split->clock;
    split->written++;
    if (rgn_writer_write_game(p->writer, game, number, edits, mark_ply, error) <
        0) {
        split->failed = true;
        return -1;
    }
    return 0;
}

/* Ends every part's writer, each opened again in turn: 0, or -1 with
 * error. */
static int end_parts(rgn_splitter *split, rgn_error *error)
{
    for (size_t i = 0; i < split->part_count; i++) {
        part *p = split->parts[i];
        if (!p->writer || reopen(split, i, error) < 0)
            return -1;
        rgn_error failed;
        if (rgn_writer_finish(p->writer, &failed) < 0) {
            return rgn_fail(error, "cannot write %s: %s", p->path,
                            rgn_error_reason(&failed));
        }
    }
    return 0;
}

int rgn_splitter_finish(rgn_splitter *split, bool keep, rgn_error *error)
{
    rgn_error dropped;
    error = rgn_error_or(error, &dropped);
    int rc = 0;
    if (keep && split->failed)
        rc = rgn_fail(error, "the split output has failed");
    /* every part ended before any is renamed into place */
    if (keep && rc == 0)
        rc = end_parts(split, error);
    for (size_t i = 0; i < split->part_count; i++) {
        part *p = split->parts[i];
        rgn_writer_set_output(p->writer, NULL); /* freed with the splitter */
        p->open = false;
        rgn_error failure;
        if (keep && rc == 0) {
            if (rgn_output_commit(p->output, &failure) < 0 && rc == 0) {
                *error = failure;
                rc = -1;
            }
        } else
            rgn_output_discard(p->output);
    }
    split->open_count = 0;
    split->failed = split->failed || rc < 0;
    return rc;
}

void rgn_splitter_remove_temporaries(const rgn_splitter *split)
{
    if (!split)
        return;
    for (const part *p = split->first; p; p = p->next)
        rgn_output_remove_temporary(p->output); /* async-signal-safe */
}

void rgn_splitter_free(rgn_splitter *split)
{
    if (!split)
        return;
    split->first = NULL;
    for (size_t i = 0; i < split->part_count; i++) {
        part *p = split->parts[i];
        rgn_writer_free(p->writer);
        rgn_output_free(p->output);
        free(p->path);
        free(p);
    }
    free(split->parts);
    free(split->pieces);
    name_table_free(&split->by_path);
    name_table_free(&split->by_value);
    free(split);
}
