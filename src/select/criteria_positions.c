/*
 * criteria_positions.c - the position criteria of rgn select
 * (--position, --pattern, --moves, --material): reading them, made ready
 * for one rule set the first time a game of it is read (a game's rule set
 * is known only when it starts), and judging a position against them
 * without a position string or an allocation per ply.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/board_string.h"
#include "rules/position.h"
#include "rules/rule_set.h"
#include "select/criteria.h"

/* ------------------------------------------------------------------ */
/* Material signatures                                                */

/* One side's pieces: letters, each with a count ("R2", or the letter
 * repeated: "RR"), "+" for at least (one, or the count), "-" after a count
 * for at most, "*" for any number. A letter not given is absent. */
static int read_side(material_count *counts, int *count, const char *text,
                     size_t len, rgn_error *error)
{
    *count = 0;
    for (size_t at = 0; at < len;) {
        char c = text[at++];
        if (!isalpha((unsigned char)c))
            return criteria_fail(error, "'%c' is no piece letter", c);
        char letter = (char)toupper((unsigned char)c);
        int min = 1, max = 1;
        if (at < len && isdigit((unsigned char)text[at])) {
            min = max = text[at++] - '0';
            while (at < len && isdigit((unsigned char)text[at]) && min < 100)
                min = max = min * 10 + (text[at++] - '0');
        }
        if (at < len && (text[at] == '+' || text[at] == '*')) {
            if (text[at] == '*')
                min = 0;
            max = -1;
            at++;
        } else if (at < len && text[at] == '-' && at > 0 &&
                   isdigit((unsigned char)text[at - 1])) {
            min = 0;
            at++;
        }
        material_count *same = NULL;
        for (int i = 0; i < *count; i++)
            if (counts[i].letter == letter)
                same = &counts[i];
        if (same) {
            same->min += min;
            same->max = same->max < 0 || max < 0 ? -1 : same->max + max;
            continue;
        }
        if (*count == MATERIAL_LETTERS)
            return criteria_fail(error, "more than %d piece letters",
                                 MATERIAL_LETTERS);
        counts[(*count)++] = (material_count){letter, min, max};
    }
    return 0;
}

int material_parse(material_sig *sig, const char *text, rgn_error *error)
{
    memset(sig, 0, sizeof *sig);
    sig->first_color = -1;
    const char *p = text;
    if ((p[0] == 'w' || p[0] == 'b') && p[1] == ':') {
        sig->first_color = p[0] == 'w' ? RGN_WHITE : RGN_BLACK;
        p += 2;
    }
    /* the words: SIDE SIDE, or SIDE v SIDE (also "vs") */
    const char *word[4];
    size_t len[4];
    int words = 0;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        if (words == 4)
            return criteria_fail(error, "more than two sides");
        word[words] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        len[words] = (size_t)(p - word[words]);
        words++;
    }
    /* "v" or "vs" between the sides; "Q v" leaves the second side bare */
    bool versus = words >= 2 &&
                  ((len[1] == 1 && tolower((unsigned char)*word[1]) == 'v') ||
                   (len[1] == 2 && tolower((unsigned char)word[1][0]) == 'v' &&
                    tolower((unsigned char)word[1][1]) == 's'));
    if (versus) {
        word[1] = words == 3 ? word[2] : "";
        len[1] = words == 3 ? len[2] : 0;
        words = words == 3 ? 2 : words == 2 ? 2 : 4;
    }
    if (words != 2)
        return criteria_fail(error, "expected the pieces of two sides, as "
                                    "'KQ v KR' or 'Q R'");
    for (int s = 0; s < 2; s++)
        if (read_side(sig->side[s], &sig->counts[s], word[s], len[s], error) <
            0)
            return -1;
    return 0;
}

/* ------------------------------------------------------------------ */
/* Patterns                                                           */

typedef struct pattern_reading {
    const rgn_variant *variant;
    pattern_square *squares;
    int count;
} pattern_reading;

/* A direction name of one or two letters after '>' ("N", "SW"). */
static int read_direction(const char **text)
{
    const char *p = *text;
    size_t len = 0;
    while (len < 2 && strchr("NESW", p[len]) && p[len])
        len++;
    int direction = len ? rgn_direction_parse(p, len) : -1;
    if (direction < 0 && len == 2)
        direction = rgn_direction_parse(p, len = 1);
    if (direction >= 0)
        *text = p + len;
    return direction;
}

static int read_pattern_square(void *context, const char *fen,
                               const char **cursor, int file, int rank,
                               rgn_error *err)
{
    pattern_reading *r = context;
    const rgn_variant *v = r->variant;
    const char *p = *cursor;
    int type = isalpha((unsigned char)*p) ? rgn_variant_piece_type(v, *p) : 0;
    if (!type)
        return rgn_fen_reject(err, "pattern", 1, "board", fen, p,
                              "'%c' is no piece of %s", *p,
                              rgn_variant_name(v));
    int square = rgn_square_at(v, file, rank);
    if (square < 0)
        return rgn_fen_reject(err, "pattern", 1, "board", fen, p,
                              "%c%d is no square", 'a' + file, rank + 1);
    int color = isupper((unsigned char)*p) ? RGN_WHITE : RGN_BLACK;
    p++;
    int orientation = -1;
    if (*p == '>') {
        const char *name = ++p;
        int direction = rgn_rules_oriented(v, type) ? read_direction(&p) : -1;
        if (direction < 0)
            return rgn_fen_reject(err, "pattern", 1, "board", fen, name,
                                  rgn_rules_oriented(v, type)
                                      ? "no direction after '>'"
                                      : "this piece has no orientation");
        orientation = rgn_rules_canonical_orientation(v, type, direction);
    }
    if (r->squares)
        r->squares[r->count] =
            (pattern_square){square, RGN_PIECE(color, type), orientation};
    r->count++;
    *cursor = p;
    return 0;
}

/* Reads a pattern for v into squares (room for every square; NULL to
 * check it only): the number of squares it gives, or -1. */
static int read_pattern(const rgn_variant *v, const char *text,
                        pattern_square *squares, rgn_error *err)
{
    pattern_reading r = {v, squares, 0};
    rgn_fen_board board = {"pattern",
                           rgn_variant_files(v),
                           rgn_variant_ranks(v),
                           rgn_variant_files(v) > 9 ? RGN_DIGITS_NUMBER
                                                    : RGN_DIGITS_ADD,
                           read_pattern_square,
                           NULL,
                           &r};
    const char *end;
    if (rgn_fen_read_board(&board, text, &end, err) < 0)
        return -1;
    return r.count;
}

/* ------------------------------------------------------------------ */
/* Lines of moves                                                     */

/* Plays the line (move numbers such as "1." and "1..." skipped) from
 * v's start into position: 0, or -1 with err. */
static int play_line(rgn_position *position, const char *line, rgn_error *err)
{
    const char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            return 0;
        const char *word = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        size_t len = (size_t)(p - word), digits = 0;
        while (digits < len && isdigit((unsigned char)word[digits]))
            digits++;
        if (digits > 0 && digits < len && word[digits] == '.') {
            word += digits;
            len -= digits;
            while (len && *word == '.')
                word++, len--;
            if (!len)
                continue;
        }
        rgn_move move;
        unsigned warnings;
        enum rgn_problem problem;
        rgn_error why;
        if (rgn_san_resolve(position, word, len, &move, &warnings, &problem,
                            &why) < 0) {
            err->column = (int)(word - line) + 1;
            snprintf(err->message, sizeof err->message, "move '%.*s': %.150s",
                     (int)(len > 40 ? 40 : len), word, why.message);
            return -1;
        }
        rgn_position_play(position, move);
    }
}

/* ------------------------------------------------------------------ */
/* Made ready for one rule set                                        */

/* Reads t for v into ready (positions into position, which the caller
 * allocated): whether v reads it. */
static bool prepare(const target *t, const rgn_variant *v, target_ready *ready,
                    rgn_error *err)
{
    switch (t->kind) {
    case TARGET_POSITION:
        return rgn_position_set_fen(ready->position, t->text, err) == 0;
    case TARGET_MOVES:
        if (!rgn_rules_set_initial(ready->position)) {
            snprintf(err->message, sizeof err->message,
                     "%s has no start position", rgn_variant_name(v));
            return false;
        }
        return play_line(ready->position, t->text, err) == 0;
    case TARGET_PATTERN:
        ready->count = read_pattern(v, t->text, ready->squares, err);
        return ready->count >= 0;
    case TARGET_MATERIAL: {
        for (int s = 0; s < 2; s++) {
            ready->min[s][0] = ready->max[s][0] = 0;
            for (int type = 1; type < RGN_TYPES; type++) {
                /* a King stands for itself: not counted */
                bool royal = rgn_variant_piece_royal(v, type);
                ready->min[s][type] = 0;
                ready->max[s][type] = royal ? -1 : 0;
            }
            for (int i = 0; i < t->material.counts[s]; i++) {
                const material_count *c = &t->material.side[s][i];
                int type = rgn_variant_piece_type(v, c->letter);
                if (!type && c->min > 0) {
                    snprintf(err->message, sizeof err->message,
                             "%s has no piece '%c'", rgn_variant_name(v),
                             c->letter);
                    return false;
                }
                if (type && !rgn_variant_piece_royal(v, type)) {
                    ready->min[s][type] = c->min;
                    ready->max[s][type] = c->max;
                }
            }
        }
        return true;
    }
    }
    return false;
}

int target_check(const target *t, rgn_error *error)
{
    if (t->kind == TARGET_MATERIAL)
        return 0;
    /* when no rule set reads it, the one that read furthest says why: it
     * is most likely the game meant */
    rgn_error best = {0};
    best.column = -1;
    for (size_t i = 0; i < rgn_variant_count(); i++) {
        const rgn_variant *v = rgn_variant_at(i);
        target_ready ready = {0};
        ready.position = rgn_position_new(v, NULL);
        pattern_square squares[RGN_BOARD_CAPACITY];
        ready.squares = squares;
        if (!ready.position)
            return criteria_fail(error, "out of memory");
        rgn_error err = {0};
        bool read = prepare(t, v, &ready, &err);
        rgn_position_free(ready.position);
        if (read)
            return 0;
        if (err.column > best.column ||
            (err.column == best.column && v == rgn_variant_default()))
            best = err;
    }
    *error = best;
    return -1;
}

int variant_targets_prepare(variant_targets *vt, const rgn_criteria *c,
                            const rgn_variant *v)
{
    vt->variant = v;
    vt->square_count = 0;
    int files = rgn_variant_files(v), ranks = rgn_variant_ranks(v);
    for (int rank = 0; rank < ranks; rank++)
        for (int file = 0; file < files; file++) {
            int square = rgn_square_at(v, file, rank);
            if (square >= 0 && vt->square_count < RGN_BOARD_CAPACITY)
                vt->squares[vt->square_count++] = (uint16_t)square;
        }
    vt->ready = calloc((size_t)c->target_count + 1, sizeof *vt->ready);
    if (!vt->ready)
        return -1;
    for (int i = 0; i < c->target_count; i++) {
        const target *t = &c->targets[i];
        target_ready *ready = &vt->ready[i];
        if (t->kind == TARGET_POSITION || t->kind == TARGET_MOVES) {
            ready->position = rgn_position_new(v, NULL);
            if (!ready->position)
                return -1;
        }
        if (t->kind == TARGET_PATTERN) {
            ready->squares =
                calloc((size_t)vt->square_count + 1, sizeof *ready->squares);
            if (!ready->squares)
                return -1;
        }
        rgn_error err;
        ready->usable = prepare(t, v, ready, &err);
        if (ready->usable && ready->position)
            ready->key = rgn_position_key(ready->position);
    }
    return 0;
}

void variant_targets_free(variant_targets *vt, int count)
{
    if (!vt->ready)
        return;
    for (int i = 0; i < count; i++) {
        rgn_position_free(vt->ready[i].position);
        free(vt->ready[i].squares);
    }
    free(vt->ready);
    vt->ready = NULL;
    vt->variant = NULL;
}

/* ------------------------------------------------------------------ */
/* Judging a position                                                 */

/* The same position but for the counters: first the key (which says
 * the same of the rights), then the board to be sure. */
static bool same_position(const variant_targets *vt, const rgn_position *a,
                          uint64_t a_key, const rgn_position *b)
{
    if (rgn_position_key(b) != a_key || a->side != b->side ||
        a->castling != b->castling)
        return false;
    for (int i = 0; i < vt->square_count; i++) {
        int sq = vt->squares[i];
        if (a->board[sq] != b->board[sq] ||
            a->orientation[sq] != b->orientation[sq])
            return false;
    }
    return true;
}

static bool pattern_holds(const target_ready *ready, const rgn_position *pos)
{
    for (int i = 0; i < ready->count; i++) {
        const pattern_square *s = &ready->squares[i];
        if (pos->board[s->square] != s->piece ||
            (s->orientation >= 0 &&
             pos->orientation[s->square] != s->orientation))
            return false;
    }
    return true;
}

void material_count_position(const variant_targets *vt, const rgn_position *pos,
                             int counts[2][RGN_TYPES])
{
    memset(counts, 0, sizeof(int[2][RGN_TYPES]));
    for (int i = 0; i < vt->square_count; i++) {
        uint8_t piece = pos->board[vt->squares[i]];
        if (piece != RGN_EMPTY)
            counts[RGN_COLOR(piece) & 1][RGN_TYPE(piece)]++;
    }
}

/* Whether side s of the signature is the pieces of colour. */
static bool side_holds(const target_ready *ready, int s,
                       const int counts[RGN_TYPES])
{
    for (int type = 1; type < RGN_TYPES; type++) {
        int n = counts[type], max = ready->max[s][type];
        if (n < ready->min[s][type] || (max >= 0 && n > max))
            return false;
    }
    return true;
}

static bool material_holds(const target *t, const target_ready *ready,
                           const int counts[2][RGN_TYPES])
{
    int first = t->material.first_color;
    for (int color = 0; color < 2; color++) {
        if (first >= 0 && color != first)
            continue;
        if (side_holds(ready, 0, counts[color]) &&
            side_holds(ready, 1, counts[!color]))
            return true;
    }
    return false;
}

bool target_holds(const target *t, const target_ready *ready,
                  const variant_targets *vt, const rgn_position *pos,
                  const int counts[2][RGN_TYPES])
{
    if (!ready->usable)
        return false;
    switch (t->kind) {
    case TARGET_POSITION:
    case TARGET_MOVES:
        return same_position(vt, ready->position, ready->key, pos);
    case TARGET_PATTERN: return pattern_holds(ready, pos);
    case TARGET_MATERIAL: return material_holds(t, ready, counts);
    }
    return false;
}
