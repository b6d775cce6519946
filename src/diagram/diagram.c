/*
 * diagram.c - what the pictures of positions share: the view of the board
 * and safe text. The pictures are drawn by diagram_text.c (ASCII and
 * Unicode) and diagram_svg.c (SVG); render.c chooses between them.
 */
#include <stdlib.h>
#include <string.h>

#include "base/directions.h"
#include "base/utf8.h"
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

/* Length of the valid UTF-8 sequence at s (n bytes left) that XML allows
 * and that is no control character; 0 if there is none. */
static size_t safe_sequence(const unsigned char *s, size_t n)
{
    int len = rgn_utf8_length(s, n);
    if (len == 1)
        return s[0] >= 0x20 && s[0] < 0x7F ? 1 : 0;
    if (len <= 0)
        return 0;
    if (s[0] == 0xC2 && s[1] < 0xA0) /* C1 controls */
        return 0;
    if (s[0] == 0xEF && s[1] == 0xBF && s[2] >= 0xBE) /* U+FFFE, U+FFFF */
        return 0;
    return (size_t)len;
}

void diagram_append_safe(rgn_buffer *out, const char *text, bool ascii_only)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t n = strlen(text);
    size_t i = 0;
    while (i < n) {
        size_t len = safe_sequence(s + i, n - i);
        if (len == 1 || (len > 1 && !ascii_only)) {
            rgn_buffer_append(out, (const char *)s + i, len);
            i += len;
            continue;
        }
        if (s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
            rgn_buffer_puts(out, " ");
        else
            rgn_buffer_puts(out, ascii_only ? "?" : "\xEF\xBF\xBD");
        i += len ? len : 1;
    }
}
