/*
 * write_coord.c - one game a line, for programs: the start position in
 * brackets when a FEN tag set it, the main line's moves in coordinate
 * form (rgn(1), DESCRIPTION), then the result.
 */
#include <string.h>

#include "formats/writer.h"

/* Words are spaced: all but the first of the game's line. */
static const char *space_before(const rgn_writer *w)
{
    return w->game.len ? " " : "";
}

/* A game from a FEN tag cannot be replayed without its start. */
static void coord_start(rgn_writer *w, const rgn_position *start, bool has_fen)
{
    if (!has_fen)
        return;
    char fen[1024];
    rgn_position_fen(start, fen, sizeof fen);
    rgn_buffer_printf(&w->game, "[%s]", fen);
}

static void coord_move(rgn_writer *w, rgn_position *before, rgn_move move,
                       const char *san)
{
    (void)san;
    char text[32];
    rgn_move_coord(before, move, text, sizeof text);
    rgn_buffer_printf(&w->game, "%s%s", space_before(w), text);
}

static void coord_end_game(rgn_writer *w, rgn_span result,
                           const rgn_diagnostic *error)
{
    (void)error; /* its result is "*" */
    rgn_buffer_printf(&w->game, "%s%.*s\n", space_before(w), (int)result.len,
                      result.data);
}

/* The game's line is all it keeps. */
const writer_format rgn_coord_format = {
    .main_line_only = true,
    .start = coord_start,
    .move = coord_move,
    .end_game = coord_end_game,
};
