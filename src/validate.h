/* validate.h - the validator as a visitor, for readers other than RGN's
 * (read_xml.c). Private. */
#ifndef RGN_VALIDATE_H
#define RGN_VALIDATE_H

#include "rgn.h"

/* The visitor whose user is an rgn_validator. */
const rgn_visitor *rgn_validator_visitor(void);

/* Where a replay of recorded games (parallel.c) finds the source line of
 * the token at where, as rgn_reader_line would have given it. */
typedef rgn_span (*rgn_line_source)(void *user, rgn_location where,
                                    size_t *caret);
void rgn_validator_replay_setup(rgn_validator *validator,
                                rgn_line_source source, void *user);
/* The next game gets this number instead of the next count. */
void rgn_validator_number_next_game(rgn_validator *validator,
                                    uint64_t number);

#endif
