/*
 * formats.c - the writer's entry points: choosing the format (each one a
 * game sink in its own write_*.c), starting and ending the document.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/writer.h"

static const char *const format_names[] = {
    [RGN_FORMAT_RGN] = "rgn", [RGN_FORMAT_LAN] = "lan",
    [RGN_FORMAT_COORD] = "coord", [RGN_FORMAT_FEN] = "fen",
    [RGN_FORMAT_XML] = "xml",
};

int rgn_format_parse(const char *name)
{
    for (int f = 0; f < (int)(sizeof format_names / sizeof format_names[0]); f++)
        if (strcmp(name, format_names[f]) == 0)
            return f;
    return -1;
}

rgn_writer *rgn_writer_new(const rgn_writer_options *options, FILE *out)
{
    rgn_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->options = *options;
    w->out = out;
    w->layout.out = &w->movetext;
    if (options->format == RGN_FORMAT_XML && rgn_xml_begin_document(w) < 0) {
        rgn_writer_free(w);
        return NULL;
    }
    return w;
}

const rgn_game_sink *rgn_writer_sink(const rgn_writer *w)
{
    switch (w->options.format) {
    case RGN_FORMAT_COORD: return &rgn_coord_sink;
    case RGN_FORMAT_FEN: return &rgn_fen_sink;
    case RGN_FORMAT_XML: return &rgn_xml_sink;
    default: return &rgn_text_sink;
    }
}

int rgn_writer_finish(rgn_writer *w)
{
    if (w->options.format == RGN_FORMAT_XML && rgn_xml_end_document(w) < 0)
        w->write_failed = true;
    if (fflush(w->out) != 0 || ferror(w->out))
        w->write_failed = true;
    return w->write_failed ? -1 : 0;
}

void rgn_writer_free(rgn_writer *w)
{
    if (!w)
        return;
    rgn_xml_free(w);
    rgn_buffer_free(&w->game);
    rgn_buffer_free(&w->tags);
    rgn_buffer_free(&w->movetext);
    free(w);
}
