/*
 * diagram_text.c - diagrams as text, ASCII or Unicode.
 *
 * A cell a square: the piece's letter (upper case White, lower case
 * Black; '.' for an empty square, blanks for a hole), then its mark, all
 * between brackets "[...]" when the square is part of the last move or
 * parentheses "(...)" when it is highlighted, else between blanks; the
 * side to move, the last move and a legend follow the board:
 *
 *       a    b    c    d    e
 *    9  rv   .    .    .    .   ...  9
 *    8  .    s|   av   t^   kx  ...  8
 *    ...
 *    2  .   [S/ ] A^  (.  ) Kx  ...  2
 *
 * ASCII marks (as seen on the page, so turned round by flip): an arrow
 * ^ ^> > v> v v< < ^< for the orientation of a piece with one middle
 * direction (Rook, Axe, Trident), + or x for four orthogonal or diagonal
 * directions (King, Queen), | / - \ for the axis of two opposite ones
 * (Scythe). Unicode shows an arrow for every direction the piece moves
 * in, ordered left to right. Pawns, without directions, have no mark.
 */
#include <string.h>

#include "base/escape.h"
#include "diagram/diagram.h"

static const char *const ascii_arrows[8] = {"^", "^>", ">", "v>",
                                            "v", "v<", "<", "^<"};
static const char *const ascii_axes[4] = {"|", "/", "-", "\\"};
static const char *const unicode_arrows[8] = {
    "\xE2\x86\x91", "\xE2\x86\x97", "\xE2\x86\x92", "\xE2\x86\x98",
    "\xE2\x86\x93", "\xE2\x86\x99", "\xE2\x86\x90", "\xE2\x86\x96",
};

/* ANSI colours (256-colour palette). */
#define SQUARE_LIGHT "\033[48;5;137m"
#define SQUARE_DARK "\033[48;5;94m"
#define SQUARE_LAST "\033[48;5;136m"
#define SQUARE_MARKED "\033[48;5;67m"
#define PIECE_WHITE "\033[1;38;5;231m"
#define PIECE_BLACK "\033[1;38;5;16m"
#define RESET "\033[0m"

static unsigned rotate(unsigned set, int eighths)
{
    return ((set << eighths) | (set >> (8 - eighths))) & 0xFFu;
}

static int count_bits(unsigned set)
{
    int n = 0;
    for (; set; set &= set - 1)
        n++;
    return n;
}

static int lowest_direction(unsigned set)
{
    for (int d = 0; d < 8; d++)
        if (set & (1u << d))
            return d;
    return 0;
}

/* The ASCII mark of a piece with the direction set dirs. */
static const char *ascii_mark(const diagram_view *view, unsigned dirs,
                              int orientation)
{
    if (dirs == 0)
        return "";
    if (dirs == 0xFF)
        return "*";
    if (dirs == 0x55)
        return "+";
    if (dirs == 0xAA)
        return "x";
    if (count_bits(dirs) == 2 && rotate(dirs, 4) == dirs)
        return ascii_axes[diagram_screen_direction(view,
                                                   lowest_direction(dirs)) &
                          3];
    if (orientation < 0)
        orientation = lowest_direction(dirs);
    return ascii_arrows[diagram_screen_direction(view, orientation)];
}

/* Writes the Unicode arrows of dirs, ordered left to right on the page
 * (then top to bottom); returns how many. */
static int unicode_mark(const diagram_view *view, unsigned dirs,
                        rgn_buffer *out)
{
    int order[8], n = 0;
    for (int d = 0; d < 8; d++)
        if (dirs & (1u << d))
            order[n++] = d;
    for (int i = 1; i < n; i++) { /* insertion sort by page position */
        int d = order[i], dx, dy, j = i;
        diagram_screen_step(view, d, &dx, &dy);
        for (; j > 0; j--) {
            int px, py;
            diagram_screen_step(view, order[j - 1], &px, &py);
            if (px < dx || (px == dx && py < dy))
                break;
            order[j] = order[j - 1];
        }
        order[j] = d;
    }
    for (int i = 0; i < n; i++)
        rgn_buffer_puts(
            out, unicode_arrows[diagram_screen_direction(view, order[i])]);
    return n;
}

/* The widest mark on the board, in characters. */
static int mark_width(const diagram_view *view, bool unicode)
{
    int width = 2;
    for (int f = 0; f < view->files; f++)
        for (int r = 0; r < view->ranks; r++) {
            int sq = rgn_square_at(view->variant, f, r);
            if (sq < 0)
                continue;
            int orientation;
            if (!rgn_position_piece(view->pos, sq, NULL, &orientation))
                continue;
            unsigned dirs = rgn_position_directions(view->pos, sq);
            int w = unicode ? count_bits(dirs)
                            : (int)strlen(ascii_mark(view, dirs, orientation));
            if (w > width)
                width = w;
        }
    return width;
}

static void spaces(rgn_buffer *out, int n)
{
    for (int i = 0; i < n; i++)
        rgn_buffer_puts(out, " ");
}

static const char *square_color(bool last, bool marked, int file, int rank)
{
    return last                     ? SQUARE_LAST
           : marked                 ? SQUARE_MARKED
           : (file + rank) % 2 == 0 ? SQUARE_DARK /* a1 is dark */
                                    : SQUARE_LIGHT;
}

/* One square: width + 2 characters on the page. */
static void write_cell(const diagram_view *view, int file, int rank, int width,
                       rgn_buffer *out)
{
    bool unicode = view->opt->format == RGN_DIAGRAM_UNICODE;
    bool color = unicode && view->opt->color;
    int sq = rgn_square_at(view->variant, file, rank);
    if (sq < 0) { /* a hole */
        spaces(out, width + 2);
        return;
    }
    bool last = diagram_is_last_move(view, sq);
    bool marked = !last && diagram_is_highlight(view, sq);
    const char *background = square_color(last, marked, file, rank);
    if (color)
        rgn_buffer_puts(out, background);
    rgn_buffer_puts(out, last ? "[" : marked ? "(" : " ");
    int colour, orientation;
    char letter = rgn_position_piece(view->pos, sq, &colour, &orientation);
    int used = 0; /* characters of the mark */
    if (!letter) {
        rgn_buffer_puts(out, ".");
    } else {
        if (colour == RGN_BLACK && letter >= 'A' && letter <= 'Z')
            letter = (char)(letter - 'A' + 'a');
        if (color)
            rgn_buffer_puts(out,
                            colour == RGN_WHITE ? PIECE_WHITE : PIECE_BLACK);
        rgn_buffer_append(out, &letter, 1);
        unsigned dirs = rgn_position_directions(view->pos, sq);
        if (unicode) {
            used = unicode_mark(view, dirs, out);
        } else {
            const char *mark = ascii_mark(view, dirs, orientation);
            rgn_buffer_puts(out, mark);
            used = (int)strlen(mark);
        }
        if (color) {
            rgn_buffer_puts(out, RESET);
            rgn_buffer_puts(out, background);
        }
    }
    spaces(out, width - 1 - used);
    rgn_buffer_puts(out, last ? "]" : marked ? ")" : " ");
    if (color)
        rgn_buffer_puts(out, RESET);
}

static void file_labels(const diagram_view *view, int gutter, int width,
                        rgn_buffer *out)
{
    spaces(out, gutter + 1);
    for (int c = 0; c < view->files; c++) {
        char label[4];
        diagram_file_label(diagram_file_at(view, c), label);
        rgn_buffer_printf(out, " %s", label);
        spaces(out, width + 1 - (int)strlen(label));
    }
    /* no trailing blanks */
    while (out->len > 0 && out->data[out->len - 1] == ' ')
        out->data[--out->len] = '\0';
    rgn_buffer_puts(out, "\n");
}

static void square_name(const diagram_view *view, int square, char *buf)
{
    rgn_square_name(view->variant, square, buf);
}

static void legend(const diagram_view *view, rgn_buffer *out)
{
    bool unicode = view->opt->format == RGN_DIAGRAM_UNICODE;
    bool solitaire = rgn_variant_players(view->variant) == 1;
    size_t start = out->len;
    if (!solitaire) /* a solitaire has no side to move */
        rgn_buffer_puts(out, rgn_position_side(view->pos) == RGN_WHITE
                                 ? "White to move."
                                 : "Black to move.");
    char a[8], b[8];
    if (view->last_from >= 0 && view->last_to >= 0) {
        square_name(view, view->last_from, a);
        square_name(view, view->last_to, b);
        rgn_turn turns[RGN_MAX_TURNS];
        int count = view->opt->before && view->opt->last_move
                        ? rgn_move_chain(view->opt->before,
                                         *view->opt->last_move, turns)
                        : 0;
        if (count) { /* "Last move [ ]: b3, turning b3>S b2>W a2>S." */
            rgn_buffer_printf(out, "Last move [ ]: %s, turning", a);
            for (int i = 0; i < count; i++) {
                square_name(view, turns[i].square, b);
                rgn_buffer_printf(out, " %s>%s", b,
                                  rgn_direction_name(turns[i].facing));
            }
            rgn_buffer_puts(out, ".");
        } else if (solitaire)
            rgn_buffer_printf(out, "Last move [ ]: %s.", a);
        else if (view->last_from == view->last_to)
            rgn_buffer_printf(out, " Last move [ ]: %s (rotation).", a);
        else
            rgn_buffer_printf(out, " Last move [ ]: %s-%s.", a, b);
    }
    bool first = true;
    for (size_t i = 0; i < view->opt->highlight_count; i++) {
        int sq = diagram_valid_square(view, view->opt->highlights[i]);
        if (sq < 0)
            continue;
        square_name(view, sq, a);
        rgn_buffer_printf(out, "%s%s", first ? " Marked ( ): " : ", ", a);
        first = false;
    }
    if (!first)
        rgn_buffer_puts(out, ".");
    first = true;
    for (size_t i = 0; i < view->opt->arrow_count; i++) {
        int from = diagram_valid_square(view, view->opt->arrows[i].from);
        int to = diagram_valid_square(view, view->opt->arrows[i].to);
        if (from < 0 || to < 0)
            continue;
        square_name(view, from, a);
        square_name(view, to, b);
        rgn_buffer_printf(out, "%s%s-%s", first ? " Arrows: " : ", ", a, b);
        first = false;
    }
    if (!first)
        rgn_buffer_puts(out, ".");
    if (out->len > start) /* a solitaire may have nothing to say here */
        rgn_buffer_puts(out, "\n");
    const char *key = rgn_variant_diagram_key(view->variant);
    if (key) { /* the rule set's own reading of letters and marks */
        rgn_buffer_printf(out, "%s\n", key);
        return;
    }
    bool rings = false, orientations = false;
    for (int r = 0; r < view->ranks; r++)
        for (int f = 0; f < view->files; f++) {
            int square = rgn_square_at(view->variant, f, r);
            int orientation = -1;
            if (square < 0)
                continue;
            rings |= rgn_square_forward(view->variant, square) >= 0;
            if (rgn_position_piece(view->pos, square, NULL, &orientation))
                orientations |= orientation >= 0;
        }
    if (rings)
        rgn_buffer_puts(out, "Pieces move clockwise round the rings. ");
    if (!orientations) {
        rgn_buffer_puts(out, "Upper case: White.\n");
        return;
    }
    if (unicode) {
        int up = diagram_screen_direction(view, RGN_N);
        rgn_buffer_printf(out,
                          "Arrows show the directions each piece moves "
                          "in (%s is N).\n",
                          unicode_arrows[up]);
        return;
    }
    /* mark, then meaning: the marks are as seen on the page */
    rgn_buffer_puts(out, "Orientation");
    for (int d = 0; d < 8; d++)
        rgn_buffer_printf(out, " %s %s%s",
                          ascii_arrows[diagram_screen_direction(view, d)],
                          rgn_direction_name(d), d < 7 ? "," : ";");
    rgn_buffer_puts(out, " + orthogonal,\nx diagonal; axis");
    for (int d = 0; d < 4; d++)
        rgn_buffer_printf(out, " %s %s-%s%s",
                          ascii_axes[diagram_screen_direction(view, d) & 3],
                          rgn_direction_name(d), rgn_direction_name(d + 4),
                          d < 3 ? "," : ". Upper case: White.\n");
}

int diagram_text(const diagram_view *view, rgn_buffer *out)
{
    bool unicode = view->opt->format == RGN_DIAGRAM_UNICODE;
    bool coords = !view->opt->no_coordinates;
    int width = mark_width(view, unicode) + 1; /* letter and mark */
    int gutter = 0;
    for (int r = 0; r < view->ranks; r++) {
        char label[4];
        diagram_rank_label(r, label);
        if ((int)strlen(label) > gutter)
            gutter = (int)strlen(label);
    }
    if (view->opt->title && *view->opt->title) {
        rgn_append_safe(out, view->opt->title, strlen(view->opt->title),
                        !unicode);
        rgn_buffer_puts(out, "\n");
    }
    if (coords)
        file_labels(view, gutter, width, out);
    for (int row = 0; row < view->ranks; row++) {
        int rank = diagram_rank_at(view, row);
        char label[4];
        diagram_rank_label(rank, label);
        if (coords)
            rgn_buffer_printf(out, "%*s ", gutter, label);
        for (int c = 0; c < view->files; c++)
            write_cell(view, diagram_file_at(view, c), rank, width, out);
        if (coords)
            rgn_buffer_printf(out, " %s", label);
        while (out->len > 0 && out->data[out->len - 1] == ' ')
            out->data[--out->len] = '\0';
        rgn_buffer_puts(out, "\n");
    }
    if (coords)
        file_labels(view, gutter, width, out);
    legend(view, out);
    return out->failed ? -1 : 0;
}
