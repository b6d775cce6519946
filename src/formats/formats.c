/*
 * formats.c - the writer's entry points: the table of formats (each one
 * in its own write_*.c), starting and ending the document.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/errors.h"
#include "base/util.h"
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

/* The formats a file's name asks for by its extension (rgn_format_for_path),
 * the first when none is chosen, and what the name says the file is. */
static const struct {
    const char *extension;
    enum rgn_format formats[2];
    int count;
    const char *what;
} named_formats[] = {
    {".rgn", {RGN_FORMAT_RGN, RGN_FORMAT_LAN}, 2, "an RGN"},
    {".pgn", {RGN_FORMAT_RGN, RGN_FORMAT_LAN}, 2, "a PGN"},
    {".xml", {RGN_FORMAT_XML}, 1, "an XML"},
    {".html", {RGN_FORMAT_HTML}, 1, "an HTML"},
    {".htm", {RGN_FORMAT_HTML}, 1, "an HTML"},
    {".json", {RGN_FORMAT_JSON}, 1, "a JSON"},
    {".jsonl", {RGN_FORMAT_JSON}, 1, "a JSON Lines"},
};

int rgn_format_for_path(const char *path, int format, const char *option,
                        rgn_error *error)
{
    if (format < -1 || format >= FORMAT_COUNT)
        return rgn_fail(error, "no format %d", format);
    const char *dot = rgn_path_extension(path);
    for (size_t i = 0; dot && i < sizeof named_formats / sizeof *named_formats;
         i++) {
        if (strcasecmp(dot, named_formats[i].extension) != 0)
            continue;
        if (format < 0)
            return (int)named_formats[i].formats[0];
        for (int f = 0; f < named_formats[i].count; f++)
            if ((int)named_formats[i].formats[f] == format)
                return format;
        return rgn_fail(error,
                        "%s is %s file's name, but %s %s writes another "
                        "format",
                        path, named_formats[i].what, option ? option : "format",
                        rgn_format_names(RGN_GAME_FORMATS)[format]);
    }
    return format < 0 ? RGN_FORMAT_RGN : format;
}

/* The first failure's report into error; -1. */
static int writer_error(const rgn_writer *w, rgn_error *error)
{
    return rgn_fail(error, "cannot write the games: %s", w->why);
}

rgn_writer *rgn_writer_new(const rgn_writer_options *options, FILE *out,
                           rgn_error *error)
{
    rgn_writer_options taken;
    if (rgn_options_take(&taken, sizeof taken, options,
                         RGN_OPTIONS_MIN(rgn_writer_options, format),
                         "rgn_writer_options", error) < 0)
        return NULL;
    if ((int)taken.format < 0 || (int)taken.format >= FORMAT_COUNT) {
        rgn_fail(error, "rgn_writer_options: format %d is not an rgn_format",
                 (int)taken.format);
        return NULL;
    }
    rgn_writer *w = calloc(1, sizeof *w);
    if (!w) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    bool rgn = taken.format == RGN_FORMAT_RGN || taken.format == RGN_FORMAT_LAN;
    if (!taken.tagless && rgn && taken.path && strcmp(taken.path, "-") != 0)
        taken.tagless = rgn_variant_for_file(taken.path);
    w->options = taken;
    w->out = out;
    w->format = formats[taken.format];
    if (w->format->state_size) {
        w->state = calloc(1, w->format->state_size);
        if (!w->state) {
            rgn_writer_free(w);
            rgn_fail(error, "out of memory");
            return NULL;
        }
    }
    errno = 0;
    if (w->format->begin_document && w->format->begin_document(w) < 0) {
        writer_fail(w, NULL);
        writer_error(w, error);
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

void writer_let_go(rgn_writer *w)
{
    rgn_buffer_free(&w->game);
    if (w->format->let_go)
        w->format->let_go(w->state);
}

int rgn_writer_finish(rgn_writer *w, rgn_error *error)
{
    errno = 0;
    if (w->format->end_document && w->format->end_document(w) < 0)
        writer_fail(w, NULL);
    errno = 0;
    if (w->out && (fflush(w->out) != 0 || ferror(w->out)))
        writer_fail(w, NULL);
    return w->write_failed ? writer_error(w, error) : 0;
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
