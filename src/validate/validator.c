/*
 * validator.c - the public validator: one checker (validate.c) for one
 * job, the parallel driver (parallel.c) for several, the scanner
 * (scan.c) when no game is replayed, and before any of them the Latin-1
 * reading when asked (notation/latin1.c).
 */
#include <stdlib.h>

#include "notation/latin1.h"
#include "validate/parallel.h"
#include "validate/scan.h"
#include "validate/validate.h"

struct rgn_validator {
    rgn_checker *checker;   /* one job */
    rgn_parallel *parallel; /* several jobs */
    rgn_scanner *scanner;   /* options.no_replay */
    rgn_latin1 *latin1;     /* options.latin1: the input goes through it */
    void (*report)(void *user, const rgn_diagnostic *diagnostic);
    void *user;
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

/* The input's first byte read as Latin-1: one warning about the input,
 * where one job would have reported it, whatever the jobs. */
static int warn_latin1(void *user, rgn_location where)
{
    rgn_validator *v = user;
    if (rgn_validator_sync(v) < 0)
        return -1;
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

rgn_validator *rgn_validator_new(const rgn_validator_options *options)
{
    rgn_validator *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
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
        return NULL;
    }
    return v;
}

void rgn_validator_free(rgn_validator *v)
{
    if (!v)
        return;
    rgn_parallel_free(v->parallel);
    rgn_checker_free(v->checker);
    rgn_scanner_free(v->scanner);
    rgn_latin1_free(v->latin1);
    free(v);
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
    return v->parallel  ? rgn_parallel_counts(v->parallel)
           : v->scanner ? rgn_scanner_counts(v->scanner)
                        : rgn_checker_counts(v->checker);
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
