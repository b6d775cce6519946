/*
 * split.c - rgn select's output cut into parts (--split-every N,
 * --split-by TAG, -o PATTERN). Each part is a file written atomically
 * (output.c): its temporary file grows while the games are read, and
 * every part is renamed into place only at the end of a run that
 * succeeded; a failed run leaves none behind. At most MAX_OPEN parts
 * are open at once: the one used longest ago is held (closed, its
 * temporary file kept) to open another, and opened again for appending
 * when a game goes to it, so that a value seen again much later still
 * goes to its part, in input order.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"

#define MAX_OPEN 16
#define MAX_VALUE 64 /* bytes of a tag's value in a file name */

/* A piece of the pattern: text, %n or %{TAG} (%{TAG:full}). */
typedef struct piece {
    enum { TEXT, NUMBER, TAG } kind;
    const char *text; /* TEXT: the text, TAG: the name */
    size_t len;
    bool full; /* TAG: the whole value, even of Round */
} piece;

typedef struct part {
    char *path;
    FILE *out;             /* NULL while held */
    cli_held_output *held; /* while held */
    rgn_writer *writer;
    uint64_t used; /* when a game last went to it */
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

struct cli_split {
    const cli_command *command;
    piece *pieces;
    size_t piece_count;
    long every;      /* --split-every, or 0 */
    const char *tag; /* --split-by's tag name, or NULL */
    size_t tag_len;
    bool tag_full; /* --split-by TAG:full */
    bool force;
    const rgn_writer_options *writing; /* the caller's, read at each part */
    char **inputs;
    int input_count;
    part *parts;
    size_t part_count, part_capacity;
    name_table by_path;  /* a part's path: its index */
    name_table by_value; /* --split-by: a value: its number */
    size_t open[MAX_OPEN];
    int open_count;
    uint64_t written, clock;
    size_t current; /* --split-every: the part being filled */
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

/* The pieces of pattern into split: 0, or -1 after a usage error. */
static int parse_pattern(cli_split *split, const char *pattern)
{
    const cli_command *command = split->command;
    size_t count = 0, len = strlen(pattern);
    split->pieces = calloc(len + 1, sizeof *split->pieces);
    if (!split->pieces)
        return cli_usage_error(command, "out of memory"), -1;
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
                return cli_usage_error(
                           command, "-o '%s': %%{ is not closed by }", pattern),
                       -1;
            bool full;
            size_t n = tag_reference(p + 2, (size_t)(close - (p + 2)), &full);
            if (n == 0)
                return cli_usage_error(
                           command,
                           "-o '%s': %%{%.*s} names no tag (letters, digits "
                           "and '_', then :full or nothing)",
                           pattern, (int)(close - (p + 2)), p + 2),
                       -1;
            *piece = (struct piece){TAG, p + 2, n, full};
            tagged = true;
            p = close + 1;
        } else if (!p[1])
            return cli_usage_error(command,
                                   "-o '%s': a lone %% at its end (%%%% is "
                                   "a %%)",
                                   pattern),
                   -1;
        else
            return cli_usage_error(command,
                                   "-o '%s': unknown %%%.1s (%%n, %%{TAG} "
                                   "and %%%% are known)",
                                   pattern, p + 1),
                   -1;
    }
    split->piece_count = count;
    if (split->every && !numbered)
        return cli_usage_error(command,
                               "-o '%s' names every part alike: "
                               "--split-every needs %%n in it",
                               pattern),
               -1;
    if (split->tag && !numbered && !tagged)
        return cli_usage_error(command,
                               "-o '%s' names every part alike: "
                               "--split-by needs %%n or %%{TAG} in it",
                               pattern),
               -1;
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
static int expand(const cli_split *split, size_t number, const rgn_game *game,
                  char *path)
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

cli_split *cli_split_new(const cli_command *command, const char *pattern,
                         long every, const char *tag, bool force,
                         const rgn_writer_options *writing, char **inputs,
                         int input_count)
{
    cli_split *split = calloc(1, sizeof *split);
    if (!split) {
        cli_usage_error(command, "out of memory");
        return NULL;
    }
    *split = (cli_split){.command = command,
                         .every = every,
                         .tag = tag,
                         .force = force,
                         .writing = writing,
                         .inputs = inputs,
                         .input_count = input_count};
    if (tag) {
        split->tag_len = tag_reference(tag, strlen(tag), &split->tag_full);
        if (split->tag_len == 0) {
            cli_usage_error(command,
                            "--split-by '%s' names no tag (letters, digits "
                            "and '_', then :full or nothing)",
                            tag);
            cli_split_free(split);
            return NULL;
        }
    }
    if (parse_pattern(split, pattern) < 0) {
        cli_split_free(split);
        return NULL;
    }
    return split;
}

/* Makes room among the parts open for one more: the one used longest
 * ago is held. */
static int make_room(cli_split *split)
{
    if (split->open_count < MAX_OPEN)
        return 0;
    int oldest = 0;
    for (int i = 1; i < split->open_count; i++)
        if (split->parts[split->open[i]].used <
            split->parts[split->open[oldest]].used)
            oldest = i;
    part *p = &split->parts[split->open[oldest]];
    split->open[oldest] = split->open[--split->open_count];
    if (p->writer)
        rgn_writer_set_output(p->writer, NULL);
    p->held = cli_output_hold(p->out, p->path);
    p->out = NULL;
    return p->held ? 0 : -1;
}

/* Part index's stream, opened again when it was held. */
static int reopen(cli_split *split, size_t index)
{
    part *p = &split->parts[index];
    if (p->out)
        return 0;
    if (make_room(split) < 0)
        return -1;
    p->out = cli_output_resume(p->held, p->path);
    p->held = NULL;
    if (!p->out)
        return -1;
    rgn_writer_set_output(p->writer, p->out);
    split->open[split->open_count++] = index;
    return 0;
}

/* A new part written to path: its index, or -1 after saying why not
 * (a file there, without --force). */
static long new_part(cli_split *split, const char *path)
{
    struct stat st;
    if (!split->force && lstat(path, &st) == 0) {
        fprintf(stderr, "rgn %s: %s exists: --force writes over it\n",
                split->command->name, path);
        return -1;
    }
    if (cli_output_check_inputs(split->command, "-o", path, split->inputs,
                                split->input_count, "") < 0)
        return -1;
    if (split->part_count == split->part_capacity) {
        size_t capacity = split->part_capacity * 2 + 16;
        part *parts = realloc(split->parts, capacity * sizeof *parts);
        if (!parts)
            return -1;
        split->parts = parts;
        split->part_capacity = capacity;
    }
    if (make_room(split) < 0)
        return -1;
    size_t index = split->part_count;
    part *p = &split->parts[index];
    *p = (part){0};
    p->path = strdup(path);
    if (!p->path ||
        name_add(&split->by_path, path, strlen(path), index + 1) < 0) {
        free(p->path);
        fprintf(stderr, "rgn %s: out of memory\n", split->command->name);
        return -1;
    }
    split->part_count++;
    p->out = cli_output_open(path);
    if (!p->out)
        return -1;
    split->open[split->open_count++] = index;
    p->writer = rgn_writer_new(split->writing, p->out, NULL);
    if (!p->writer) {
        fprintf(stderr, "rgn %s: cannot start %s\n", split->command->name,
                path);
        return -1;
    }
    return (long)index;
}

/* The part of a game numbered number whose path it names: an open part
 * of that path, or a new one. */
static long part_for(cli_split *split, size_t number, const rgn_game *game)
{
    char path[PATH_SIZE];
    if (expand(split, number, game, path) < 0) {
        fprintf(stderr, "rgn %s: the name of part %zu is too long\n",
                split->command->name, number);
        return -1;
    }
    size_t known = name_number(&split->by_path, path, strlen(path));
    if (!known)
        return new_part(split, path);
    return reopen(split, known - 1) < 0 ? -1 : (long)known - 1;
}

int cli_split_game(cli_split *split, const rgn_game *game,
                   const rgn_edits *edits, int mark_ply)
{
    if (split->failed)
        return -1;
    if (rgn_edits_error(edits, game) && !split->writing->keep_invalid)
        return 0; /* not written: in no part */
    long index;
    if (split->every) {
        if (split->written % (uint64_t)split->every == 0)
            split->current =
                (size_t)part_for(
                    split,
                    (size_t)(split->written / (uint64_t)split->every) + 1,
                    game) +
                1;
        index = (long)split->current - 1;
        if (index >= 0 && reopen(split, (size_t)index) < 0)
            index = -1;
    } else {
        rgn_span value =
            tag_value(game, split->tag, split->tag_len, split->tag_full);
        size_t number = name_number(&split->by_value, value.data, value.len);
        if (!number) {
            number = split->by_value.used + 1;
            if (name_add(&split->by_value, value.data, value.len, number) < 0) {
                fprintf(stderr, "rgn %s: out of memory\n",
                        split->command->name);
                split->failed = true;
                return -1;
            }
        }
        index = part_for(split, number, game);
    }
    if (index < 0) {
        split->failed = true;
        return -1;
    }
    part *p = &split->parts[index];
    p->used = ++split->clock;
    split->written++;
    if (rgn_writer_write_game(p->writer, game, 0, edits, mark_ply, NULL) < 0) {
        fprintf(stderr, "rgn %s: out of memory\n", split->command->name);
        split->failed = true;
        return -1;
    }
    return 0;
}

int cli_split_finish(cli_split *split, bool ok)
{
    ok = ok && !split->failed;
    /* every part ended, and held, before any is renamed into place */
    for (size_t i = 0; i < split->part_count && ok; i++) {
        part *p = &split->parts[i];
        if (!p->writer || reopen(split, i) < 0) {
            ok = false;
            break;
        }
        rgn_error error;
        if (rgn_writer_finish(p->writer, &error) < 0) {
            cli_output_failed(p->path, &error);
            ok = false;
        }
    }
    bool all = ok;
    for (size_t i = 0; i < split->part_count; i++) {
        part *p = &split->parts[i];
        if (!p->out && p->held) {
            p->out = cli_output_resume(p->held, p->path);
            p->held = NULL;
            if (!p->out) {
                all = false;
                continue;
            }
        }
        if (p->writer) /* freed later, when its stream is closed */
            rgn_writer_set_output(p->writer, NULL);
        if (p->out && cli_output_close(p->out, p->path, ok) < 0)
            all = false;
        p->out = NULL;
    }
    split->open_count = 0;
    return all ? 0 : -1;
}

void cli_split_free(cli_split *split)
{
    if (!split)
        return;
    for (size_t i = 0; i < split->part_count; i++) {
        rgn_writer_free(split->parts[i].writer);
        free(split->parts[i].path);
    }
    free(split->parts);
    free(split->pieces);
    name_table_free(&split->by_path);
    name_table_free(&split->by_value);
    free(split);
}
