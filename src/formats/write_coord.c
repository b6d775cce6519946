/*
 * write_coord.c - one game a line, for programs: the main line's moves in
 * coordinate form (rgn-notation.md section 6), then the result.
 */
#include <string.h>

#include "formats/writer.h"

typedef struct coord_state {
    int moves; /* written on the game's line so far */
} coord_state;

static void coord_begin_game(rgn_writer *w)
{
    ((coord_state *)w->state)->moves = 0;
}

static void coord_move(rgn_writer *w, rgn_position *before, rgn_move move,
                 const char *san)
{
    (void)san;
    coord_state *s = w->state;
    char text[32];
    rgn_move_coord(before, move, text, sizeof text);
    rgn_buffer_printf(&w->game, "%s%s", s->moves++ ? " " : "", text);
}

static void coord_end_game(rgn_writer *w, rgn_span result, const rgn_diagnostic *error)
{
    (void)error; /* its result is "*" */
    coord_state *s = w->state;
    rgn_buffer_printf(&w->game, "%s%.*s\n", s->moves ? " " : "",
                      (int)result.len, result.data);
}

const writer_format rgn_coord_format = {
    .state_size = sizeof(coord_state),
    .main_line_only = true,
    .begin_game = coord_begin_game,
    .move = coord_move,
    .end_game = coord_end_game,
};
