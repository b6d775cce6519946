/*
 * formats.c - the writer's entry points: the table of formats (each one
 * in its own write_*.c), starting and ending the document.
 */
#include <stdlib.h>
#include <string.h>

#include "formats/writer.h"

/* What writes every format, by its enum rgn_format value (its name is
 * in base/names.c, with every family of formats). */
static const writer_format *const formats[] = {
    [RGN_FORMAT_RGN] = &rgn_text_format,
    [RGN_FORMAT_LAN] = &rgn_text_format,
    [RGN_FORMAT_COORD] = &rgn_coord_format,
    [RGN_FORMAT_FEN] = &rgn_fen_format,
    [RGN_FORMAT_XML] = &rgn_xml_format,
    [RGN_FORMAT_HTML] = &rgn_html_format,
    [RGN_FORMAT_JSON] = &rgn_json_format,
};

#define FORMAT_COUNT ((int)(sizeof formats / sizeof formats[0]))

rgn_writer *rgn_writer_new(const rgn_writer_options *options, FILE *out)
{
    if ((int)options->format < 0 || (int)options->format >= FORMAT_COUNT)
        return NULL;
    rgn_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->options = *options;
    w->out = out;
    w->format = formats[options->format];
    if (w->format->state_size) {
        w->state = calloc(1, w->format->state_size);
        if (!w->state) {
            rgn_writer_free(w);
            return NULL;
        }
    }
    if (w->format->begin_document && w->format->begin_document(w) < 0) {
        rgn_writer_free(w);
        return NULL;
    }
    return w;
}

const rgn_game_sink *rgn_writer_sink(const rgn_writer *w)
{
    (void)w; /* one sink: the writer passes the games to its format */
    return &rgn_writer_game_sink;
}

void rgn_writer_set_output(rgn_writer *w, FILE *out) { w->out = out; }

int rgn_writer_finish(rgn_writer *w)
{
    if (w->format->end_document && w->format->end_document(w) < 0)
        w->write_failed = true;
    if (fflush(w->out) != 0 || ferror(w->out))
        w->write_failed = true;
    return w->write_failed ? -1 : 0;
}

void rgn_writer_free(rgn_writer *w)
{
    if (!w)
        return;
    if (w->state && w->format->free_state)
        w->format->free_state(w->state);
    free(w->state);
    rgn_buffer_free(&w->game);
    free(w->input);
    free(w);
}
