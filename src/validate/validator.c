/*
 * validator.c - the public validator: one checker (validate.c) for one
 * job, the parallel driver (parallel.c) for several.
 */
#include <stdlib.h>

#include "validate/parallel.h"
#include "validate/validate.h"

struct rgn_validator {
    rgn_checker *checker;   /* one job */
    rgn_parallel *parallel; /* several jobs */
};

rgn_validator *rgn_validator_new(const rgn_validator_options *options)
{
    rgn_validator *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    if (options->jobs > 1 && !options->sink)
        v->parallel = rgn_parallel_new(options);
    else
        v->checker = rgn_checker_new(options);
    if (!v->parallel && !v->checker) {
        free(v);
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
    free(v);
}

int rgn_validator_feed(rgn_validator *v, const char *data, size_t len)
{
    if (v->parallel)
        return rgn_parallel_feed(v->parallel, data, len);
    return rgn_checker_feed(v->checker, data, len);
}

int rgn_validator_finish(rgn_validator *v)
{
    if (v->parallel)
        return rgn_parallel_finish(v->parallel);
    return rgn_checker_finish(v->checker);
}

int rgn_validator_sync(rgn_validator *v)
{
    /* one job has reported all it can at each feed */
    return v->parallel ? rgn_parallel_sync(v->parallel) : 0;
}

rgn_validation_counts rgn_validator_counts(const rgn_validator *v)
{
    return v->parallel ? rgn_parallel_counts(v->parallel)
                       : rgn_checker_counts(v->checker);
}

rgn_checker *rgn_validator_checker(rgn_validator *v) { return v->checker; }
