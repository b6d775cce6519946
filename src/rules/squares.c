/*
 * squares.c - what every rule set shares: the data members of a rule set
 * seen from outside, square names and compass directions.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "rules/variant.h"

const char *rgn_variant_name(const rgn_variant *v) { return v->name; }
const char *rgn_variant_summary(const rgn_variant *v) { return v->summary; }
int rgn_variant_players(const rgn_variant *v) { return v->players; }
bool rgn_variant_needs_setup(const rgn_variant *v) { return !v->set_initial; }

const char *const *rgn_variant_aliases(const rgn_variant *v)
{
    static const char *const none[] = {NULL};
    return v->aliases ? v->aliases : none;
}

/* Whether type is one of v's piece types (type 0 is none). */
static bool is_type(const rgn_variant *v, int type)
{
    return type > 0 && (size_t)type < strlen(v->piece_letters);
}

char rgn_variant_piece_letter(const rgn_variant *v, int type)
{
    return is_type(v, type) ? v->piece_letters[type] : 0;
}

int rgn_variant_piece_type(const rgn_variant *v, char letter)
{
    char upper = (char)toupper((unsigned char)letter);
    for (int type = 1; v->piece_letters[type]; type++)
        if (v->piece_letters[type] == upper)
            return type;
    return 0;
}

bool rgn_variant_piece_royal(const rgn_variant *v, int type)
{
    return is_type(v, type) && (v->royal >> type & 1u);
}

const char *rgn_variant_piece_figure(const rgn_variant *v, int type)
{
    return is_type(v, type) && v->figures ? v->figures[type] : NULL;
}

bool rgn_variant_piece_short_fins(const rgn_variant *v, int type)
{
    return is_type(v, type) && (v->short_fins >> type & 1u);
}

int rgn_variant_files(const rgn_variant *v) { return v->files; }
int rgn_variant_ranks(const rgn_variant *v) { return v->ranks; }

int rgn_square_at(const rgn_variant *v, int file, int rank)
{
    return v->square_at(file, rank);
}

int rgn_square_file(const rgn_variant *v, int square)
{
    return v->square_file(square);
}

int rgn_square_rank(const rgn_variant *v, int square)
{
    return v->square_rank(square);
}

int rgn_square_forward(const rgn_variant *v, int square)
{
    return v->square_forward ? v->square_forward(square) : -1;
}

int rgn_square_parse(const rgn_variant *v, const char *text, size_t len)
{
    if (len < 2 || text[0] < 'a' || text[0] > 'z' || text[1] < '1' ||
        text[1] > '9')
        return -1;
    int rank = 0;
    for (size_t i = 1; i < len; i++) {
        if (text[i] < '0' || text[i] > '9')
            return -1;
        rank = rank * 10 + (text[i] - '0');
        if (rank > v->ranks)
            return -1;
    }
    int file = text[0] - 'a';
    return file < v->files ? v->square_at(file, rank - 1) : -1;
}

void rgn_square_name(const rgn_variant *v, int square, char *buf)
{
    int rank = v->square_rank(square) + 1;
    char *p = buf;
    *p++ = (char)('a' + v->square_file(square));
    if (rank >= 10)
        *p++ = (char)('0' + rank / 10);
    *p++ = (char)('0' + rank % 10);
    *p = '\0';
}

static const char *const direction_names[8] = {
    "N", "NE", "E", "SE", "S", "SW", "W", "NW",
};

const char *rgn_direction_name(int direction)
{
    return direction >= 0 && direction < 8 ? direction_names[direction] : NULL;
}

int rgn_direction_parse(const char *text, size_t len)
{
    if (len < 1 || len > 2)
        return -1;
    char first = (char)(text[0] & ~0x20),
         second = (char)(text[len - 1] & ~0x20);
    if (len == 1) {
        switch (first) {
        case 'N': return RGN_N;
        case 'E': return RGN_E;
        case 'S': return RGN_S;
        case 'W': return RGN_W;
        default: return -1;
        }
    }
    if (first == 'N' && second == 'E')
        return RGN_NE;
    if (first == 'N' && second == 'W')
        return RGN_NW;
    if (first == 'S' && second == 'E')
        return RGN_SE;
    if (first == 'S' && second == 'W')
        return RGN_SW;
    return -1;
}

const char *rgn_variant_diagram_key(const rgn_variant *v)
{
    return v->diagram_key;
}

int rgn_move_chain(const rgn_position *before, rgn_move move, rgn_turn *turns)
{
    const rgn_variant *v = before->variant;
    return v->chain ? v->chain(before, move, turns) : 0;
}

double rgn_variant_pyramid_scale(const rgn_variant *v, char letter)
{
    if (!v->pyramid_scale || !letter)
        return 0;
    const char *at = strchr(v->piece_letters + 1, letter);
    return at ? v->pyramid_scale[at - v->piece_letters] : 0;
}
