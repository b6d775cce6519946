/*
 * diagram.c - what the pictures of positions share: the view of the board
 * and safe text. The pictures are drawn by diagram_text.c (ASCII and
 * Unicode) and diagram_svg.c (SVG); render.c chooses between them.
 */
#include <stdlib.h>
#include <string.h>

#include "base/directions.h"
#include "diagram/diagram.h"

void diagram_view_init(diagram_view *view, const rgn_position *pos,
                       const rgn_diagram_options *opt)
{
    view->pos = pos;
    view->variant = rgn_position_variant(pos);
    view->opt = opt;
    view->files = rgn_variant_files(view->variant);
    view->ranks = rgn_variant_ranks(view->variant);
    view->last_from = view->last_to = -1;
    view->figures = false;
    if (opt->last_move) {
        view->last_from = diagram_valid_square(view, opt->last_move->from);
        view->last_to = diagram_valid_square(view, opt->last_move->to);
    }
}

int diagram_valid_square(const diagram_view *view, int square)
{
    for (int f = 0; f < view->files; f++)
        for (int r = 0; r < view->ranks; r++)
            if (square >= 0 && rgn_square_at(view->variant, f, r) == square)
                return square;
    return -1;
}

int diagram_file_at(const diagram_view *view, int column)
{
    return view->opt->flip ? view->files - 1 - column : column;
}

int diagram_rank_at(const diagram_view *view, int row)
{
    return view->opt->flip ? row : view->ranks - 1 - row;
}

void diagram_screen_step(const diagram_view *view, int direction, int *dx,
                         int *dy)
{
    int sign = view->opt->flip ? -1 : 1;
    rgn_step step = rgn_direction_step(direction & 7);
    *dx = sign * step.file;
    *dy = -sign * step.rank; /* the page's y grows downwards */
}

int diagram_screen_direction(const diagram_view *view, int direction)
{
    return view->opt->flip ? (direction + 4) & 7 : direction & 7;
}

bool diagram_is_last_move(const diagram_view *view, int square)
{
    return square >= 0 &&
           (square == view->last_from || square == view->last_to);
}

bool diagram_is_highlight(const diagram_view *view, int square)
{
    if (square < 0)
        return false;
    for (size_t i = 0; i < view->opt->highlight_count; i++)
        if (view->opt->highlights[i] == square)
            return true;
    return false;
}

void diagram_file_label(int file, char *buf)
{
    /* as rgn_square_name names squares: files a, b, ... */
    if (file < 26) {
        buf[0] = (char)('a' + file);
        buf[1] = '\0';
    } else {
        buf[0] = '?';
        buf[1] = '\0';
    }
}

void diagram_rank_label(int rank, char *buf)
{
    snprintf(buf, 4, "%u", (unsigned)(rank + 1) % 1000u);
}
