/*
 * parallel.h - validation on several threads with the output of one
 * (parallel.c). Private: rgn_validator uses it when options.jobs > 1.
 */
#ifndef RGN_PARALLEL_H
#define RGN_PARALLEL_H

#include "notation/latin1.h"
#include "rgn.h"
#include "validate/options.h"

typedef struct rgn_parallel rgn_parallel;

rgn_parallel *rgn_parallel_new(const validator_options *options);
int rgn_parallel_feed(rgn_parallel *parallel, const char *data, size_t len);
int rgn_parallel_finish(rgn_parallel *parallel);
/* Reports everything fed so far (rgn_validator_sync). */
int rgn_parallel_sync(rgn_parallel *parallel);
/* Validates data, the whole input (mapped), instead of feeding it: the
 * workers read ranges of it (rgn_range_cut), each from its anchor, and
 * the calling thread reports them in order. Returns false when all is
 * read; true when a range holds text read as Latin-1 (or kept too many
 * diagnostics, which one job reports at once): that range and
 * those after it are not reported (nor counted), for the caller to read
 * on one thread, where the one warning about such text is placed as one
 * job places it, and *rest is the rest of the input, from that range's
 * start (with its anchor and line). True too, with *rest the whole
 * input (from 0), when the input is one range. Before any feed. */
bool rgn_parallel_read_mapped(rgn_parallel *parallel, const char *data,
                              uint64_t size, rgn_range *rest);
rgn_validation_counts rgn_parallel_counts(const rgn_parallel *parallel);
/* Whether rgn_parallel_read_mapped's data is a mapping of the library's
 * own, whose pages it lets go once read (validator_read_mapped). */
void rgn_parallel_release_pages(rgn_parallel *parallel, bool release);
void rgn_parallel_free(rgn_parallel *parallel);
/* The text fed is longer than the input where map says (a Latin-1
 * converter's): the offsets reported are the input's. Each chunk takes
 * the map's marks for its text, and the driver forgets the rest. Before
 * the first feed, or after rgn_parallel_sync where the text fed so far is
 * the input. */
void rgn_parallel_map_offsets(rgn_parallel *parallel, rgn_offset_map *map);

#endif
