/* validate.h - the single-thread validator core, a "checker": the reader's
 * visitor that replays every game. validator.c (the public rgn_validator)
 * and parallel.c drive it; read_xml.c feeds its visitor. Private. */
#ifndef RGN_VALIDATE_H
#define RGN_VALIDATE_H

#include "rgn.h"

typedef struct rgn_checker rgn_checker;

/* options.jobs is ignored: a checker is one thread. */
rgn_checker *rgn_checker_new(const rgn_validator_options *options);
void rgn_checker_free(rgn_checker *checker);
int rgn_checker_feed(rgn_checker *checker, const char *data, size_t len);
int rgn_checker_finish(rgn_checker *checker);
rgn_validation_counts rgn_checker_counts(const rgn_checker *checker);

/* The visitor whose user is an rgn_checker. */
const rgn_visitor *rgn_checker_visitor(void);

/* The checker behind a validator of one job (NULL for several). */
rgn_checker *rgn_validator_checker(rgn_validator *validator);

/* Where a replay of recorded games (parallel.c) finds the source line of
 * the token at where, as rgn_reader_line would have given it. */
typedef rgn_span (*rgn_line_source)(void *user, rgn_location where,
                                    size_t *caret);
void rgn_checker_replay_setup(rgn_checker *checker,
                                rgn_line_source source, void *user);
/* The next game gets this number instead of the next count. */
void rgn_checker_number_next_game(rgn_checker *checker,
                                    uint64_t number);

#endif
