/*
 * fuzz_games.c - libFuzzer target for the games pulled one at a time
 * from memory (rgn_games_open_memory, rgn_games_next): any bytes, plain
 * or compressed, RGN or XML, must give games to an end or an error,
 * without a crash, a leak or a hang; every game pulled answers its
 * accessors, and its position after every ply can be made.
 *
 * A few mutated bytes of bzip2 expand to megabytes of the same text,
 * which reach no new code and made the target twenty times as slow:
 * inputs that decode to more than 256 KB are left to the hostile test.
 */
#include <stdbool.h>
#include <stdlib.h>

#include "rgn.h"

enum { DECODED_LIMIT = 1 << 18 };

/* Whether data decodes to at most DECODED_LIMIT bytes (stops reading
 * past it). */
static bool small_when_decoded(const uint8_t *data, size_t size)
{
    rgn_input *input = rgn_input_open_memory("fuzz", data, size, NULL);
    if (!input)
        return true;
    static char buffer[1 << 16];
    size_t total = 0;
    ptrdiff_t n = 0;
    do {
        while (total <= DECODED_LIMIT &&
               (n = rgn_input_read(input, buffer, sizeof buffer)) > 0)
            total += (size_t)n;
    } while (total <= DECODED_LIMIT && rgn_input_next_member(input) > 0);
    rgn_input_close(input);
    return total <= DECODED_LIMIT;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!small_when_decoded(data, size))
        return 0;
    rgn_error error;
    rgn_games *games =
        rgn_games_open_memory("fuzz.rgn", data, size, NULL, &error);
    if (!games)
        return 0;
    rgn_position *position = rgn_position_new(rgn_variant_at(0), NULL);
    const rgn_game *game;
    while (position && rgn_games_next(games, &game, &error) > 0) {
        for (size_t i = 0; i < rgn_game_problem_count(game); i++)
            if (!rgn_game_problem_at(game, i)->message)
                abort();
        int plies = rgn_game_plies(game);
        const char *san;
        for (int ply = 0; ply < plies; ply++)
            if (rgn_game_move_at(game, ply, NULL, &san, NULL) < 0 || !san)
                abort();
        if (rgn_game_start(game) &&
            rgn_game_position_at(game, plies, position, NULL) < 0)
            abort();
    }
    rgn_position_free(position);
    rgn_games_close(games);
    return 0;
}
