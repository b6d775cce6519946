/*
 * render.c - the entry points of diagrams: take the caller's options,
 * choose the picture's format and hand it the view of the board.
 */
#include <stdlib.h>

#include "base/errors.h"
#include "diagram/diagram.h"

char *rgn_diagram_render(const rgn_position *position,
                         const rgn_diagram_options *options, size_t *len,
                         rgn_error *error)
{
    rgn_diagram_options opt;
    if (rgn_options_take(&opt, sizeof opt, options,
                         RGN_OPTIONS_MIN(rgn_diagram_options, format),
                         "rgn_diagram_options", error) < 0)
        return NULL;
    if (opt.format != RGN_DIAGRAM_ASCII && opt.format != RGN_DIAGRAM_UNICODE &&
        opt.format != RGN_DIAGRAM_SVG) {
        rgn_fail(error, "rgn_diagram_options: no diagram format %d",
                 (int)opt.format);
        return NULL;
    }
    if (opt.format == RGN_DIAGRAM_SVG && opt.width != 0 &&
        (opt.width < RGN_DIAGRAM_MIN_SIZE ||
         opt.width > RGN_DIAGRAM_MAX_SIZE)) {
        rgn_fail(error, "an SVG width of %d pixels (from %d to %d)", opt.width,
                 RGN_DIAGRAM_MIN_SIZE, RGN_DIAGRAM_MAX_SIZE);
        return NULL;
    }
    diagram_view view;
    diagram_view_init(&view, position, &opt);
    rgn_buffer out = {0};
    int rc = opt.format == RGN_DIAGRAM_SVG ? diagram_svg(&view, &out)
                                           : diagram_text(&view, &out);
    if (rc < 0 || out.failed || !out.data) {
        rgn_buffer_free(&out);
        rgn_fail(error, "out of memory");
        return NULL;
    }
    if (len)
        *len = out.len;
    return out.data; /* allocated by realloc: the caller frees it */
}

int rgn_diagram_write(const rgn_position *position,
                      const rgn_diagram_options *options, FILE *out,
                      rgn_error *error)
{
    size_t len;
    char *text = rgn_diagram_render(position, options, &len, error);
    if (!text)
        return -1;
    int rc = fwrite(text, 1, len, out) == len ? 0 : -1;
    free(text);
    if (rc < 0)
        rgn_fail(error, "a diagram could not be written");
    return rc;
}
