/*
 * fuzz_san.c - libFuzzer target for the SAN parser and resolver, in a few
 * positions (the first input byte chooses). A text that resolves to a
 * move must have a canonical SAN that resolves to the same move, exactly.
 */
#include <stdlib.h>
#include <string.h>

#include "rgn.h"

static const char *const positions[] = {
    NULL, /* the initial position */
    "3T>E5/5T>N3/9/9/9/9/9/8k>N/K>N8 w 0 1",
    "k>N3r>S4/9/9/9/A>E8/9/9/9/4K>N4 w 0 1",
    "k>N8/pp2P4/9/9/9/9/9/9/4K>N4 w 0 1",
    "4k>N4/4r>N4/9/9/4R>N4/9/9/9/K>N8 w 0 1",
    "k>N8/9/2K>NEA>NW5/2T>S6/9/9/9/9/9 w 0 1",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"));
    const char *fen = positions[data[0] % (sizeof positions / sizeof *positions)];
    rgn_error err;
    if (fen && rgn_position_set_fen(pos, fen, &err) != 0)
        abort();
    const char *text = (const char *)data + 1;
    rgn_move move, again;
    unsigned warnings;
    enum rgn_problem problem;
    rgn_san san;
    rgn_san_parse(rgn_variant_find("Rotary"), text, size - 1, &san, &problem, &err);
    if (rgn_san_resolve(pos, text, size - 1, &move, &warnings, &problem,
                        &err) == 0) {
        char canonical[64];
        rgn_move_san(pos, move, canonical, sizeof canonical);
        if (rgn_san_resolve(pos, canonical, strlen(canonical), &again,
                            &warnings, &problem, &err) != 0 ||
            !rgn_move_equal(move, again) || warnings)
            abort();
    } else if (err.message[0] == '\0') {
        abort();
    }
    rgn_position_free(pos);
    return 0;
}
