/*
 * fuzz_rfen.c - libFuzzer target for the position-string readers of every
 * rule set (RFEN for Rotary, FEN for the chess-like games, ...): the
 * first input byte chooses the rule set from the registry, the rest is
 * the string. A string it accepts must write back canonically and read
 * again to the same string, and every legal move there must write as a
 * move text that resolves to that move.
 */
#include <stdlib.h>
#include <string.h>

#include "rgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    const rgn_variant *variant = rgn_variant_at(data[0] % rgn_variant_count());
    data++, size--;
    char *fen = malloc(size + 1);
    if (!fen)
        return 0;
    memcpy(fen, data, size);
    fen[size] = '\0';
    rgn_position *pos = rgn_position_new(variant, NULL);
    if (!pos)
        abort(); /* out of memory */
    rgn_error err;
    if (rgn_position_set_fen(pos, fen, &err) == 0) {
        char once[1024], twice[1024];
        rgn_position_fen(pos, once, sizeof once);
        if (rgn_position_set_fen(pos, once, &err) != 0)
            abort(); /* its own output rejected */
        rgn_position_fen(pos, twice, sizeof twice);
        if (strcmp(once, twice) != 0)
            abort();
        static rgn_move moves[RGN_MAX_MOVES];
        int n = rgn_position_legal_moves(pos, moves);
        for (int i = 0; i < n; i++) {
            char san[64];
            rgn_move_san(pos, moves[i], san, sizeof san);
            rgn_move back;
            unsigned warnings;
            enum rgn_problem problem;
            if (rgn_san_resolve(pos, san, strlen(san), &back, &warnings,
                                &problem, &err) != 0 ||
                !rgn_move_equal(back, moves[i]) || warnings)
                abort();
        }
    } else if (err.message[0] == '\0' || err.column < 0 ||
               (size_t)err.column > size + 1) {
        /* a rejection must say what, and where when it is at one place
         * (column 0: a count that is wrong, as Rotationary's five pieces
         * of each size) */
        abort();
    }
    rgn_position_free(pos);
    free(fen);
    return 0;
}
