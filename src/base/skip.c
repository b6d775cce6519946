/*
 * skip.c - where the parts of a game go while a sink skips some (skip.h).
 */
#include "base/skip.h"

/* Where the skipped parts go: nowhere. */
static const rgn_game_sink skipped = {0};

void rgn_skip_begin(rgn_skip_state *state, const rgn_game_sink *sink)
{
    state->to = sink;
    state->depth = -1;
}

void rgn_skip_ask(rgn_skip_state *state, const rgn_game_sink *sink, void *user,
                  int depth)
{
    enum rgn_skip skip = sink->skip(user);
    if (skip == RGN_SKIP_NOTHING)
        return;
    state->to = &skipped;
    /* the main line is no variation: skipping it is skipping the game */
    state->depth = skip == RGN_SKIP_GAME ? 0 : depth;
}
