/*
 * write_fen.c - the position after every ply of each game's main line,
 * one a line: "GAME PLY POSITION".
 */
#include "formats/writer.h"

static void on_move(void *user, rgn_position *before, rgn_move move,
                    const char *san)
{
    (void)san;
    rgn_writer *w = user;
    if (w->depth > 0)
        return;
    rgn_position after;
    rgn_position_copy(&after, before);
    rgn_position_play(&after, move);
    char fen[512];
    rgn_position_fen(&after, fen, sizeof fen);
    rgn_buffer_printf(&w->game, "%llu %d %s\n", (unsigned long long)w->number,
                      ++w->ply, fen);
}

static void on_end_game(void *user, rgn_span result, const rgn_diagnostic *error)
{
    (void)result;
    rgn_writer *w = user;
    rgn_writer_end_game(w, !error || w->options.keep_invalid);
}

const rgn_game_sink rgn_fen_sink = {
    .begin_game = rgn_main_line_begin_game,
    .move = on_move,
    .begin_variation = rgn_main_line_begin_variation,
    .end_variation = rgn_main_line_end_variation,
    .end_game = on_end_game,
};
