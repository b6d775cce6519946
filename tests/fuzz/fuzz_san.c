/*
 * fuzz_san.c - libFuzzer target for the SAN parser and resolver, in a few
 * positions of every two-player game (the first input byte chooses). A text
 * that resolves to a move must have a canonical SAN that resolves to the same
 * move, exactly.
 */
#include <stdlib.h>
#include <string.h>

#include "rgn.h"

/* A rule set and a position (NULL: its initial one). */
static const struct {
    const char *variant, *fen;
} positions[] = {
    {"Rotary", NULL},
    {"Rotary", "3T>E5/5T>N3/9/9/9/9/9/8k>N/K>N8 w 0 1"},
    {"Rotary", "k>N3r>S4/9/9/9/A>E8/9/9/9/4K>N4 w 0 1"},
    {"Rotary", "k>N8/pp2P4/9/9/9/9/9/9/4K>N4 w 0 1"},
    {"Rotary", "4k>N4/4r>N4/9/9/4R>N4/9/9/9/K>N8 w 0 1"},
    {"Rotary", "k>N8/9/2K>NEA>NW5/2T>S6/9/9/9/9/9 w 0 1"},
    {"Chess", NULL},
    /* castling both ways, en passant, promotions, pins */
    {"Chess",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"Chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
    {"Chess",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
    {"Chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"},
    {"Rotary Chess", NULL},
    {"Rotary Chess",
     "2M9/6k5/pp2pppppppp/12/12/12/12/12/12/PPPP1PPPPPPP/12/R8RK1 w - - 1 6"},
    {"Rollerball", NULL},
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    size_t which = data[0] % (sizeof positions / sizeof *positions);
    const rgn_variant *variant = rgn_variant_find(positions[which].variant);
    rgn_position *pos = rgn_position_new(variant, NULL);
    if (!pos)
        abort(); /* out of memory */
    const char *fen = positions[which].fen;
    rgn_error err;
    if (fen && rgn_position_set_fen(pos, fen, &err) != 0)
        abort();
    const char *text = (const char *)data + 1;
    rgn_move move, again;
    unsigned warnings;
    enum rgn_problem problem;
    rgn_san san;
    /* a text that is no move is refused with a reason */
    err.message[0] = '\0';
    if (rgn_san_parse(variant, text, size - 1, &san, &problem, &err) < 0 &&
        err.message[0] == '\0')
        abort();
    err.message[0] = '\0';
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
