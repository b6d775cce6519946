/*
 * writer.c - what every exporter shares and no format knows: the one
 * game sink of a writer. It numbers the games, follows the variation
 * depth, passes each part of a game on to the format, and writes the
 * game's output only when the game is to be written. formats.c chooses
 * the format.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/writer.h"

static void on_begin_game(void *user, uint64_t number)
{
    rgn_writer *w = user;
    (void)number; /* numbered over all inputs, not per input */
    w->number = ++w->games;
    w->depth = 0;
    if (w->format->begin_game)
        w->format->begin_game(w);
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    rgn_writer *w = user;
    if (w->format->tag)
        w->format->tag(w, name, value);
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    rgn_writer *w = user;
    if (w->format->start)
        w->format->start(w, start, has_fen);
}

static void on_move(void *user, rgn_position *before, rgn_move move,
                    const char *san)
{
    rgn_writer *w = user;
    if (w->format->move && (w->depth == 0 || !w->format->main_line_only))
        w->format->move(w, before, move, san);
}

static void on_nag(void *user, unsigned nag)
{
    rgn_writer *w = user;
    if (w->format->nag)
        w->format->nag(w, nag);
}

static void on_comment(void *user, rgn_span text)
{
    rgn_writer *w = user;
    if (w->format->comment)
        w->format->comment(w, text);
}

static void on_begin_variation(void *user)
{
    rgn_writer *w = user;
    w->depth++;
    if (w->format->begin_variation)
        w->format->begin_variation(w);
}

static void on_end_variation(void *user)
{
    rgn_writer *w = user;
    if (w->depth == 0)
        return;
    if (w->format->end_variation)
        w->format->end_variation(w);
    w->depth--;
}

void rgn_writer_close_variations(rgn_writer *w)
{
    while (w->depth > 0)
        on_end_variation(w);
}

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    rgn_writer *w = user;
    bool write = !error || w->options.keep_invalid;
    if (write && w->format->end_game)
        w->format->end_game(w, error ? (rgn_span){"*", 1} : result, error);
    if (w->game.failed)
        w->write_failed = true;
    else if (write && w->game.len &&
             fwrite(w->game.data, 1, w->game.len, w->out) != w->game.len)
        w->write_failed = true;
    rgn_buffer_reset(&w->game);
}

const rgn_game_sink rgn_writer_game_sink = {
    .begin_game = on_begin_game,
    .tag = on_tag,
    .start = on_start,
    .move = on_move,
    .nag = on_nag,
    .comment = on_comment,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .end_game = on_end_game,
};

void rgn_stop_note(const rgn_diagnostic *error, char *buf, size_t size)
{
    snprintf(buf, size, "rgn: the game stops here, at line %u, column %u: %s",
             error->where.line, error->where.column, error->message);
}
