/*
 * render.c - the entry points of diagrams: take the caller's options,
 * choose the picture's format and hand it the view of the board.
 */
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "diagram/diagram.h"

/* The caller's options taken into *opt and checked, their lists read on
 * variant's board into marks (freed by the caller either way): 0, or -1
 * with error. */
static int take_options(rgn_diagram_options *opt,
                        const rgn_diagram_options *options,
                        const rgn_variant *variant, diagram_marks *marks,
                        rgn_error *error)
{
    memset(marks, 0, sizeof *marks);
    if (rgn_options_take(opt, sizeof *opt, options,
                         RGN_OPTIONS_MIN(rgn_diagram_options, format),
                         "rgn_diagram_options", error) < 0)
        return -1;
    if (opt->format != RGN_DIAGRAM_ASCII &&
        opt->format != RGN_DIAGRAM_UNICODE && opt->format != RGN_DIAGRAM_SVG)
        return rgn_fail(error, "rgn_diagram_options: no diagram format %d",
                        (int)opt->format);
    if (opt->format == RGN_DIAGRAM_SVG && opt->width != 0 &&
        (opt->width < RGN_DIAGRAM_MIN_SIZE ||
         opt->width > RGN_DIAGRAM_MAX_SIZE))
        return rgn_fail(error, "an SVG width of %d pixels (from %d to %d)",
                        opt->width, RGN_DIAGRAM_MIN_SIZE, RGN_DIAGRAM_MAX_SIZE);
    return diagram_marks_read(opt, variant, marks, error);
}

int rgn_diagram_options_check(const rgn_diagram_options *options,
                              const rgn_variant *variant, rgn_error *error)
{
    rgn_diagram_options opt;
    diagram_marks marks;
    int rc = take_options(&opt, options, variant, &marks, error);
    diagram_marks_free(&marks);
    return rc;
}

char *rgn_diagram_render(const rgn_position *position,
                         const rgn_diagram_options *options, size_t *len,
                         rgn_error *error)
{
    rgn_diagram_options opt;
    diagram_marks marks;
    if (take_options(&opt, options, rgn_position_variant(position), &marks,
                     error) < 0) {
        diagram_marks_free(&marks);
        return NULL;
    }
    diagram_view view;
    diagram_view_init(&view, position, &opt);
    rgn_buffer out = {0};
    int rc = opt.format == RGN_DIAGRAM_SVG ? diagram_svg(&view, &out)
                                           : diagram_text(&view, &out);
    diagram_marks_free(&marks);
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
