/*
 * read.c - the games of an input pushed (rgn_games_read): each input (a
 * zip archive's member) read through a validator whose reports and
 * games go to the caller's handlers, as the program reads its inputs: a
 * plain file with several jobs in ranges side by side, a stream in
 * blocks, XML whole, a range from its anchor, with the counts added up;
 * and several paths read as one (rgn_games_read_all).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "base/errors.h"
#include "input/input.h"
#include "validate/validate.h"

struct reading {
    const rgn_read_options *o;
    rgn_read_handlers h;
    rgn_input *input;
    const char *path; /* as given; NULL for standard input */
    const char *file; /* what is read now, as diagnostics name it */
    rgn_validation_counts counts;
    uint64_t bytes;
    bool failed, member_failed;
    rgn_error *error;
    char *buf; /* RGN_READ_BLOCK bytes */
    size_t head_len;
};

void rgn_read_options_set_jobs(rgn_read_options *options, int jobs)
{
    options->jobs = jobs;
}

static void fail(struct reading *r, enum rgn_read_failure kind,
                 const char *message)
{
    if (r->h.failed)
        r->h.failed(r->h.user, kind, message);
    if (!r->failed)
        rgn_fail(r->error, "%s", message);
    r->failed = r->member_failed = true;
}

/* "cannot read FILE: WHY", or "cannot read FILE (out of memory)" when the
 * input gives no reason. */
static void cannot_read(struct reading *r)
{
    char message[256];
    const char *why = rgn_input_problem(r->input);
    snprintf(message, sizeof message, "cannot read %s%s%s", r->file,
             why ? ": " : " (out of memory)", why ? why : "");
    fail(r, RGN_READ_FAILED, message);
}

/* Passes a diagnostic on with its file (what is read now) and its game
 * counted over the whole input (a validator counts per member). */
static void report(void *user, const rgn_diagnostic *d)
{
    struct reading *r = user;
    rgn_diagnostic told = *d;
    told.file = r->file;
    if (d->game)
        told.game += r->counts.games;
    if (r->h.report)
        r->h.report(r->h.user, &told);
}

/* The input holds no game: a warning about it, an error when strict. */
static void no_game(struct reading *r)
{
    rgn_diagnostic d = {
        .problem = RGN_W_NO_GAME,
        .severity = r->o->strict ? RGN_ERROR : RGN_WARNING,
        .message = "no game in the input",
        .where = {0, 1, 1},
        .white = "",
        .black = "",
        .move_number = "",
    };
    report(r, &d);
}

/* A validator for what is read now, whose name (NULL: none) may say
 * the game of its records; NULL after failing. */
static rgn_validator *start_validator(struct reading *r, const char *name,
                                      bool xml, const rgn_range *range)
{
    const rgn_read_options *o = r->o;
    const rgn_variant *by_name =
        o->variant || !name ? NULL : rgn_variant_for_file(name);
    const rgn_variant *variant = by_name ? by_name : o->variant;
    if (r->h.input)
        r->h.input(r->h.user, r->file, variant);
    validator_options options = {
        .size = sizeof options,
        .strict = o->strict,
        .variant = variant,
        .force_variant = o->force_variant,
        .report = report,
        .user = r,
        .sink = r->h.sink,
        .sink_user = r->h.sink_user,
        .jobs = xml || range || o->jobs < 1 ? 1 : o->jobs,
        .latin1 = o->latin1,
        .no_replay = o->no_replay,
        .range = range,
    };
    rgn_error error;
    rgn_validator *validator = validator_new(&options, &error);
    if (validator && rgn_validator_input(validator, r->file) < 0) {
        rgn_validator_free(validator);
        validator = NULL;
        snprintf(error.message, sizeof error.message, "out of memory");
    }
    if (!validator)
        fail(r, RGN_READ_FAILED, error.message);
    return validator;
}

static void add_counts(rgn_validation_counts *to,
                       const rgn_validation_counts *c)
{
    to->games += c->games;
    to->valid += c->valid;
    to->with_warnings += c->with_warnings;
    to->invalid += c->invalid;
    to->plies += c->plies;
}

/* Adds up the validator's counts, and frees it; read_whole: what it read
 * was read to its end (without a game there: a warning, but in a
 * range, which may be cut anywhere). */
static void end_validator(struct reading *r, rgn_validator *validator,
                          bool read_whole)
{
    rgn_validation_counts c = rgn_validator_counts(validator);
    if (c.games == 0 && read_whole && !r->o->ranged)
        no_game(r);
    add_counts(&r->counts, &c);
    rgn_validator_free(validator);
}

/* Reads the whole input (from range->start with a range) from memory;
 * the pages of a mapping of our own are let go once read. */
static int read_whole(rgn_validator *validator, const input_whole *whole)
{
    if (whole->mapping)
        return validator_read_mapped(validator, whole->data, whole->size);
    return rgn_validator_read_all(validator, whole->data, whole->size);
}

static int read_xml(struct reading *r, rgn_validator *validator)
{
    input_xml xml = {r->input, r->buf, r->head_len, 0};
    FILE *in = input_xml_open(&xml);
    if (!in)
        return -1;
    int rc = rgn_validator_read_xml(validator, in, r->file);
    fclose(in);
    return rc;
}

/* Feeds the rest of the stream after the head, in blocks that end at
 * multiples of RGN_READ_BLOCK (as rgn_validator_read_all reads a file:
 * the same reports in the same order, whatever the jobs). -1 when the
 * validator fails; a read that fails ends the stream (the caller asks
 * the input why). */
static int feed_stream(struct reading *r, rgn_validator *validator)
{
    int rc = rgn_validator_feed(validator, r->buf, r->head_len);
    r->bytes += r->head_len;
    size_t want = RGN_READ_BLOCK - r->head_len % RGN_READ_BLOCK;
    while (rc == 0) {
        size_t got = 0;
        ptrdiff_t n = 1;
        while (got < want &&
               (n = rgn_input_read(r->input, r->buf + got, want - got)) > 0)
            got += (size_t)n;
        if (got == 0)
            break;
        rc = rgn_validator_feed(validator, r->buf, got);
        r->bytes += got;
        if (r->h.progress) {
            rgn_validation_counts c = rgn_validator_counts(validator);
            c.games += r->counts.games;
            r->h.progress(r->h.user, r->bytes, &c);
        }
        if (n <= 0)
            break;
        want = RGN_READ_BLOCK;
    }
    return rgn_validator_finish(validator) < 0 ? -1 : rc;
}

/* Reads the games of what is read now (the input, or a zip archive's
 * member), name saying its game as for start_validator. */
static void read_stream(struct reading *r, const char *name)
{
    input_failure failure;
    int look = input_read_head(r->input, r->file, r->o->format, r->buf,
                               &r->head_len, &failure);
    if (look < 0)
        return fail(r, failure.kind, failure.message);
    if (look == 2) /* white space only: no game, whatever the format */
        return no_game(r);
    bool xml = look == 1;
    rgn_validator *validator = start_validator(r, name, xml, NULL);
    if (!validator)
        return;
    input_whole whole;
    int rc;
    if (xml) {
        rc = read_xml(r, validator);
    } else if (r->o->jobs > 1 && r->path && input_is_plain_file(r->input) &&
               input_map_whole(r->input, r->file, &whole, &failure) == 0) {
        /* several jobs read a plain file in ranges, side by side */
        rc = read_whole(validator, &whole);
        r->bytes += whole.size;
        input_unmap_whole(&whole);
    } else {
        rc = feed_stream(r, validator);
    }
    if (rc < 0 || rgn_input_problem(r->input))
        cannot_read(r);
    end_validator(r, validator, rc == 0);
}

/* The games of a range of the input, read from the anchor before it. */
static void read_range(struct reading *r)
{
    input_whole whole;
    input_failure failure;
    rgn_range range;
    if (input_map_whole(r->input, r->file, &whole, &failure) < 0)
        return fail(r, failure.kind, failure.message);
    if (input_start_range(&whole, r->file, r->o, &range, &failure) < 0) {
        input_unmap_whole(&whole);
        return fail(r, failure.kind, failure.message);
    }
    rgn_validator *validator = start_validator(r, r->path, false, &range);
    if (validator) {
        int rc = read_whole(validator, &whole);
        r->bytes += whole.size - range.start;
        if (rc < 0) {
            char message[256];
            snprintf(message, sizeof message, "cannot read %s (out of memory)",
                     r->file);
            fail(r, RGN_READ_FAILED, message);
        }
        end_validator(r, validator, rc == 0);
    }
    input_unmap_whole(&whole);
}

/* A zip archive: its members one after another, each named
 * "ARCHIVE(MEMBER)" (as ld names an object in a library), with lines
 * counted in the member, and read as the game its own name says
 * ("twic1500.pgn": Chess), else as the archive's. A member that cannot
 * be read fails alone. */
static void read_archive(struct reading *r, const char *member)
{
    const char *archive = r->file;
    int more;
    do {
        char *name = input_member_name(r->input, member);
        if (!name)
            return fail(r, RGN_READ_FAILED, "out of memory");
        r->file = name;
        r->member_failed = false;
        read_stream(r, rgn_variant_for_file(member) ? member : r->path);
        r->file = archive;
        free(name);
    } while ((more = rgn_input_next_member(r->input)) > 0 &&
             (member = rgn_input_member(r->input)));
    /* a problem that stops the archive, unless a member's read said it */
    if (more < 0 && !r->member_failed) {
        char message[256];
        snprintf(message, sizeof message, "cannot read %s: %s", archive,
                 rgn_input_problem(r->input));
        fail(r, RGN_READ_FAILED, message);
    }
}

static int read_input(struct reading *r, rgn_validation_counts *counts)
{
    r->file = rgn_input_name(r->input);
    const char *member = rgn_input_member(r->input);
    if (!(r->buf = malloc(RGN_READ_BLOCK)))
        fail(r, RGN_READ_FAILED, "out of memory");
    else if (r->o->ranged)
        read_range(r);
    else if (member)
        read_archive(r, member);
    else
        read_stream(r, r->path);
    free(r->buf);
    rgn_input_close(r->input);
    if (counts)
        *counts = r->counts;
    return r->failed ? -1 : 0;
}

/* The reading's options and handlers taken, NULL for the defaults; -1
 * when the handlers' size is refused. */
static int take(struct reading *r, const rgn_read_options *options,
                rgn_read_options *defaults, const rgn_read_handlers *handlers,
                rgn_validation_counts *counts, rgn_error *error)
{
    *defaults = INPUT_READ_DEFAULTS;
    *r = (struct reading){.o = options ? options : defaults, .error = error};
    if (counts)
        *counts = r->counts;
    return rgn_options_take(&r->h, sizeof r->h, handlers,
                            RGN_OPTIONS_MIN(rgn_read_handlers, report),
                            "rgn_read_handlers", error);
}

/* Reads path, or len bytes of data named name when path is NULL. */
static int read_any(const char *path, const char *name, const void *data,
                    size_t len, const rgn_read_options *options,
                    const rgn_read_handlers *handlers,
                    rgn_validation_counts *counts, rgn_error *error)
{
    rgn_error dropped;
    rgn_read_options defaults;
    struct reading r;
    error = rgn_error_or(error, &dropped);
    if (take(&r, options, &defaults, handlers, counts, error) < 0)
        return -1;
    r.path = !path ? name : strcmp(path, "-") == 0 ? NULL : path;
    r.input = path ? rgn_input_open(path, error)
                   : rgn_input_open_memory(name, data, len, error);
    if (!r.input) { /* told as any failure */
        if (r.h.failed)
            r.h.failed(r.h.user, RGN_READ_FAILED, error->message);
        return -1;
    }
    return read_input(&r, counts);
}

int rgn_games_read(const char *path, const rgn_read_options *options,
                   const rgn_read_handlers *handlers,
                   rgn_validation_counts *counts, rgn_error *error)
{
    return read_any(path, NULL, NULL, 0, options, handlers, counts, error);
}

int rgn_games_read_memory(const char *name, const void *data, size_t len,
                          const rgn_read_options *options,
                          const rgn_read_handlers *handlers,
                          rgn_validation_counts *counts, rgn_error *error)
{
    return read_any(NULL, name, data, len, options, handlers, counts, error);
}

/* What rgn_games_read_all adds to the reading of each path: the caller's
 * handlers, and what the paths read before gave. */
struct reading_all {
    rgn_read_handlers h;
    rgn_validation_counts counts;
    uint64_t bytes, input_bytes; /* before; of the input read now */
};

/* A diagnostic with its game counted over all the paths. */
static void all_report(void *user, const rgn_diagnostic *d)
{
    struct reading_all *a = user;
    rgn_diagnostic told = *d;
    if (d->game)
        told.game += a->counts.games;
    if (a->h.report)
        a->h.report(a->h.user, &told);
}

static void all_input(void *user, const char *file, const rgn_variant *tagless)
{
    struct reading_all *a = user;
    if (a->h.input)
        a->h.input(a->h.user, file, tagless);
}

/* The bytes and counts so far over all the paths. */
static void all_progress(void *user, uint64_t bytes,
                         const rgn_validation_counts *counts)
{
    struct reading_all *a = user;
    a->input_bytes = bytes;
    rgn_validation_counts so_far = a->counts;
    add_counts(&so_far, counts);
    if (a->h.progress)
        a->h.progress(a->h.user, a->bytes + bytes, &so_far);
}

static void all_failed(void *user, enum rgn_read_failure kind,
                       const char *message)
{
    struct reading_all *a = user;
    if (a->h.failed)
        a->h.failed(a->h.user, kind, message);
}

int rgn_games_read_all(char *const *paths, int count,
                       const rgn_read_options *options,
                       const rgn_read_handlers *handlers,
                       rgn_validation_counts *counts, rgn_error *error)
{
    rgn_error dropped;
    struct reading_all a = {0};
    error = rgn_error_or(error, &dropped);
    if (counts)
        *counts = a.counts;
    if (rgn_options_take(&a.h, sizeof a.h, handlers,
                         RGN_OPTIONS_MIN(rgn_read_handlers, report),
                         "rgn_read_handlers", error) < 0)
        return -1;
    rgn_read_handlers each = {
        .size = sizeof each,
        .report = all_report,
        .user = &a,
        .sink = a.h.sink,
        .sink_user = a.h.sink_user,
        .input = all_input,
        .progress = all_progress,
        .failed = all_failed,
    };
    bool failed = false;
    char dash[] = "-";
    char *const standard_input[] = {dash};
    if (count == 0) {
        paths = standard_input;
        count = 1;
    }
    for (int i = 0; i < count; i++) {
        rgn_validation_counts c;
        /* the first failure is the error; the next paths are read */
        if (rgn_games_read(paths[i], options, &each, &c,
                           failed ? NULL : error) < 0)
            failed = true;
        add_counts(&a.counts, &c);
        a.bytes += a.input_bytes;
        a.input_bytes = 0;
    }
    if (counts)
        *counts = a.counts;
    return failed ? -1 : 0;
}
