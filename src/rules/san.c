/*
 * san.c - move texts (rgn(5), Moves): the syntax parser (no
 * board), the resolver (exact first, then lenient with warnings), and the
 * canonical writer.
 *
 * The writer is built on the resolver's matching rule: it adds origin
 * file, rank or square until its text matches exactly one legal move, so
 * every text it writes reads back as the same move.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/errors.h"
#include "rules/san.h"
#include "base/util.h"
#include "rules/variant.h"

/* ------------------------------------------------------------------ */
/* Problems                                                           */

static int fail(enum rgn_problem *problem, enum rgn_problem what,
                rgn_error *err, int column, const char *format, ...)
    __attribute__((format(printf, 5, 6)));

static int fail(enum rgn_problem *problem, enum rgn_problem what,
                rgn_error *err, int column, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(err->message, sizeof err->message, format, args);
    va_end(args);
    err->column = column;
    *problem = what;
    return -1;
}

/* What the reader keeps of each variant it reads: texts are read by the
 * million and a variant never changes. Shared by the threads (the
 * parallel validator's workers): a table is filled under a lock, then
 * published with its variant, so that a reader needs only acquiring loads
 * (plain ones on common processors). Not thread-local: the compiler
 * saves every register a call clobbers around a look at a thread's own
 * data, on each move read. */
enum { VARIANT_TABLES = 16 };
typedef struct variant_table {
    const rgn_variant *_Atomic variant; /* NULL: free */
    /* the game's engine finds moves without a list, and the game has
     * neither move texts of its own nor an end of its own to judge:
     * resolve_quickly may read its texts */
    bool quick;
    int8_t type_of[128];  /* the piece type of a letter, 0 for none */
    int8_t piece_of[128]; /* type_of, but 0 for the pawn's letter too */
} variant_table;
static variant_table variant_tables[VARIANT_TABLES];
/* Games past the last table: read the general way, letters searched. */
static const variant_table no_table;

/* variant_table's way when no table is v's: fills a free one. */
static __attribute__((noinline)) const variant_table *
fill_variant_table(const rgn_variant *v)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    const variant_table *found = &no_table;
    pthread_mutex_lock(&lock);
    for (variant_table *t = variant_tables; t < variant_tables + VARIANT_TABLES;
         t++) {
        const rgn_variant *owner =
            atomic_load_explicit(&t->variant, memory_order_relaxed);
        if (owner == v) { /* another thread filled it meanwhile */
            found = t;
            break;
        }
        if (owner)
            continue;
        t->quick = !v->notation && v->find_moves && !v->game_over;
        for (int type = 1; v->piece_letters[type]; type++) {
            unsigned char c = (unsigned char)v->piece_letters[type];
            if (c < 128 && !t->type_of[c]) /* the first type with it */
                t->type_of[c] = (int8_t)type;
        }
        for (int c = 0; c < 128; c++)
            t->piece_of[c] = t->type_of[c] == v->pawn_type ? 0 : t->type_of[c];
        atomic_store_explicit(&t->variant, v, memory_order_release);
        found = t;
        break;
    }
    pthread_mutex_unlock(&lock);
    return found;
}

/* v's table, found in a look or two (the tables are taken in order),
 * filled out of line once a variant; no_table when all are taken. */
static inline const variant_table *table_of(const rgn_variant *v)
{
    for (const variant_table *t = variant_tables;
         t < variant_tables + VARIANT_TABLES; t++) {
        const rgn_variant *owner =
            atomic_load_explicit(&t->variant, memory_order_acquire);
        if (owner == v)
            return t;
        if (!owner)
            break;
    }
    return fill_variant_table(v);
}

/* The piece type a SAN letter names; a text without a letter names the
 * pawn. 0 if the game has no such piece. */
static int type_of_letter(const rgn_variant *v, char letter)
{
    if (!letter)
        return v->pawn_type;
    if ((unsigned char)letter >= 128)
        return 0;
    const variant_table *t = table_of(v);
    if (t != &no_table)
        return t->type_of[(unsigned char)letter];
    for (int type = 1; v->piece_letters[type]; type++)
        if (v->piece_letters[type] == letter)
            return type;
    return 0;
}

/* The first c in [p, end), or NULL: move texts are a few bytes long, too
 * short for a call to memchr to pay. */
static const char *find_char(const char *p, const char *end, char c)
{
    for (; p < end; p++)
        if (*p == c)
            return p;
    return NULL;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }

/* ------------------------------------------------------------------ */
/* Syntax                                                             */

static bool is_file(const rgn_variant *v, char c)
{
    return (unsigned)(c - 'a') < (unsigned)v->files; /* one comparison */
}

/* Reads a rank number (1-based in the text) ending just before end,
 * scanning backwards; returns its first character or NULL. */
static const char *rank_before(const rgn_variant *v, const char *start,
                               const char *end, int *rank)
{
    const char *p = end;
    while (p > start && is_digit(p[-1]) && end - p < 2)
        p--;
    if (p == end || *p == '0')
        return NULL;
    int n = 0;
    for (const char *q = p; q < end; q++)
        n = n * 10 + (*q - '0');
    if (n > v->ranks)
        return NULL;
    *rank = n - 1;
    return p;
}

/* 'K' for "O-O" (or "0-0"), 'Q' for "O-O-O" (or "0-0-0"), else 0. */
static char castling_text(const char *t, size_t len)
{
    if (len != 3 && len != 5)
        return 0;
    char o = t[0];
    if (o != 'O' && o != '0')
        return 0;
    for (size_t i = 0; i < len; i++)
        if (t[i] != (i % 2 ? '-' : o))
            return 0;
    return len == 3 ? 'K' : 'Q';
}

/* "e3e4", "b2b6ne", "e8e9qne", "d7d8R": what programs write, never SAN
 * (maybe with a check mark). */
static bool looks_like_coordinates(const rgn_variant *v, const char *t,
                                   size_t len)
{
    size_t i = 0;
    if (len > 0 && (t[len - 1] == '+' || t[len - 1] == '#'))
        len--;
    for (int square = 0; square < 2; square++) {
        if (i >= len || !is_file(v, t[i++]))
            return false;
        size_t digits = 0;
        while (i < len && is_digit(t[i]))
            i++, digits++;
        if (digits == 0)
            return false;
    }
    while (i < len && ((t[i] >= 'a' && t[i] <= 'z') || is_upper(t[i])))
        i++; /* "e7e8q", "d7d8R" */
    return i == len;
}

/* A promotion that old programs write without '=' after the square:
 * "a8Q", "a8(Q)", "a8/Q". Sets *promotion and returns where the square
 * ends; returns end when there is none. */
static const char *unmarked_promotion(const char *p, const char *end,
                                      char *promotion)
{
    size_t n = (size_t)(end - p);
    if (n >= 4 && end[-1] == ')' && end[-3] == '(' && is_upper(end[-2]) &&
        is_digit(end[-4])) {
        *promotion = end[-2];
        return end - 3;
    }
    if (n >= 3 && end[-2] == '/' && is_upper(end[-1]) && is_digit(end[-3])) {
        *promotion = end[-1];
        return end - 2;
    }
    if (n >= 3 && is_upper(end[-1]) && is_digit(end[-2])) {
        *promotion = end[-1];
        return end - 1;
    }
    return end;
}

/* A one-digit rank of the variant, as an index; -1 if c is none. */
static int digit_rank(const rgn_variant *v, char c)
{
    unsigned index = (unsigned)(c - '1'); /* huge below '1' */
    return index < 9 && (int)index < v->ranks ? (int)index : -1;
}

int rgn_san_parse(const rgn_variant *v, const char *text, size_t len,
                  rgn_san *san, enum rgn_problem *problem, rgn_error *err)
{
    rgn_error dropped;
    err = rgn_error_or(err, &dropped);
    *san = (rgn_san){0, -1, -1, -1, -1, 0, 0, -1, 0, 0};
    const char *p = text, *end = text + len;
    if (len == 0)
        return fail(problem, RGN_E_MOVE_SYNTAX, err, 1, "empty move");
    if (looks_like_coordinates(v, text, len))
        return fail(problem, RGN_W_COORDINATE_FORM, err, 1,
                    "'%.*s' is in coordinate form, not SAN", (int)len, text);

    /* The tail: check mark, then orientation, then promotion. */
    if (end > p && (end[-1] == '+' || end[-1] == '#'))
        san->check = *--end;
    san->castling = castling_text(p, (size_t)(end - p));
    if (san->castling) {
        san->piece = 'K';
        return 0;
    }
    const char *gt = find_char(p, end, '>');
    if (gt) {
        san->direction =
            (int8_t)rgn_direction_parse(gt + 1, (size_t)(end - gt - 1));
        if (san->direction < 0)
            return fail(problem, RGN_E_MOVE_SYNTAX, err, (int)(gt - text) + 2,
                        "'%.*s' is not a direction (N NE E SE S SW W NW)",
                        (int)(end - gt - 1), gt + 1);
        end = gt;
    }
    const char *eq = find_char(p, end, '=');
    if (eq) {
        if (end - eq != 2 || !is_upper(eq[1]))
            return fail(problem, RGN_E_MOVE_SYNTAX, err, (int)(eq - text) + 1,
                        "a promotion is '=' and a piece letter");
        san->promotion = eq[1];
        end = eq;
    } else {
        end = unmarked_promotion(p, end, &san->promotion);
    }

    /* The core: [Piece] [file][rank] ['x'|'-'] file rank. */
    if (p < end && is_upper(*p)) {
        int type = type_of_letter(v, *p);
        if (!type || type == v->pawn_type)
            return fail(problem, RGN_E_MOVE_SYNTAX, err, 1,
                        "'%c' is not a piece letter of %s", *p, v->name);
        san->piece = *p++;
    }
    int rank;
    const char *r = rank_before(v, p, end, &rank);
    if (!r || r == p || !is_file(v, r[-1]))
        return fail(problem, RGN_E_MOVE_SYNTAX, err, (int)(end - text),
                    "'%.*s' does not end in a square", (int)len, text);
    san->to_rank = (int8_t)rank;
    san->to_file = (int8_t)(r[-1] - 'a');
    end = r - 1;
    if (end > p && (end[-1] == 'x' || end[-1] == '-'))
        san->separator = *--end;
    if (end > p) {
        const char *from_rank = rank_before(v, p, end, &rank);
        if (from_rank) {
            san->from_rank = (int8_t)rank;
            end = from_rank;
        }
    }
    if (end > p && is_file(v, end[-1]))
        san->from_file = (int8_t)(*--end - 'a');
    if (end != p)
        return fail(problem, RGN_E_MOVE_SYNTAX, err, (int)(p - text) + 1,
                    "cannot read '%.*s' as a move", (int)len, text);
    if (san->separator == '-' && (san->from_file < 0 || san->from_rank < 0))
        return fail(problem, RGN_E_MOVE_SYNTAX, err, 1,
                    "'-' needs the whole origin square before it");
    return 0;
}

/* ------------------------------------------------------------------ */
/* Matching                                                           */

static char promotion_letter(const rgn_variant *v, rgn_move m)
{
    return m.promotion ? v->piece_letters[m.promotion] : 0;
}

/* A castling move's side as its text names it: 'K' for the King's move
 * towards the last file (O-O), 'Q' towards the a-file; 0 for other moves. */
static char castling_side(const rgn_variant *v, rgn_move m)
{
    if (m.kind != RGN_MOVE_CASTLING)
        return 0;
    return v->square_file(m.to) > v->square_file(m.from) ? 'K' : 'Q';
}

enum orientation_reading { STRICT, LENIENT };

/* What the matching rule asks of the piece after a move, for one text:
 * worked out once per piece type, not once per candidate (a rotating
 * piece has a candidate for every orientation, all of one type). */
typedef struct matcher {
    const rgn_position *pos;
    const rgn_san *s;
    enum orientation_reading reading;
    int after;       /* the type the two fields below are for; 0: none yet */
    bool oriented;   /* it has orientations */
    int orientation; /* the text's direction in its canonical form, or -1 */
} matcher;

static void matcher_for(matcher *mt, int after)
{
    if (mt->after == after)
        return;
    const struct rgn_variant *v = mt->pos->variant;
    mt->after = after;
    mt->oriented = rgn_variant_oriented(v, after);
    mt->orientation = mt->oriented && mt->s->direction >= 0
                          ? v->canonical_orientation(after, mt->s->direction)
                          : -1;
}

/* The matching rule (rgn(5), Moves: ">Dir" only when the set changes;
 * rgn-rotary(7), RULINGS), for a legal move of the text's piece type to
 * its square (as legal_moves_to gives them). LENIENT
 * also accepts a ">Dir" that names the set a stepping or sliding piece
 * keeps. */
static bool san_matches(matcher *mt, rgn_move m)
{
    const rgn_position *pos = mt->pos;
    const struct rgn_variant *v = pos->variant;
    const rgn_san *s = mt->s;
    /* castling as O-O or O-O-O, never as the King's move "Kg1"; but
     * where the castling move goes to the King's own Rook (Chess960's
     * "Kxh1", as UCI writes it), also as that move */
    if (s->castling || m.kind == RGN_MOVE_CASTLING)
        return s->castling ? s->castling == castling_side(v, m)
                           : pos->board[m.to] != RGN_EMPTY;
    if (s->promotion != promotion_letter(v, m))
        return false;
    /* the final orientation first: it tells most candidates apart (a
     * rotating piece has one for each) */
    matcher_for(mt, m.promotion ? m.promotion : RGN_TYPE(pos->board[m.from]));
    if (!mt->oriented) {
        if (s->direction >= 0)
            return false;
    } else if (s->direction >= 0) {
        if (m.orientation != mt->orientation)
            return false;
    } else if (m.promotion || m.orientation != pos->orientation[m.from]) {
        return false; /* no direction: the piece keeps its orientation */
    }
    /* the candidates come from legal_moves_to: type and square agree */
    if (s->from_file >= 0 && v->square_file(m.from) != s->from_file)
        return false;
    if (s->from_rank >= 0 && v->square_rank(m.from) != s->from_rank)
        return false;
    if (!mt->oriented || m.promotion || s->direction < 0)
        return true;
    /* ">Dir" names the set the piece turns to; LENIENT also reads it as
     * the set a moving piece keeps */
    return m.orientation != pos->orientation[m.from] ||
           (mt->reading == LENIENT && m.from != m.to);
}

/* san_matches for the common text (no castling, promotion nor origin)
 * and candidates of one type, without a branch per candidate: they
 * differ mostly in their final orientation, and a branch on it would
 * mispredict. False, with *count unset, when a candidate needs the whole
 * rule. */
static bool match_plain(matcher *mt, const rgn_move *moves, int n,
                        rgn_move *found, int *count)
{
    const rgn_position *pos = mt->pos;
    const rgn_san *s = mt->s;
    if (n == 0) {
        *count = 0;
        return true;
    }
    int type = RGN_TYPE(pos->board[moves[0].from]);
    matcher_for(mt, type);
    bool lenient = mt->reading == LENIENT;
    int c = 0;
    for (int i = 0; i < n; i++) {
        rgn_move m = moves[i];
        if (m.kind == RGN_MOVE_CASTLING || m.promotion ||
            RGN_TYPE(pos->board[m.from]) != type)
            return false;
        int own = pos->orientation[m.from];
        bool ok;
        if (!mt->oriented)
            ok = s->direction < 0;
        else if (s->direction < 0) /* the piece keeps its orientation */
            ok = m.orientation == own;
        else /* it turns to the named set (LENIENT: or keeps it, moving) */
            ok = (m.orientation == mt->orientation) &
                 ((m.orientation != own) | (lenient & (m.from != m.to)));
        /* kept only if it matches; one 8-byte copy, not field by field */
        memcpy(&found[c], &moves[i], sizeof found[c]);
        c += ok;
    }
    *count = c;
    return true;
}

static int matching_moves(const rgn_position *pos, const rgn_san *s,
                          const rgn_move *moves, int n,
                          enum orientation_reading reading, rgn_move *found)
{
    matcher mt = {.pos = pos, .s = s, .reading = reading};
    int count = 0;
    if (!s->castling && !s->promotion && s->from_file < 0 && s->from_rank < 0 &&
        match_plain(&mt, moves, n, found, &count))
        return count;
    for (int i = 0; i < n; i++)
        if (san_matches(&mt, moves[i]))
            found[count++] = moves[i];
    return count;
}

/* ------------------------------------------------------------------ */
/* Writing                                                            */

static bool is_capture(const rgn_position *pos, rgn_move m)
{
    return m.kind == RGN_MOVE_EN_PASSANT ||
           (m.from != m.to && pos->board[m.to] != RGN_EMPTY);
}

/* The SAN of m before disambiguation and check marks. */
static rgn_san bare_san(const rgn_position *pos, rgn_move m)
{
    const struct rgn_variant *v = pos->variant;
    int type = RGN_TYPE(pos->board[m.from]);
    bool pawn = type == v->pawn_type;
    rgn_san s = {pawn ? 0 : v->piece_letters[type],
                 -1,
                 -1,
                 (int8_t)v->square_file(m.to),
                 (int8_t)v->square_rank(m.to),
                 is_capture(pos, m) ? 'x' : 0,
                 promotion_letter(v, m),
                 -1,
                 0,
                 castling_side(v, m)};
    int after = m.promotion ? m.promotion : type;
    if (rgn_variant_oriented(v, after) &&
        (m.promotion || m.orientation != pos->orientation[m.from]))
        s.direction = (int8_t)m.orientation;
    if (pawn && s.separator == 'x')
        s.from_file = (int8_t)v->square_file(m.from);
    return s;
}

/* Adds the least disambiguation that makes s match only m. */
static void disambiguate(const rgn_position *pos, rgn_san *s, rgn_move m,
                         const rgn_move *moves, int n)
{
    const struct rgn_variant *v = pos->variant;
    rgn_move found[RGN_MAX_MOVES];
    if (matching_moves(pos, s, moves, n, STRICT, found) <= 1)
        return;
    rgn_san with_file = *s, with_rank = *s;
    with_file.from_file = (int8_t)v->square_file(m.from);
    with_rank.from_rank = (int8_t)v->square_rank(m.from);
    if (matching_moves(pos, &with_file, moves, n, STRICT, found) == 1)
        *s = with_file;
    else if (s->from_file < 0 &&
             matching_moves(pos, &with_rank, moves, n, STRICT, found) == 1)
        *s = with_rank;
    else
        s->from_file = with_file.from_file, s->from_rank = with_rank.from_rank;
}

/* The check mark m deserves: '+', '#' or 0. */
static char check_mark(rgn_position *pos, rgn_move m)
{
    const struct rgn_variant *v = pos->variant;
    rgn_undo undo;
    rgn_make(pos, m, &undo);
    char mark = 0;
    if (v->in_check(pos))
        mark = rgn_variant_has_moves(v, pos) ? '+' : '#';
    rgn_unmake(pos, m, &undo);
    return mark;
}

static size_t square_text(int file, int rank, char *out)
{
    size_t n = 0;
    if (file >= 0)
        out[n++] = (char)('a' + file);
    if (rank >= 0) {
        if (rank + 1 >= 10)
            out[n++] = (char)('0' + (rank + 1) / 10);
        out[n++] = (char)('0' + (rank + 1) % 10);
    }
    return n;
}

static size_t write_san(const rgn_san *s, char *out)
{
    size_t n = 0;
    if (s->castling) {
        n = (size_t)sprintf(out, "%s", s->castling == 'K' ? "O-O" : "O-O-O");
        if (s->check)
            out[n++] = s->check;
        out[n] = '\0';
        return n;
    }
    if (s->piece)
        out[n++] = s->piece;
    n += square_text(s->from_file, s->from_rank, out + n);
    if (s->separator)
        out[n++] = s->separator;
    n += square_text(s->to_file, s->to_rank, out + n);
    if (s->promotion) {
        out[n++] = '=';
        out[n++] = s->promotion;
    }
    if (s->direction >= 0) {
        out[n++] = '>';
        for (const char *d = rgn_direction_name(s->direction); *d; d++)
            out[n++] = *d;
    }
    if (s->check)
        out[n++] = s->check;
    out[n] = '\0';
    return n;
}

static rgn_san canonical_san(rgn_position *pos, rgn_move m,
                             const rgn_move *moves, int n)
{
    rgn_san s = bare_san(pos, m);
    disambiguate(pos, &s, m, moves, n);
    s.check = check_mark(pos, m);
    return s;
}

/* The legal moves that could share a text with m: same piece type, same
 * destination. */
static int rivals(rgn_position *pos, rgn_move m, rgn_move *moves)
{
    return pos->variant->legal_moves_to(pos, moves,
                                        RGN_TYPE(pos->board[m.from]), m.to);
}

/* The canonical SAN of a legal move without its check mark. */
static void canonical_text(rgn_position *pos, rgn_move m, char *buf,
                           size_t size)
{
    rgn_move moves[RGN_MAX_MOVES];
    int n = rivals(pos, m, moves);
    rgn_san s = bare_san(pos, m);
    disambiguate(pos, &s, m, moves, n);
    char out[64];
    rgn_copy_out(out, write_san(&s, out), buf, size);
}

/* A null move's text in SAN and long algebraic form (rgn(5), Moves). */
static const char null_move_text[] = "--";

size_t rgn_move_san(rgn_position *pos, rgn_move m, char *buf, size_t size)
{
    if (rgn_move_is_null(m))
        return rgn_copy_out(null_move_text, 2, buf, size);
    if (pos->variant->notation)
        return pos->variant->notation->write(pos, m, buf, size);
    rgn_move moves[RGN_MAX_MOVES];
    int n = rivals(pos, m, moves);
    rgn_san s = canonical_san(pos, m, moves, n);
    char out[64];
    return rgn_copy_out(out, write_san(&s, out), buf, size);
}

size_t rgn_move_lan(rgn_position *pos, rgn_move m, char *buf, size_t size)
{
    if (rgn_move_is_null(m))
        return rgn_copy_out(null_move_text, 2, buf, size);
    if (pos->variant->notation) /* a move text of one form only */
        return pos->variant->notation->write(pos, m, buf, size);
    const struct rgn_variant *v = pos->variant;
    rgn_san s = bare_san(pos, m);
    s.from_file = (int8_t)v->square_file(m.from);
    s.from_rank = (int8_t)v->square_rank(m.from);
    s.check = check_mark(pos, m);
    char out[64];
    size_t n;
    if (m.from == m.to) { /* "Rb2>NE": the rotation's SAN, never "Rb2-b2" */
        s.from_file = s.from_rank = -1;
        n = write_san(&s, out);
    } else {
        if (!s.separator)
            s.separator = '-';
        n = write_san(&s, out);
    }
    return rgn_copy_out(out, n, buf, size);
}

/* ------------------------------------------------------------------ */
/* Resolving                                                          */

static int by_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The candidates' canonical texts, sorted, as "Tdf9, Tff9". */
static void list_candidates(rgn_position *pos, const rgn_move *found, int count,
                            const rgn_move *moves, int n, char *out,
                            size_t size)
{
    char texts[16][32];
    int shown = count < 16 ? count : 16;
    for (int i = 0; i < shown; i++) {
        rgn_san s = canonical_san(pos, found[i], moves, n);
        write_san(&s, texts[i]);
    }
    qsort(texts, (size_t)shown, sizeof texts[0], by_text);
    size_t used = 0;
    out[0] = '\0';
    for (int i = 0; i < shown && used < size; i++)
        used += (size_t)snprintf(out + used, size - used, "%s%s", i ? ", " : "",
                                 texts[i]);
}

/* The lenient readings a resolved text used, as warning bits. The
 * canonical disambiguation is worked out only when the text has some. */
static unsigned lenient_readings(rgn_position *pos, const rgn_san *s,
                                 rgn_move m, const rgn_move *moves, int n)
{
    /* castling written as the King's move onto its Rook ("Kxh1" or
     * "Kh1": programs write both) */
    if (m.kind == RGN_MOVE_CASTLING)
        return 0;
    unsigned warnings = 0;
    bool capture = is_capture(pos, m);
    bool origin_needed = false;
    rgn_san canonical = {0, -1, -1, -1, -1, 0, 0, -1, 0, 0};
    if (s->from_file >= 0 || s->from_rank >= 0) {
        canonical = bare_san(pos, m);
        disambiguate(pos, &canonical, m, moves, n);
        origin_needed = canonical.from_file >= 0 && canonical.from_rank >= 0;
    }
    bool full_origin = s->from_file >= 0 && s->from_rank >= 0;
    if (s->separator == '-' ||
        (s->separator == 'x' && full_origin && !origin_needed))
        warnings |= RGN_WARNING_BIT(RGN_W_LONG_FORM);
    else if (!s->piece && capture && s->separator != 'x' && s->from_rank < 0)
        warnings |= RGN_WARNING_BIT(RGN_W_PAWN_CAPTURE_WITHOUT_X);
    else if ((s->from_file >= 0 && canonical.from_file < 0) ||
             (s->from_rank >= 0 && canonical.from_rank < 0))
        warnings |= RGN_WARNING_BIT(RGN_W_SURPLUS_DISAMBIGUATION);
    if (capture && s->separator != 'x' &&
        !(warnings & RGN_WARNING_BIT(RGN_W_PAWN_CAPTURE_WITHOUT_X)))
        warnings |= RGN_WARNING_BIT(RGN_W_MISSING_CAPTURE_MARK);
    if (!capture && s->separator == 'x')
        warnings |= RGN_WARNING_BIT(RGN_W_SURPLUS_CAPTURE_MARK);
    return warnings;
}

static const char *game_over_reason(rgn_position *pos)
{
    bool white = pos->side == RGN_WHITE;
    switch (pos->variant->status(pos)) {
    case RGN_CHECKMATE:
        return white ? "White is checkmated" : "Black is checkmated";
    case RGN_KING_REACH:
        return white ? "Black's King has reached its target"
                     : "White's King has reached its target";
    default:
        return white ? "White has no legal move" : "Black has no legal move";
    }
}

int rgn_san_resolve(rgn_position *pos, const char *text, size_t len,
                    rgn_move *move, unsigned *warnings,
                    enum rgn_problem *problem, rgn_error *err)
{
    rgn_error dropped;
    err = rgn_error_or(err, &dropped);
    char written;
    if (rgn_san_resolve_unmarked(pos, text, len, move, warnings, &written, NULL,
                                 0, problem, err) < 0)
        return -1;
    *warnings |= rgn_check_mark_warnings(written, check_mark(pos, *move));
    return 0;
}

/* "O-O", "O-O-O": the one castling move of that side, if legal now. */
static int resolve_castling(rgn_position *pos, const rgn_san *s,
                            const char *text, size_t len, rgn_move *move,
                            unsigned *warnings, char *written_check,
                            char *canonical, size_t canonical_size,
                            enum rgn_problem *problem, rgn_error *err)
{
    const struct rgn_variant *v = pos->variant;
    rgn_move moves[RGN_MAX_MOVES];
    int n = v->legal_moves(pos, moves), found = -1;
    for (int i = 0; i < n; i++)
        if (castling_side(v, moves[i]) == s->castling)
            found = i;
    if (found < 0) {
        if (n == 0)
            return fail(problem, RGN_E_MOVE_AFTER_END, err, 1,
                        "'%.*s' comes after the end of the game: %s", (int)len,
                        text, game_over_reason(pos));
        return fail(problem, RGN_E_UNMATCHED, err, 1,
                    "'%.*s' is not a legal move: %s cannot castle %s now",
                    (int)len, text, pos->side == RGN_WHITE ? "White" : "Black",
                    s->castling == 'K' ? "O-O" : "O-O-O");
    }
    *move = moves[found];
    *warnings = text[0] == '0' ? RGN_WARNING_BIT(RGN_W_CASTLING_WITH_ZEROS) : 0;
    *written_check = s->check;
    if (canonical) {
        rgn_san c = bare_san(pos, *move);
        char out[64];
        rgn_copy_out(out, write_san(&c, out), canonical, canonical_size);
    }
    return 0;
}

/* The commonest texts, [Piece] ['x'] square ['=' Piece] ['+'|'#'] with a
 * one-digit rank, and a pawn's capture with its file ("dxe4", "de4"),
 * read in one pass from their end and resolved when the game's engine
 * finds moves without a list (find_moves), as the variant's table t
 * tells. True when the text names one legal move; false leaves it to the
 * general way, which reads these texts alike and words any problem. Kept
 * lean (few values live across the engine's call), for it is inlined
 * into every move read. */
static inline __attribute__((always_inline)) bool
resolve_quickly(rgn_position *pos, const variant_table *t, const char *text,
                size_t len, rgn_move *move, unsigned *warnings,
                char *written_check)
{
    const struct rgn_variant *v = pos->variant;
    if (!t->quick || len < 2)
        return false;
    const char *p = text, *end = text + len;
    /* a piece's letter (upper case: below 128), or the pawn */
    int type = is_upper(*p) ? t->piece_of[(unsigned char)*p++] : v->pawn_type;
    if (!type)
        return false;
    /* the mark written at once, so as not to keep it at hand: should the
     * general way take over, it writes it again */
    *written_check = end[-1] == '+' || end[-1] == '#' ? *--end : 0;
    int promotion = 0;
    if (end - p >= 4 && end[-2] == '=') {
        promotion = is_upper(end[-1]) ? t->type_of[(unsigned char)end[-1]] : 0;
        if (!promotion)
            return false;
        end -= 2;
    }
    if (end - p < 2)
        return false;
    const char *square = end - 2;
    /* what precedes the square: "", "x", a file or a file and 'x' */
    bool marked =
        square > p && square[-1] == 'x' && (square - p == 1 || square - p == 2);
    end = marked ? square - 1 : square;
    int from_file = -1;
    if (end - p == 1 && is_file(v, *p))
        from_file = *p++ - 'a';
    /* an origin file is never surplus on a pawn's capture, which SAN
     * writes with it; elsewhere the general way judges it */
    if (p != end || (from_file >= 0 && type != v->pawn_type))
        return false;
    /* the square last, read just before the engine's call that takes it */
    int to_rank = digit_rank(v, square[1]);
    if (!is_file(v, square[0]) || to_rank < 0)
        return false;
    int to_file = square[0] - 'a';
    if (v->find_moves(pos, type, to_file, to_rank, from_file, -1, promotion,
                      move) != 1)
        return false;
    bool capture = is_capture(pos, *move);
    if (from_file >= 0 && !capture)
        return false;
    if (capture == marked) /* the common case: the mark is right */
        *warnings = 0;
    else if (capture) /* a letter, at the text's start, names a piece */
        *warnings =
            RGN_WARNING_BIT(is_upper(text[0]) ? RGN_W_MISSING_CAPTURE_MARK
                                              : RGN_W_PAWN_CAPTURE_WITHOUT_X);
    else
        *warnings = RGN_WARNING_BIT(RGN_W_SURPLUS_CAPTURE_MARK);
    return true;
}

/* "--", and "Z0" or "@@@@" as some programs write it: a null move. */
static bool is_null_text(const char *t, size_t len)
{
    return (len == 2 && (memcmp(t, "--", 2) == 0 || memcmp(t, "Z0", 2) == 0)) ||
           (len == 4 && memcmp(t, "@@@@", 4) == 0);
}

/* A null move, where the rules allow one (rgn(5), Moves): in a game of
 * two players, before its end, and not in check, where passing would
 * leave the King to be taken. */
static int resolve_null(rgn_position *pos, const char *text, size_t len,
                        rgn_move *move, enum rgn_problem *problem,
                        rgn_error *err)
{
    const struct rgn_variant *v = pos->variant;
    if (v->players < 2)
        return fail(problem, RGN_E_MOVE_SYNTAX, err, 1,
                    "'%.*s' is a null move, and %s has no other player to "
                    "pass the turn to",
                    (int)len, text, v->name);
    if ((v->game_over && v->game_over(pos)) || !rgn_variant_has_moves(v, pos))
        return fail(problem, RGN_E_MOVE_AFTER_END, err, 1,
                    "'%.*s' comes after the end of the game: %s", (int)len,
                    text, game_over_reason(pos));
    if (v->in_check(pos))
        return fail(problem, RGN_E_UNMATCHED, err, 1,
                    "'%.*s' is not a legal move: %s is in check, and a null "
                    "move does not answer a check",
                    (int)len, text, pos->side == RGN_WHITE ? "White" : "Black");
    *move = rgn_null_move();
    return 0;
}

/* The first square of a text in coordinate form at *t ("e2" of "e2e4"),
 * as a square number, -1 when it is no square; *t moves past it. */
static int coordinate_square(const rgn_variant *v, const char **t,
                             const char *end)
{
    int file = **t - 'a', rank = 0;
    for (++*t; *t < end && is_digit(**t); ++*t)
        rank = rank < 100 ? rank * 10 + (**t - '0') : rank;
    return rank >= 1 && rank <= v->ranks ? v->square_at(file, rank - 1) : -1;
}

/* Why no legal move has a text's coordinate form: the reason the game
 * gives for the text's piece from its origin to its square, as SAN with
 * the whole origin. */
static int explain_coordinates(rgn_position *pos, const char *text, size_t len,
                               size_t shown, enum rgn_problem *problem,
                               rgn_error *err)
{
    const struct rgn_variant *v = pos->variant;
    const char *t = text, *end = text + len;
    int from = coordinate_square(v, &t, end);
    int origin_len = (int)(t - text);
    int to = coordinate_square(v, &t, end);
    if (from < 0 || to < 0)
        return fail(problem, RGN_E_UNMATCHED, err, 1,
                    "'%.*s' is not a legal move: it names a point that is "
                    "no square",
                    (int)shown, text);
    uint8_t piece = pos->board[from];
    const char *color = pos->side == RGN_WHITE ? "White" : "Black";
    if (piece == RGN_EMPTY || RGN_COLOR(piece) != pos->side)
        return fail(problem, RGN_E_UNMATCHED, err, 1,
                    "'%.*s' is not a legal move: there is no %s piece on "
                    "%.*s",
                    (int)shown, text, color, origin_len, text);
    rgn_san s = {0, -1, -1, -1, -1, 0, 0, -1, 0, 0};
    int type = RGN_TYPE(piece);
    if (type != v->pawn_type)
        s.piece = v->piece_letters[type];
    s.from_file = (int8_t)v->square_file(from);
    s.from_rank = (int8_t)v->square_rank(from);
    s.to_file = (int8_t)v->square_file(to);
    s.to_rank = (int8_t)v->square_rank(to);
    if (t < end && type == v->pawn_type)
        s.promotion = (char)(*t++ & ~0x20); /* its letter, upper case */
    if (t < end && v->orientation_count)
        s.direction = (int8_t)rgn_direction_parse(t, (size_t)(end - t));
    char why[160];
    *problem =
        rgn_problem_of(v, v->explain_unmatched(pos, &s, why, sizeof why));
    return fail(problem, *problem, err, 1, "'%.*s' is not a legal move: %s",
                (int)shown, text, why);
}

/* A text in coordinate form ("e2e4", "e7e8q", "b2b6ne"), as engines and
 * older programs write moves: the legal move whose coordinate form
 * (rgn_move_coord) it is, its letters in any case. */
static int resolve_coordinates(rgn_position *pos, const char *text, size_t len,
                               rgn_move *move, char *written_check,
                               char *canonical, size_t canonical_size,
                               enum rgn_problem *problem, rgn_error *err)
{
    const struct rgn_variant *v = pos->variant;
    char wanted[32], got[32];
    /* engines write no check mark: none is missing, one written is judged */
    size_t shown = len;
    *written_check = RGN_MARK_NOT_JUDGED;
    if (text[len - 1] == '+' || text[len - 1] == '#')
        *written_check = text[--len];
    if (len >= sizeof wanted)
        return explain_coordinates(pos, text, len, shown, problem, err);
    for (size_t i = 0; i < len; i++)
        wanted[i] = (char)(text[i] | 0x20); /* letters and digits only */
    if (v->game_over && v->game_over(pos))
        return fail(problem, RGN_E_MOVE_AFTER_END, err, 1,
                    "'%.*s' comes after the end of the game: %s", (int)shown,
                    text, game_over_reason(pos));
    rgn_move moves[RGN_MAX_MOVES];
    int n = v->legal_moves(pos, moves);
    if (n == 0)
        return fail(problem, RGN_E_MOVE_AFTER_END, err, 1,
                    "'%.*s' comes after the end of the game: %s", (int)shown,
                    text, game_over_reason(pos));
    for (int i = 0; i < n; i++) {
        if (rgn_move_coord(pos, moves[i], got, sizeof got) != len ||
            memcmp(got, wanted, len) != 0)
            continue;
        *move = moves[i];
        if (canonical)
            canonical_text(pos, *move, canonical, canonical_size);
        return 0;
    }
    return explain_coordinates(pos, text, len, shown, problem, err);
}

/* What only the general way uses of rgn_san_resolve_unmarked's
 * arguments, passed on together: the quick way then keeps none of them
 * at hand, which would cost every move read registers to save. */
typedef struct full_extras {
    char *canonical;
    size_t canonical_size;
    enum rgn_problem *problem;
    rgn_error *err;
} full_extras;

/* Every text form, any problem worded. Out of line, so that
 * rgn_san_resolve_unmarked, the quick way and this call, is small enough
 * to be inlined into the validator's move handler: one call frame less
 * per move (the gain: bench/README.md). */
static __attribute__((noinline)) int
resolve_in_full(rgn_position *pos, const char *text, size_t len, rgn_move *move,
                unsigned *warnings, char *written_check,
                const full_extras *extras)
{
    const struct rgn_variant *v = pos->variant;
    char *canonical = extras->canonical;
    size_t canonical_size = extras->canonical_size;
    enum rgn_problem *problem = extras->problem;
    rgn_error *err = extras->err;
    if (is_null_text(text, len)) {
        if (resolve_null(pos, text, len, move, problem, err) < 0)
            return -1;
        *warnings = 0;
        if (written_check)
            *written_check = RGN_MARK_NOT_JUDGED;
        if (canonical)
            rgn_copy_out(null_move_text, 2, canonical, canonical_size);
        return 0;
    }
    if (v->notation) { /* its own move texts: no marks, no lenient forms */
        if (v->notation->resolve(pos, text, len, move, problem, err) < 0) {
            *problem = rgn_problem_of(v, *problem);
            return -1;
        }
        *warnings = 0;
        if (written_check)
            *written_check = 0;
        if (canonical)
            v->notation->write(pos, *move, canonical, canonical_size);
        return 0;
    }
    rgn_san s;
    if (rgn_san_parse(v, text, len, &s, problem, err) < 0) {
        if (*problem != RGN_W_COORDINATE_FORM)
            return -1;
        if (resolve_coordinates(pos, text, len, move, written_check, canonical,
                                canonical_size, problem, err) < 0)
            return -1;
        *warnings = RGN_WARNING_BIT(RGN_W_COORDINATE_FORM);
        return 0;
    }
    int moved_type = type_of_letter(v, s.piece);
    int after = s.promotion ? type_of_letter(v, s.promotion) : moved_type;
    if (s.direction >= 0 && after && !rgn_variant_oriented(v, after)) {
        /* in a game with orientations, the pawn is the one without */
        char what[64] = "pawn";
        if (!v->orientation_count)
            snprintf(what, sizeof what, "%s piece", v->name);
        return fail(problem, RGN_E_ORIENTATION_NOT_ALLOWED, err, 1,
                    "'%.*s': a %s has no orientation", (int)len, text, what);
    }
    if (s.promotion && after && rgn_variant_oriented(v, after) &&
        s.direction < 0)
        return fail(problem, RGN_E_PROMOTION_ORIENTATION, err, 1,
                    "'%.*s': a promotion must name the new piece's "
                    "orientation, as in =%c>N",
                    (int)len, text, s.promotion);

    if (v->game_over && v->game_over(pos))
        return fail(problem, RGN_E_MOVE_AFTER_END, err, 1,
                    "'%.*s' comes after the end of the game: %s", (int)len,
                    text, game_over_reason(pos));
    if (s.castling && !v->castling)
        return fail(problem, RGN_E_MOVE_SYNTAX, err, 1,
                    "'%.*s': %s has no castling", (int)len, text, v->name);
    if (s.castling)
        return resolve_castling(pos, &s, text, len, move, warnings,
                                written_check, canonical, canonical_size,
                                problem, err);
    int to = v->square_at(s.to_file, s.to_rank);
    if (to < 0)
        return fail(problem, RGN_E_UNMATCHED, err, 1, "'%.*s': %c%d %s",
                    (int)len, text, 'a' + s.to_file, s.to_rank + 1,
                    v->not_a_square ? v->not_a_square : "is not a square");
    if (!moved_type)
        return fail(problem, RGN_E_MOVE_SYNTAX, err, 1,
                    "'%.*s': %s has no pawns", (int)len, text, v->name);
    rgn_move moves[RGN_MAX_MOVES], found[RGN_MAX_MOVES];
    int n = v->legal_moves_to(pos, moves, moved_type, to);
    if (n == 0 && !rgn_variant_has_moves(v, pos))
        return fail(problem, RGN_E_MOVE_AFTER_END, err, 1,
                    "'%.*s' comes after the end of the game: %s", (int)len,
                    text, game_over_reason(pos));
    unsigned readings = 0;
    int count = matching_moves(pos, &s, moves, n, STRICT, found);
    if (count == 0) {
        count = matching_moves(pos, &s, moves, n, LENIENT, found);
        readings = RGN_WARNING_BIT(RGN_W_UNCHANGED_ORIENTATION);
    }
    if (count > 1) {
        char candidates[200];
        list_candidates(pos, found, count, moves, n, candidates,
                        sizeof candidates);
        return fail(problem, RGN_E_AMBIGUOUS, err, 1,
                    "'%.*s' is ambiguous: it could be %s", (int)len, text,
                    candidates);
    }
    if (count == 0) {
        char why[160];
        *problem =
            rgn_problem_of(v, v->explain_unmatched(pos, &s, why, sizeof why));
        return fail(problem, *problem, err, 1, "'%.*s' is not a legal move: %s",
                    (int)len, text, why);
    }
    *move = found[0];
    *warnings = readings | lenient_readings(pos, &s, found[0], moves, n);
    if (s.promotion && !find_char(text, text + len, '='))
        *warnings |= RGN_WARNING_BIT(RGN_W_PROMOTION_WITHOUT_EQUALS);
    *written_check = s.check;
    if (canonical) { /* the rivals are at hand: no second search */
        rgn_san c = bare_san(pos, found[0]);
        disambiguate(pos, &c, found[0], moves, n);
        char out[64];
        rgn_copy_out(out, write_san(&c, out), canonical, canonical_size);
    }
    return 0;
}

int rgn_san_resolve_unmarked(rgn_position *pos, const char *text, size_t len,
                             rgn_move *move, unsigned *warnings,
                             char *written_check, char *canonical,
                             size_t canonical_size, enum rgn_problem *problem,
                             rgn_error *err)
{
    /* a canonical text asked for goes the general way at once: the quick
     * way then knows it NULL and keeps none of the extras at hand */
    if (canonical)
        return resolve_in_full(
            pos, text, len, move, warnings, written_check,
            &(full_extras){canonical, canonical_size, problem, err});
    if (resolve_quickly(pos, table_of(pos->variant), text, len, move, warnings,
                        written_check))
        return 0;
    return resolve_in_full(pos, text, len, move, warnings, written_check,
                           &(full_extras){NULL, 0, problem, err});
}
