/*
 * write_fen.c - the position after every ply of each game's main line,
 * one a line: "GAME PLY POSITION"; a game without a move gives its start
 * as ply 0 ("GAME 0 -" when it has none), so that every game has a line.
 */
#include <string.h>

#include "formats/writer.h"

typedef struct fen_state {
    int ply;          /* of the main line, from the game's start */
    char start[1024]; /* the start position, "" before it is known */
} fen_state;

static void fen_begin_game(rgn_writer *w)
{
    fen_state *s = w->state;
    s->ply = 0;
    s->start[0] = '\0';
}

static void fen_start(rgn_writer *w, const rgn_position *start, bool has_fen)
{
    (void)has_fen;
    fen_state *s = w->state;
    rgn_position_fen(start, s->start, sizeof s->start);
}

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

static void fen_end_game(rgn_writer *w, rgn_span result,
                         const rgn_diagnostic *error)
{
    (void)result, (void)error;
    fen_state *s = w->state;
    if (s->ply == 0)
        rgn_buffer_printf(&w->game, "%llu 0 %s\n",
                          (unsigned long long)w->number,
                          s->start[0] ? s->start : "-");
}

const writer_format rgn_fen_format = {
    .state_size = sizeof(fen_state),
    .main_line_only = true,
    .begin_game = fen_begin_game,
    .start = fen_start,
    .move = fen_move,
    .end_game = fen_end_game,
};
