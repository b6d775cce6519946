/*
 * marks.c - what a diagram marks, as a person names it: a list of
 * squares ("e4,d5") to highlight, a list of arrows ("b2-b6,e3-e4"). A
 * list is read once before its board is known (its shape) and once on
 * it (its squares), so that a program can refuse a misshapen option
 * while it reads its options.
 */
#include <string.h>

#include "base/errors.h"
#include "rgn.h"

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
