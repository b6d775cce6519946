/*
 * move_forms.c - the move forms that need no board search: coordinates
 * (rgn(1), DESCRIPTION).
 */
#include <ctype.h>
#include <string.h>

#include "base/util.h"
#include "rules/variant.h"

/* Whether the move leaves its piece with a new direction set (always so
 * for a promotion: the pawn had none). */
static bool turns(const rgn_position *pos, rgn_move m)
{
    const struct rgn_variant *v = pos->variant;
    if (m.promotion)
        return rgn_variant_oriented(v, m.promotion);
    return rgn_variant_oriented(v, RGN_TYPE(pos->board[m.from])) &&
           m.orientation != pos->orientation[m.from];
}

size_t rgn_move_coord(const rgn_position *pos, rgn_move m, char *buf,
                      size_t size)
{
    char out[32];
    const struct rgn_variant *v = pos->variant;
    if (rgn_move_is_null(m)) /* as UCI writes it */
        return rgn_copy_out("0000", 4, buf, size);
    if (v->notation) /* a move text of one form only */
        return v->notation->write(pos, m, buf, size);
    rgn_square_name(v, m.from, out);
    size_t n = strlen(out);
    rgn_square_name(v, m.to, out + n);
    n += strlen(out + n);
    if (m.promotion)
        out[n++] = (char)tolower((unsigned char)v->piece_letters[m.promotion]);
    if (turns(pos, m))
        for (const char *d = rgn_direction_name(m.orientation); *d; d++)
            out[n++] = (char)tolower((unsigned char)*d);
    out[n] = '\0';
    return rgn_copy_out(out, n, buf, size);
}
