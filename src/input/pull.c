/*
 * pull.c - the games of an input pulled one at a time (rgn_games): a
 * validator is fed the input a chunk at a time with the recorder
 * (select/game.c) as its sink, and each game recorded whole is queued;
 * rgn_games_next hands them out in order and feeds the next piece of a
 * chunk only when the queue is empty, so that memory is bounded by the
 * games of one piece. Games are traded, not copied (game_swap), and
 * reused.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "base/errors.h"
#include "input/input.h"
#include "select/select.h"
#include "validate/options.h"

/* The bytes read at a time (a divisor of RGN_READ_BLOCK), and the bytes
 * fed at a time (a divisor of CHUNK). A piece holds a few games: fed a
 * whole chunk, the validator queued some sixty, and recording them went
 * through the memory of as many games, beyond the first-level cache,
 * where push records every game into the same one (bench/README.md,
 * "Pull and push"). */
#define CHUNK ((size_t)1 << 16)
#define PIECE ((size_t)1 << 12)

struct rgn_games {
    rgn_read_options options;
    rgn_input *input;
    char *path; /* as opened, NULL for standard input */
    /* the name of what is read (the input, or "ARCHIVE(MEMBER)"), and
     * every one before it, which the games given out still name */
    char **names;
    size_t name_count;
    const char *file;
    rgn_validator *validator;
    rgn_game_sink sink;
    rgn_game *recording;
    rgn_game **queue; /* a ring of count games from head */
    size_t head, count, capacity;
    rgn_game **spare; /* room for every game made */
    size_t spare_count, made;
    rgn_game *current; /* the game given out last */
    bool xml, member_done, finished, failed;
    bool resumable; /* the failure is a zip member's alone */
    char message[256];
    /* a range: the whole input in memory (a mapping of our own or the
     * caller's buffer) and the place fed up to */
    rgn_range range;
    input_whole whole;
    const char *data;
    uint64_t size, pos;
    /* the bytes of buf read (the head read to tell the format, then each
     * chunk), and those fed so far */
    size_t buf_len, buf_pos;
    char buf[CHUNK];
};

/* ------------------------------------------------------------------ */
/* Options                                                            */

rgn_read_options *rgn_read_options_new(rgn_error *error)
{
    rgn_read_options *options = calloc(1, sizeof *options);
    if (!options) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    *options = INPUT_READ_DEFAULTS; /* PGN archives are often Latin-1 */
    return options;
}

void rgn_read_options_free(rgn_read_options *options) { free(options); }

void rgn_read_options_set_variant(rgn_read_options *options,
                                  const rgn_variant *variant, bool force)
{
    options->variant = variant;
    options->force_variant = variant && force;
}

void rgn_read_options_set_strict(rgn_read_options *options, bool strict)
{
    options->strict = strict;
}

void rgn_read_options_set_latin1(rgn_read_options *options, bool latin1)
{
    options->latin1 = latin1;
}

void rgn_read_options_set_no_replay(rgn_read_options *options, bool no_replay)
{
    options->no_replay = no_replay;
}

void rgn_read_options_set_format(rgn_read_options *options,
                                 enum rgn_read_format format)
{
    options->format = format;
}

int rgn_read_options_set_range(rgn_read_options *options, uint64_t from,
                               uint64_t to, uint32_t line, rgn_error *error)
{
    if (from > to) {
        rgn_fail(error, "the range %llu:%llu begins after its end",
                 (unsigned long long)from, (unsigned long long)to);
        return -1;
    }
    options->ranged = true;
    options->from = from;
    options->to = to;
    options->line = line;
    return 0;
}

/* ------------------------------------------------------------------ */
/* The queue                                                          */

static void fail(rgn_games *g, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static void fail(rgn_games *g, const char *format, ...)
{
    if (g->failed)
        return;
    va_list args;
    va_start(args, format);
    vsnprintf(g->message, sizeof g->message, format, args);
    va_end(args);
    g->failed = true;
}

/* The recorder's hook: the game recorded is traded into a spare game,
 * queued; the recorder goes on in the spare's old contents, its
 * problems cleared (those reported from now on are the next game's). */
static void game_ended(void *context, rgn_game *recorded)
{
    rgn_games *g = context;
    if (game_failed(recorded)) /* handed out, it would read as another */
        return fail(g, "out of memory: game %llu was recorded in part",
                    (unsigned long long)rgn_game_number(recorded));
    if (g->count == g->capacity) {
        size_t capacity = g->capacity ? 2 * g->capacity : 16;
        rgn_game **queue = malloc(capacity * sizeof *queue);
        if (!queue)
            return fail(g, "out of memory");
        for (size_t i = 0; i < g->count; i++)
            queue[i] = g->queue[(g->head + i) % g->capacity];
        free(g->queue);
        g->queue = queue;
        g->head = 0;
        g->capacity = capacity;
    }
    rgn_game *spare = g->spare_count ? g->spare[--g->spare_count] : NULL;
    if (!spare) {
        rgn_game **room = realloc(g->spare, (g->made + 1) * sizeof *room);
        if (!room)
            return fail(g, "out of memory");
        g->spare = room;
        if (!(spare = rgn_game_new(NULL)))
            return fail(g, "out of memory");
        rgn_game_keep_move_texts(spare, g->options.no_replay);
        g->made++;
    }
    game_swap(recorded, spare);
    game_clear_problems(recorded);
    /* the game's input, as a recorder told of it keeps it */
    rgn_game_recorder()->input(spare, g->file);
    g->queue[(g->head + g->count++) % g->capacity] = spare;
}

static void keep_problem(void *user, const rgn_diagnostic *d)
{
    rgn_games *g = user;
    game_add_problem(g->recording, d);
}

/* Gives a game back to the spares (which have room for every game). */
static void give_back(rgn_games *g, rgn_game *game)
{
    g->spare[g->spare_count++] = game;
}

/* ------------------------------------------------------------------ */
/* Reading                                                            */

/* Keeps name (a copy) as the file of the games read from now on. */
static bool name_games(rgn_games *g, const char *name)
{
    char **names = realloc(g->names, (g->name_count + 1) * sizeof *names);
    if (!names)
        return false;
    g->names = names;
    if (!(names[g->name_count] = strdup(name)))
        return false;
    g->file = names[g->name_count++];
    return true;
}

/* A validator for what is read now, named name (NULL: none says the
 * rule set). */
static bool start_validator(rgn_games *g, const char *name, bool ranged)
{
    const rgn_read_options *o = &g->options;
    const rgn_variant *by_name =
        o->variant || !name ? NULL : rgn_variant_for_file(name);
    validator_options options = {
        .size = sizeof options,
        .strict = o->strict,
        .variant = by_name ? by_name : o->variant,
        .force_variant = o->force_variant,
        .report = keep_problem,
        .user = g,
        .sink = &g->sink,
        .sink_user = g->recording,
        .jobs = 1,
        .latin1 = o->latin1 && !g->xml,
        .no_replay = o->no_replay,
        .range = ranged ? &g->range : NULL,
    };
    rgn_error error;
    g->validator = validator_new(&options, &error);
    if (!g->validator)
        fail(g, "%s", error.message);
    return g->validator != NULL;
}

/* Reads the head of what is read now and tells its format; the games'
 * reading starts. False when it is no game file (or nothing at all). */
static bool start_member(rgn_games *g, const char *name)
{
    g->buf_pos = 0;
    input_failure failure;
    int look = input_read_head(g->input, g->file, g->options.format, g->buf,
                               &g->buf_len, &failure);
    if (look < 0) {
        fail(g, "%s", failure.message);
        return false;
    }
    g->xml = look == 1;
    g->member_done = look == 2; /* white space only: no game */
    return g->member_done || start_validator(g, name, false);
}

/* A zip member that cannot be read (its method, a password, its data)
 * fails alone, as the program reads an archive: after the failure is
 * given, the next member is read. */
static void member_failed(rgn_games *g)
{
    if (g->failed && rgn_input_member(g->input))
        g->resumable = g->member_done = true;
}

/* Starts reading a zip archive's member, its games named
 * "ARCHIVE(MEMBER)" (as ld names an object of a library) and read as
 * the game the member's name says ("twic1500.pgn": Chess), else the
 * archive's. */
static void start_archive_member(rgn_games *g, const char *member)
{
    char *name = input_member_name(g->input, member);
    if (!name)
        return fail(g, "out of memory");
    bool named = name_games(g, name);
    free(name);
    if (!named)
        return fail(g, "out of memory");
    start_member(g, rgn_variant_for_file(member) ? member : g->path);
    member_failed(g);
}

/* The archive's next member, or the end. */
static void next_member(rgn_games *g)
{
    rgn_validator_free(g->validator);
    g->validator = NULL;
    int more = rgn_input_next_member(g->input);
    const char *member = more > 0 ? rgn_input_member(g->input) : NULL;
    if (more < 0)
        return fail(g, "cannot read %s: %s", rgn_input_name(g->input),
                    rgn_input_problem(g->input));
    if (member)
        start_archive_member(g, member);
    else
        g->finished = true;
}

/* Feeds the next piece (or the whole XML document), reads the next
 * chunk, or ends what is read. */
static void step(rgn_games *g)
{
    int rc = 0;
    if (g->member_done) {
        next_member(g);
        return;
    }
    if (g->data) { /* a range */
        uint64_t end = (g->pos / PIECE + 1) * PIECE;
        if (end > g->size)
            end = g->size;
        if (g->pos < end)
            rc = rgn_validator_feed(g->validator, g->data + g->pos,
                                    (size_t)(end - g->pos));
        g->pos = end;
        if (rc == 0 && (g->pos == g->size || rgn_validator_done(g->validator)))
            rc = rgn_validator_finish(g->validator), g->finished = true;
    } else if (g->xml) {
        input_xml xml = {g->input, g->buf, g->buf_len, g->buf_pos};
        FILE *in = input_xml_open(&xml);
        if (!in)
            return fail(g, "out of memory");
        rc = rgn_validator_read_xml(g->validator, in, g->file);
        fclose(in);
        g->member_done = true;
    } else if (g->buf_pos < g->buf_len) {
        size_t n = g->buf_len - g->buf_pos;
        n = n < PIECE ? n : PIECE;
        rc = rgn_validator_feed(g->validator, g->buf + g->buf_pos, n);
        g->buf_pos += n;
    } else {
        ptrdiff_t n = rgn_input_read(g->input, g->buf, CHUNK);
        g->buf_pos = 0;
        g->buf_len = n > 0 ? (size_t)n : 0;
        if (n == 0)
            rc = rgn_validator_finish(g->validator), g->member_done = true;
    }
    const char *why = g->input ? rgn_input_problem(g->input) : NULL;
    if (why)
        fail(g, "cannot read %s: %s", g->file, why);
    else if (rc < 0)
        fail(g, "cannot read %s%s", g->file,
             g->xml ? ": not the XML that rgn writes" : " (out of memory)");
    member_failed(g);
}

/* A range: the whole input in memory, the games of the range read from
 * the anchor before it. False after saying why. */
static bool start_range(rgn_games *g)
{
    input_failure failure;
    if (input_map_whole(g->input, g->file, &g->whole, &failure) < 0 ||
        input_start_range(&g->whole, g->file, &g->options, &g->range,
                          &failure) < 0) {
        fail(g, "%s", failure.message);
        return false;
    }
    g->data = g->whole.data;
    g->size = g->whole.size;
    g->pos = g->range.start;
    return start_validator(g, g->path, true);
}

static rgn_games *start(rgn_games *g, const rgn_read_options *options,
                        rgn_error *error)
{
    if (options)
        g->options = *options;
    else
        g->options = INPUT_READ_DEFAULTS;
    g->sink = *rgn_game_recorder();
    g->recording = rgn_game_new(NULL);
    if (!g->recording || !name_games(g, rgn_input_name(g->input))) {
        rgn_fail(error, "out of memory");
        rgn_games_close(g);
        return NULL;
    }
    game_on_end(g->recording, game_ended, g);
    rgn_game_keep_move_texts(g->recording, g->options.no_replay);
    const char *member = rgn_input_member(g->input);
    if (g->options.ranged)
        start_range(g);
    else if (member)
        start_archive_member(g, member);
    else
        start_member(g, g->path);
    if (g->failed && !g->resumable) {
        rgn_fail(error, "%s", g->message);
        rgn_games_close(g);
        return NULL;
    }
    return g;
}

rgn_games *rgn_games_open(const char *path, const rgn_read_options *options,
                          rgn_error *error)
{
    rgn_games *g = calloc(1, sizeof *g);
    if (!g) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    if (strcmp(path, "-") != 0 && !(g->path = strdup(path))) {
        free(g);
        rgn_fail(error, "out of memory");
        return NULL;
    }
    g->input = rgn_input_open(path, error);
    if (!g->input) {
        rgn_games_close(g);
        return NULL;
    }
    return start(g, options, error);
}

rgn_games *rgn_games_open_memory(const char *name, const void *data, size_t len,
                                 const rgn_read_options *options,
                                 rgn_error *error)
{
    rgn_games *g = calloc(1, sizeof *g);
    if (!g || !(g->path = strdup(name))) {
        free(g);
        rgn_fail(error, "out of memory");
        return NULL;
    }
    g->input = rgn_input_open_memory(name, data, len, error);
    if (!g->input) {
        rgn_games_close(g);
        return NULL;
    }
    return start(g, options, error);
}

int rgn_games_next(rgn_games *g, const rgn_game **game, rgn_error *error)
{
    *game = NULL;
    if (g->current) {
        give_back(g, g->current);
        g->current = NULL;
    }
    while (g->count == 0 && !g->failed && !g->finished)
        step(g);
    if (g->count == 0 && g->failed) {
        rgn_fail(error, "%s", g->message);
        if (g->resumable) /* the next call reads the next member */
            g->failed = g->resumable = false;
        return -1;
    }
    if (g->count == 0)
        return 0;
    g->current = g->queue[g->head];
    g->head = (g->head + 1) % g->capacity;
    g->count--;
    *game = g->current;
    return 1;
}

void rgn_games_close(rgn_games *g)
{
    if (!g)
        return;
    rgn_validator_free(g->validator);
    rgn_game_free(g->recording);
    rgn_game_free(g->current);
    for (size_t i = 0; i < g->count; i++)
        rgn_game_free(g->queue[(g->head + i) % g->capacity]);
    for (size_t i = 0; i < g->spare_count; i++)
        rgn_game_free(g->spare[i]);
    free(g->queue);
    free(g->spare);
    for (size_t i = 0; i < g->name_count; i++)
        free(g->names[i]);
    free(g->names);
    input_unmap_whole(&g->whole);
    rgn_input_close(g->input);
    free(g->path);
    free(g);
}
