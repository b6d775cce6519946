/*
 * writer.c - what every exporter shares and no format knows: keeping the
 * current game's output and writing it only when the game is to be
 * written. formats.c chooses the format.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/writer.h"

void rgn_main_line_begin_game(void *writer, uint64_t number)
{
    rgn_writer *w = writer;
    (void)number; /* numbered over all inputs, not per input */
    w->number = ++w->games;
    w->depth = 0;
    w->ply = 0;
}

void rgn_main_line_begin_variation(void *writer)
{
    ((rgn_writer *)writer)->depth++;
}

void rgn_main_line_end_variation(void *writer)
{
    ((rgn_writer *)writer)->depth--;
}

void rgn_writer_end_game(rgn_writer *w, bool write)
{
    if (w->game.failed)
        w->write_failed = true;
    else if (write && w->game.len &&
             fwrite(w->game.data, 1, w->game.len, w->out) != w->game.len)
        w->write_failed = true;
    rgn_buffer_reset(&w->game);
}

void rgn_stop_note(const rgn_diagnostic *error, char *buf, size_t size)
{
    snprintf(buf, size, "rgn: the game stops here, at line %u, column %u: %s",
             error->where.line, error->where.column, error->message);
}
