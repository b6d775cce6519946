/*
 * rank.c - scores, tie-breaks and ranks, by FIDE's Tie-Break
 * Regulations (handbook C.07, as in force from August 2024 or as
 * amended from 1 March 2026; rgn(1), "tournament", says how each is
 * counted and which rules a tournament is computed under).
 *
 * Points are halves (a win 2). A player's round is "played" when a game
 * was played over the board with a result; every other round is
 * unplayed, and an unplayed round that did not bring a win (a forfeit
 * loss, a half- or zero-point bye, an absence) is a voluntarily
 * unplayed round (VUR), the first a cut leaves out.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "tournament/tournament.h"

/* ------------------------------------------------------------------ */
/* The codes                                                          */

static const struct {
    const char *code;
    enum t_tiebreak_kind kind;
    bool modifiers; /* takes Cut-n and Median-n */
} codes[] = {
    {"BH", TB_BH, true},    {"SB", TB_SB, true},    {"WIN", TB_WIN, false},
    {"WON", TB_WON, false}, {"BPG", TB_BPG, false}, {"BWG", TB_BWG, false},
    {"GE", TB_GE, false},   {"DE", TB_DE, false},   {"ARO", TB_ARO, true},
    {"TPR", TB_TPR, false}, {"KS", TB_KS, false},   {"PS", TB_PS, false},
};
#define CODE_COUNT (sizeof codes / sizeof codes[0])

static const char known_codes[] =
    "BH, BH-C1, BH-C2, BH-M1, BH-M2, SB (and SB-C1 ...), WIN, WON, BPG, BWG, "
    "GE, DE, ARO, ARO-C1, TPR, KS, PS";

/* A modifier of a code: Cut-n or Median-n (C1 .. M9), or the rules the
 * code is computed under (V2024, V2026, or TieBreakServer's V1, V2).
 * 0, or -1 when it is none of these or the code takes no such one. */
static int modifier(const char *text, bool cuts, t_tiebreak *tb)
{
    if (text[0] == 'V') {
        static const struct {
            const char *name;
            enum t_rules rules;
        } versions[] = {{"1", T_RULES_2024},
                        {"2", T_RULES_2026},
                        {"2024", T_RULES_2024},
                        {"2026", T_RULES_2026}};
        for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++)
            if (strcmp(text + 1, versions[i].name) == 0 && !tb->rules) {
                tb->rules = versions[i].rules;
                return 0;
            }
        return -1;
    }
    int n = text[1] >= '1' && text[1] <= '9' && !text[2] ? text[1] - '0' : 0;
    if (!cuts || n == 0 || tb->cut_low)
        return -1;
    if (text[0] == 'C')
        tb->cut_low = n;
    else if (text[0] == 'M')
        tb->cut_low = tb->cut_high = n;
    else
        return -1;
    return 0;
}

_Static_assert((int)TB_BH == (int)RGN_TIEBREAK_BH &&
                   (int)TB_PS == (int)RGN_TIEBREAK_PS &&
                   CODE_COUNT == RGN_TIEBREAK_COUNT &&
                   T_MAX_TIEBREAKS == RGN_MAX_TIEBREAKS &&
                   (int)T_RULES_2024 == (int)RGN_RULES_2024 &&
                   (int)T_RULES_2026 == (int)RGN_RULES_2026,
               "the public tie-breaks are the tournaments' own");

/* The code's entry in codes (listed in the order of their kinds). */
static int code_index(enum t_tiebreak_kind kind)
{
    for (size_t i = 0; i < CODE_COUNT; i++)
        if (codes[i].kind == kind)
            return (int)i;
    return -1;
}

/* tb->code from its kind and cuts: "BH-C1", "SB-M2", "DE". */
static void name_code(t_tiebreak *tb)
{
    const char *name = codes[code_index(tb->kind)].code;
    if (tb->cut_low)
        snprintf(tb->code, sizeof tb->code, "%s-%c%d", name,
                 tb->cut_high ? 'M' : 'C', tb->cut_low);
    else
        snprintf(tb->code, sizeof tb->code, "%s", name);
}

const char *rgn_tiebreak_name(enum rgn_tiebreak_code code)
{
    int i = code_index((enum t_tiebreak_kind)code);
    return i < 0 ? NULL : codes[i].code;
}

bool rgn_tiebreak_cuts(enum rgn_tiebreak_code code)
{
    int i = code_index((enum t_tiebreak_kind)code);
    return i >= 0 && codes[i].modifiers;
}

int tiebreak_rules_clash(rgn_error *error, const char *code, enum t_rules rules,
                         enum t_rules earlier)
{
    snprintf(error->message, sizeof error->message,
             "'%s' states the tie-break rules of %d, an earlier code "
             "those of %d: a tournament is computed under one",
             code, (int)rules, (int)earlier);
    return -1;
}

int tiebreak_from(const rgn_tiebreak *in, t_tiebreak *out, rgn_error *error)
{
    const char *name = rgn_tiebreak_name(in->code);
    bool cut = in->cut_low != 0 || in->cut_high != 0;
    const char *wrong =
        !name ? "no tie-break code"
        : cut && !rgn_tiebreak_cuts(in->code)
            ? "a code that takes no Cut-n or Median-n with one"
        : cut && (in->cut_low < 1 || in->cut_low > 9 ||
                  (in->cut_high != 0 && in->cut_high != in->cut_low))
            ? "a cut other than Cut-n or Median-n, n from 1 to 9"
        : in->rules != RGN_RULES_UNSTATED && in->rules != RGN_RULES_2024 &&
                in->rules != RGN_RULES_2026
            ? "rules other than 2024 or 2026"
            : NULL;
    if (wrong) {
        error->column = 0;
        snprintf(error->message, sizeof error->message, "tie-break %d (%s): %s",
                 (int)in->code, name ? name : "?", wrong);
        return -1;
    }
    *out = (t_tiebreak){.kind = (enum t_tiebreak_kind)in->code,
                        .cut_low = in->cut_low,
                        .cut_high = in->cut_high,
                        .rules = (enum t_rules)in->rules};
    name_code(out);
    return 0;
}

/* One code of a list (upper case, blanks removed): 0, or -1 with the
 * reason in error. */
static int parse_code(const char *word, t_tiebreak *tb, rgn_error *error)
{
    *tb = (t_tiebreak){0};
    size_t cut = strcspn(word, "-/#");
    int found = -1;
    for (size_t i = 0; i < CODE_COUNT; i++)
        if (strlen(codes[i].code) == cut &&
            memcmp(word, codes[i].code, cut) == 0)
            found = (int)i;
    bool bad = found < 0, rules = false;
    /* the modifiers, each after a '-', '/' or '#' */
    for (const char *m = word + cut; !bad && *m;) {
        char text[8];
        size_t len = strcspn(m + 1, "-/#");
        bad = len == 0 || len >= sizeof text;
        rules = m[1] == 'V';
        if (!bad) {
            memcpy(text, m + 1, len);
            text[len] = 0;
            bad = modifier(text, codes[found].modifiers, tb) < 0;
        }
        m += 1 + len;
    }
    if (bad && rules)
        snprintf(error->message, sizeof error->message,
                 "unknown tie-break rules in '%s' (rgn knows /V2024 and "
                 "/V2026: FIDE's rules of 2024 and of 2026, once a code)",
                 word);
    else if (bad)
        snprintf(error->message, sizeof error->message,
                 "unknown tie-break code '%s' (known: %s)", word, known_codes);
    if (bad)
        return -1;
    tb->kind = codes[found].kind;
    name_code(tb);
    return 0;
}

int tiebreaks_parse(const char *list, t_tiebreak *out, int *count,
                    rgn_error *error)
{
    *count = 0;
    const char *p = list;
    enum t_rules rules = T_RULES_UNSTATED;
    for (;;) {
        while (*p == ' ')
            p++;
        const char *start = p;
        char word[24];
        size_t len = 0;
        while (*p && *p != ',') {
            if (*p != ' ' && len + 1 < sizeof word)
                word[len++] = (char)toupper((unsigned char)*p);
            else if (*p != ' ')
                len = sizeof word; /* too long for any code */
            p++;
        }
        if (len >= sizeof word)
            len = sizeof word - 1;
        word[len] = 0;
        error->column = (int)(start - list) + 1;
        t_tiebreak tb;
        if (parse_code(word, &tb, error) < 0)
            return -1;
        if (tb.rules && rules && tb.rules != rules)
            return tiebreak_rules_clash(error, word, tb.rules, rules);
        if (tb.rules)
            rules = tb.rules;
        if (*count == T_MAX_TIEBREAKS) {
            snprintf(error->message, sizeof error->message,
                     "more than %d tie-breaks", T_MAX_TIEBREAKS);
            return -1;
        }
        out[(*count)++] = tb;
        if (!*p)
            break;
        p++;
    }
    error->column = 0;
    return 0;
}

int rgn_tiebreaks_parse(const char *list, rgn_tiebreak *out, rgn_error *error)
{
    t_tiebreak read[T_MAX_TIEBREAKS];
    int count;
    rgn_error ignored;
    if (tiebreaks_parse(list, read, &count, error ? error : &ignored) < 0)
        return -1;
    for (int i = 0; i < count; i++)
        out[i] =
            (rgn_tiebreak){.code = (enum rgn_tiebreak_code)read[i].kind,
                           .cut_low = read[i].cut_low,
                           .cut_high = read[i].cut_high,
                           .rules = (enum rgn_tiebreak_rules)read[i].rules};
    return count;
}

enum t_rules tiebreaks_rules(const t_tiebreak *list, int count)
{
    for (int i = 0; i < count; i++)
        if (list[i].rules)
            return list[i].rules;
    return T_RULES_UNSTATED;
}

/* FIDE's amended regulations apply from this date on. */
#define T_RULES_2026_FROM "2026.03.01"

enum t_rules tiebreak_rules_on(const char *date)
{
    /* "YYYY.MM.DD" (or with '/' or '-'), an unknown month or day taken
     * as late as it can be */
    char known[11];
    if (strlen(date) != 10 || !strchr("./-", date[4]) ||
        !strchr("./-", date[7]))
        return T_RULES_UNSTATED;
    for (int i = 0; i < 10; i++) {
        bool digit = date[i] >= '0' && date[i] <= '9';
        if (i == 4 || i == 7)
            known[i] = '.';
        else if (digit || (i > 4 && date[i] == '?'))
            known[i] = digit ? date[i] : '9';
        else
            return T_RULES_UNSTATED;
    }
    known[10] = 0;
    return strcmp(known, T_RULES_2026_FROM) >= 0 ? T_RULES_2026 : T_RULES_2024;
}

/* The rules in force on the later of a date and what *rules says. */
static void later(enum t_rules *rules, const char *date)
{
    enum t_rules on = date ? tiebreak_rules_on(date) : T_RULES_UNSTATED;
    if (on > *rules) /* the rules only change forwards in time */
        *rules = on;
}

enum t_rules tournament_rules_in_force(const tournament *t)
{
    enum t_rules rules = T_RULES_UNSTATED;
    later(&rules, t->end_date);
    for (int r = 0; t->round_dates && r < t->rounds; r++)
        later(&rules, t->round_dates[r]);
    for (size_t i = 0; i < t->record_count; i++)
        later(&rules, t->records[i]->date);
    return rules ? rules : T_RULES_2026;
}

enum t_rules tournament_rules(const tournament *t)
{
    enum t_rules rules = t->rules;
    if (!rules)
        rules = tiebreaks_rules(t->tiebreaks, t->tiebreak_count);
    return rules ? rules : tournament_rules_in_force(t);
}

void tiebreaks_default(enum t_system system, t_tiebreak *out, int *count)
{
    rgn_error ignored;
    const char *list = system == T_SYSTEM_SWISS   ? "BH-C1,BH,SB,DE"
                       : system == T_SYSTEM_MATCH ? ""
                                                  : "DE,WIN,SB,KS";
    *count = 0;
    if (*list)
        tiebreaks_parse(list, out, count, &ignored);
}

/* ------------------------------------------------------------------ */
/* A player's rounds                                                  */

static int points_of(const t_round *x) { return x->points > 0 ? x->points : 0; }

static bool played(const t_round *x)
{
    return x->kind == ROUND_PLAYED && x->points >= 0 && x->opponent >= 0;
}

static bool voluntarily_unplayed(const t_round *x)
{
    return !played(x) && x->points != 2;
}

static bool is_round_robin(const tournament *t)
{
    return t->system != T_SYSTEM_SWISS;
}

/* Whether a round counts as a game against its opponent for BH, SB and
 * DE: a game played, or in a round robin a forfeit too (the scheduled
 * opponent is met in any case, as FIDE's reference program reads the
 * regulations). */
static bool meets(const tournament *t, const t_round *x)
{
    return played(x) ||
           (is_round_robin(t) && x->opponent >= 0 &&
            (x->kind == ROUND_FORFEIT_WIN || x->kind == ROUND_FORFEIT_LOSS));
}

/* What the tie-breaks share: each player's score and adjusted score. */
typedef struct ranking {
    tournament *t;
    int *score;    /* halves */
    int *adjusted; /* for an opponent's Buchholz: unplayed rounds after the
                      last one played (or won) count as draws (Swiss) */
    double (*keys)[T_MAX_TIEBREAKS]; /* what ranks: higher is better */
    int *order;                      /* players, best first */
} ranking;

static void scores(ranking *k)
{
    tournament *t = k->t;
    for (size_t p = 0; p < t->player_count; p++) {
        t_player *player = &t->players[p];
        int score = 0, games = 0, last = 0;
        for (int r = 0; r < t->rounds; r++) {
            score += points_of(&player->rounds[r]);
            games += played(&player->rounds[r]);
            if (!voluntarily_unplayed(&player->rounds[r]))
                last = r + 1;
        }
        int adjusted = 0;
        for (int r = 0; r < t->rounds; r++) {
            const t_round *x = &player->rounds[r];
            adjusted += r + 1 <= last || x->opponent >= 0 ? points_of(x)
                        : is_round_robin(t)               ? 0
                                                          : 1;
        }
        player->score = score;
        player->games = games;
        k->score[p] = score;
        k->adjusted[p] = adjusted;
    }
}

/* ------------------------------------------------------------------ */
/* Buchholz and Sonneborn-Berger, with cuts                           */

typedef struct contribution {
    int round;
    int value;    /* the opponent's score (halves) */
    int weighted; /* BH: value; SB: value times the points (quarters) */
    bool vur;
} contribution;

/* Removes entry i of list (count entries). */
static void drop(contribution *list, int *count, int i)
{
    memmove(&list[i], &list[i + 1], (size_t)(*count - i - 1) * sizeof *list);
    (*count)--;
}

/* The least significant entry: the lowest (value, weighted), the first
 * in round order; a voluntarily unplayed round's first unless a played
 * one weighs less. */
static int least(const contribution *list, int count)
{
    int lowest = 0, vur = -1;
    for (int i = 0; i < count; i++) {
        const contribution *c = &list[i], *l = &list[lowest];
        if (c->value < l->value ||
            (c->value == l->value && c->weighted < l->weighted))
            lowest = i;
        if (c->vur &&
            (vur < 0 || c->value < list[vur].value ||
             (c->value == list[vur].value && c->weighted < list[vur].weighted)))
            vur = i;
    }
    if (vur < 0 || list[lowest].weighted > list[vur].weighted)
        return lowest; /* (as FIDE's reference program cuts) */
    return vur;
}

static int most(const contribution *list, int count)
{
    int highest = 0;
    for (int i = 1; i < count; i++) {
        const contribution *c = &list[i], *h = &list[highest];
        if (c->value > h->value ||
            (c->value == h->value && c->weighted > h->weighted))
            highest = i;
    }
    return highest;
}

/* The score of the dummy opponent of a player's unplayed round in a
 * Swiss (Art. 16): the player's own score; under the 2026 rules no more
 * than the scheduled opponent's score (as for BH) when the round had one
 * (a forfeit), else no more than a draw a round (a bye, an absence). */
static int dummy_score(const ranking *k, int p, const t_round *x)
{
    int own = k->score[p];
    if (k->t->rules != T_RULES_2026)
        return own;
    int most = x->opponent >= 0 ? k->adjusted[x->opponent] : k->t->rounds;
    return own < most ? own : most;
}

static double buchholz(const ranking *k, int p, const t_tiebreak *tb,
                       contribution *list)
{
    const tournament *t = k->t;
    const t_player *player = &t->players[p];
    bool sb = tb->kind == TB_SB;
    int count = 0;
    for (int r = 0; r < t->rounds; r++) {
        const t_round *x = &player->rounds[r];
        int value;
        if (meets(t, x))
            value = k->adjusted[x->opponent];
        else if (!is_round_robin(t))
            value = dummy_score(k, p, x);
        else if (x->opponent >= 0)
            value = 0;
        else
            continue;
        list[count++] =
            (contribution){r + 1, value, sb ? value * points_of(x) : value,
                           !meets(t, x) && voluntarily_unplayed(x)};
    }
    int low = tb->cut_low < t->rounds ? tb->cut_low : t->rounds;
    int high = tb->cut_high;
    if (low + high > t->rounds)
        high = t->rounds - low;
    for (; low > 0 && count > 0; low--)
        drop(list, &count, least(list, count));
    for (; high > 0 && count > 0; high--)
        drop(list, &count, most(list, count));
    long sum = 0;
    for (int i = 0; i < count; i++)
        sum += list[i].weighted;
    return sb ? sum / 4.0 : sum / 2.0;
}

/* ------------------------------------------------------------------ */
/* Ratings                                                            */

/* FIDE's table of rating differences dp by the fraction of the points
 * scored, p = 0.00 .. 1.00 (rating regulations B.02). */
static const short dp_table[101] = {
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351,
    -336, -322, -309, -296, -284, -273, -262, -251, -240, -230, -220, -211,
    -202, -193, -184, -175, -166, -158, -149, -141, -133, -125, -117, -110,
    -102, -95,  -87,  -80,  -72,  -65,  -57,  -50,  -43,  -36,  -29,  -21,
    -14,  -7,   0,    7,    14,   21,   29,   36,   43,   50,   57,   65,
    72,   80,   87,   95,   102,  110,  117,  125,  133,  141,  149,  158,
    166,  175,  184,  193,  202,  211,  220,  230,  240,  251,  262,  273,
    284,  296,  309,  322,  336,  351,  366,  383,  401,  422,  444,  470,
    501,  538,  589,  677,  800};

static int by_rating(const void *a, const void *b)
{
    const contribution *x = a, *y = b;
    if (x->value != y->value)
        return x->value < y->value ? -1 : 1;
    return x->round - y->round;
}

/* ARO (rounded half up) or TPR, over the games played against rated
 * opponents; a cut leaves out the lowest (and highest) ratings only
 * when every game played was against a rated opponent. NAN, no value,
 * when no rated opponent is left: not 0, which would read as a rating. */
static double rating_based(const ranking *k, int p, const t_tiebreak *tb,
                           contribution *list)
{
    const tournament *t = k->t;
    const t_player *player = &t->players[p];
    int count = 0, games = 0;
    for (int r = 0; r < t->rounds; r++) {
        const t_round *x = &player->rounds[r];
        if (!played(x))
            continue;
        games++;
        int rating = t->players[x->opponent].rating;
        if (rating > 0)
            list[count++] = (contribution){r + 1, rating, points_of(x), false};
    }
    qsort(list, (size_t)count, sizeof *list, by_rating);
    int first = 0;
    for (int low = tb->cut_low; low > 0; low--, games--)
        if (games == count - first && first < count)
            first++;
    for (int high = tb->cut_high; high > 0; high--, games--)
        if (games == count - first && first < count)
            count--;
    int n = count - first;
    if (n <= 0)
        return NAN;
    long sum = 0, halves = 0;
    for (int i = first; i < count; i++) {
        sum += list[i].value;
        halves += list[i].weighted;
    }
    double aro = floor((double)sum / n + 0.5 + 1e-6);
    if (tb->kind == TB_ARO)
        return aro;
    long percent = lround(halves * 50.0 / n + 1e-6); /* 100 p */
    if (percent < 0)
        percent = 0;
    if (percent > 100)
        percent = 100;
    return aro + dp_table[percent];
}

/* ------------------------------------------------------------------ */
/* Direct encounter                                                   */

/* The points p scored against the players of group (count of them),
 * the average where they met more than once, and how many of them p met
 * over the board. */
static double encounter(const tournament *t, int p, const int *group, int count,
                        int *met)
{
    double points = 0;
    *met = 0;
    for (int i = 0; i < count; i++) {
        int q = group[i], games = 0, halves = 0;
        if (q == p)
            continue;
        for (int r = 0; r < t->rounds; r++) {
            const t_round *x = &t->players[p].rounds[r];
            if (meets(t, x) && x->opponent == q) {
                games++;
                halves += points_of(x);
            }
        }
        if (games) {
            (*met)++;
            points += halves / 2.0 / games;
        }
    }
    return points;
}

typedef struct de_entry {
    int player;
    double points, best; /* best: with every missing game won */
} de_entry;

static int by_encounter(const void *a, const void *b)
{
    const de_entry *x = a, *y = b;
    if (x->points != y->points)
        return x->points > y->points ? -1 : 1;
    if (x->best != y->best)
        return x->best > y->best ? -1 : 1;
    return x->player - y->player;
}

/* Orders the tied players of group by their direct encounters: *place
 * of each (0 the best) from base on; players it cannot separate share
 * a place, and a group split is ordered again among itself. */
static int direct_encounter(const tournament *t, int *group, int count,
                            int base, int *place)
{
    de_entry *entries = malloc((size_t)count * sizeof *entries);
    if (!entries)
        return -1;
    bool all_met = true;
    for (int i = 0; i < count; i++) {
        int met = 0;
        entries[i].player = group[i];
        entries[i].points = encounter(t, group[i], group, count, &met);
        entries[i].best = entries[i].points + (count - 1 - met);
        if (met < count - 1 && !is_round_robin(t))
            all_met = false;
    }
    qsort(entries, (size_t)count, sizeof *entries, by_encounter);
    /* where the group splits: at i when entries before i are all
     * separated from the rest */
    int splits = 0;
    int *start = malloc(((size_t)count + 1) * sizeof *start);
    if (!start) {
        free(entries);
        return -1;
    }
    start[0] = 0;
    int groups = 1;
    if (all_met) {
        for (int i = 1; i < count; i++)
            if (entries[i].points != entries[i - 1].points) {
                start[groups++] = i;
                splits++;
            }
    } else {
        /* a player is above the rest only when no result of the games
         * not played could bring one of them level */
        for (int i = 1; i < count; i++) {
            double best = 0;
            for (int j = i; j < count; j++)
                if (entries[j].best > best)
                    best = entries[j].best;
            if (entries[i - 1].points > best) {
                start[groups++] = i;
                splits++;
            } else {
                break;
            }
        }
    }
    start[groups] = count;
    int rc = 0;
    for (int g = 0; g < groups && rc == 0; g++) {
        int size = start[g + 1] - start[g];
        for (int i = start[g]; i < start[g + 1]; i++) {
            group[i] = entries[i].player;
            place[entries[i].player] = base + start[g];
        }
        if (splits && size > 1)
            rc = direct_encounter(t, group + start[g], size, base + start[g],
                                  place);
    }
    free(start);
    free(entries);
    return rc;
}

/* ------------------------------------------------------------------ */
/* Ranking                                                            */

/* What better compares by: the ranking and how many of its keys. */
typedef struct comparing {
    const ranking *k;
    int keys;
} comparing;

static int better(const void *context, const void *a, const void *b)
{
    int p = *(const int *)a, q = *(const int *)b;
    const comparing *c = context;
    const ranking *k = c->k;
    if (k->score[p] != k->score[q])
        return k->score[p] > k->score[q] ? -1 : 1;
    for (int i = 0; i < c->keys; i++)
        if (k->keys[p][i] != k->keys[q][i])
            return k->keys[p][i] > k->keys[q][i] ? -1 : 1;
    return k->t->players[p].start_rank - k->t->players[q].start_rank;
}

static bool tied(const ranking *k, int p, int q, int keys)
{
    if (k->score[p] != k->score[q])
        return false;
    for (int i = 0; i < keys; i++)
        if (k->keys[p][i] != k->keys[q][i])
            return false;
    return true;
}

static void sort_by(ranking *k, int keys)
{
    comparing c = {k, keys};
    rgn_sort(k->order, k->t->player_count, sizeof *k->order, better, &c);
}

/* Direct encounter's values: among each group of players tied before
 * it, the place the encounters give (1 first; the players they cannot
 * separate share one, and a player tied with nobody has 1). */
static int direct_encounters(ranking *k, int index, int *place,
                             contribution *unused)
{
    (void)unused;
    tournament *t = k->t;
    sort_by(k, index);
    size_t n = t->player_count;
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && tied(k, k->order[i], k->order[j], index))
            j++;
        int count = (int)(j - i);
        for (size_t m = i; m < j; m++)
            place[k->order[m]] = 0;
        if (count > 1) {
            int *group = malloc((size_t)count * sizeof *group);
            if (!group)
                return -1;
            memcpy(group, k->order + i, (size_t)count * sizeof *group);
            int rc = direct_encounter(t, group, count, 0, place);
            free(group);
            if (rc < 0)
                return -1;
        }
        for (size_t m = i; m < j; m++) {
            int p = k->order[m];
            k->keys[p][index] = -place[p];
            t->players[p].tiebreaks[index] = place[p] + 1;
        }
        i = j;
    }
    return 0;
}

static double simple_count(const tournament *t, const t_player *player,
                           enum t_tiebreak_kind kind)
{
    int count = 0;
    for (int r = 0; r < t->rounds; r++) {
        const t_round *x = &player->rounds[r];
        bool win = points_of(x) == 2, black = x->colour == 'b' && played(x);
        switch (kind) {
        case TB_WIN: count += win; break;
        case TB_WON: count += win && played(x); break;
        case TB_BPG: count += black; break;
        case TB_BWG: count += black && win; break;
        case TB_GE: count += played(x) || win; break;
        default: break;
        }
    }
    return count;
}

/* Koya: the points scored against the players with at least half the
 * points of the tournament. */
static double koya(const ranking *k, int p)
{
    const tournament *t = k->t;
    int halves = 0;
    for (int r = 0; r < t->rounds; r++) {
        const t_round *x = &t->players[p].rounds[r];
        if (x->opponent >= 0 && k->score[x->opponent] >= t->rounds)
            halves += points_of(x);
    }
    return halves / 2.0;
}

/* Progressive scores: the sum of the scores after each round. */
static double progressive(const tournament *t, const t_player *player)
{
    int running = 0, sum = 0;
    for (int r = 0; r < t->rounds; r++) {
        running += points_of(&player->rounds[r]);
        sum += running;
    }
    return sum / 2.0;
}

int tournament_rank(tournament *t)
{
    size_t n = t->player_count;
    ranking k = {
        t, malloc((n + 1) * sizeof(int)), malloc((n + 1) * sizeof(int)),
        malloc((n + 1) * sizeof *k.keys), malloc((n + 1) * sizeof(int))};
    int *place = malloc((n + 1) * sizeof *place);
    contribution *list = malloc(((size_t)t->rounds + 1) * sizeof *list);
    int rc = -1;
    if (!k.score || !k.adjusted || !k.keys || !k.order || !place || !list)
        goto done;
    t->rules = tournament_rules(t);
    scores(&k);
    for (size_t p = 0; p < n; p++)
        k.order[p] = (int)p;
    for (int i = 0; i < t->tiebreak_count; i++) {
        const t_tiebreak *tb = &t->tiebreaks[i];
        if (tb->kind == TB_DE) {
            if (direct_encounters(&k, i, place, list) < 0)
                goto done;
            continue;
        }
        for (size_t p = 0; p < n; p++) {
            t_player *player = &t->players[p];
            double value;
            switch (tb->kind) {
            case TB_BH:
            case TB_SB: value = buchholz(&k, (int)p, tb, list); break;
            case TB_ARO:
            case TB_TPR: value = rating_based(&k, (int)p, tb, list); break;
            case TB_KS: value = koya(&k, (int)p); break;
            case TB_PS: value = progressive(t, player); break;
            default: value = simple_count(t, player, tb->kind); break;
            }
            player->tiebreaks[i] = value;
            /* no value ranks below every value and level with another
             * player without one */
            k.keys[p][i] = isnan(value) ? -INFINITY : value;
        }
    }
    sort_by(&k, t->tiebreak_count);
    for (size_t i = 0; i < n; i++) {
        int p = k.order[i];
        t->players[p].rank = i && tied(&k, k.order[i - 1], p, t->tiebreak_count)
                                 ? t->players[k.order[i - 1]].rank
                                 : (int)i + 1;
    }
    /* the players in rank order, their rounds' opponents renumbered */
    t_player *ranked = malloc((n + 1) * sizeof *ranked);
    if (!ranked)
        goto done;
    for (size_t i = 0; i < n; i++) {
        ranked[i] = t->players[k.order[i]];
        place[k.order[i]] = (int)i;
    }
    for (size_t i = 0; i < n; i++)
        for (int r = 0; r < t->rounds; r++)
            if (ranked[i].rounds[r].opponent >= 0)
                ranked[i].rounds[r].opponent =
                    place[ranked[i].rounds[r].opponent];
    free(t->players);
    t->players = ranked;
    rc = 0;
done:
    free(k.score);
    free(k.adjusted);
    free(k.keys);
    free(k.order);
    free(place);
    free(list);
    return rc;
}
