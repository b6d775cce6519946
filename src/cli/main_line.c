/* main_line.c - a game sink that keeps each game's main line: its start
 * position and its moves outside variations, for the commands that show
 * or solve where a game leads (fen, diagram, solve). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static void on_begin_game(void *user, uint64_t number)
{
    cli_main_line *line = user;
    (void)number; /* numbered per input; we count over all inputs */
    line->games_seen++;
    line->passed = line->only_game && line->games_seen != line->only_game;
    if (line->passed)
        return; /* the line asked for stays as it is */
    line->game = line->games_seen;
    line->started = line->out_of_memory = line->variant_tag = false;
    line->plies = 0;
    line->depth = 0;
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    (void)value;
    cli_main_line *line = user;
    if (!line->passed && name.len == 7 && memcmp(name.data, "Variant", 7) == 0)
        line->variant_tag = true;
}

/* *to becomes a copy of from, made (again) when its rule set differs:
 * false when out of memory. */
static bool copy_position(rgn_position **to, const rgn_position *from)
{
    if (!*to || rgn_position_variant(*to) != rgn_position_variant(from)) {
        rgn_position_free(*to);
        *to = rgn_position_new(rgn_position_variant(from), NULL);
        if (!*to)
            return false;
    }
    rgn_position_copy(*to, from);
    return true;
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    (void)has_fen;
    cli_main_line *line = user;
    if (line->passed)
        return;
    if (line->begin && !line->begin(line, start)) {
        line->passed = true;
        return;
    }
    line->started = copy_position(&line->start, start);
    line->out_of_memory = !line->started;
}

static void on_move(void *user, rgn_position *before, rgn_move move,
                    const char *san)
{
    (void)before;
    (void)san;
    cli_main_line *line = user;
    if (line->passed || !line->started || line->depth > 0)
        return;
    if (line->plies == line->capacity) {
        size_t capacity = line->capacity ? 2 * line->capacity : 256;
        rgn_move *grown = realloc(line->moves, capacity * sizeof *grown);
        if (!grown) {
            line->out_of_memory = true;
            line->started = false;
            return;
        }
        line->moves = grown;
        line->capacity = capacity;
    }
    line->moves[line->plies++] = move;
}

static void on_begin_variation(void *user) { ((cli_main_line *)user)->depth++; }

static void on_end_variation(void *user) { ((cli_main_line *)user)->depth--; }

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    (void)result;
    cli_main_line *line = user;
    if (!line->passed)
        line->end(line, error);
}

const rgn_game_sink cli_main_line_sink = {
    .begin_game = on_begin_game,
    .tag = on_tag,
    .start = on_start,
    .move = on_move,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .end_game = on_end_game,
};

rgn_position *cli_main_line_position(const cli_main_line *line, size_t plies,
                                     rgn_position **pos)
{
    if (!copy_position(pos, line->start))
        return NULL;
    for (size_t i = 0; i < plies; i++)
        rgn_position_play(*pos, line->moves[i]);
    return *pos;
}

void cli_main_line_free(cli_main_line *line)
{
    rgn_position_free(line->start);
    free(line->moves);
}
