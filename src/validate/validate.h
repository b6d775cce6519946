/* validate.h - the single-thread validator core, a "checker": the reader's
 * visitor that replays every game. validator.c (the public rgn_validator)
 * and parallel.c drive it; read_xml.c feeds its visitor. Private. */
#ifndef RGN_VALIDATE_H
#define RGN_VALIDATE_H

#include "notation/latin1.h"
#include "notation/reader.h"
#include "rgn.h"
#include "validate/options.h"

typedef struct rgn_checker rgn_checker;

/* options.jobs is ignored: a checker is one thread. */
rgn_checker *rgn_checker_new(const validator_options *options);
void rgn_checker_free(rgn_checker *checker);
int rgn_checker_feed(rgn_checker *checker, const char *data, size_t len);
int rgn_checker_finish(rgn_checker *checker);
rgn_validation_counts rgn_checker_counts(const rgn_checker *checker);

/* rgn_validator_read_all over data, a read-only mapping of a file that
 * the library made itself (never the caller's memory, which letting go
 * would zero): its pages are let go once read (madvise), so that memory
 * does not grow with the file. */
int validator_read_mapped(rgn_validator *validator, const char *data,
                          uint64_t size);

/* The visitor whose user is an rgn_checker. */
const rgn_visitor *rgn_checker_visitor(void);

/* The visitor a validator of one job reads with, and its user in *user:
 * its checker's, or its scanner's (options.no_replay); NULL for a
 * validator of several jobs. */
const rgn_visitor *rgn_validator_visitor(rgn_validator *validator, void **user);

/* For parallel.c, which gives each thread a piece of the input: the
 * checker's input starts at this offset and line of a larger input, at a
 * '[' that starts a line after a line that does not
 * (rgn_reader_start_at). Its games are numbered from 1 all the same. */
void rgn_checker_start_at(rgn_checker *checker, uint64_t offset, uint32_t line);
/* Whether the checker is between games with nothing pending
 * (rgn_reader_between_games); *line: the line of the next byte. */
/* Reads text that is not UTF-8 as Latin-1 (rgn_reader_read_latin1),
 * and not reporting it: whether such text was read. */
int rgn_checker_read_latin1(rgn_checker *checker);
bool rgn_checker_latin1_seen(const rgn_checker *checker);
/* With the option range: a game after it has begun (rgn_reader_stopped). */
bool rgn_checker_done(const rgn_checker *checker);
/* Whether the next input byte lies in the checker's own games
 * (rgn_reader_owns). */
bool rgn_checker_owns(const rgn_checker *checker, uint64_t offset);
bool rgn_checker_between_games(const rgn_checker *checker, uint32_t *line);
/* The checker's text is longer than its input where map says: it reports
 * the input's offsets (rgn_reader_map_offsets, and when). */
void rgn_checker_map_offsets(rgn_checker *checker, rgn_offset_map *map);

#endif
