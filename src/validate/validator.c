/*
 * validator.c - the public validator: one checker (validate.c) for one
 * job, the parallel driver (parallel.c) for several, the scanner
 * (scan.c) when no game is replayed, and before any of them the Latin-1
 * reading when asked (notation/latin1.c).
 */
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "base/mapped.h"

#include "notation/latin1.h"
#include "validate/parallel.h"
#include "validate/scan.h"
#include "validate/validate.h"

struct rgn_validator {
    validator_options options;
    bool release_pages; /* validator_read_mapped's data: our own mapping */
    /* rgn_validator_read_all: the one job that reads on after the
     * several met text read as Latin-1, its games numbered after theirs */
    rgn_validator *rest;
    uint64_t games_before;
    rgn_checker *checker;   /* one job */
    rgn_parallel *parallel; /* several jobs */
    rgn_scanner *scanner;   /* options.no_replay */
    rgn_latin1 *latin1;     /* options.latin1: the input goes through it */
    bool latin1_met;        /* it has read a byte as Latin-1 */
    void (*report)(void *user, const rgn_diagnostic *diagnostic);
    void *user;
    char *input; /* rgn_validator_input's name, the sink's to read */
};

/* The input as UTF-8, to the checker or the parallel driver. */
static int feed_utf8(void *user, const char *data, size_t len)
{
    rgn_validator *v = user;
    if (v->parallel)
        return rgn_parallel_feed(v->parallel, data, len);
    if (v->scanner)
        return rgn_scanner_feed(v->scanner, data, len);
    return rgn_checker_feed(v->checker, data, len);
}

/* The input's first byte read as Latin-1 (of a range's own games, with
 * the option range): one warning about the input, where one job would have
 * reported it, whatever the jobs. */
static int warn_latin1(void *user, rgn_location where)
{
    rgn_validator *v = user;
    if (!v->latin1_met) {
        if (rgn_validator_sync(v) < 0)
            return -1;
        /* the text was the input up to here: offsets are turned from now
         * on */
        rgn_offset_map *map = rgn_latin1_map(v->latin1);
        if (v->parallel)
            rgn_parallel_map_offsets(v->parallel, map);
        else if (v->scanner)
            rgn_scanner_map_offsets(v->scanner, map);
        else
            rgn_checker_map_offsets(v->checker, map);
        v->latin1_met = true;
    }
    /* a range tells nothing of another range's bytes: the first of its
     * own is still to come, or none is (it has stopped) */
    if (v->options.range) {
        if (rgn_validator_done(v))
            return 0;
        if (v->scanner ? !rgn_scanner_owns(v->scanner, where.offset)
                       : !rgn_checker_owns(v->checker, where.offset))
            return 1;
    }
    rgn_diagnostic d = {
        .problem = RGN_W_LATIN1,
        .severity = RGN_WARNING,
        .message = "text that is not UTF-8, read as Windows-1252 (Latin-1)",
        .where = where,
        .white = "",
        .black = "",
        .move_number = "",
        .move = {"", 0},
        .line = {"", 0},
    };
    if (v->report)
        v->report(v->user, &d);
    return 0;
}

rgn_validator *rgn_validator_new(const rgn_validator_options *options,
                                 rgn_error *error)
{
    rgn_validator_options taken;
    if (rgn_options_take(&taken, sizeof taken, options,
                         RGN_OPTIONS_MIN(rgn_validator_options, strict),
                         "rgn_validator_options", error) < 0)
        return NULL;
    validator_options all = {
        .size = sizeof all,
        .strict = taken.strict,
        .variant = taken.variant,
        .force_variant = taken.force_variant,
        .report = taken.report,
        .user = taken.user,
        .sink = taken.sink,
        .sink_user = taken.sink_user,
    };
    return validator_new(&all, error);
}

rgn_validator *validator_new(const validator_options *options, rgn_error *error)
{
    rgn_validator *v = calloc(1, sizeof *v);
    if (!v) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    v->options = *options;
    if (options->no_replay)
        v->scanner = rgn_scanner_new(options);
    else if (options->jobs > 1 && !options->sink && !options->range)
        v->parallel = rgn_parallel_new(options);
    else
        v->checker = rgn_checker_new(options);
    if (options->latin1) {
        rgn_latin1_target target = {feed_utf8, warn_latin1, v};
        v->latin1 = rgn_latin1_new(&target);
        if (v->latin1 && options->range)
            rgn_latin1_start_at(v->latin1, options->range->start,
                                options->range->start_line);
        v->report = options->report;
        v->user = options->user;
    }
    if ((!v->parallel && !v->checker && !v->scanner) ||
        (options->latin1 && !v->latin1)) {
        rgn_validator_free(v);
        rgn_fail(error, "out of memory");
        return NULL;
    }
    return v;
}

void rgn_validator_free(rgn_validator *v)
{
    if (!v)
        return;
    rgn_validator_free(v->rest);
    rgn_parallel_free(v->parallel);
    rgn_checker_free(v->checker);
    rgn_scanner_free(v->scanner);
    rgn_latin1_free(v->latin1);
    free(v->input);
    free(v);
}

int rgn_validator_input(rgn_validator *v, const char *file)
{
    char *copy = strdup(file);
    if (!copy)
        return -1;
    free(v->input);
    v->input = copy;
    const rgn_game_sink *sink = v->options.sink;
    if (sink && sink->input)
        sink->input(v->options.sink_user, v->input);
    return 0;
}

int rgn_validator_feed(rgn_validator *v, const char *data, size_t len)
{
    if (v->latin1)
        return rgn_latin1_feed(v->latin1, data, len);
    return feed_utf8(v, data, len);
}

int rgn_validator_finish(rgn_validator *v)
{
    /* a character cut at the end of the input first */
    int rc = v->latin1 ? rgn_latin1_finish(v->latin1) : 0;
    if (v->parallel  ? rgn_parallel_finish(v->parallel) < 0
        : v->scanner ? rgn_scanner_finish(v->scanner) < 0
                     : rgn_checker_finish(v->checker) < 0)
        rc = -1;
    return rc;
}

int rgn_validator_sync(rgn_validator *v)
{
    /* one job has reported all it can at each feed */
    return v->parallel ? rgn_parallel_sync(v->parallel) : 0;
}

rgn_validation_counts rgn_validator_counts(const rgn_validator *v)
{
    if (v->rest) {
        rgn_validation_counts c = rgn_parallel_counts(v->parallel);
        rgn_validation_counts r = rgn_validator_counts(v->rest);
        c.games += r.games;
        c.valid += r.valid;
        c.with_warnings += r.with_warnings;
        c.invalid += r.invalid;
        c.plies += r.plies;
        return c;
    }
    return v->parallel  ? rgn_parallel_counts(v->parallel)
           : v->scanner ? rgn_scanner_counts(v->scanner)
                        : rgn_checker_counts(v->checker);
}

/* The reports of the one job that reads on: numbered after the games
 * the several reported. */
static void report_rest(void *user, const rgn_diagnostic *d)
{
    rgn_validator *v = user;
    rgn_diagnostic renumbered = *d;
    if (renumbered.game)
        renumbered.game += v->games_before;
    v->options.report(v->options.user, &renumbered);
}

static int feed_validator(void *v, const char *data, size_t len)
{
    return rgn_validator_feed(v, data, len);
}

static bool validator_done(const void *v) { return rgn_validator_done(v); }

/* Feeds data[from, size) in blocks at multiples of RGN_READ_BLOCK, and
 * finishes. */
static int feed_blocks(rgn_validator *v, const char *data, uint64_t from,
                       uint64_t size)
{
    int rc = rgn_mapped_feed(data, from, size, RGN_READ_BLOCK, v->release_pages,
                             feed_validator, validator_done, v);
    return rgn_validator_finish(v) < 0 || rc ? -1 : 0;
}

int rgn_validator_read_all(rgn_validator *v, const char *data, uint64_t size)
{
    if (!v->parallel)
        return feed_blocks(
            v, data, v->options.range ? v->options.range->start : 0, size);
    rgn_range range;
    if (!rgn_parallel_read_mapped(v->parallel, data, size, &range))
        return rgn_parallel_finish(v->parallel);
    /* text read as Latin-1 in the range: one job reads on from it, so
     * that the one warning about it comes where one job puts it; or the
     * input is one range, read by one job from its start */
    validator_options options = v->options;
    options.jobs = 1;
    options.range = range.from > 0 ? &range : NULL;
    options.report = v->options.report ? report_rest : NULL;
    options.user = v;
    v->games_before = rgn_parallel_counts(v->parallel).games;
    v->rest = validator_new(&options, NULL);
    if (!v->rest)
        return -1;
    v->rest->release_pages = v->release_pages;
    return feed_blocks(v->rest, data, range.start, size);
}

int validator_read_mapped(rgn_validator *v, const char *data, uint64_t size)
{
    v->release_pages = true;
    if (v->parallel)
        rgn_parallel_release_pages(v->parallel, true);
    return rgn_validator_read_all(v, data, size);
}

bool rgn_validator_done(const rgn_validator *v)
{
    return v->scanner   ? rgn_scanner_done(v->scanner)
           : v->checker ? rgn_checker_done(v->checker)
                        : false;
}

const rgn_visitor *rgn_validator_visitor(rgn_validator *v, void **user)
{
    *user = v->scanner ? (void *)v->scanner : (void *)v->checker;
    if (v->scanner)
        return rgn_scanner_visitor();
    return v->checker ? rgn_checker_visitor() : NULL;
}
