/*
 * skip.h - the producer's side of a game sink's skip (rgn.h): where the
 * parts of a game go while the sink wants no more of a variation or of
 * the game. A producer (the validator, a recorded game's replay, the tee)
 * passes each part to state->to, asks the sink after it (rgn_skip_ask)
 * and tells of each end of a variation (rgn_skip_end_variation); its
 * end_game always goes to the sink itself.
 */
#ifndef RGN_BASE_SKIP_H
#define RGN_BASE_SKIP_H

#include "rgn.h"

typedef struct rgn_skip_state {
    /* where parts go now: the sink, or a sink with no callbacks while
     * skipping (NULL when there is no sink) */
    const rgn_game_sink *to;
    /* the depth of the variation skipped, whose end_variation goes to the
     * sink again; 0 when the game is skipped; -1 when none is */
    int depth;
} rgn_skip_state;

/* Parts go to sink (may be NULL): at each game's beginning. */
void rgn_skip_begin(rgn_skip_state *state, const rgn_game_sink *sink);
/* After a part passed on to sink at variation depth depth (0: the main
 * line): asks sink's skip, which must not be NULL. */
void rgn_skip_ask(rgn_skip_state *state, const rgn_game_sink *sink, void *user,
                  int depth);
/* Passes a part (callback, with its arguments after user) to state->to,
 * then asks the sink whether it wants more, at depth. */
#define RGN_SKIP_PASS(state, user, depth, callback, ...)                       \
    do {                                                                       \
        const rgn_game_sink *to_ = (state)->to;                                \
        if (to_ && to_->callback) {                                            \
            to_->callback(user, ##__VA_ARGS__);                                \
            if (to_->skip)                                                     \
                rgn_skip_ask(state, to_, user, depth);                         \
        }                                                                      \
    } while (0)

/* Before the end_variation of the variation at depth (1 for one in the
 * main line): parts go to sink again if that variation was skipped. */
static inline void rgn_skip_end_variation(rgn_skip_state *state,
                                          const rgn_game_sink *sink, int depth)
{
    if (state->depth == depth) {
        state->to = sink;
        state->depth = -1;
    }
}

#endif
