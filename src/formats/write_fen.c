/*
 * write_fen.c - the position after every ply of each game's main line,
 * one a line: "GAME PLY POSITION".
 */
#include "formats/writer.h"

typedef struct fen_state {
    int ply; /* of the main line, from the game's start */
} fen_state;

static void fen_begin_game(rgn_writer *w) { ((fen_state *)w->state)->ply = 0; }

static void fen_move(rgn_writer *w, rgn_position *before, rgn_move move,
                     const char *san)
{
    (void)san;
    fen_state *s = w->state;
    rgn_undo undo;
    writer_play(before, move, &undo);
    char fen[1024];
    rgn_position_fen(before, fen, sizeof fen);
    writer_take_back(before, move, &undo);
    rgn_buffer_printf(&w->game, "%llu %d %s\n", (unsigned long long)w->number,
                      ++s->ply, fen);
}

/* Nothing ends a game: a kept one is written as it is. */
const writer_format rgn_fen_format = {
    .state_size = sizeof(fen_state),
    .main_line_only = true,
    .begin_game = fen_begin_game,
    .move = fen_move,
};
