/*
 * xbetza.c - reads the XBetza subset the project's games use.
 *
 * A description is a sequence of groups: modifiers, then an atom letter
 * (with X for the extended atoms FX and DX), then an optional range.
 * Modifiers before `a` belong to the first leg, those after it to the
 * second, whose directions are turns from the first leg's direction.
 */
#include "rules/engine/xbetza.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fail(rgn_error *err, int column, const char *format, char c)
{
    if (err) {
        err->column = column;
        snprintf(err->message, sizeof err->message, format, c);
    }
    return -1;
}

/* The base vectors of an atom letter: up to two (K is W plus F); the
 * riders R, B and Q are the steps with an unlimited range. */
static int atom_vectors(char letter, bool extended, xb_vector *out,
                        uint8_t *range)
{
    /* clang-format off */
    static const struct { char letter; int8_t file, rank, extended; } leaps[] = {
        {'W', 0, 1, 0}, {'F', 1, 1, 0}, {'D', 0, 2, 0}, {'N', 1, 2, 0},
        {'A', 2, 2, 0}, {'G', 3, 3, 0}, {'Z', 2, 3, 0},
        {'F', 1, 4, 1}, {'D', 0, 5, 1},
    };
    /* clang-format on */
    *range = 1;
    if (!extended) {
        switch (letter) {
        case 'K':
            out[0] = (xb_vector){0, 1};
            out[1] = (xb_vector){1, 1};
            return 2;
        case 'Q':
            out[0] = (xb_vector){0, 1};
            out[1] = (xb_vector){1, 1};
            *range = XB_UNLIMITED;
            return 2;
        case 'R':
            out[0] = (xb_vector){0, 1};
            *range = XB_UNLIMITED;
            return 1;
        case 'B':
            out[0] = (xb_vector){1, 1};
            *range = XB_UNLIMITED;
            return 1;
        default: break;
        }
    }
    for (size_t i = 0; i < sizeof leaps / sizeof leaps[0]; i++)
        if (leaps[i].letter == letter && leaps[i].extended == extended) {
            out[0] = (xb_vector){leaps[i].file, leaps[i].rank};
            return 1;
        }
    return 0;
}

/* Whether a single direction letter keeps an image. Sideways and
 * vertical pick the flatter or steeper images of an oblique leap (sN is
 * the four (2,1) images); a diagonal is both. */
static bool keeps(char letter, xb_vector v)
{
    int af = abs(v.file), ar = abs(v.rank);
    switch (letter) {
    case 'f': return v.rank > 0;
    case 'b': return v.rank < 0;
    case 'l': return v.file < 0;
    case 'r': return v.file > 0;
    case 's': return v.file != 0 && af >= ar;
    case 'v': return v.rank != 0 && ar >= af;
    default: return false;
    }
}

/* A pair like "fs" narrows (forward and sideways); single letters add. */
static bool is_pair(const char *dirs, int i)
{
    return (dirs[i] == 'f' || dirs[i] == 'b') && dirs[i + 1] &&
           strchr("slr", dirs[i + 1]);
}

static bool filter_keeps(const char *dirs, xb_vector v)
{
    if (!*dirs)
        return true;
    for (int i = 0; dirs[i]; i++) {
        if (is_pair(dirs, i)) {
            if (keeps(dirs[i], v) && keeps(dirs[i + 1], v))
                return true;
            i++;
        } else if (keeps(dirs[i], v)) {
            return true;
        }
    }
    return false;
}

/* The second leg's turns (bits of eighths clockwise) a filter names. */
static uint8_t filter_turns(const char *dirs)
{
    uint8_t turns = 0;
    for (int i = 0; dirs[i]; i++) {
        if (is_pair(dirs, i)) {
            int back = dirs[i] == 'b';
            char side = dirs[i + 1];
            if (side != 'l')
                turns |= (uint8_t)(1u << (back ? 3 : 1));
            if (side != 'r')
                turns |= (uint8_t)(1u << (back ? 5 : 7));
            i++;
            continue;
        }
        switch (dirs[i]) {
        case 'f': turns |= 1u << 0; break;
        case 'b': turns |= 1u << 4; break;
        case 'l': turns |= 1u << 6; break;
        case 'r': turns |= 1u << 2; break;
        case 's': turns |= (1u << 2) | (1u << 6); break;
        case 'v': turns |= (1u << 0) | (1u << 4); break;
        default: break;
        }
    }
    return turns;
}

static void add_images(xb_atom *atom, xb_vector base, const char *dirs)
{
    static const int8_t signs[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    atom->base = base;
    atom->image_count = 0;
    for (int swap = 0; swap < 2; swap++)
        for (int s = 0; s < 4; s++) {
            int8_t f = swap ? base.rank : base.file;
            int8_t r = swap ? base.file : base.rank;
            xb_vector v = {(int8_t)(f * signs[s][0]),
                           (int8_t)(r * signs[s][1])};
            bool seen = false;
            for (int i = 0; i < atom->image_count; i++)
                seen |= atom->images[i].file == v.file &&
                        atom->images[i].rank == v.rank;
            if (!seen && filter_keeps(dirs, v))
                atom->images[atom->image_count++] = v;
        }
}

xb_vector xb_turn(xb_vector step, int turns)
{
    static const xb_vector compass[8] = {{0, 1},  {1, 1},   {1, 0},  {1, -1},
                                         {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
    int from = 0;
    for (int i = 0; i < 8; i++)
        if (compass[i].file == step.file && compass[i].rank == step.rank)
            from = i;
    return compass[(from + turns) & 7];
}

int xb_compile(const char *text, xb_piece *piece, rgn_error *err)
{
    piece->atom_count = 0;
    size_t pos = 0;
    while (text[pos]) {
        char dirs[2][16] = {{0}};
        int dir_len[2] = {0, 0};
        uint8_t mode[2] = {0, 0}, flags = 0;
        bool bent = false, slider_turn = false;
        int leg = 0;
        size_t group = pos;
        for (; text[pos] >= 'a' && text[pos] <= 'z'; pos++) {
            int column = (int)pos + 1;
            char c = text[pos];
            if (strchr("fbsvlr", c)) {
                if (dir_len[leg] == 15)
                    return fail(err, column,
                                "too many direction modifiers at '%c'", c);
                dirs[leg][dir_len[leg]++] = c;
            } else if (c == 'm') {
                mode[leg] |= XB_MOVE;
            } else if (c == 'c') {
                if (leg == 0 && bent)
                    return fail(err, column,
                                "'%c' on a first leg is not supported", c);
                mode[leg] |= XB_CAPTURE;
            } else if (c == 'e') {
                flags |= XB_EN_PASSANT;
            } else if (c == 'i') {
                flags |= XB_INITIAL;
            } else if (c == 'n') {
                flags |= XB_NON_JUMPING;
            } else if (c == 'y') {
                if (leg)
                    return fail(err, column, "'%c' must come before 'a'", c);
                slider_turn = true;
            } else if (c == 'a') {
                if (bent)
                    return fail(err, column,
                                "only two legs are supported ('%c')", c);
                bent = true;
                leg = 1;
            } else {
                return fail(err, column, "unsupported XBetza modifier '%c'", c);
            }
        }
        char letter = text[pos];
        if (!letter)
            return fail(err, (int)pos + 1, "modifiers without a piece atom%c",
                        ' ');
        size_t letter_pos = pos++;
        bool extended = text[pos] == 'X';
        if (extended)
            pos++;
        unsigned number = 0;
        bool has_number = false;
        for (; text[pos] >= '0' && text[pos] <= '9'; pos++) {
            number = number * 10 + (unsigned)(text[pos] - '0');
            has_number = true;
            if (number > 254)
                return fail(err, (int)pos + 1, "range too large at '%c'",
                            text[pos]);
        }
        if (has_number && number == 0)
            return fail(err, (int)pos, "a range of 0 is not supported%c", ' ');
        if (slider_turn && !bent)
            return fail(err, (int)group + 1, "'y' without 'a'%c", ' ');
        if (piece->atom_count + 2 > XB_MAX_ATOMS)
            return fail(err, (int)group + 1, "too many atoms%c", ' ');

        if (letter == 'O' && !extended) {
            if (!has_number)
                return fail(err, (int)letter_pos + 1,
                            "castling atom '%c' needs a distance", letter);
            xb_atom *atom = &piece->atoms[piece->atom_count++];
            memset(atom, 0, sizeof *atom);
            add_images(atom, (xb_vector){(int8_t)number, 0}, "s");
            atom->range = 1;
            atom->mode = XB_MOVE;
            atom->flags = (uint8_t)(flags | XB_CASTLING);
            atom->castling_distance = (uint8_t)number;
            continue;
        }
        xb_vector bases[2];
        uint8_t range;
        int count = atom_vectors(letter, extended, bases, &range);
        if (!count) {
            if (extended)
                return fail(err, (int)letter_pos + 1,
                            "unsupported extended atom '%cX'", letter);
            return fail(err, (int)letter_pos + 1,
                        "unsupported XBetza atom '%c'", letter);
        }
        if (has_number)
            range = (uint8_t)number;
        for (int i = 0; i < count; i++) {
            xb_vector b = bases[i];
            if ((flags & XB_NON_JUMPING) && b.file != 0 && b.file != b.rank)
                return fail(err, (int)group + 1,
                            "'n' on an oblique leap ('%c') is not supported",
                            letter);
            xb_atom *atom = &piece->atoms[piece->atom_count++];
            memset(atom, 0, sizeof *atom);
            add_images(atom, b, dirs[0]);
            atom->range = range;
            atom->flags = flags;
            if (bent) {
                if (range != 1 || b.file > 1 || b.rank > 1)
                    return fail(
                        err, (int)letter_pos + 1,
                        "a two-leg move of '%c' is not supported (steps only)",
                        letter);
                if (!dir_len[1])
                    return fail(err, (int)group + 1,
                                "the second leg needs direction modifiers%c",
                                ' ');
                atom->flags |= XB_BENT;
                atom->bend_turns = filter_turns(dirs[1]);
                atom->bend_range = slider_turn ? XB_UNLIMITED : 1;
                atom->mode = mode[1] ? mode[1] : XB_MOVE | XB_CAPTURE;
            } else {
                atom->mode = mode[0];
                if (!mode[0] && !(flags & XB_EN_PASSANT))
                    atom->mode = XB_MOVE | XB_CAPTURE;
            }
        }
    }
    return 0;
}
