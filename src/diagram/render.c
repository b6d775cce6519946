/*
 * render.c - the entry points of diagrams: choose the picture's format and
 * hand it the view of the board.
 */
#include <stdlib.h>

#include "diagram/diagram.h"

char *rgn_diagram_render(const rgn_position *position,
                         const rgn_diagram_options *options, size_t *len)
{
    static const rgn_diagram_options defaults = {0};
    if (!options)
        options = &defaults;
    diagram_view view;
    diagram_view_init(&view, position, options);
    rgn_buffer out = {0};
    int rc;
    switch (options->format) {
    case RGN_DIAGRAM_ASCII:
    case RGN_DIAGRAM_UNICODE: rc = diagram_text(&view, &out); break;
    case RGN_DIAGRAM_SVG: rc = diagram_svg(&view, &out); break;
    default: rc = -1;
    }
    if (rc < 0 || out.failed || !out.data) {
        rgn_buffer_free(&out);
        return NULL;
    }
    if (len)
        *len = out.len;
    return out.data; /* allocated by realloc: the caller frees it */
}

int rgn_diagram_write(const rgn_position *position,
                      const rgn_diagram_options *options, FILE *out)
{
    size_t len;
    char *text = rgn_diagram_render(position, options, &len);
    if (!text)
        return -1;
    int rc = fwrite(text, 1, len, out) == len ? 0 : -1;
    free(text);
    return rc;
}
