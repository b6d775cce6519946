/*
 * write_coord.c - one game a line, for programs: the main line's moves in
 * coordinate form (rgn(1), DESCRIPTION), then the result.
 */
#include <string.h>

#include "formats/writer.h"

static void on_move(void *user, rgn_position *before, rgn_move move,
                    const char *san)
{
    (void)san;
    rgn_writer *w = user;
    if (w->depth > 0)
        return;
    char text[32];
    rgn_move_coord(before, move, text, sizeof text);
    rgn_buffer_printf(&w->game, "%s%s", w->ply++ ? " " : "", text);
}

static void on_end_game(void *user, rgn_span result, const rgn_diagnostic *error)
{
    rgn_writer *w = user;
    if (error && !w->options.keep_invalid) {
        rgn_writer_end_game(w, false);
        return;
    }
    if (error)
        rgn_buffer_printf(&w->game, "%s*\n", w->ply ? " " : "");
    else
        rgn_buffer_printf(&w->game, "%s%.*s\n", w->ply ? " " : "",
                          (int)result.len, result.data);
    rgn_writer_end_game(w, true);
}

const rgn_game_sink rgn_coord_sink = {
    .begin_game = rgn_main_line_begin_game,
    .move = on_move,
    .begin_variation = rgn_main_line_begin_variation,
    .end_variation = rgn_main_line_end_variation,
    .end_game = on_end_game,
};
