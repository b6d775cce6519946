/*
 * marks.c - what a diagram marks, as a person names it: a list of
 * squares ("e4,d5") to highlight, a list of arrows ("b2-b6,e3-e4"). A
 * list is read once before its board is known (its shape) and once on
 * it (its squares), so that a program can refuse a misshapen option
 * while it reads its options; the lists of rgn_diagram_options read on
 * the board of the position drawn.
 */
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "diagram/diagram.h"

/* The longest square name read: a file letter and a rank of 1 to 3
 * digits, with room to spare. */
enum { NAME_MAX_LEN = 15 };

/* Whether text is shaped as a square name: a file a..z, then a rank of
 * digits not starting with 0. The board says whether it is a square. */
static bool square_shaped(const char *text, size_t len)
{
    if (len < 2 || len > NAME_MAX_LEN || text[0] < 'a' || text[0] > 'z' ||
        text[1] < '1' || text[1] > '9')
        return false;
    int rank = 0;
    for (size_t i = 1; i < len; i++) {
        if (text[i] < '0' || text[i] > '9' || rank > 99)
            return false;
        rank = rank * 10 + (text[i] - '0');
    }
    return true;
}

/* The square text names on variant's board (NULL: only its shape,
 * answered 0) into *square: 0, or -1 with error. */
static int read_square(const rgn_variant *variant, const char *text, size_t len,
                       int *square, rgn_error *error)
{
    if (!square_shaped(text, len))
        return rgn_fail(error,
                        "'%.*s' is not shaped as a square name (a "
                        "file letter, then a rank)",
                        (int)(len > 20 ? 20 : len), text);
    if (!variant)
        return 0;
    *square = rgn_square_parse(variant, text, len);
    if (*square < 0)
        return rgn_fail(error, "%.*s is not a square of the %s board", (int)len,
                        text, rgn_variant_name(variant));
    return 0;
}

/* The list's items, apart by commas, each one square (into squares) or,
 * with arrows, two joined by '-' (into arrows): their number (at most
 * max), or -1 with error. Without a variant only shapes are read. */
static int read_list(const rgn_variant *variant, const char *list, int *squares,
                     rgn_diagram_arrow *arrows, size_t max, rgn_error *error)
{
    bool pairs = arrows != NULL;
    int count = 0, from = 0, to = 0;
    for (const char *p = list;; p++) {
        size_t len = strcspn(p, ",");
        const char *dash = pairs ? memchr(p, '-', len) : NULL;
        if (pairs && !dash)
            return rgn_fail(error, "'%.*s' is no pair of squares joined by '-'",
                            (int)(len > 40 ? 40 : len), p);
        if ((size_t)count >= max)
            return rgn_fail(error, "more than %zu %s", max,
                            pairs ? "arrows" : "squares");
        size_t first = pairs ? (size_t)(dash - p) : len;
        if (read_square(variant, p, first, &from, error) < 0 ||
            (pairs &&
             read_square(variant, dash + 1, len - first - 1, &to, error) < 0))
            return -1;
        if (variant && pairs)
            arrows[count] = (rgn_diagram_arrow){from, to};
        else if (variant)
            squares[count] = from;
        count++;
        p += len;
        if (!*p)
            return count;
    }
}

int rgn_diagram_read_squares(const rgn_variant *variant, const char *list,
                             int *squares, size_t max, rgn_error *error)
{
    if (variant && !squares)
        return rgn_fail(error, "rgn_diagram_read_squares: no squares");
    return read_list(variant, list, squares, NULL, max, error);
}

int rgn_diagram_read_arrows(const rgn_variant *variant, const char *list,
                            rgn_diagram_arrow *arrows, size_t max,
                            rgn_error *error)
{
    rgn_diagram_arrow scratch; /* where a shape's reading points */
    if (variant && !arrows)
        return rgn_fail(error, "rgn_diagram_read_arrows: no arrows");
    return read_list(variant, list, NULL, arrows ? arrows : &scratch, max,
                     error);
}

/* The count lists of one kind (into arrows when it is not NULL, else
 * into squares), read on variant's board after the at marks there:
 * the marks in all, or -1 with error. Their shapes are read first, so
 * that lists of too many marks in all are told as such. */
static int read_lists(const rgn_variant *variant, const char *const *lists,
                      size_t count, int *squares, rgn_diagram_arrow *arrows,
                      size_t at, rgn_error *error)
{
    rgn_diagram_arrow scratch; /* where a shape's reading points */
    size_t listed = 0;
    for (size_t i = 0; i < count; i++) {
        int n = read_list(NULL, lists[i], NULL, arrows ? &scratch : NULL,
                          RGN_DIAGRAM_MAX_MARKS, error);
        if (n < 0)
            return -1;
        listed += (size_t)n;
    }
    if (listed > RGN_DIAGRAM_MAX_MARKS)
        return rgn_fail(error, "more than %d %s", RGN_DIAGRAM_MAX_MARKS,
                        arrows ? "arrows" : "squares");
    for (size_t i = 0; i < count; i++) {
        int n = read_list(variant, lists[i], squares ? squares + at : NULL,
                          arrows ? arrows + at : NULL, RGN_DIAGRAM_MAX_MARKS,
                          error);
        if (n < 0)
            return -1;
        at += (size_t)n;
    }
    return (int)at;
}

int diagram_marks_read(rgn_diagram_options *opt, const rgn_variant *variant,
                       diagram_marks *marks, rgn_error *error)
{
    memset(marks, 0, sizeof *marks);
    if (!opt->highlight_list_count && !opt->arrow_list_count)
        return 0;
    size_t squares = opt->highlight_count, arrows = opt->arrow_count;
    marks->squares = malloc((squares + RGN_DIAGRAM_MAX_MARKS) * sizeof(int));
    marks->arrows =
        malloc((arrows + RGN_DIAGRAM_MAX_MARKS) * sizeof(rgn_diagram_arrow));
    if (!marks->squares || !marks->arrows)
        return rgn_fail(error, "out of memory");
    if (squares)
        memcpy(marks->squares, opt->highlights, squares * sizeof(int));
    if (arrows)
        memcpy(marks->arrows, opt->arrows, arrows * sizeof(rgn_diagram_arrow));
    int highlighted =
        read_lists(variant, opt->highlight_lists, opt->highlight_list_count,
                   marks->squares, NULL, squares, error);
    int drawn = highlighted < 0 ? -1
                                : read_lists(variant, opt->arrow_lists,
                                             opt->arrow_list_count, NULL,
                                             marks->arrows, arrows, error);
    if (drawn < 0)
        return -1;
    opt->highlights = marks->squares;
    opt->highlight_count = (size_t)highlighted;
    opt->arrows = marks->arrows;
    opt->arrow_count = (size_t)drawn;
    return 0;
}

void diagram_marks_free(diagram_marks *marks)
{
    free(marks->squares);
    free(marks->arrows);
}
