/*
 * diagram.h - what the diagram exporters share (private): the view of
 * the board (which square is drawn where, flipped or not), the marks of
 * squares, and text made safe to show.
 *
 * The exporters know a position only through the public API: the board's
 * files and ranks, rgn_square_at (-1 for a hole), and each square's
 * piece, colour, orientation and direction set.
 */
#ifndef RGN_DIAGRAM_H
#define RGN_DIAGRAM_H

#include "base/buffer.h"
#include "rgn.h"

typedef struct diagram_view {
    const rgn_position *pos;
    const rgn_variant *variant;
    const rgn_diagram_options *opt;
    int files, ranks;
    /* origin and destination of the last move, or -1 */
    int last_from, last_to;
    /* a piece without fins whose letter is a chess piece's (K Q R B N P)
     * drawn as its chess figure, a Unicode glyph, instead of a disc with
     * its letter (the HTML viewer's; false after diagram_view_init) */
    bool figures;
} diagram_view;

void diagram_view_init(diagram_view *view, const rgn_position *pos,
                       const rgn_diagram_options *opt);

/* The marks of an options' lists, read on a board (marks.c). */
typedef struct diagram_marks {
    int *squares;
    rgn_diagram_arrow *arrows;
} diagram_marks;

/* Reads opt's lists on variant's board into marks, after opt's own
 * highlights and arrows, and points opt's highlights and arrows there:
 * 0, or -1 with error (a square not on the board, out of memory). Free
 * marks with diagram_marks_free either way. */
int diagram_marks_read(rgn_diagram_options *opt, const rgn_variant *variant,
                       diagram_marks *marks, rgn_error *error);
void diagram_marks_free(diagram_marks *marks);

/* The board point drawn at a column (0 = left) and row (0 = top). */
int diagram_file_at(const diagram_view *view, int column);
int diagram_rank_at(const diagram_view *view, int row);
/* A direction as seen on the page: *dx to the right, *dy downwards, each
 * -1, 0 or 1. */
void diagram_screen_step(const diagram_view *view, int direction, int *dx,
                         int *dy);
/* The page direction (0 = up, clockwise) that a board direction has. */
int diagram_screen_direction(const diagram_view *view, int direction);

bool diagram_is_last_move(const diagram_view *view, int square);
bool diagram_is_highlight(const diagram_view *view, int square);
/* A valid square of the board, or -1. */
int diagram_valid_square(const diagram_view *view, int square);

/* The labels of a file ("a") and a rank ("9"), at most 3 bytes. */
void diagram_file_label(int file, char *buf);
void diagram_rank_label(int rank, char *buf);

int diagram_text(const diagram_view *view, rgn_buffer *out);
int diagram_svg(const diagram_view *view, rgn_buffer *out);

/* The SVG picture in parts, for a page that puts it together (the HTML
 * game viewer); all are what diagram_svg draws, without the XML
 * declaration. The board: diagram_svg's picture without pieces, marks,
 * highlights and arrows, with the empty groups <g class="last-move">,
 * <g class="rotation"> and <g class="pieces"> where those go. */
int diagram_svg_board(const diagram_view *view, rgn_buffer *out);
/* The piece on a square, drawn with the square's centre at (0, 0),
 * without its data-square attribute (the page adds it where it puts the
 * piece). */
int diagram_svg_piece(const diagram_view *view, int square, rgn_buffer *out);
/* One square of the last move tinted, or (rotation) the curved arrow of a
 * rotation in place, with the square's centre at (0, 0). */
int diagram_svg_mark(const diagram_view *view, int square, bool rotation,
                     rgn_buffer *out);
/* Where a square's centre is in the picture. */
int diagram_svg_center(const diagram_view *view, int square, double *x,
                       double *y);

#endif
