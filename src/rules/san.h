/*
 * san.h - what the validator takes from san.c beyond rgn.h (private):
 * resolving without judging the check mark, which the validator judges
 * on the position it plays anyway.
 */
#ifndef RGN_SAN_H
#define RGN_SAN_H

#include "rgn.h"

/* rgn_san_resolve without the check-mark readings; *written_check is the
 * text's '+', '#' or 0. When canonical is not NULL it receives the move's
 * canonical SAN without its check mark. */
int rgn_san_resolve_unmarked(rgn_position *position, const char *text,
                             size_t len, rgn_move *move, unsigned *warnings,
                             char *written_check, char *canonical,
                             size_t canonical_size, enum rgn_problem *problem,
                             rgn_error *err);
/* The warnings for a text marked written ('+', '#', 0) whose move
 * deserves deserved. */
unsigned rgn_check_mark_warnings(char written, char deserved);

#endif
