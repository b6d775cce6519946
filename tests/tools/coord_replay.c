/*
 * coord_replay.c - reads games in coordinate form (one a line, as
 * "rgn convert --to coord" writes them: "[START] " first for a game from
 * a FEN) and prints "GAME PLY RFEN" after every ply, as "rgn convert --to
 * fen" does ("GAME 0 START" for a game without a move). Each coordinate move
 * must match exactly one legal move. Used by roundtrip.sh to check that the
 * coordinate output reads back to the same moves.
 */
#include <stdio.h>
#include <string.h>

#include "rgn.h"

int main(int argc, char **argv)
{
    const rgn_variant *variant =
        argc > 1 ? rgn_variant_find(argv[1]) : rgn_variant_find("Rotary");
    if (!variant) {
        fprintf(stderr, "coord_replay: no variant %s\n", argv[1]);
        return 2;
    }
    static char line[1 << 20];
    static rgn_move moves[RGN_MAX_MOVES];
    unsigned long game = 0;
    int status = 0;
    while (fgets(line, sizeof line, stdin)) {
        game++;
        rgn_position *pos = rgn_position_new(variant, NULL);
        if (!pos) {
            fprintf(stderr, "game %lu: out of memory\n", game);
            return 2;
        }
        int ply = 0;
        char *moves_text = line;
        if (line[0] == '[') { /* the start position */
            char *end = strchr(line, ']');
            if (!end) {
                fprintf(stderr, "game %lu: no ']' after the start\n", game);
                return 1;
            }
            *end = '\0';
            rgn_error err;
            if (rgn_position_set_fen(pos, line + 1, &err) < 0) {
                fprintf(stderr, "game %lu: %s\n", game, err.message);
                return 1;
            }
            moves_text = end + 1;
        }
        for (char *word = strtok(moves_text, " \n"); word;
             word = strtok(NULL, " \n")) {
            if (!strcmp(word, "1-0") || !strcmp(word, "0-1") ||
                !strcmp(word, "1/2-1/2") || !strcmp(word, "*"))
                break;
            int n = rgn_position_legal_moves(pos, moves), found = -1;
            for (int i = 0; i < n; i++) {
                char text[32];
                rgn_move_coord(pos, moves[i], text, sizeof text);
                if (strcmp(text, word) == 0) {
                    if (found >= 0) {
                        fprintf(stderr, "game %lu: %s matches twice\n", game,
                                word);
                        status = 1;
                    }
                    found = i;
                }
            }
            if (found < 0) {
                fprintf(stderr, "game %lu ply %d: no legal move %s\n", game,
                        ply + 1, word);
                status = 1;
                break;
            }
            rgn_position_play(pos, moves[found]);
            char fen[512];
            rgn_position_fen(pos, fen, sizeof fen);
            printf("%lu %d %s\n", game, ++ply, fen);
        }
        if (ply == 0) {
            char fen[512];
            rgn_position_fen(pos, fen, sizeof fen);
            printf("%lu 0 %s\n", game, fen);
        }
        rgn_position_free(pos);
    }
    return status;
}
