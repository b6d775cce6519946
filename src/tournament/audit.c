/*
 * audit.c - the checks of a tournament's record set as a whole: rounds,
 * pairings, results, names and colours (rgn(1), "tournament", lists
 * them). The players' rounds are built (tournament.c), not yet ranked.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "tournament/tournament.h"

static int rounds_tags(tournament *t)
{
    for (size_t i = 0; i < t->record_count; i++) {
        const t_record *r = t->records[i];
        if (r->round_malformed &&
            tournament_finding(t, RGN_T_MALFORMED_ROUND, i,
                               "the Round tag '%s' is not a round (N) or a "
                               "round and board (N.M)",
                               r->round_text) < 0)
            return -1;
        if (!r->round_malformed && r->round == 0 &&
            tournament_finding(t, RGN_T_MISSING_ROUND, i,
                               "the game has no round (Round tag '%s')",
                               r->round_text) < 0)
            return -1;
    }
    return 0;
}

/* A round whose earliest game is dated before an earlier round's
 * earliest. */
static int round_dates(tournament *t)
{
    const char *latest = "";
    int latest_round = 0;
    if (!t->round_dates)
        return 0; /* a report read back has none */
    for (int r = 0; r < t->rounds; r++) {
        const char *date = t->round_dates[r];
        if (!*date)
            continue;
        if (*latest && strcmp(date, latest) < 0) {
            size_t at = SIZE_MAX;
            for (size_t i = 0; i < t->record_count && at == SIZE_MAX; i++)
                if (t->records[i]->placed_round == r + 1 &&
                    strcmp(t->records[i]->date, date) == 0)
                    at = i;
            if (tournament_finding(t, RGN_T_ROUND_DATE_ORDER, at,
                                   "round %d is dated %s, before round %d "
                                   "(%s)",
                                   r + 1, date, latest_round, latest) < 0)
                return -1;
        }
        if (strcmp(date, latest) > 0) {
            latest = date;
            latest_round = r + 1;
        }
    }
    return 0;
}

/* Results the validator found wrong (against the terminator or the
 * game's end), and unfinished games once the last round has a result. */
static int results(tournament *t)
{
    bool finished = false;
    for (size_t i = 0; i < t->record_count; i++) {
        const t_record *r = t->records[i];
        if (r->placed_round == t->rounds && r->white_points >= 0)
            finished = true;
    }
    for (size_t i = 0; i < t->record_count; i++) {
        const t_record *r = t->records[i];
        if (!r->valid && (r->error == RGN_E_RESULT_MISMATCH ||
                          r->error == RGN_E_WRONG_RESULT))
            if (tournament_finding(t, r->error, i, "%s",
                                   r->error_message ? r->error_message : "") <
                0)
                return -1;
        if (finished && r->white_points < 0 && !r->white_bye && !r->black_bye &&
            tournament_finding(t, RGN_T_UNFINISHED_GAME, i,
                               "the game is unfinished ('*') in a finished "
                               "tournament (round %d of %d)",
                               r->placed_round, t->rounds) < 0)
            return -1;
    }
    return 0;
}

/* In a round robin every two players meet once (twice in a double
 * one): a pairing met more often, and one never met. */
static int pairings(tournament *t)
{
    int due = t->system == T_SYSTEM_ROUND_ROBIN          ? 1
              : t->system == T_SYSTEM_DOUBLE_ROUND_ROBIN ? 2
                                                         : 0;
    if (!due)
        return 0;
    size_t n = t->player_count;
    int *met = calloc(n + 1, sizeof *met);
    if (!met)
        return -1;
    for (size_t p = 0; p < n; p++) {
        const t_player *player = &t->players[p];
        memset(met, 0, (n + 1) * sizeof *met);
        for (int r = 0; r < t->rounds; r++) {
            const t_round *x = &player->rounds[r];
            if (x->opponent < 0)
                continue;
            if (++met[x->opponent] > due && (size_t)x->opponent > p &&
                tournament_finding(
                    t, RGN_T_REPEATED_PAIRING, x->record,
                    "%s and %s meet again (round %d): in a "
                    "%s they meet %s",
                    player->name, t->players[x->opponent].name, r + 1,
                    due == 1 ? "round robin" : "double round robin",
                    due == 1 ? "once" : "twice") < 0)
                goto fail;
        }
        for (size_t q = p + 1; q < n; q++)
            if (met[q] < due &&
                tournament_finding(t, RGN_T_MISSING_PAIRING, SIZE_MAX,
                                   "%s and %s have not played each other%s",
                                   player->name, t->players[q].name,
                                   met[q] ? " twice" : "") < 0)
                goto fail;
    }
    free(met);
    return 0;
fail:
    free(met);
    return -1;
}

/* Colours in a Swiss: three games of one colour in a row, or more of
 * one colour than the other by more than 2 (games over the board). */
static int colours(tournament *t)
{
    if (t->system != T_SYSTEM_SWISS)
        return 0;
    for (size_t p = 0; p < t->player_count; p++) {
        const t_player *player = &t->players[p];
        int difference = 0, run = 0;
        char last = 0;
        bool told_run = false, told_difference = false;
        for (int r = 0; r < t->rounds; r++) {
            const t_round *x = &player->rounds[r];
            if (x->kind != ROUND_PLAYED || x->opponent < 0)
                continue;
            run = x->colour == last ? run + 1 : 1;
            last = x->colour;
            difference += x->colour == 'w' ? 1 : -1;
            if (run == 3 && !told_run) {
                told_run = true;
                if (tournament_finding(
                        t, RGN_T_COLOUR_SEQUENCE, x->record,
                        "%s has %s three times in a row (rounds up to %d)",
                        player->name, last == 'w' ? "White" : "Black",
                        r + 1) < 0)
                    return -1;
            }
            if ((difference > 2 || difference < -2) && !told_difference) {
                told_difference = true;
                if (tournament_finding(t, RGN_T_COLOUR_DIFFERENCE, x->record,
                                       "%s has played %d more games with "
                                       "%s than with %s (after round %d)",
                                       player->name, abs(difference),
                                       difference > 0 ? "White" : "Black",
                                       difference > 0 ? "Black" : "White",
                                       r + 1) < 0)
                    return -1;
            }
        }
    }
    return 0;
}

/* In a Swiss every player has a game or a bye in every round: a round
 * without either (a game lost, a bye not recorded, a withdrawal, or the
 * player's games under another spelling) is told, one finding a player
 * that lists the rounds. */
static int missing_games(tournament *t)
{
    if (t->system != T_SYSTEM_SWISS)
        return 0;
    /* the rounds after the last one with a game or a bye are not played
     * yet (an event in progress, its planned rounds from a TRF) */
    int held = t->rounds;
    while (held > 0 && !tournament_round_held(t, held - 1))
        held--;
    for (size_t p = 0; p < t->player_count; p++) {
        const t_player *player = &t->players[p];
        char list[256];
        size_t len = 0;
        int count = 0;
        for (int r = 0; r < held; r++) {
            if (player->rounds[r].kind != ROUND_NONE)
                continue;
            count++;
            if (len < sizeof list - 16)
                len += (size_t)snprintf(list + len, sizeof list - len, "%s%d",
                                        count > 1 ? ", " : "", r + 1);
            else if (len < sizeof list - 4)
                len += (size_t)snprintf(list + len, sizeof list - len, "...");
        }
        if (count && tournament_player_finding(
                         t, RGN_T_MISSING_GAME, p,
                         "%s has no game and no bye in round%s %s (of "
                         "%d)",
                         player->name, count > 1 ? "s" : "", list, held) < 0)
            return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ */
/* One player spelt two ways                                          */

#define MAX_WORDS 8

/* A name's words, lower case, accents and punctuation off: "Jansen, E."
 * gives "jansen" "e". */
static int words_of(const char *name, char words[MAX_WORDS][32])
{
    int count = 0;
    size_t len = 0;
    for (const unsigned char *p = (const unsigned char *)name;; p++) {
        char c = 0;
        if (*p >= 0xC0 && p[1] >= 0x80 && p[1] < 0xC0) {
            /* Latin letters with accents (U+00C0 to U+017F): their
             * base letter; 'x' for the others */
            static const char latin[] =
                "aaaaaaxceeeeiiiixnoooooxxuuuuyxxaaaaaaxceeeeiiiixnoooooxxuuu"
                "uyxyaaaaaaccccccccddxxeeeeeeeeeegggggggghhxxiiiiiiiiixxxjjkk"
                "xllllllxxxxnnnnnnxxxooooooxxrrrrrrssssssssttttxxuuuuuuuuuuuu"
                "wwyyyzzzzzzx";
            unsigned code = (unsigned)(*p & 0x1F) << 6 | (p[1] & 0x3F);
            p++;
            c = code >= 0xC0 && code < 0x180 ? latin[code - 0xC0] : 'x';
        } else if (isalnum(*p)) {
            c = (char)tolower(*p);
        }
        if (c) {
            if (len < 31)
                words[count][len++] = c;
            continue;
        }
        if (len) {
            words[count][len] = 0;
            if (++count == MAX_WORDS)
                return count;
            len = 0;
        }
        if (!*p)
            return count;
    }
}

static bool has_digit(const char *word)
{
    for (; *word; word++)
        if (isdigit((unsigned char)*word))
            return true;
    return false;
}

/* Whether a and b are one edit apart (a letter added, dropped or
 * changed): "galypchak" "galyphak", "ngji" "nghi". */
static bool one_edit(const char *a, const char *b)
{
    size_t m = strlen(a), n = strlen(b);
    if (m < n) {
        const char *w = a;
        a = b;
        b = w;
        size_t k = m;
        m = n;
        n = k;
    }
    if (m - n > 1)
        return false;
    size_t i = 0;
    while (i < n && a[i] == b[i])
        i++;
    /* past the first difference the rest agree: after a letter dropped
     * (m > n), or after one changed */
    return m > n ? strcmp(a + i + 1, b + i) == 0
                 : i == n || strcmp(a + i + 1, b + i + 1) == 0;
}

/* Words that probably name one thing: an initial for a name that begins
 * with it ("e" "emma"), a name and its short form ("chris"
 * "christopher"), or a misspelling (one edit in words of 4 letters or
 * more). Numbers are never alike but equal: "Player, 1" is not "Player,
 * 10". */
static bool word_alike(const char *a, const char *b)
{
    if (has_digit(a) || has_digit(b))
        return false;
    size_t m = strlen(a), n = strlen(b);
    if ((m == 1 || n == 1) && a[0] == b[0])
        return true;
    size_t shorter = m < n ? m : n;
    if (shorter >= 4 && strncmp(a, b, shorter) == 0)
        return true;
    return shorter >= 4 && one_edit(a, b);
}

/* Whether two names are probably one player's: the same words in any
 * order, case, accents and punctuation aside, where one word may differ
 * as word_alike says, and at least one word is whole on both sides (a
 * name of one word: one edit apart, at 6 letters or more). */
static bool same_player(const char *a, const char *b)
{
    char x[MAX_WORDS][32], y[MAX_WORDS][32];
    int m = words_of(a, x), n = words_of(b, y);
    if (m == 0 || m != n)
        return false;
    if (m == 1)
        return strcmp(x[0], y[0]) == 0 ||
               (!has_digit(x[0]) && !has_digit(y[0]) && strlen(x[0]) >= 6 &&
                strlen(y[0]) >= 6 && one_edit(x[0], y[0]));
    bool used[MAX_WORDS] = {false};
    int whole = 0, fuzzy = 0;
    for (int i = 0; i < m; i++) {
        int found = -1;
        for (int j = 0; j < n && found < 0; j++)
            if (!used[j] && strcmp(x[i], y[j]) == 0)
                found = j;
        if (found >= 0 && x[i][1])
            whole++;
        for (int j = 0; j < n && found < 0; j++)
            if (!used[j] && word_alike(x[i], y[j])) {
                found = j;
                /* initials stand for as many names as they like; other
                 * differences for one word */
                fuzzy += x[i][1] && y[j][1];
            }
        if (found < 0)
            return false;
        used[found] = true;
    }
    return whole > 0 && fuzzy <= 1;
}

/* What merging players p and q would change in the system the games
 * make, said after the finding ("" when nothing): a misspelt name can
 * make a round robin look like a Swiss. */
static void system_change(const tournament *t, size_t p, size_t q, char *text,
                          size_t size)
{
    char why[161];
    text[0] = 0;
    if (t->system_given)
        return;
    enum t_system apart = tournament_recognise(t, -1, -1, why, sizeof why);
    enum t_system merged =
        tournament_recognise(t, (int)q, (int)p, why, sizeof why);
    if (merged == apart || merged == T_SYSTEM_UNKNOWN)
        return;
    if (apart == T_SYSTEM_UNKNOWN)
        snprintf(text, size,
                 "; as one player the games make a %s (apart, none)",
                 tournament_system_words(merged));
    else
        snprintf(text, size, "; as one player the games make a %s, not a %s",
                 tournament_system_words(merged),
                 tournament_system_words(apart));
}

static int spellings(tournament *t)
{
    /* names compared pairwise: a tournament has few players, and an
     * archive too large for this is no tournament */
    if (t->player_count > 2000)
        return 0;
    for (size_t p = 0; p < t->player_count; p++)
        for (size_t q = p + 1; q < t->player_count; q++) {
            const char *a = t->players[p].name, *b = t->players[q].name;
            if (!same_player(a, b))
                continue;
            char change[200];
            system_change(t, p, q, change, sizeof change);
            if (tournament_player_finding(t, RGN_T_SAME_PLAYER, q,
                                          "'%s' and '%s' are probably one "
                                          "player spelt two ways (kept apart; "
                                          "--same-player merges them)%s",
                                          a, b, change) < 0)
                return -1;
        }
    return 0;
}

int tournament_audit(tournament *t)
{
    if (rounds_tags(t) < 0 || round_dates(t) < 0 || results(t) < 0 ||
        pairings(t) < 0 || colours(t) < 0 || missing_games(t) < 0 ||
        spellings(t) < 0)
        return -1;
    return 0;
}
