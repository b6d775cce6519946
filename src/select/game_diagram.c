/*
 * game_diagram.c - a recorded game drawn (rgn_diagram_write_game): the
 * position at a ply of its main line, with the move that led there.
 */
#include <stdlib.h>

#include "base/errors.h"
#include "select/select.h"

int rgn_diagram_write_game(const rgn_game *game, int ply,
                           const rgn_diagram_options *options, FILE *out,
                           rgn_error *error)
{
    rgn_diagram_options drawn;
    if (rgn_options_take(&drawn, sizeof drawn, options,
                         RGN_OPTIONS_MIN(rgn_diagram_options, format),
                         "rgn_diagram_options", error) < 0)
        return -1;
    if (ply < 0)
        ply = rgn_game_plies(game);
    /* any rule set: a game's position is copied whole */
    rgn_position *pos = rgn_position_new(rgn_variant_default(), error);
    rgn_position *before = rgn_position_new(rgn_variant_default(), error);
    rgn_move last;
    int status = -1;
    if (pos && before && rgn_game_position_at(game, ply, pos, error) == 0 &&
        (ply == 0 ||
         (rgn_game_position_at(game, ply - 1, before, error) == 0 &&
          rgn_game_move_at(game, ply - 1, &last, NULL, error) == 0))) {
        drawn.last_move = ply > 0 ? &last : NULL;
        /* text diagrams list the chain the last move made */
        drawn.before = ply > 0 ? before : NULL;
        status = rgn_diagram_write(pos, &drawn, out, error);
    }
    rgn_position_free(before);
    rgn_position_free(pos);
    return status;
}
