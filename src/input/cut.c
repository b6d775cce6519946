/*
 * cut.c - a plain file cut into pieces that begin at games (rgn_input_cut:
 * `rgn ranges`, and a driver that hands each piece to a reader of its
 * own), from a mapping of the whole file.
 */
#include <stdlib.h>

#include "base/errors.h"
#include "input/input.h"

/* The pieces found so far. */
typedef struct pieces {
    rgn_piece *piece;
    size_t count, capacity;
} pieces;

static int add_piece(pieces *p, uint64_t from, uint64_t to, uint32_t line,
                     rgn_error *error)
{
    if (p->count == p->capacity) {
        size_t capacity = p->capacity * 2 + 16;
        rgn_piece *more = realloc(p->piece, capacity * sizeof *more);
        if (!more)
            return rgn_fail(error, "out of memory");
        p->piece = more;
        p->capacity = capacity;
    }
    p->piece[p->count++] = (rgn_piece){from, to, line};
    return 0;
}

/* The pieces of whole's data, parts of part_size bytes: 0, or -1 with
 * error when memory runs out. */
static int cut_whole(const input_whole *whole, uint64_t part_size, bool lines,
                     pieces *p, rgn_error *error)
{
    const char *data = whole->data;
    uint64_t size = whole->size, start = 0;
    uint32_t line = 1; /* of start, when lines are counted */
    for (uint64_t at = part_size; at < size; at += part_size) {
        /* a game longer than a part: its cut is met again */
        uint64_t cut = start;
        if (at > start && rgn_range_cut(data, size, at, true, &cut, error) < 0)
            return -1;
        if (cut > start && cut < size) {
            if (add_piece(p, start, cut, lines ? line : 0, error) < 0)
                return -1;
            if (lines) /* the line the cut lies on, counted from start's */
                line = rgn_range_line(data + start, size - start, cut - start) +
                       line - 1;
            start = cut;
        }
        if (at > UINT64_MAX - part_size)
            break;
    }
    return add_piece(p, start, size, lines ? line : 0, error);
}

int rgn_input_cut(const char *path, const rgn_cut_options *options,
                  rgn_piece **out, size_t *count, rgn_error *error)
{
    rgn_cut_options o;
    *out = NULL;
    *count = 0;
    if (rgn_options_take(&o, sizeof o, options,
                         RGN_OPTIONS_MIN(rgn_cut_options, parts),
                         "rgn_cut_options", error) < 0)
        return -1;
    if ((o.parts > 0) == (o.part_size > 0))
        return rgn_fail(error, "give one of parts and part_size");
    rgn_input *input = rgn_input_open(path, error);
    if (!input)
        return -1;
    input_whole whole;
    input_failure failure;
    pieces p = {0};
    int rc = input_map_whole(input, path, &whole, &failure);
    if (rc < 0)
        rgn_fail(error, "%s", failure.message);
    else {
        uint64_t part_size = o.part_size;
        if (o.parts > 0)
            part_size = whole.size / o.parts + (whole.size % o.parts != 0);
        rc = cut_whole(&whole, part_size, o.lines, &p, error);
        input_unmap_whole(&whole);
    }
    rgn_input_close(input);
    if (rc < 0) {
        free(p.piece);
        return -1;
    }
    *out = p.piece;
    *count = p.count;
    return 0;
}
