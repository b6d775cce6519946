/* scan.h - the reader's visitor that replays nothing (a "scanner"): what
 * a validator with options.no_replay reads with. Private. */
#ifndef RGN_SCAN_H
#define RGN_SCAN_H

#include "notation/latin1.h"
#include "notation/reader.h"
#include "rgn.h"
#include "validate/options.h"

typedef struct rgn_scanner rgn_scanner;

rgn_scanner *rgn_scanner_new(const validator_options *options);
void rgn_scanner_free(rgn_scanner *scanner);
int rgn_scanner_feed(rgn_scanner *scanner, const char *data, size_t len);
int rgn_scanner_finish(rgn_scanner *scanner);
rgn_validation_counts rgn_scanner_counts(const rgn_scanner *scanner);
bool rgn_scanner_done(const rgn_scanner *scanner); /* as rgn_checker_done */
bool rgn_scanner_owns(const rgn_scanner *scanner,
                      uint64_t offset); /* as rgn_checker_owns */
/* The scanner's text is longer than its input where map says
 * (rgn_reader_map_offsets). */
void rgn_scanner_map_offsets(rgn_scanner *scanner, rgn_offset_map *map);

/* The visitor whose user is an rgn_scanner. */
const rgn_visitor *rgn_scanner_visitor(void);

#endif
