/*
 * read_games.c - the example of rgn.h's opening comment (and of rgn(3)):
 * reads a file of games (RGN, PGN or XML, plain or compressed; standard
 * input without one) and prints each game's players and result, a line a
 * game:
 *
 *     WHITE - BLACK RESULT
 *
 * Build it against an installed rgn with pkg-config:
 *
 *     cc -o read_games read_games.c $(pkg-config --cflags --libs rgn)
 *
 * Usage: read_games [FILE]
 */
#include <rgn.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    rgn_error error;
    const rgn_game *game;
    const char *path = argc > 1 ? argv[1] : "-";
    rgn_games *games = rgn_games_open(path, NULL, &error);
    if (games == NULL) {
        fprintf(stderr, "%s\n", error.message);
        return 2;
    }
    int got;
    while ((got = rgn_games_next(games, &game, &error)) == 1) {
        rgn_span white = {"?", 1}, black = {"?", 1};
        rgn_span result = rgn_game_result(game);
        rgn_game_tag(game, "White", &white);
        rgn_game_tag(game, "Black", &black);
        printf("%.*s - ", (int)white.len, white.data);
        printf("%.*s ", (int)black.len, black.data);
        printf("%.*s\n", (int)result.len, result.data);
    }
    if (got < 0)
        fprintf(stderr, "%s\n", error.message);
    rgn_games_close(games);
    return got < 0 ? 2 : 0;
}
