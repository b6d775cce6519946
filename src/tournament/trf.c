/*
 * trf.c - FIDE's Tournament Report File (TRF16, with the records of its
 * 2026 revision): written from a ranked tournament, read back into one,
 * and its pairings compared with the games.
 *
 * The player records (001) have fixed columns, counted in characters
 * (UTF-8 code points), 1-based as the format's tables count them:
 *
 *   1-3 "001", 5-8 start rank, 10 sex, 11-13 title, 15-47 name,
 *   49-52 rating, 54-56 federation, 58-68 FIDE id, 70-79 birth date,
 *   81-84 points ("11.5"), 86-89 rank, then 10 columns a round from 92:
 *   opponent's start rank (4, "0000" none), colour (w b -), result.
 */
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "tournament/tournament.h"

#define TRF_MAX_PLAYERS 9999 /* four columns of start rank */
#define TRF_MAX_ROUNDS 999   /* what 142 or XXR may announce */
#define TRF_FIRST_ROUND 92   /* the column of round 1's opponent */
#define TRF_ROUND_WIDTH 10

/* ------------------------------------------------------------------ */
/* Writing                                                              */

/* The result code of a round (column 99 for round 1). */
static char result_code(const t_round *round)
{
    switch (round->kind) {
    case ROUND_PLAYED:
        return round->points == 2   ? '1'
               : round->points == 1 ? '='
               : round->points == 0 ? '0'
                                    : ' '; /* unfinished: no result yet */
    case ROUND_FORFEIT_WIN: return '+';
    case ROUND_FORFEIT_LOSS: return '-';
    case ROUND_BYE_FULL: return 'U';
    case ROUND_BYE_HALF: return 'H';
    case ROUND_BYE_ZERO: return 'Z';
    case ROUND_NONE: break;
    }
    return ' '; /* TRF16: a blank result is a known absence */
}

/* Appends text as a field of width characters (UTF-8 code points), cut
 * or padded with blanks; right-aligned when right. A control character
 * becomes a blank so that a field never breaks its line. */
static void put_field(rgn_buffer *line, const char *text, int width, bool right)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t len = strlen(text), end = 0;
    int chars = 0;
    while (end < len && chars < width) {
        int n = s[end] < 0x80 ? 1 : rgn_utf8_length(s + end, len - end);
        end += n > 0 ? (size_t)n : 1;
        chars++;
    }
    for (int i = chars; right && i < width; i++)
        rgn_buffer_puts(line, " ");
    for (size_t i = 0; i < end; i++)
        rgn_buffer_append(line, s[i] < 0x20 || s[i] == 0x7F ? " " : text + i,
                          1);
    for (int i = chars; !right && i < width; i++)
        rgn_buffer_puts(line, " ");
}

/* Ends the line that began at begin, without blanks at its end (an
 * absent last round's blank result, or its missing date, ends it). */
static void end_line(rgn_buffer *out, size_t begin)
{
    while (out->len > begin && out->data[out->len - 1] == ' ')
        out->len--;
    rgn_buffer_puts(out, "\n");
}

/* Writes a header record "CODE text" (text without control characters). */
static void put_record(rgn_buffer *out, const char *code, const char *text)
{
    size_t begin = out->len;
    rgn_buffer_printf(out, "%s ", code);
    put_field(out, text, (int)strlen(text), false);
    end_line(out, begin);
}

/* Whether text is a date "YYYY.MM.DD" with every digit known. */
static bool full_date(const char *text)
{
    if (strlen(text) != 10 || text[4] != '.' || text[7] != '.')
        return false;
    for (int i = 0; i < 10; i++)
        if (i != 4 && i != 7 && (text[i] < '0' || text[i] > '9'))
            return false;
    return true;
}

static bool all_digits(const char *text)
{
    for (; *text; text++)
        if (*text < '0' || *text > '9')
            return false;
    return true;
}

static const char *system_name(enum t_system system)
{
    switch (system) {
    case T_SYSTEM_ROUND_ROBIN: return "Individual: Round-Robin";
    case T_SYSTEM_DOUBLE_ROUND_ROBIN: return "Individual: Double Round-Robin";
    case T_SYSTEM_SWISS: return "Individual: Swiss-System";
    case T_SYSTEM_MATCH: return "Individual: Match";
    case T_SYSTEM_UNKNOWN: break;
    }
    return NULL;
}

/* The tie-break rules in force on date when it is fully known, else
 * otherwise. */
static enum t_rules rules_on(const char *date, enum t_rules otherwise)
{
    return full_date(date) ? tiebreak_rules_on(date) : otherwise;
}

/* Whether a reader could take other tie-break rules than these from
 * the dates the file gives: FIDE's TieBreakServer takes those in force
 * on its first date (042), rgn those on its last (052, or its rounds'
 * 132), both the 2026 rules when it has none. */
static bool rules_unsaid(const tournament *t, enum t_rules rules)
{
    enum t_rules last = rules_on(t->end_date, T_RULES_UNSTATED);
    for (int r = 0; t->round_dates && r < t->rounds; r++)
        if (rules_on(t->round_dates[r], T_RULES_UNSTATED) > last)
            last = rules_on(t->round_dates[r], T_RULES_UNSTATED);
    return rules_on(t->start_date, T_RULES_2026) != rules ||
           (last ? last : T_RULES_2026) != rules;
}

/* 202: the tie-breaks, modifiers after a '/' as TieBreakServer and the
 * other programs write them (BH/C1); when the dates could say other
 * rules, the BH and SB codes (the ones they change; else the first
 * code) state them (BH/C1/V2024); and a comment that says them. */
static void put_tiebreaks(rgn_buffer *out, const tournament *t)
{
    if (t->tiebreak_count == 0)
        return;
    enum t_rules rules = tournament_rules(t);
    bool state = rules_unsaid(t, rules), some = false;
    for (int i = 0; i < t->tiebreak_count; i++)
        some = some || t->tiebreaks[i].kind == TB_BH ||
               t->tiebreaks[i].kind == TB_SB;
    rgn_buffer_puts(out, "202 ");
    for (int i = 0; i < t->tiebreak_count; i++) {
        const t_tiebreak *tb = &t->tiebreaks[i];
        if (i)
            rgn_buffer_puts(out, ",");
        for (const char *c = tb->code; *c; c++)
            rgn_buffer_append(out, *c == '-' ? "/" : c, 1);
        if (state && (some ? tb->kind == TB_BH || tb->kind == TB_SB : !i))
            rgn_buffer_printf(out, "/V%d", (int)rules);
    }
    rgn_buffer_printf(out, "\n### FIDE tie-break rules of %d\n", (int)rules);
}

static void put_header(rgn_buffer *out, const tournament *t)
{
    put_record(out, "012", t->event);
    if (*t->site)
        put_record(out, "022", t->site);
    /* the host federation: only when every player has the same one */
    const char *federation = t->player_count ? t->players[0].federation : "";
    for (size_t i = 1; i < t->player_count && *federation; i++)
        if (strcmp(t->players[i].federation, federation) != 0)
            federation = "";
    if (*federation)
        put_record(out, "032", federation);
    /* TRF-2026's dates: YYYY/MM/DD, written only when fully known */
    if (full_date(t->start_date))
        rgn_buffer_printf(out, "042 %.4s/%.2s/%.2s\n", t->start_date,
                          t->start_date + 5, t->start_date + 8);
    if (full_date(t->end_date))
        rgn_buffer_printf(out, "052 %.4s/%.2s/%.2s\n", t->end_date,
                          t->end_date + 5, t->end_date + 8);
    int rated = 0;
    for (size_t i = 0; i < t->player_count; i++)
        rated += t->players[i].rating > 0;
    rgn_buffer_printf(out, "062 %zu\n072 %d\n", t->player_count, rated);
    if (system_name(t->system))
        rgn_buffer_printf(out, "092 %s\n", system_name(t->system));
    if (*t->time_control)
        put_record(out, "122", t->time_control);
    /* the round dates, YY/MM/DD in each round's columns */
    bool dated = false;
    for (int r = 0; t->round_dates && r < t->rounds; r++)
        dated = dated || full_date(t->round_dates[r]);
    if (dated) {
        size_t begin = out->len;
        rgn_buffer_printf(out, "132%*s", TRF_FIRST_ROUND - 4, "");
        for (int r = 0; r < t->rounds; r++) {
            const char *d = t->round_dates[r];
            if (full_date(d))
                rgn_buffer_printf(out, "%.2s/%.2s/%.2s", d + 2, d + 5, d + 8);
            else
                rgn_buffer_puts(out, "        ");
            rgn_buffer_puts(out, "  ");
        }
        end_line(out, begin);
    }
    int planned = t->planned_rounds > t->rounds ? t->planned_rounds : t->rounds;
    rgn_buffer_printf(out, "142 %d\n", planned);
    put_tiebreaks(out, t);
    /* JaVaFo's and bbpPairings' record of the number of rounds */
    rgn_buffer_printf(out, "XXR %d\n", planned);
}

/* The players in start-rank order (ties by index): their numbers in
 * the file are 1, 2, ... in this order, so that they are distinct
 * whatever start_rank holds. */
typedef struct trf_order {
    int start_rank, index;
} trf_order;

static int by_start_rank(const void *a, const void *b)
{
    const trf_order *x = a, *y = b;
    return x->start_rank != y->start_rank
               ? (x->start_rank > y->start_rank) -
                     (x->start_rank < y->start_rank)
               : (x->index > y->index) - (x->index < y->index);
}

static bool unfinished(const t_round *round)
{
    return round->kind == ROUND_PLAYED && round->points < 0;
}


static void put_player(rgn_buffer *out, const tournament *t, const t_player *p,
                       int number, const int *numbers)
{
    size_t begin = out->len;
    int points = 0;
    for (int r = 0; r < t->rounds; r++)
        if (p->rounds[r].points > 0)
            points += p->rounds[r].points;
    rgn_buffer_printf(out, "001 %4d  ", number);
    put_field(out, p->title, 3, true);
    rgn_buffer_puts(out, " ");
    put_field(out, p->name, 33, false);
    if (p->rating > 0 && p->rating <= 9999)
        rgn_buffer_printf(out, " %4d ", p->rating);
    else
        rgn_buffer_puts(out, "      ");
    put_field(out, p->federation, 3, false);
    rgn_buffer_puts(out, " ");
    put_field(out, all_digits(p->fide_id) ? p->fide_id : "", 11, true);
    /* points as "11.5"; past 99.5 the four columns hold the whole
     * points only */
    if (points < 200)
        rgn_buffer_printf(out, " %10s %2d.%d %4d  ", "", points / 2,
                          points % 2 ? 5 : 0, p->rank);
    else
        rgn_buffer_printf(out, " %10s %4d %4d  ", "", points / 2, p->rank);
    size_t last_round_end = out->len;
    for (int r = 0; r < t->rounds; r++) {
        /* a game without a result yet is a round not played: TRF has no
         * code for a game in progress, and pairing programs refuse a
         * pairing without a result */
        const t_round none = T_NO_ROUND;
        const t_round *round =
            unfinished(&p->rounds[r]) ? &none : &p->rounds[r];
        int opponent =
            round->opponent >= 0 && (size_t)round->opponent < t->player_count
                ? numbers[round->opponent]
                : 0;
        char colour =
            round->colour == 'w' || round->colour == 'b' ? round->colour : '-';
        rgn_buffer_printf(out, "%s%04d %c %c", r ? "  " : "", opponent, colour,
                          result_code(round));
        if (round->kind != ROUND_NONE)
            last_round_end = out->len;
    }
    /* the absences after the player's last round (withdrawn, rounds not
     * yet played) are left out: pairing programs refuse a line that ends
     * inside a round's columns, and read a missing round as an absence */
    out->len = last_round_end;
    end_line(out, begin);
}

int trf_write(const tournament *t, FILE *out)
{
    rgn_buffer text = {0};
    trf_order *order = malloc((t->player_count + 1) * sizeof *order);
    int *numbers = malloc((t->player_count + 1) * sizeof *numbers);
    if (!order || !numbers) {
        free(order);
        free(numbers);
        return -1;
    }
    for (size_t i = 0; i < t->player_count; i++)
        order[i] = (trf_order){t->players[i].start_rank, (int)i};
    qsort(order, t->player_count, sizeof *order, by_start_rank);
    for (size_t i = 0; i < t->player_count; i++)
        numbers[order[i].index] = (int)i + 1;
    put_header(&text, t);
    for (size_t i = 0; i < t->player_count; i++)
        put_player(&text, t, &t->players[order[i].index], (int)i + 1, numbers);
    int status = text.failed || (text.len && fwrite(text.data, 1, text.len,
                                                    out) != text.len)
                     ? -1
                     : 0;
    rgn_buffer_free(&text);
    free(order);
    free(numbers);
    return status;
}

/* ------------------------------------------------------------------ */
/* Reading                                                              */

/* One line of the file, with where each character begins. */
typedef struct trf_line {
    const char *text;
    size_t len;
    size_t *starts; /* starts[c] the byte of character c (0-based), and
                       starts[chars] == len */
    size_t chars, capacity;
    size_t number;
} trf_line;

/* A reference to an opponent, resolved once every player is read. */
typedef struct trf_reference {
    int player, round, start_rank;
    size_t line, column;
} trf_reference;

typedef struct trf_reader {
    const char *file;
    tournament *t;
    rgn_error *error;
    trf_line line;
    int *by_start_rank; /* [TRF_MAX_PLAYERS + 1]: index + 1, 0 none */
    int *line_rounds;   /* per player: rounds on its line */
    trf_reference *refs;
    size_t ref_count, ref_capacity;
    int announced_rounds; /* by 142 or XXR, -1 none */
    trf_line dates;       /* the 132 record, read at the end */
    char *dates_copy;
} trf_reader;

static int out_of_memory(trf_reader *reader)
{
    reader->error->column = 0;
    snprintf(reader->error->message, sizeof reader->error->message,
             "%s: out of memory", reader->file);
    return -1;
}

/* An error at column of the current line: -1. */
static int bad(trf_reader *reader, size_t column, const char *why)
{
    reader->error->column = (int)column;
    snprintf(reader->error->message, sizeof reader->error->message,
             "%s:%zu:%zu: %s", reader->file, reader->line.number, column, why);
    return -1;
}

/* Counts the characters of the line (a byte that is not UTF-8 is one). */
static int line_index(trf_reader *reader)
{
    trf_line *line = &reader->line;
    if (line->capacity < line->len + 1) {
        size_t *grown = realloc(line->starts, (line->len + 1) * sizeof *grown);
        if (!grown)
            return out_of_memory(reader);
        line->starts = grown;
        line->capacity = line->len + 1;
    }
    const unsigned char *s = (const unsigned char *)line->text;
    line->chars = 0;
    for (size_t i = 0; i < line->len;) {
        line->starts[line->chars++] = i;
        int n = s[i] < 0x80 ? 1 : rgn_utf8_length(s + i, line->len - i);
        i += n > 0 ? (size_t)n : 1;
    }
    line->starts[line->chars] = line->len;
    return 0;
}

/* Columns first..last (1-based, inclusive) of the line, blanks trimmed:
 * *len bytes at the result; what lies past the line's end is blank. */
static const char *field(const trf_line *line, size_t first, size_t last,
                         size_t *len)
{
    size_t a = first - 1 < line->chars ? line->starts[first - 1] : line->len;
    size_t b = last < line->chars ? line->starts[last] : line->len;
    while (a < b && line->text[a] == ' ')
        a++;
    while (b > a && line->text[b - 1] == ' ')
        b--;
    *len = b - a;
    return line->text + a;
}

/* A copy of bytes with control characters and bytes that are not UTF-8
 * replaced, so that every writer can use it as text. */
static char *text_copy(const char *text, size_t len)
{
    char *copy = malloc(len + 1);
    if (!copy)
        return NULL;
    const unsigned char *s = (const unsigned char *)text;
    for (size_t i = 0; i < len;) {
        int n = s[i] < 0x80 ? 1 : rgn_utf8_length(s + i, len - i);
        if (n <= 0 || s[i] < 0x20 || s[i] == 0x7F) {
            copy[i++] = '?';
            continue;
        }
        memcpy(copy + i, text + i, (size_t)n);
        i += (size_t)n;
    }
    copy[len] = '\0';
    return copy;
}

/* Replaces *slot by the trimmed columns first..last: 0, or -1. */
static int set_text(trf_reader *reader, char **slot, size_t first, size_t last)
{
    size_t len;
    const char *text = field(&reader->line, first, last, &len);
    char *copy = text_copy(text, len);
    if (!copy)
        return out_of_memory(reader);
    free(*slot);
    *slot = copy;
    return 0;
}

/* A number in columns first..last: its value, 0 when blank, or -1
 * when it is not a number of digits. */
static long number_field(const trf_line *line, size_t first, size_t last)
{
    size_t len;
    const char *text = field(line, first, last, &len);
    long value = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9' || value > 100000000)
            return -1;
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

/* A date of a header record, YYYY/MM/DD (also with '.' or '-', or as
 * DD/MM/YYYY), as "YYYY.MM.DD"; "" when it is none of these. */
static int set_date(trf_reader *reader, char **slot)
{
    size_t len;
    const char *d = field(&reader->line, 5, reader->line.chars, &len);
    char date[11] = "";
    bool digits = len == 10;
    for (size_t i = 0; digits && i < 10; i++)
        digits = (d[i] >= '0' && d[i] <= '9') || strchr("/.-", d[i]);
    if (digits && strchr("/.-", d[4]) && strchr("/.-", d[7]))
        snprintf(date, sizeof date, "%.4s.%.2s.%.2s", d, d + 5, d + 8);
    else if (digits && strchr("/.-", d[2]) && strchr("/.-", d[5]))
        snprintf(date, sizeof date, "%.4s.%.2s.%.2s", d + 6, d + 3, d);
    if (*date && !full_date(date))
        *date = '\0';
    char *copy = strdup(date);
    if (!copy)
        return out_of_memory(reader);
    free(*slot);
    *slot = copy;
    return 0;
}

static void set_system(tournament *t, const trf_line *line)
{
    size_t len;
    const char *text = field(line, 5, line->chars, &len);
    char type[64];
    snprintf(type, sizeof type, "%.*s", (int)(len < 63 ? len : 63), text);
    for (char *c = type; *c; c++)
        if (*c >= 'A' && *c <= 'Z')
            *c = (char)(*c - 'A' + 'a');
    if (strstr(type, "double") && strstr(type, "robin"))
        t->system = T_SYSTEM_DOUBLE_ROUND_ROBIN;
    else if (strstr(type, "robin"))
        t->system = T_SYSTEM_ROUND_ROBIN;
    else if (strstr(type, "swiss"))
        t->system = T_SYSTEM_SWISS;
    else if (strstr(type, "match"))
        t->system = T_SYSTEM_MATCH;
}

/* One round of a 001 line, at column c: 0, or -1. */
static int read_round(trf_reader *reader, int player, int r, t_round *round)
{
    const trf_line *line = &reader->line;
    size_t c = TRF_FIRST_ROUND + (size_t)r * TRF_ROUND_WIDTH;
    long opponent = number_field(line, c, c + 3);
    if (opponent < 0)
        return bad(reader, c, "the opponent's start rank is not a number");
    size_t len;
    const char *colour_text = field(line, c + 5, c + 5, &len);
    char colour = len ? colour_text[0] : '-';
    if (colour == 'W' || colour == 'B')
        colour = (char)(colour - 'A' + 'a');
    if (colour != 'w' && colour != 'b' && colour != '-')
        return bad(reader, c + 5, "the colour is not w, b or -");
    const char *result_text = field(line, c + 7, c + 7, &len);
    char result = len ? result_text[0] : ' ';
    if (result >= 'a' && result <= 'z')
        result = (char)(result - 'a' + 'A');
    *round = (t_round){.kind = ROUND_PLAYED,
                       .opponent = -1,
                       .colour = colour == '-' ? 0 : colour,
                       .record = SIZE_MAX};
    bool game = false;
    switch (result) {
    case '1':
    case 'W':
        round->points = 2;
        game = true;
        break;
    case '=':
    case 'D':
        round->points = 1;
        game = true;
        break;
    case '0':
    case 'L': game = true; break;
    case '+':
        round->kind = ROUND_FORFEIT_WIN;
        round->points = 2;
        break;
    case '-': round->kind = ROUND_FORFEIT_LOSS; break;
    case 'U':
    case 'F':
        round->kind = ROUND_BYE_FULL;
        round->points = 2;
        break;
    case 'H':
        round->kind = ROUND_BYE_HALF;
        round->points = 1;
        break;
    case 'Z': round->kind = ROUND_BYE_ZERO; break;
    case ' ':
        /* a pairing without its result yet, or a known absence */
        if (opponent == 0)
            round->kind = ROUND_NONE;
        else {
            round->points = -1;
            game = true;
        }
        break;
    default:
        return bad(reader, c + 7,
                   "the result is not one of 1 = 0 W D L + - U F H Z");
    }
    if (game && opponent == 0)
        return bad(reader, c, "a game without an opponent (0000)");
    if (game && !round->colour)
        return bad(reader, c + 5, "a game without its colour (w or b)");
    bool paired = game || round->kind == ROUND_FORFEIT_WIN ||
                  round->kind == ROUND_FORFEIT_LOSS;
    if (!paired)
        round->colour = 0; /* a bye's or an absence's: none */
    if (!paired || opponent == 0)
        return 0; /* a bye's opponent, if any, means nothing */
    if (reader->ref_count == reader->ref_capacity) {
        size_t capacity = reader->ref_capacity ? 2 * reader->ref_capacity : 64;
        trf_reference *grown = realloc(reader->refs, capacity * sizeof *grown);
        if (!grown)
            return out_of_memory(reader);
        reader->refs = grown;
        reader->ref_capacity = capacity;
    }
    reader->refs[reader->ref_count++] =
        (trf_reference){player, r, (int)opponent, line->number, c};
    return 0;
}

/* Whether the round at column c of the line is all blank. */
static bool blank_round(const trf_line *line, size_t c)
{
    size_t len;
    field(line, c, c + TRF_ROUND_WIDTH - 1, &len);
    return len == 0;
}

/* A 001 record: a new player with its rounds. */
static int read_player(trf_reader *reader)
{
    trf_line *line = &reader->line;
    tournament *t = reader->t;
    if (line->chars < 89)
        return bad(reader, line->chars + 1,
                   "the player's line ends before its rank (columns 86-89)");
    long start_rank = number_field(line, 5, 8);
    if (start_rank <= 0)
        return bad(reader, 5,
                   "the start rank (columns 5-8) is not a number from 1");
    if (reader->by_start_rank[start_rank])
        return bad(reader, 5, "a second player with this start rank");
    long rating = number_field(line, 49, 52);
    if (rating < 0)
        return bad(reader, 49, "the rating (columns 49-52) is not a number");
    if (number_field(line, 58, 68) < 0)
        return bad(reader, 58, "the FIDE id (columns 58-68) is not a number");
    size_t len;
    const char *points = field(line, 81, 84, &len);
    size_t digits = 0;
    while (digits < len && points[digits] >= '0' && points[digits] <= '9')
        digits++;
    if (len && (digits == 0 ||
                (digits < len &&
                 (points[digits] != '.' || digits + 2 != len ||
                  points[digits + 1] < '0' || points[digits + 1] > '9'))))
        return bad(reader, 81, "the points (columns 81-84) are not a number");
    long rank = number_field(line, 86, 89);
    if (rank < 0)
        return bad(reader, 86, "the rank (columns 86-89) is not a number");
    field(line, 15, 47, &len);
    if (len == 0)
        return bad(reader, 15, "the player has no name (columns 15-47)");

    /* the rounds on the line: up to its last that is not blank */
    int rounds = 0;
    for (size_t c = TRF_FIRST_ROUND; c <= line->chars; c += TRF_ROUND_WIDTH)
        if (!blank_round(line, c))
            rounds = (int)((c - TRF_FIRST_ROUND) / TRF_ROUND_WIDTH) + 1;

    t_player *grown =
        realloc(t->players, (t->player_count + 1) * sizeof *grown);
    if (!grown)
        return out_of_memory(reader);
    t->players = grown;
    int *grown_rounds = realloc(reader->line_rounds,
                                (t->player_count + 1) * sizeof *grown_rounds);
    if (!grown_rounds)
        return out_of_memory(reader);
    reader->line_rounds = grown_rounds;
    int index = (int)t->player_count;
    t_player *p = &t->players[index];
    *p = (t_player){.rating = (int)rating,
                    .start_rank = (int)start_rank,
                    .rank = (int)rank,
                    .line = (unsigned)line->number};
    p->rounds = calloc((size_t)rounds + 1, sizeof *p->rounds);
    if (!p->rounds)
        return out_of_memory(reader);
    t->player_count++; /* owned by t from here, even half filled */
    reader->line_rounds[index] = rounds;
    reader->by_start_rank[start_rank] = index + 1;
    if (set_text(reader, &p->name, 15, 47) < 0 ||
        set_text(reader, &p->title, 11, 13) < 0 ||
        set_text(reader, &p->federation, 54, 56) < 0 ||
        set_text(reader, &p->fide_id, 58, 68) < 0)
        return -1;
    for (int r = 0; r < rounds; r++)
        if (read_round(reader, index, r, &p->rounds[r]) < 0)
            return -1;
    return 0;
}

/* 142 or XXR: the number of rounds. */
static int read_rounds(trf_reader *reader)
{
    long rounds = number_field(&reader->line, 5, reader->line.chars);
    if (rounds < 0 || rounds > TRF_MAX_ROUNDS)
        return bad(reader, 5, "the number of rounds is not a number to 999");
    reader->announced_rounds = (int)rounds;
    return 0;
}

/* 202: the tie-breaks, when rgn knows every code of the list (else the
 * system's own are used): separated by commas or blanks, modifiers after
 * a '/' or a '-' (BH/C1, BH-C1), and the rules a code may state
 * (BH/V2026). */
static void read_tiebreaks(tournament *t, const trf_line *line)
{
    char list[256];
    size_t len = 0;
    for (size_t i = 4; i < line->len && len + 1 < sizeof list; i++) {
        char c = line->text[i] == ' ' ? ',' : line->text[i];
        if (c != ',' || (len && list[len - 1] != ','))
            list[len++] = c;
    }
    if (len >= sizeof list - 1)
        return;
    while (len && list[len - 1] == ',')
        len--;
    list[len] = '\0';
    t_tiebreak read[T_MAX_TIEBREAKS];
    int count = 0;
    rgn_error ignored;
    if (tiebreaks_parse(list, read, &count, &ignored) == 0) {
        memcpy(t->tiebreaks, read, sizeof read);
        t->tiebreak_count = count;
    }
}

static int read_line(trf_reader *reader)
{
    const trf_line *line = &reader->line;
    tournament *t = reader->t;
    if (line->len < 3)
        return 0; /* a blank line */
    char code[4];
    memcpy(code, line->text, 3);
    code[3] = '\0';
    if (strcmp(code, "001") == 0)
        return read_player(reader);
    if (strcmp(code, "012") == 0)
        return set_text(reader, &t->event, 5, line->chars);
    if (strcmp(code, "022") == 0)
        return set_text(reader, &t->site, 5, line->chars);
    if (strcmp(code, "042") == 0)
        return set_date(reader, &t->start_date);
    if (strcmp(code, "052") == 0)
        return set_date(reader, &t->end_date);
    if (strcmp(code, "092") == 0)
        set_system(t, line);
    else if (strcmp(code, "122") == 0)
        return set_text(reader, &t->time_control, 5, line->chars);
    else if (strcmp(code, "132") == 0) {
        free(reader->dates_copy); /* the last one counts */
        reader->dates_copy = malloc(line->len + 1);
        if (!reader->dates_copy)
            return out_of_memory(reader);
        memcpy(reader->dates_copy, line->text, line->len);
        reader->dates = (trf_line){.text = reader->dates_copy,
                                   .len = line->len,
                                   .number = line->number};
    } else if (strcmp(code, "142") == 0 || strcmp(code, "XXR") == 0)
        return read_rounds(reader);
    else if (strcmp(code, "202") == 0)
        read_tiebreaks(t, line);
    /* every other record (comments ###, 102, NRS, teams, ...) is not
     * needed */
    return 0;
}

/* Resolves the opponents' start ranks to players. */
static int resolve(trf_reader *reader)
{
    for (size_t i = 0; i < reader->ref_count; i++) {
        const trf_reference *ref = &reader->refs[i];
        int opponent = ref->start_rank <= TRF_MAX_PLAYERS
                           ? reader->by_start_rank[ref->start_rank] - 1
                           : -1;
        reader->line.number = ref->line;
        if (opponent < 0)
            return bad(reader, ref->column,
                       "the opponent's start rank is no player's");
        if (opponent == ref->player)
            return bad(reader, ref->column, "the player is his own opponent");
        reader->t->players[ref->player].rounds[ref->round].opponent = opponent;
    }
    return 0;
}

/* Every player gets t->rounds rounds, and the tournament its round
 * dates (from 132, YY/MM/DD in each round's columns). */
static int finish(trf_reader *reader)
{
    tournament *t = reader->t;
    t->rounds = reader->announced_rounds > 0 ? reader->announced_rounds : 0;
    t->planned_rounds = t->rounds;
    for (size_t i = 0; i < t->player_count; i++)
        if (reader->line_rounds[i] > t->rounds)
            t->rounds = reader->line_rounds[i];
    for (size_t i = 0; i < t->player_count; i++) {
        t_player *p = &t->players[i];
        t_round *grown =
            realloc(p->rounds, ((size_t)t->rounds + 1) * sizeof *grown);
        if (!grown)
            return out_of_memory(reader);
        p->rounds = grown;
        for (int r = reader->line_rounds[i]; r < t->rounds; r++)
            p->rounds[r] = T_NO_ROUND;
    }
    t->round_dates = calloc((size_t)t->rounds + 1, sizeof *t->round_dates);
    if (!t->round_dates)
        return out_of_memory(reader);
    reader->line.text = reader->dates.text;
    reader->line.len = reader->dates.len;
    reader->line.number = reader->dates.number;
    if (line_index(reader) < 0)
        return -1;
    for (int r = 0; r < t->rounds; r++) {
        size_t len;
        size_t c = TRF_FIRST_ROUND + (size_t)r * TRF_ROUND_WIDTH;
        const char *d = field(&reader->line, c, c + 7, &len);
        char date[16] = "";
        if (len == 8 && d[2] == '/' && d[5] == '/')
            snprintf(date, sizeof date, "20%.2s.%.2s.%.2s", d, d + 3, d + 6);
        t->round_dates[r] = strdup(full_date(date) ? date : "");
        if (!t->round_dates[r])
            return out_of_memory(reader);
    }
    return 0;
}

/* The length of the line text begins, up to its CR or LF. */
static size_t line_length(const char *text, size_t len)
{
    size_t n = 0;
    while (n < len && text[n] != '\n' && text[n] != '\r')
        n++;
    return n;
}

int trf_read(const char *text, size_t len, const char *file, tournament *t,
             rgn_error *error)
{
    trf_reader reader = {.file = file,
                         .t = t,
                         .error = error,
                         .announced_rounds = -1,
                         .dates = {.text = "", .len = 0}};
    error->column = 0;
    t->trf_file = strdup(file);
    reader.by_start_rank =
        calloc(TRF_MAX_PLAYERS + 1, sizeof *reader.by_start_rank);
    int status =
        reader.by_start_rank && t->trf_file ? 0 : out_of_memory(&reader);
    size_t at = 0;
    while (status == 0 && at < len) {
        size_t line_len = line_length(text + at, len - at);
        reader.line.text = text + at;
        reader.line.len = line_len;
        reader.line.number++;
        at += line_len;
        /* TRF16 ends lines with CR; others write LF or CRLF */
        if (at < len && text[at] == '\r')
            at++;
        if (at < len && text[at] == '\n')
            at++;
        status = line_index(&reader);
        if (status == 0)
            status = read_line(&reader);
    }
    if (status == 0 && t->player_count == 0) {
        /* a file of other records only, or one read as one line: never an
         * empty tournament */
        reader.line.number = 1;
        status = bad(&reader, 1, "no player record (001): no tournament");
    }
    if (status == 0)
        status = resolve(&reader);
    if (status == 0)
        status = finish(&reader);
    free(reader.line.starts);
    free(reader.by_start_rank);
    free(reader.line_rounds);
    free(reader.refs);
    free(reader.dates_copy);
    return status;
}

/* ------------------------------------------------------------------ */
/* Comparing the pairings with the games                                */

/* Whether a name of the TRF is the name of a game: the same, or the
 * game's cut where a 001 line cuts it (33 characters, blanks trimmed). */
static bool same_name(const char *reported, const char *played)
{
    if (strcmp(reported, played) == 0)
        return true;
    const unsigned char *s = (const unsigned char *)played;
    size_t len = strlen(played), end = 0;
    for (int chars = 0; end < len && chars < 33; chars++) {
        int n = s[end] < 0x80 ? 1 : rgn_utf8_length(s + end, len - end);
        end += n > 0 ? (size_t)n : 1;
    }
    while (end > 0 && played[end - 1] == ' ')
        end--;
    return end < len && strlen(reported) == end &&
           memcmp(reported, played, end) == 0;
}

/* The player of the TRF named name in a game, or -1. */
static int reported_player(const tournament *reported, const char *name)
{
    for (size_t i = 0; i < reported->player_count; i++)
        if (same_name(reported->players[i].name, name))
            return (int)i;
    return -1;
}

/* Whether the TRF pairs the players named a and b in round (1-based;
 * 0: in any round). */
static bool paired(const tournament *reported, const char *a, const char *b,
                   int round)
{
    int i = reported_player(reported, a), j = reported_player(reported, b);
    if (i < 0 || j < 0)
        return false;
    for (int r = round ? round - 1 : 0;
         r < (round ? round : reported->rounds) && r < reported->rounds; r++)
        if (reported->players[i].rounds[r].opponent == j)
            return true;
    return false;
}

/* Whether the TRF gives the player named a no opponent in round. */
static bool unpaired(const tournament *reported, const char *a, int round)
{
    int i = reported_player(reported, a);
    return i >= 0 && round >= 1 && round <= reported->rounds &&
           reported->players[i].rounds[round - 1].opponent < 0;
}

/* Whether some game of played has the players the TRF names a and b in
 * round (or has no round). */
static bool has_game(const tournament *played, const char *a, const char *b,
                     int round)
{
    for (size_t i = 0; i < played->record_count; i++) {
        const t_record *g = played->records[i];
        if ((g->round == round || g->round == 0) &&
            ((same_name(a, g->white) && same_name(b, g->black)) ||
             (same_name(b, g->white) && same_name(a, g->black))))
            return true;
    }
    return false;
}

/* A finding that game i of played has no pairing in the TRF: -1 when
 * memory runs out. */
static int game_without_pairing(tournament *played, size_t i)
{
    const t_record *g = played->records[i];
    char round[32] = "in any round";
    if (g->round)
        snprintf(round, sizeof round, "in round %d", g->round);
    if (g->white_bye || g->black_bye)
        return tournament_finding(played, RGN_T_GAME_WITHOUT_PAIRING, i,
                                  "the TRF has no bye for %s %s",
                                  g->white_bye ? g->black : g->white, round);
    return tournament_finding(played, RGN_T_GAME_WITHOUT_PAIRING, i,
                              "the TRF does not pair %s and %s %s", g->white,
                              g->black, round);
}

int trf_compare(const tournament *reported, tournament *played)
{
    for (size_t i = 0; i < played->record_count; i++) {
        const t_record *g = played->records[i];
        bool known;
        if (g->white_bye && g->black_bye)
            known = true; /* no player: nothing to pair */
        else if (g->white_bye || g->black_bye)
            known = unpaired(reported, g->white_bye ? g->black : g->white,
                             g->round);
        else
            known = paired(reported, g->white, g->black, g->round);
        if (!known && game_without_pairing(played, i) < 0)
            return -1;
    }
    for (size_t i = 0; i < reported->player_count; i++) {
        const t_player *p = &reported->players[i];
        for (int r = 0; r < reported->rounds; r++) {
            int j = p->rounds[r].opponent;
            /* each pairing once: from the player of the lower index */
            if (j <= (int)i)
                continue;
            const char *a = p->name, *b = reported->players[j].name;
            if (!has_game(played, a, b, r + 1) &&
                tournament_finding(
                    played, RGN_T_PAIRING_WITHOUT_GAME, SIZE_MAX,
                    "round %d of the TRF pairs %s and %s, and no game has them",
                    r + 1, p->rounds[r].colour == 'b' ? b : a,
                    p->rounds[r].colour == 'b' ? a : b) < 0)
                return -1;
        }
    }
    return 0;
}
