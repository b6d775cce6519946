/*
 * san.h - what the validator takes from san.c beyond rgn.h (private):
 * resolving without judging the check mark, which the validator judges
 * on the position it plays anyway.
 */
#ifndef RGN_SAN_H
#define RGN_SAN_H

#include "rgn.h"

/* What *written_check is for a text whose form has no check marks (a
 * move in coordinate form, a null move): its mark is not judged. */
#define RGN_MARK_NOT_JUDGED '~'

/* rgn_san_resolve without the check-mark readings; *written_check is the
 * text's '+', '#' or 0, or RGN_MARK_NOT_JUDGED. When canonical is not NULL it
 * receives the move's canonical SAN without its check mark. */
int rgn_san_resolve_unmarked(rgn_position *position, const char *text,
                             size_t len, rgn_move *move, unsigned *warnings,
                             char *written_check, char *canonical,
                             size_t canonical_size, enum rgn_problem *problem,
                             rgn_error *err);
/* The warnings for a text marked written ('+', '#', 0 or
 * RGN_MARK_NOT_JUDGED) whose move deserves deserved. Inline: the
 * validator asks it of every move, and mostly the mark is right. */
static inline unsigned rgn_check_mark_warnings(char written, char deserved)
{
    if (written == deserved || written == RGN_MARK_NOT_JUDGED)
        return 0;
    if (deserved == '#' && written == '+')
        return RGN_WARNING_BIT(RGN_W_CHECK_MARK_ON_MATE);
    if (written == '#')
        return RGN_WARNING_BIT(RGN_W_MATE_MARK_WITHOUT_MATE);
    if (written == '+')
        return RGN_WARNING_BIT(RGN_W_SURPLUS_CHECK_MARK);
    return RGN_WARNING_BIT(RGN_W_MISSING_CHECK_MARK);
}

#endif
