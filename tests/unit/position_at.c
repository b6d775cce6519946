/* position_at.c - a position of a named game, for the tests. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "position_at.h"

rgn_position *position_at(const char *variant, const char *fen)
{
    const rgn_variant *v = rgn_variant_find(variant);
    assert_non_null(v);
    rgn_position *pos = rgn_position_new(v, NULL);
    assert_non_null(pos);
    rgn_error err;
    if (fen)
        assert_int_equal(rgn_position_set_fen(pos, fen, &err), 0);
    return pos;
}
