/*
 * fuzz_games.c - libFuzzer target for the games pulled one at a time
 * from memory (rgn_games_open_memory, rgn_games_next): any bytes, plain
 * or compressed, RGN or XML, must give games to an end or an error,
 * without a crash, a leak or a hang; every game pulled answers its
 * accessors, and its position after every ply can be made.
 */
#include <stdlib.h>

#include "rgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
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
