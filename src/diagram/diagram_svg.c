/*
 * diagram_svg.c - diagrams as standalone SVG images, written with
 * libxml2's text writer (which escapes all text and attributes; user
 * text is made valid UTF-8 without control characters first).
 *
 * The picture, from the bottom up: the page (white), the title, the
 * squares (light and dark, a1 dark; a hole is left as page), the board's
 * outline (around holes too), the last move (origin and destination
 * tinted; a rotation in place also ringed by a curved arrow), highlighted
 * squares (a blue frame), file and rank labels on all four edges, the
 * pieces, and the arrows on top. A piece is a disc of its side's colour
 * with its letter and, as the pieces of Ploy show them, a fin for each
 * direction it moves in now, radiating from the disc's edge; the fins of
 * a piece that steps one square (the King: the rule set says which) are
 * short. Pawns are smaller discs without
 * fins. Everything is laid out in units of the square, whose size
 * follows from the width asked for.
 */
#include <libxml/xmlwriter.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/directions.h"
#include "base/escape.h"
#include "diagram/diagram.h"

#define COLOR_PAGE "#ffffff"
#define COLOR_LIGHT "#f0d9b5"
#define COLOR_DARK "#b58863"
#define COLOR_LINE "#3c3228"
#define COLOR_LABEL "#3c3228"
#define COLOR_LAST "#e8d93c"
#define COLOR_ROTATION "#c0392b"
#define COLOR_MARKED "#1f6fd1"
#define COLOR_ARROW "#15803d"
#define COLOR_FLOW "#3c3228" /* the rings' direction, drawn faintly */
#define COLOR_WHITE_FILL "#fbfaf5"
#define COLOR_WHITE_LINE "#1e1e1e"
#define COLOR_BLACK_FILL "#2a2a2a"
#define COLOR_BLACK_LINE "#000000"

/* Sizes in squares. */
#define MARGIN_COORDS 0.5
#define MARGIN_PLAIN 0.1
#define TITLE_BAND 0.75
#define DISC_RADIUS 0.27
#define PAWN_RADIUS 0.22
#define FIGURE_DISC_RADIUS 0.36
#define FIN_LENGTH 0.19
#define SHORT_FIN_LENGTH 0.1 /* a piece that steps one square */
#define FIN_HALF_WIDTH 0.095

static const double pi = 3.14159265358979323846;

typedef struct svg {
    const diagram_view *view;
    xmlTextWriterPtr w;
    bool failed;
    double sq;     /* a square's side in pixels */
    double x0, y0; /* the board's top left corner */
    int width, height;
} svg;

static const xmlChar *X(const char *text) { return (const xmlChar *)text; }

/* A number with at most two decimals, whatever the locale. */
static void number(double value, char *buf, size_t size)
{
    long hundredths = lround(value * 100.0);
    const char *sign = hundredths < 0 ? "-" : "";
    if (hundredths < 0)
        hundredths = -hundredths;
    long whole = hundredths / 100, part = hundredths % 100;
    if (part == 0)
        snprintf(buf, size, "%s%ld", sign, whole);
    else if (part % 10 == 0)
        snprintf(buf, size, "%s%ld.%ld", sign, whole, part / 10);
    else
        snprintf(buf, size, "%s%ld.%02ld", sign, whole, part);
    if (strcmp(buf, "-0") == 0)
        snprintf(buf, size, "0");
}

static void start(svg *s, const char *name)
{
    if (xmlTextWriterStartElement(s->w, X(name)) < 0)
        s->failed = true;
}

static void end(svg *s)
{
    if (xmlTextWriterEndElement(s->w) < 0)
        s->failed = true;
}

static void attr(svg *s, const char *name, const char *value)
{
    if (xmlTextWriterWriteAttribute(s->w, X(name), X(value)) < 0)
        s->failed = true;
}

static void attr_num(svg *s, const char *name, double value)
{
    char buf[48];
    number(value, buf, sizeof buf);
    attr(s, name, buf);
}

static void text(svg *s, const char *value)
{
    if (xmlTextWriterWriteString(s->w, X(value)) < 0)
        s->failed = true;
}

/* Text from the user, made safe first. */
static void user_text(svg *s, const char *value)
{
    rgn_buffer safe = {0};
    rgn_append_safe(&safe, value, strlen(value), false);
    if (safe.failed)
        s->failed = true;
    else if (safe.data)
        text(s, safe.data);
    rgn_buffer_free(&safe);
}

/* A list of points "x,y x,y ..." as a polygon's points attribute. */
static void points(svg *s, const double *xy, int n)
{
    char buf[512], num[48];
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        number(xy[2 * i], num, sizeof num);
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s,",
                                i ? " " : "", num);
        number(xy[2 * i + 1], num, sizeof num);
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s", num);
        if (len >= sizeof buf) {
            s->failed = true;
            return;
        }
    }
    attr(s, "points", buf);
}

/* The top left corner of a square's place on the page. */
static void square_corner(const svg *s, int file, int rank, double *x,
                          double *y)
{
    const diagram_view *v = s->view;
    int column = v->opt->flip ? v->files - 1 - file : file;
    int row = v->opt->flip ? rank : v->ranks - 1 - rank;
    *x = s->x0 + column * s->sq;
    *y = s->y0 + row * s->sq;
}

static void square_center(const svg *s, int square, double *x, double *y)
{
    const rgn_variant *variant = s->view->variant;
    square_corner(s, rgn_square_file(variant, square),
                  rgn_square_rank(variant, square), x, y);
    *x += s->sq / 2;
    *y += s->sq / 2;
}

static void rect(svg *s, double x, double y, double w, double h)
{
    attr_num(s, "x", x);
    attr_num(s, "y", y);
    attr_num(s, "width", w);
    attr_num(s, "height", h);
}

static void draw_title(svg *s)
{
    const char *title = s->view->opt->title;
    if (!title || !*title)
        return;
    size_t chars = 0;
    for (const char *p = title; *p; p++)
        chars += ((unsigned char)*p & 0xC0) != 0x80;
    double font = 0.4 * s->sq;
    double room = 0.95 * s->width;
    if (chars > 0 && 0.6 * font * (double)chars > room)
        font = room / (0.6 * (double)chars);
    if (font < 4)
        font = 4;
    start(s, "text");
    attr(s, "class", "title");
    attr_num(s, "x", s->width / 2.0);
    attr_num(s, "y", (TITLE_BAND * 0.5) * s->sq + 0.35 * font);
    attr_num(s, "font-size", font);
    attr(s, "font-weight", "bold");
    attr(s, "text-anchor", "middle");
    attr(s, "fill", COLOR_LABEL);
    user_text(s, title);
    end(s);
}

static void draw_squares(svg *s)
{
    const diagram_view *v = s->view;
    start(s, "g");
    attr(s, "class", "squares");
    for (int r = 0; r < v->ranks; r++)
        for (int f = 0; f < v->files; f++) {
            if (rgn_square_at(v->variant, f, r) < 0)
                continue; /* a hole: the page shows through */
            double x, y;
            square_corner(s, f, r, &x, &y);
            start(s, "rect");
            rect(s, x, y, s->sq, s->sq);
            attr(s, "fill", (f + r) % 2 == 0 ? COLOR_DARK : COLOR_LIGHT);
            end(s);
        }
    end(s);
}

/* The board's outline: every edge of a square that no square shares. */
static void draw_outline(svg *s)
{
    const diagram_view *v = s->view;
    rgn_buffer path = {0};
    char a[48], b[48], c[48];
    for (int r = 0; r < v->ranks; r++)
        for (int f = 0; f < v->files; f++) {
            if (rgn_square_at(v->variant, f, r) < 0)
                continue;
            /* neighbours on the board: N, E, S, W */
            for (int d = RGN_N; d <= RGN_W; d += 2) {
                rgn_step step = rgn_direction_step(d);
                int nf = f + step.file, nr = r + step.rank;
                if (nf >= 0 && nf < v->files && nr >= 0 && nr < v->ranks &&
                    rgn_square_at(v->variant, nf, nr) >= 0)
                    continue;
                /* the edge between the square and that neighbour, on the
                 * page: take the square's corner and the side facing it */
                double x, y;
                square_corner(s, f, r, &x, &y);
                int sx = v->opt->flip ? -step.file : step.file;
                int sy = v->opt->flip ? step.rank : -step.rank;
                if (sy != 0) { /* a horizontal edge */
                    double ey = sy < 0 ? y : y + s->sq;
                    number(x, a, sizeof a);
                    number(ey, b, sizeof b);
                    number(x + s->sq, c, sizeof c);
                    rgn_buffer_printf(&path, "M%s %sH%s", a, b, c);
                } else {
                    double ex = sx < 0 ? x : x + s->sq;
                    number(ex, a, sizeof a);
                    number(y, b, sizeof b);
                    number(y + s->sq, c, sizeof c);
                    rgn_buffer_printf(&path, "M%s %sV%s", a, b, c);
                }
            }
        }
    if (path.failed)
        s->failed = true;
    if (path.data) {
        start(s, "path");
        attr(s, "class", "outline");
        attr(s, "d", path.data);
        attr(s, "fill", "none");
        attr(s, "stroke", COLOR_LINE);
        attr_num(s, "stroke-width", fmax(1.0, 0.025 * s->sq));
        attr(s, "stroke-linecap", "square");
        end(s);
    }
    rgn_buffer_free(&path);
}

/* Whether the forward direction turns on this square: the square behind
 * it, against that direction, is off the board or faces another way
 * (Rollerball's ring corners). */
static bool is_bend(const diagram_view *v, int square)
{
    int forward = rgn_square_forward(v->variant, square);
    if (forward < 0)
        return false;
    rgn_step step = rgn_direction_step(forward);
    int behind = rgn_square_at(v->variant,
                               rgn_square_file(v->variant, square) - step.file,
                               rgn_square_rank(v->variant, square) - step.rank);
    return behind < 0 || rgn_square_forward(v->variant, behind) != forward;
}

/* Boards whose squares have a forward direction (the rings): a small,
 * faint arrow on each bend square shows which way pieces go, set towards
 * the square's edge so that a piece on it does not hide it. */
static void draw_ring_flow(svg *s)
{
    const diagram_view *v = s->view;
    bool any = false;
    for (int r = 0; r < v->ranks; r++)
        for (int f = 0; f < v->files; f++) {
            int square = rgn_square_at(v->variant, f, r);
            if (square < 0 || !is_bend(v, square))
                continue;
            if (!any) {
                start(s, "g");
                attr(s, "class", "ring-direction");
                attr(s, "fill", COLOR_FLOW);
                attr(s, "fill-opacity", "0.45");
                any = true;
            }
            int dx, dy;
            diagram_screen_step(v, rgn_square_forward(v->variant, square), &dx,
                                &dy);
            double cx, cy, len = 0.16 * s->sq, half = 0.09 * s->sq;
            square_center(s, square, &cx, &cy);
            /* tip near the edge the pieces leave by; base behind it */
            double tx = cx + dx * 0.44 * s->sq, ty = cy + dy * 0.44 * s->sq;
            double bx = tx - dx * len, by = ty - dy * len;
            double xy[6] = {tx,
                            ty,
                            bx - dy * half,
                            by + dx * half,
                            bx + dy * half,
                            by - dx * half};
            start(s, "polygon");
            points(s, xy, 3);
            end(s);
        }
    if (any)
        end(s);
}

static void draw_last_move(svg *s)
{
    const diagram_view *v = s->view;
    if (v->last_from < 0 || v->last_to < 0)
        return;
    start(s, "g");
    attr(s, "class", "last-move");
    int squares[2] = {v->last_from, v->last_to};
    for (int i = 0; i < (v->last_from == v->last_to ? 1 : 2); i++) {
        double x, y;
        square_center(s, squares[i], &x, &y);
        start(s, "rect");
        rect(s, x - s->sq / 2, y - s->sq / 2, s->sq, s->sq);
        attr(s, "fill", COLOR_LAST);
        attr(s, "fill-opacity", "0.6");
        end(s);
    }
    end(s);
}

/* A rotation in place: a curved arrow round the piece, clockwise. */
static void draw_rotation(svg *s)
{
    const diagram_view *v = s->view;
    if (v->last_from < 0 || v->last_from != v->last_to)
        return;
    double cx, cy;
    square_center(s, v->last_from, &cx, &cy);
    double radius = 0.455 * s->sq;
    double from = 30.0 * pi / 180.0, to = 300.0 * pi / 180.0;
    double x1 = cx + radius * sin(from), y1 = cy - radius * cos(from);
    double x2 = cx + radius * sin(to), y2 = cy - radius * cos(to);
    char a[48], b[48], c[48], d[48], r[48], path[320];
    number(x1, a, sizeof a);
    number(y1, b, sizeof b);
    number(x2, c, sizeof c);
    number(y2, d, sizeof d);
    number(radius, r, sizeof r);
    snprintf(path, sizeof path, "M%s %sA%s %s 0 1 1 %s %s", a, b, r, r, c, d);
    start(s, "g");
    attr(s, "class", "rotation");
    start(s, "path");
    attr(s, "d", path);
    attr(s, "fill", "none");
    attr(s, "stroke", COLOR_ROTATION);
    attr_num(s, "stroke-width", 0.04 * s->sq);
    end(s);
    /* the head: along the tangent at the end, clockwise */
    double tx = cos(to), ty = sin(to);  /* tangent */
    double nx = sin(to), ny = -cos(to); /* outwards */
    double h = 0.1 * s->sq;
    double xy[6] = {
        x2 + tx * h,
        y2 + ty * h,
        x2 - tx * h * 0.3 + nx * h,
        y2 - ty * h * 0.3 + ny * h,
        x2 - tx * h * 0.3 - nx * h,
        y2 - ty * h * 0.3 - ny * h,
    };
    start(s, "polygon");
    points(s, xy, 3);
    attr(s, "fill", COLOR_ROTATION);
    end(s);
    end(s);
}

static void draw_highlights(svg *s)
{
    const diagram_view *v = s->view;
    bool any = false;
    for (size_t i = 0; i < v->opt->highlight_count; i++) {
        int sq = diagram_valid_square(v, v->opt->highlights[i]);
        if (sq < 0)
            continue;
        if (!any) {
            start(s, "g");
            attr(s, "class", "highlights");
            attr(s, "fill", "none");
            attr(s, "stroke", COLOR_MARKED);
            attr_num(s, "stroke-width", 0.07 * s->sq);
            any = true;
        }
        double x, y, inset = 0.035 * s->sq;
        square_center(s, sq, &x, &y);
        start(s, "rect");
        rect(s, x - s->sq / 2 + inset, y - s->sq / 2 + inset, s->sq - 2 * inset,
             s->sq - 2 * inset);
        end(s);
    }
    if (any)
        end(s);
}

static void label(svg *s, double x, double y, const char *value)
{
    start(s, "text");
    attr_num(s, "x", x);
    attr_num(s, "y", y + 0.1 * s->sq); /* about half a capital's height */
    text(s, value);
    end(s);
}

static void draw_coordinates(svg *s)
{
    const diagram_view *v = s->view;
    if (v->opt->no_coordinates)
        return;
    start(s, "g");
    attr(s, "class", "coordinates");
    attr_num(s, "font-size", 0.28 * s->sq);
    attr(s, "text-anchor", "middle");
    attr(s, "fill", COLOR_LABEL);
    double half = MARGIN_COORDS * s->sq / 2;
    double right = s->x0 + v->files * s->sq, bottom = s->y0 + v->ranks * s->sq;
    char buf[8];
    for (int c = 0; c < v->files; c++) {
        diagram_file_label(diagram_file_at(v, c), buf);
        double x = s->x0 + (c + 0.5) * s->sq;
        label(s, x, s->y0 - half, buf);
        label(s, x, bottom + half, buf);
    }
    for (int row = 0; row < v->ranks; row++) {
        diagram_rank_label(diagram_rank_at(v, row), buf);
        double y = s->y0 + (row + 0.5) * s->sq;
        label(s, s->x0 - half, y, buf);
        label(s, right + half, y, buf);
    }
    end(s);
}

/* without_square: no data-square (a page that places the piece says
 * where) */
/* A pyramid seen from above: a triangle of its size, its apex the way it
 * points (an Icehouse piece lies flat). */
static void draw_pyramid(svg *s, int direction, double scale, double cx,
                         double cy)
{
    int dx, dy;
    diagram_screen_step(s->view, direction, &dx, &dy);
    double half = 0.45 * scale * s->sq; /* the largest nearly fills a cell */
    double ux = dx * half, uy = dy * half, px = -uy * 0.6, py = ux * 0.6;
    double xy[6] = {cx + ux,      cy + uy,      cx - ux + px,
                    cy - uy + py, cx - ux - px, cy - uy - py};
    start(s, "polygon");
    attr(s, "class", "pyramid");
    attr(s, "data-direction", rgn_direction_name(direction));
    points(s, xy, 3);
    end(s);
}

/* A figure (rgn_variant_piece_figure) centred on (cx, cy), filled in its
 * side's colour and outlined in the other's, so that it stands out on both
 * colours of square; fonts that have the glyphs first. */
static void draw_figure(svg *s, const char *figure, int colour, double cx,
                        double cy)
{
    double font = 0.8 * s->sq;
    start(s, "text");
    attr(s, "class", "figure");
    attr_num(s, "x", cx);
    attr_num(s, "y", cy + 0.34 * font);
    attr_num(s, "font-size", font);
    attr(s, "font-family",
         "'DejaVu Sans', 'Noto Sans Symbols 2', "
         "'Segoe UI Symbol', 'Apple Symbols', "
         "'Arial Unicode MS', serif");
    attr(s, "text-anchor", "middle");
    attr(s, "fill", colour == RGN_WHITE ? COLOR_WHITE_FILL : COLOR_BLACK_FILL);
    attr(s, "stroke",
         colour == RGN_WHITE ? COLOR_WHITE_LINE : COLOR_WHITE_FILL);
    attr_num(s, "stroke-width", 0.03 * s->sq);
    attr(s, "paint-order", "stroke");
    text(s, figure);
    end(s);
}

static void draw_piece(svg *s, int square, bool without_square)
{
    const diagram_view *v = s->view;
    int colour, orientation;
    char letter = rgn_position_piece(v->pos, square, &colour, &orientation);
    if (!letter)
        return;
    unsigned dirs = rgn_position_directions(v->pos, square);
    const char *fill =
        colour == RGN_WHITE ? COLOR_WHITE_FILL : COLOR_BLACK_FILL;
    const char *line =
        colour == RGN_WHITE ? COLOR_WHITE_LINE : COLOR_BLACK_LINE;
    double cx, cy;
    square_center(s, square, &cx, &cy);
    /* beside figures, a piece without one stands as tall as they do */
    bool figure_size = v->figures && !dirs;
    double radius = (dirs          ? DISC_RADIUS
                     : figure_size ? FIGURE_DISC_RADIUS
                                   : PAWN_RADIUS) *
                    s->sq;
    int type = rgn_variant_piece_type(v->variant, letter);
    double fin =
        (rgn_variant_piece_short_fins(v->variant, type) ? SHORT_FIN_LENGTH
                                                        : FIN_LENGTH) *
        s->sq;
    char name[8], piece[2] = {letter, 0};
    rgn_square_name(v->variant, square, name);

    start(s, "g");
    attr(s, "class", colour == RGN_WHITE ? "piece white" : "piece black");
    if (!without_square)
        attr(s, "data-square", name);
    attr(s, "data-piece", piece);
    if (orientation >= 0)
        attr(s, "data-orientation", rgn_direction_name(orientation));
    attr(s, "fill", fill);
    attr(s, "stroke", line);
    attr_num(s, "stroke-width", 0.025 * s->sq);
    attr(s, "stroke-linejoin", "round");
    double pyramid = rgn_variant_pyramid_scale(v->variant, letter);
    if (pyramid > 0 && orientation >= 0) {
        draw_pyramid(s, orientation, pyramid, cx, cy);
        end(s);
        return;
    }
    for (int d = 0; d < 8; d++) {
        if (!(dirs & (1u << d)))
            continue;
        int dx, dy;
        diagram_screen_step(v, d, &dx, &dy);
        double len = sqrt((double)(dx * dx + dy * dy));
        double ux = dx / len, uy = dy / len; /* along the fin */
        double px = -uy, py = ux;            /* across it */
        double base = radius * 0.75, w = FIN_HALF_WIDTH * s->sq;
        double xy[6] = {
            cx + ux * base + px * w,  cy + uy * base + py * w,
            cx + ux * (radius + fin), cy + uy * (radius + fin),
            cx + ux * base - px * w,  cy + uy * base - py * w,
        };
        start(s, "polygon");
        attr(s, "class", "fin");
        attr(s, "data-direction", rgn_direction_name(d));
        points(s, xy, 3);
        end(s);
    }
    const char *figure =
        dirs ? NULL : rgn_variant_piece_figure(v->variant, type);
    start(s, "circle");
    attr_num(s, "cx", cx);
    attr_num(s, "cy", cy);
    attr_num(s, "r", radius);
    if (v->figures && figure) /* the piece's place, drawn by its figure */
        attr(s, "visibility", "hidden");
    end(s);
    if (v->figures && figure) {
        draw_figure(s, figure, colour, cx, cy);
        end(s);
        return;
    }
    double font = (dirs ? 0.34 : figure_size ? 0.44 : 0.28) * s->sq;
    start(s, "text");
    attr_num(s, "x", cx);
    attr_num(s, "y", cy + 0.36 * font);
    attr_num(s, "font-size", font);
    attr(s, "font-weight", "bold");
    attr(s, "text-anchor", "middle");
    attr(s, "stroke", "none");
    attr(s, "fill", colour == RGN_WHITE ? COLOR_WHITE_LINE : COLOR_WHITE_FILL);
    text(s, piece);
    end(s);
    end(s);
}

static void draw_pieces(svg *s)
{
    const diagram_view *v = s->view;
    start(s, "g");
    attr(s, "class", "pieces");
    for (int row = 0; row < v->ranks; row++)
        for (int c = 0; c < v->files; c++) {
            int sq = rgn_square_at(v->variant, diagram_file_at(v, c),
                                   diagram_rank_at(v, row));
            if (sq >= 0)
                draw_piece(s, sq, false);
        }
    end(s);
}

static void draw_arrows(svg *s)
{
    const diagram_view *v = s->view;
    bool any = false;
    for (size_t i = 0; i < v->opt->arrow_count; i++) {
        int from = diagram_valid_square(v, v->opt->arrows[i].from);
        int to = diagram_valid_square(v, v->opt->arrows[i].to);
        if (from < 0 || to < 0 || from == to)
            continue;
        if (!any) {
            start(s, "g");
            attr(s, "class", "arrows");
            attr(s, "fill", COLOR_ARROW);
            attr(s, "fill-opacity", "0.75");
            any = true;
        }
        double ax, ay, bx, by;
        square_center(s, from, &ax, &ay);
        square_center(s, to, &bx, &by);
        double len = hypot(bx - ax, by - ay);
        double ux = (bx - ax) / len, uy = (by - ay) / len;
        double nx = -uy, ny = ux;
        double shaft = 0.075 * s->sq, head = 0.2 * s->sq,
               head_len = 0.32 * s->sq;
        double tx = bx - ux * 0.12 * s->sq, ty = by - uy * 0.12 * s->sq;
        double hx = tx - ux * head_len, hy = ty - uy * head_len;
        double xy[14] = {
            ax + nx * shaft,
            ay + ny * shaft,
            hx + nx * shaft,
            hy + ny * shaft,
            hx + nx * head,
            hy + ny * head,
            tx,
            ty,
            hx - nx * head,
            hy - ny * head,
            hx - nx * shaft,
            hy - ny * shaft,
            ax - nx * shaft,
            ay - ny * shaft,
        };
        start(s, "polygon");
        points(s, xy, 7);
        end(s);
    }
    if (any)
        end(s);
}

static void describe(svg *s)
{
    const diagram_view *v = s->view;
    start(s, "title");
    if (v->opt->title && *v->opt->title) {
        user_text(s, v->opt->title);
    } else {
        char buf[96];
        snprintf(buf, sizeof buf, "%s position, %s to move",
                 rgn_variant_name(v->variant),
                 rgn_position_side(v->pos) == RGN_WHITE ? "White" : "Black");
        text(s, buf);
    }
    end(s);
    char fen[512];
    rgn_position_fen(v->pos, fen, sizeof fen);
    start(s, "desc");
    text(s, fen);
    end(s);
}

/* Lays the picture out; -1 for a width out of range. */
static int svg_layout(svg *s, const diagram_view *view)
{
    const rgn_diagram_options *opt = view->opt;
    int size = opt->width ? opt->width : RGN_DIAGRAM_DEFAULT_SIZE;
    if (size < RGN_DIAGRAM_MIN_SIZE || size > RGN_DIAGRAM_MAX_SIZE)
        return -1;
    memset(s, 0, sizeof *s);
    s->view = view;
    double margin = opt->no_coordinates ? MARGIN_PLAIN : MARGIN_COORDS;
    double band = opt->title && *opt->title ? TITLE_BAND : 0;
    s->width = size;
    s->sq = size / (view->files + 2 * margin);
    s->height = (int)lround(s->sq * (view->ranks + 2 * margin + band));
    s->x0 = margin * s->sq;
    s->y0 = (band + margin) * s->sq;
    return 0;
}

/* Lays the picture out and opens a text writer into a memory buffer. */
static int svg_open(svg *s, const diagram_view *view, xmlBufferPtr *buffer)
{
    if (svg_layout(s, view) < 0)
        return -1;
    *buffer = xmlBufferCreate();
    if (!*buffer)
        return -1;
    s->w = xmlNewTextWriterMemory(*buffer, 0);
    if (!s->w) {
        xmlBufferFree(*buffer);
        return -1;
    }
    return 0;
}

/* Ends the writer and appends what it wrote to out. */
static int svg_close(svg *s, xmlBufferPtr buffer, rgn_buffer *out)
{
    xmlFreeTextWriter(s->w); /* flushes into buffer */
    if (!s->failed)
        rgn_buffer_append(out, (const char *)xmlBufferContent(buffer),
                          (size_t)xmlBufferLength(buffer));
    xmlBufferFree(buffer);
    return s->failed || out->failed ? -1 : 0;
}

static void svg_root(svg *s)
{
    start(s, "svg");
    attr(s, "xmlns", "http://www.w3.org/2000/svg");
    attr(s, "version", "1.1");
    char buf[64];
    snprintf(buf, sizeof buf, "%d", s->width);
    attr(s, "width", buf);
    snprintf(buf, sizeof buf, "%d", s->height);
    attr(s, "height", buf);
    snprintf(buf, sizeof buf, "0 0 %d %d", s->width, s->height);
    attr(s, "viewBox", buf);
    attr(s, "font-family", "DejaVu Sans, Verdana, Arial, sans-serif");
}

static void draw_page(svg *s)
{
    start(s, "rect");
    attr(s, "class", "page");
    rect(s, 0, 0, s->width, s->height);
    attr(s, "fill", COLOR_PAGE);
    end(s);
}

int diagram_svg(const diagram_view *view, rgn_buffer *out)
{
    svg s;
    xmlBufferPtr buffer;
    if (svg_open(&s, view, &buffer) < 0)
        return -1;
    xmlTextWriterSetIndent(s.w, 1);
    xmlTextWriterSetIndentString(s.w, X("  "));
    if (xmlTextWriterStartDocument(s.w, NULL, "UTF-8", NULL) < 0)
        s.failed = true;
    svg_root(&s);
    describe(&s);
    draw_page(&s);
    draw_title(&s);
    draw_squares(&s);
    draw_ring_flow(&s);
    draw_last_move(&s);
    draw_outline(&s);
    draw_highlights(&s);
    draw_coordinates(&s);
    draw_rotation(&s);
    draw_pieces(&s);
    draw_arrows(&s);
    end(&s);
    if (xmlTextWriterEndDocument(s.w) < 0)
        s.failed = true;
    return svg_close(&s, buffer, out);
}

/* An empty group that a page fills in. */
static void slot(svg *s, const char *name)
{
    start(s, "g");
    attr(s, "class", name);
    end(s);
}

int diagram_svg_board(const diagram_view *view, rgn_buffer *out)
{
    svg s;
    xmlBufferPtr buffer;
    if (svg_open(&s, view, &buffer) < 0)
        return -1;
    svg_root(&s);
    start(&s, "title");
    text(&s, rgn_variant_name(view->variant));
    end(&s);
    draw_page(&s);
    draw_title(&s);
    draw_squares(&s);
    draw_ring_flow(&s);
    slot(&s, "last-move");
    draw_outline(&s);
    draw_coordinates(&s);
    slot(&s, "rotation");
    slot(&s, "pieces");
    end(&s);
    if (xmlTextWriterFlush(s.w) < 0)
        s.failed = true;
    return svg_close(&s, buffer, out);
}

/* Moves the board so that the square's centre is at (0, 0). */
static void center_on(svg *s, int square)
{
    double x, y;
    square_center(s, square, &x, &y);
    s->x0 -= x;
    s->y0 -= y;
}

int diagram_svg_piece(const diagram_view *view, int square, rgn_buffer *out)
{
    svg s;
    xmlBufferPtr buffer;
    if (svg_open(&s, view, &buffer) < 0)
        return -1;
    center_on(&s, square);
    draw_piece(&s, square, true);
    if (xmlTextWriterFlush(s.w) < 0)
        s.failed = true;
    return svg_close(&s, buffer, out);
}

int diagram_svg_mark(const diagram_view *view, int square, bool rotation,
                     rgn_buffer *out)
{
    svg s;
    xmlBufferPtr buffer;
    if (svg_open(&s, view, &buffer) < 0)
        return -1;
    center_on(&s, square);
    diagram_view marked = *view;
    marked.last_from = square;
    marked.last_to = rotation ? square : -1;
    s.view = &marked;
    if (rotation) {
        draw_rotation(&s);
    } else {
        /* one square of the last move, as draw_last_move draws it */
        double x, y;
        square_center(&s, square, &x, &y);
        start(&s, "rect");
        rect(&s, x - s.sq / 2, y - s.sq / 2, s.sq, s.sq);
        attr(&s, "fill", COLOR_LAST);
        attr(&s, "fill-opacity", "0.6");
        end(&s);
    }
    if (xmlTextWriterFlush(s.w) < 0)
        s.failed = true;
    return svg_close(&s, buffer, out);
}

int diagram_svg_center(const diagram_view *view, int square, double *x,
                       double *y)
{
    svg s;
    if (svg_layout(&s, view) < 0)
        return -1;
    square_center(&s, square, x, y);
    return 0;
}
