/*
 * test_trf.c - FIDE's Tournament Report File (tournament/trf.c): a small
 * Swiss built by hand (a game won, a draw, a forfeit, byes of each kind,
 * an absent round) is written in the format's fixed columns and read
 * back field by field; lines that do not fit the format are refused with
 * their line and column; the pairings are compared with the games.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tournament/tournament.h"

#define PAD20 "                    "

/* The 001 lines the tournament below is written as, in start-rank order
 * (column 92 begins round 1; Dan's absent last round is left out: his
 * line ends with round 2, as pairing programs read it). */
static const char *const expected[] = {
    "001    1   FM \xc3\x89milie Durand                     2105 FRA    "
    "12345678             3.0    1  0002 w 1  0003 w +  0000 - U",
    "001    2      Bert Jansen                       1950 NED                  "
    "       1.5    2  0001 b 0  0000 - H  0003 w 1",
    "001    3      Cora Li                                                     "
    "       0.5    3  0004 w =  0001 b -  0002 b 0",
    "001    4      Dan Okafor                        1800                      "
    "       0.5    3  0003 b =  0000 - Z",
};

static char *dup(const char *text)
{
    char *copy = strdup(text);
    assert_non_null(copy);
    return copy;
}

static void set_round(t_player *p, int r, enum round_kind kind, int opponent,
                      char colour, int points)
{
    p->rounds[r] = (t_round){kind, opponent, colour, points, SIZE_MAX};
}

/* Players in rank order (not start-rank order): 0 Emilie (start 1),
 * 1 Bert (2), 2 Dan (4), 3 Cora (3). */
static tournament *spring_open(void)
{
    tournament *t = tournament_new();
    assert_non_null(t);
    free(t->event);
    t->event = dup("Spring Open");
    free(t->site);
    t->site = dup("Utrecht");
    free(t->start_date);
    t->start_date = dup("2026.03.01");
    free(t->end_date);
    t->end_date = dup("2026.03.03");
    free(t->time_control);
    t->time_control = dup("40/5400:1800");
    t->system = T_SYSTEM_SWISS;
    t->rounds = 3;
    t->round_dates = calloc(3, sizeof *t->round_dates);
    t->round_dates[0] = dup("2026.03.01");
    t->round_dates[1] = dup("2026.03.02");
    t->round_dates[2] = dup("");
    t->tiebreak_count = 2;
    t->tiebreaks[0] = (t_tiebreak){TB_BH, 1, 0, "BH-C1", T_RULES_UNSTATED};
    t->tiebreaks[1] = (t_tiebreak){TB_SB, 0, 0, "SB", T_RULES_UNSTATED};
    t->rules = T_RULES_2026;
    static const struct {
        const char *name, *title, *fed, *id;
        int rating, start, rank;
    } who[] = {
        {"\xc3\x89milie Durand", "FM", "FRA", "12345678", 2105, 1, 1},
        {"Bert Jansen", "", "NED", "", 1950, 2, 2},
        {"Dan Okafor", "", "", "", 1800, 4, 3},
        {"Cora Li", "", "", "", 0, 3, 3},
    };
    t->player_count = 4;
    t->players = calloc(4, sizeof *t->players);
    for (int i = 0; i < 4; i++) {
        t_player *p = &t->players[i];
        p->name = dup(who[i].name);
        p->title = dup(who[i].title);
        p->federation = dup(who[i].fed);
        p->fide_id = dup(who[i].id);
        p->rating = who[i].rating;
        p->start_rank = who[i].start;
        p->rank = who[i].rank;
        p->rounds = calloc(3, sizeof *p->rounds);
    }
    t_player *emilie = &t->players[0], *bert = &t->players[1],
             *dan = &t->players[2], *cora = &t->players[3];
    set_round(emilie, 0, ROUND_PLAYED, 1, 'w', 2);
    set_round(bert, 0, ROUND_PLAYED, 0, 'b', 0);
    set_round(cora, 0, ROUND_PLAYED, 2, 'w', 1);
    set_round(dan, 0, ROUND_PLAYED, 3, 'b', 1);
    set_round(emilie, 1, ROUND_FORFEIT_WIN, 3, 'w', 2);
    set_round(cora, 1, ROUND_FORFEIT_LOSS, 0, 'b', 0);
    set_round(bert, 1, ROUND_BYE_HALF, -1, 0, 1);
    set_round(dan, 1, ROUND_BYE_ZERO, -1, 0, 0);
    set_round(emilie, 2, ROUND_BYE_FULL, -1, 0, 2);
    set_round(bert, 2, ROUND_PLAYED, 3, 'w', 2);
    set_round(cora, 2, ROUND_PLAYED, 1, 'b', 0);
    set_round(dan, 2, ROUND_NONE, -1, 0, 0);
    return t;
}

/* The file trf_write makes of t (NUL-terminated; free it). Not inlined:
 * gcc 12 at -O3 otherwise takes the stream's hold on the local text for
 * a dangling pointer in its callers. */
static __attribute__((noinline)) char *written(const tournament *t, size_t *len)
{
    char *text = NULL;
    FILE *out = open_memstream(&text, len);
    assert_non_null(out);
    assert_int_equal(trf_write(t, out), 0);
    fclose(out);
    return text;
}

/* The characters (code points) first..last of a line, as a string. */
static char *columns(const char *line, int first, int last)
{
    static char field[256];
    int c = 0;
    size_t n = 0;
    for (const char *s = line; *s && c < last; c++) {
        size_t len = 1;
        while ((s[len] & 0xC0) == 0x80)
            len++;
        if (c + 1 >= first) {
            memcpy(field + n, s, len);
            n += len;
        }
        s += len;
    }
    field[n] = '\0';
    return field;
}

static void test_the_player_lines(void **state)
{
    (void)state;
    tournament *t = spring_open();
    size_t len;
    char *text = written(t, &len);
    char *line = strstr(text, "\n001 ");
    assert_non_null(line);
    for (int i = 0; i < 4; i++) {
        line++;
        char *end = strchr(line, '\n');
        assert_non_null(end);
        *end = '\0';
        assert_string_equal(line, expected[i]);
        line = end;
    }
    assert_string_equal(line + 1, "");
    /* the columns of the table, counted in characters */
    const char *emilie = expected[0];
    assert_string_equal(columns(emilie, 1, 3), "001");
    assert_string_equal(columns(emilie, 5, 8), "   1");
    assert_string_equal(columns(emilie, 10, 13), "  FM");
    assert_string_equal(columns(emilie, 15, 28), "\xc3\x89milie Durand ");
    assert_string_equal(columns(emilie, 48, 53), " 2105 ");
    assert_string_equal(columns(emilie, 54, 56), "FRA");
    assert_string_equal(columns(emilie, 58, 68), "   12345678");
    assert_string_equal(columns(emilie, 81, 84), " 3.0");
    assert_string_equal(columns(emilie, 86, 89), "   1");
    assert_string_equal(columns(emilie, 92, 99), "0002 w 1");
    assert_string_equal(columns(emilie, 102, 109), "0003 w +");
    assert_string_equal(columns(emilie, 112, 119), "0000 - U");
    free(text);
    tournament_free(t);
}

static void test_the_header(void **state)
{
    (void)state;
    tournament *t = spring_open();
    size_t len;
    char *text = written(t, &len);
    char *players = strstr(text, "\n001 ");
    players[1] = '\0';
    assert_string_equal(text, "012 Spring Open\n"
                              "022 Utrecht\n"
                              "042 2026/03/01\n"
                              "052 2026/03/03\n"
                              "062 4\n"
                              "072 3\n"
                              "092 Individual: Swiss-System\n"
                              "122 40/5400:1800\n"
                              "132" PAD20 PAD20 PAD20 PAD20 "        "
                              "26/03/01  26/03/02\n"
                              "142 3\n"
                              "202 BH/C1,SB\n"
                              "### FIDE tie-break rules of 2026\n"
                              "XXR 3\n");
    free(text);
    tournament_free(t);
}

/* 202 states the rules on BH and SB when a reader could take others
 * from the dates: TieBreakServer from the first, rgn from the last. */
static void test_the_rules_stated(void **state)
{
    (void)state;
    static const struct {
        const char *start, *end;
        enum t_rules rules;
        const char *record;
    } cases[] = {
        {"2026.03.01", "2026.03.03", T_RULES_2024,
         "202 BH/C1/V2024,SB/V2024\n### FIDE tie-break rules of 2024\n"},
        {"2026.02.27", "2026.03.03", T_RULES_2026,
         "202 BH/C1/V2026,SB/V2026\n### FIDE tie-break rules of 2026\n"},
        {"2026.02.27", "2026.02.28", T_RULES_2024,
         "202 BH/C1,SB\n### FIDE tie-break rules of 2024\n"},
        {"", "", T_RULES_2026,
         "202 BH/C1,SB\n### FIDE tie-break rules of 2026\n"},
        {"", "", T_RULES_2024,
         "202 BH/C1/V2024,SB/V2024\n### FIDE tie-break rules of 2024\n"},
        /* not ranked: the rules the list states, else the dates' */
        {"2026.02.27", "2026.03.03", T_RULES_UNSTATED,
         "202 BH/C1/V2026,SB/V2026\n### FIDE tie-break rules of 2026\n"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tournament *t = spring_open();
        free(t->start_date);
        t->start_date = dup(cases[i].start);
        free(t->end_date);
        t->end_date = dup(cases[i].end);
        for (int r = 0; r < 3; r++) {
            free(t->round_dates[r]);
            t->round_dates[r] = dup(r == 0 ? cases[i].start : "");
        }
        t->rules = cases[i].rules;
        size_t len;
        char *text = written(t, &len);
        char *record = strstr(text, "\n202 ");
        assert_non_null(record);
        char *end = strstr(record, "XXR");
        assert_non_null(end);
        *end = '\0';
        assert_string_equal(record + 1, cases[i].record);
        free(text);
        tournament_free(t);
    }
}

/* Reads text as t.trf: the tournament, or NULL with error. */
static tournament *read_trf(const char *text, rgn_error *error)
{
    tournament *t = tournament_new();
    assert_non_null(t);
    if (trf_read(text, strlen(text), "t.trf", t, error) == 0)
        return t;
    tournament_free(t);
    return NULL;
}

static void test_read_back(void **state)
{
    (void)state;
    tournament *t = spring_open();
    size_t len;
    char *text = written(t, &len);
    rgn_error error = {0};
    tournament *back = read_trf(text, &error);
    assert_non_null(back);
    assert_string_equal(back->event, t->event);
    assert_string_equal(back->site, t->site);
    assert_string_equal(back->start_date, t->start_date);
    assert_string_equal(back->end_date, t->end_date);
    assert_string_equal(back->time_control, t->time_control);
    assert_int_equal(back->system, T_SYSTEM_SWISS);
    assert_int_equal(back->rounds, 3);
    for (int r = 0; r < 3; r++)
        assert_string_equal(back->round_dates[r], t->round_dates[r]);
    assert_int_equal(back->player_count, 4);
    for (size_t i = 0; i < 4; i++) {
        const t_player *p = &t->players[i];
        int j = tournament_player(back, p->name);
        assert_true(j >= 0);
        const t_player *q = &back->players[j];
        assert_string_equal(q->title, p->title);
        assert_string_equal(q->federation, p->federation);
        assert_string_equal(q->fide_id, p->fide_id);
        assert_int_equal(q->rating, p->rating);
        assert_int_equal(q->start_rank, p->start_rank);
        assert_int_equal(q->rank, p->rank);
        for (int r = 0; r < 3; r++) {
            const t_round *a = &p->rounds[r], *b = &q->rounds[r];
            assert_int_equal(b->kind, a->kind);
            assert_int_equal(b->colour, a->colour);
            assert_int_equal(b->points, a->points);
            assert_int_equal(b->record, SIZE_MAX);
            if (a->opponent < 0)
                assert_int_equal(b->opponent, -1);
            else
                assert_string_equal(back->players[b->opponent].name,
                                    t->players[a->opponent].name);
        }
    }
    /* the tie-breaks of 202, and what is read writes the same file */
    assert_int_equal(back->tiebreak_count, t->tiebreak_count);
    for (int i = 0; i < t->tiebreak_count; i++)
        assert_string_equal(back->tiebreaks[i].code, t->tiebreaks[i].code);
    back->rules = T_RULES_2026;
    size_t again_len;
    char *again = written(back, &again_len);
    assert_string_equal(again, text);
    free(again);
    tournament_free(back);
    free(text);
    tournament_free(t);
}

/* CRLF lines, a last line without its newline, comments and records
 * not known are read. */
static void test_crlf_and_unknown_records(void **state)
{
    (void)state;
    char text[2048];
    snprintf(text, sizeof text,
             "### made by hand\r\n012 Cup\r\nXXC white1\r\n"
             "102 Chief Arbiter\r\n\r\n%s\r\n%s\r\n%s\r\n%s",
             expected[0], expected[1], expected[2], expected[3]);
    rgn_error error = {0};
    tournament *t = read_trf(text, &error);
    assert_non_null(t);
    assert_string_equal(t->event, "Cup");
    assert_int_equal(t->player_count, 4);
    assert_int_equal(t->rounds, 3);
    assert_string_equal(t->players[0].name, "\xc3\x89milie Durand");
    assert_int_equal(t->players[0].rounds[2].kind, ROUND_BYE_FULL);
    assert_int_equal(t->players[3].rounds[2].kind, ROUND_NONE);
    tournament_free(t);
}

/* A 001 line of a player without rating, federation or id (ASCII
 * name), points 0.0 and rank 1, with its rounds from column 92. */
static void player_line(char *out, size_t size, int start, const char *name,
                        const char *rounds)
{
    size_t len = strlen(out);
    snprintf(out + len, size - len,
             "001 %4d      %-33s %4s %-3s %11s %10s %4s %4s  %s\n", start, name,
             "", "", "", "", "0.0", "1", rounds);
}

static void assert_round(const tournament *t, int player, int r,
                         enum round_kind kind, int opponent, char colour,
                         int points)
{
    const t_round *round = &t->players[player].rounds[r];
    assert_int_equal(round->kind, kind);
    assert_int_equal(round->opponent, opponent);
    assert_int_equal(round->colour, colour);
    assert_int_equal(round->points, points);
}

/* The codes other programs write: W D L, F, a forfeit without opponent
 * ("0000 - -"), letters in either case, a pairing without its result
 * yet; dates as DD.MM.YYYY; more rounds announced than played. */
static void test_codes_read(void **state)
{
    (void)state;
    char text[2048] = "012 Club\n042 01.02.2026\n"
                      "092 Individual: Double Round-Robin\nXXR 4\n"
                      "132                                                  "
                      "                                      26/02/01  "
                      "26/02/02\n";
    player_line(text, sizeof text, 1, "Ann", "0002 W W  0000 - F  0003 w");
    player_line(text, sizeof text, 2, "Ben", "0001 b L  0003 B d  0000 - -");
    player_line(text, sizeof text, 3, "Cid", "0000 - z  0002 w D  0001 b");
    rgn_error error = {0};
    tournament *t = read_trf(text, &error);
    assert_non_null(t);
    assert_string_equal(t->start_date, "2026.02.01");
    assert_int_equal(t->system, T_SYSTEM_DOUBLE_ROUND_ROBIN);
    assert_int_equal(t->rounds, 4);
    assert_string_equal(t->round_dates[0], "2026.02.01");
    assert_string_equal(t->round_dates[1], "2026.02.02");
    assert_string_equal(t->round_dates[2], "");
    assert_round(t, 0, 0, ROUND_PLAYED, 1, 'w', 2);
    assert_round(t, 0, 1, ROUND_BYE_FULL, -1, 0, 2);
    assert_round(t, 0, 2, ROUND_PLAYED, 2, 'w', -1);
    assert_round(t, 1, 0, ROUND_PLAYED, 0, 'b', 0);
    assert_round(t, 1, 1, ROUND_PLAYED, 2, 'b', 1);
    assert_round(t, 1, 2, ROUND_FORFEIT_LOSS, -1, 0, 0);
    assert_round(t, 2, 0, ROUND_BYE_ZERO, -1, 0, 0);
    assert_round(t, 2, 1, ROUND_PLAYED, 1, 'w', 1);
    assert_round(t, 2, 2, ROUND_PLAYED, 0, 'b', -1);
    for (int i = 0; i < 3; i++)
        assert_round(t, i, 3, ROUND_NONE, -1, 0, 0);
    tournament_free(t);
}

/* A file read and written is read and written the same (as fuzz_trf
 * checks): the rules it states, on a list of codes they do not change
 * too, stay stated. */
static void test_rules_written_again(void **state)
{
    (void)state;
    static const char *const records[] = {
        "202 DE/V2024,WIN",
        "202 BH/V2024",
        "202 DE,WIN",
        "202 SB/V2",
        "042 2026/02/20\n052 2026/03/03\n202 KS,DE",
        "042 2026/02/20\n052 2026/03/03\n202 KS/V2026,BH/C1"};
    for (size_t i = 0; i < sizeof records / sizeof records[0]; i++) {
        char text[2048];
        snprintf(text, sizeof text, "012 Cup\n%s\n%s\n%s\n%s\n%s\n", records[i],
                 expected[0], expected[1], expected[2], expected[3]);
        rgn_error error = {0};
        tournament *t = read_trf(text, &error);
        assert_non_null(t);
        size_t len, again_len;
        char *first = written(t, &len);
        tournament *back = read_trf(first, &error);
        assert_non_null(back);
        char *again = written(back, &again_len);
        assert_string_equal(again, first);
        free(first);
        free(again);
        tournament_free(back);
        tournament_free(t);
    }
}

/* 202 as other programs write it: modifiers after '/' (and rgn's
 * former '-'), codes separated by commas or blanks, the rules a code
 * states; a list with a code rgn does not know is not used. */
static void test_tiebreaks_read(void **state)
{
    (void)state;
    static const struct {
        const char *record, *codes;
        enum t_rules rules;
    } cases[] = {
        {"202 BH/C1,BH,SB", "BH-C1 BH SB", T_RULES_UNSTATED},
        {"202 BH-C1,BH-M1", "BH-C1 BH-M1", T_RULES_UNSTATED},
        {"202 BH/C1 BH  SB/C1", "BH-C1 BH SB-C1", T_RULES_UNSTATED},
        {"202 BH/C1, BH ,DE", "BH-C1 BH DE", T_RULES_UNSTATED},
        {"202 BH/C1/V2024,BH/V2024,SB", "BH-C1 BH SB", T_RULES_2024},
        {"202 bh/v2,ARO/C1", "BH ARO-C1", T_RULES_2026},
        {"202 BH/C1,FB", "", T_RULES_UNSTATED},
        {"202 BH/V1,SB/V2", "", T_RULES_UNSTATED},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[2048];
        snprintf(text, sizeof text, "012 Cup\n%s\n%s\n%s\n%s\n%s\n",
                 cases[i].record, expected[0], expected[1], expected[2],
                 expected[3]);
        rgn_error error = {0};
        tournament *t = read_trf(text, &error);
        assert_non_null(t);
        char codes[128] = "";
        for (int k = 0; k < t->tiebreak_count; k++)
            snprintf(codes + strlen(codes), sizeof codes - strlen(codes),
                     "%s%s", k ? " " : "", t->tiebreaks[k].code);
        assert_string_equal(codes, cases[i].codes);
        assert_int_equal(tiebreaks_rules(t->tiebreaks, t->tiebreak_count),
                         cases[i].rules);
        tournament_free(t);
    }
}

/* The line expected[player] with the characters from column changed to
 * with (as many as it has). */
static void replace(char *text, size_t size, int player, int column,
                    const char *with)
{
    char line[512];
    snprintf(line, sizeof line, "%s", expected[player]);
    char *at = line;
    for (int c = 1; c < column; c++) {
        at++;
        while ((*at & 0xC0) == 0x80)
            at++;
    }
    memcpy(at, with, strlen(with));
    snprintf(text, size, "012 Cup\n%s\n%s\n%s\n%s\n",
             player == 0 ? line : expected[0], player == 1 ? line : expected[1],
             player == 2 ? line : expected[2],
             player == 3 ? line : expected[3]);
}

static void refused(const char *text, const char *message, int column)
{
    rgn_error error = {0};
    tournament *t = read_trf(text, &error);
    assert_null(t);
    assert_string_equal(error.message, message);
    assert_int_equal(error.column, column);
}

static void test_bad_lines(void **state)
{
    (void)state;
    char text[2048];
    /* the columns of Emilie's line count her name's É as one */
    replace(text, sizeof text, 0, 97, "x");
    refused(text, "t.trf:2:97: the colour is not w, b or -", 97);
    replace(text, sizeof text, 1, 109, "Q");
    refused(text,
            "t.trf:3:109: the result is not one of 1 = 0 W D L + - U F H Z",
            109);
    replace(text, sizeof text, 2, 92, "0009");
    refused(text, "t.trf:4:92: the opponent's start rank is no player's", 92);
    replace(text, sizeof text, 2, 92, "00x4");
    refused(text, "t.trf:4:92: the opponent's start rank is not a number", 92);
    replace(text, sizeof text, 3, 49, "18OO");
    refused(text, "t.trf:5:49: the rating (columns 49-52) is not a number", 49);
    replace(text, sizeof text, 3, 5, "   1");
    refused(text, "t.trf:5:5: a second player with this start rank", 5);
    replace(text, sizeof text, 1, 81, "1,5 ");
    refused(text, "t.trf:3:81: the points (columns 81-84) are not a number",
            81);
    replace(text, sizeof text, 0, 92, "0000");
    refused(text, "t.trf:2:92: a game without an opponent (0000)", 92);
    replace(text, sizeof text, 0, 97, "-");
    refused(text, "t.trf:2:97: a game without its colour (w or b)", 97);
    replace(text, sizeof text, 0, 92, "0001");
    refused(text, "t.trf:2:92: the player is his own opponent", 92);
    refused("012 Cup\n001    1  Anna\n",
            "t.trf:2:15: the player's line ends before its rank (columns "
            "86-89)",
            15);
    refused("XXR many\n",
            "t.trf:1:5: the number of rounds is not a number to "
            "999",
            5);
}

/* A game the TRF does not pair, and a pairing no game has. */
static void test_compare(void **state)
{
    (void)state;
    tournament *t = spring_open();
    size_t len;
    char *text = written(t, &len);
    rgn_error error = {0};
    tournament *reported = read_trf(text, &error);
    assert_non_null(reported);
    t_record games[3] = {
        {.white = "\xc3\x89milie Durand", .black = "Bert Jansen", .round = 1},
        {.white = "Bert Jansen", .black = "BYE", .round = 2, .black_bye = true},
        {.white = "Dan Okafor", .black = "Bert Jansen", .round = 3},
    };
    t_record *records[3] = {&games[0], &games[1], &games[2]};
    tournament *played = tournament_new();
    played->records = records;
    played->record_count = 3;
    assert_int_equal(trf_compare(reported, played), 0);
    played->records = NULL; /* not its own */
    assert_int_equal(played->finding_count, 4);
    assert_int_equal(played->findings[0].problem, RGN_T_GAME_WITHOUT_PAIRING);
    assert_int_equal(played->findings[0].record, 2);
    assert_string_equal(played->findings[0].message,
                        "the TRF does not pair Dan Okafor and Bert Jansen in "
                        "round 3");
    const char *pairings[] = {
        "round 2 of the TRF pairs \xc3\x89milie Durand and Cora Li, and no "
        "game has them",
        "round 3 of the TRF pairs Bert Jansen and Cora Li, and no game has "
        "them",
        "round 1 of the TRF pairs Cora Li and Dan Okafor, and no game has "
        "them",
    };
    for (int i = 0; i < 3; i++) {
        assert_int_equal(played->findings[1 + i].problem,
                         RGN_T_PAIRING_WITHOUT_GAME);
        assert_int_equal(played->findings[1 + i].record, SIZE_MAX);
        assert_string_equal(played->findings[1 + i].message, pairings[i]);
    }
    tournament_free(played);
    tournament_free(reported);
    free(text);
    tournament_free(t);
}

/* A name longer than the 33 columns of a 001 line is cut there, and its
 * games are still the TRF's pairings. */
static void test_long_names(void **state)
{
    (void)state;
    static const char *const long_name =
        "Konstantinopoulou-Vasilakis, Alexandra"; /* 38 characters */
    tournament *t = tournament_new();
    t->rounds = 1;
    t->player_count = 2;
    t->players = calloc(2, sizeof *t->players);
    for (int i = 0; i < 2; i++) {
        t_player *p = &t->players[i];
        p->name = dup(i ? "Bo" : long_name);
        p->title = dup("");
        p->federation = dup("");
        p->fide_id = dup("");
        p->start_rank = p->rank = i + 1;
        p->rounds = calloc(1, sizeof *p->rounds);
        set_round(p, 0, ROUND_PLAYED, 1 - i, i ? 'b' : 'w', i ? 0 : 2);
    }
    size_t len;
    char *text = written(t, &len);
    rgn_error error = {0};
    tournament *reported = read_trf(text, &error);
    assert_non_null(reported);
    assert_string_equal(reported->players[0].name,
                        "Konstantinopoulou-Vasilakis, Alex");
    t_record game = {.white = (char *)long_name, .black = "Bo", .round = 1};
    t_record *records[1] = {&game};
    tournament *played = tournament_new();
    played->records = records;
    played->record_count = 1;
    assert_int_equal(trf_compare(reported, played), 0);
    played->records = NULL;
    assert_int_equal(played->finding_count, 0);
    tournament_free(played);
    tournament_free(reported);
    free(text);
    tournament_free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_the_player_lines),
        cmocka_unit_test(test_the_header),
        cmocka_unit_test(test_the_rules_stated),
        cmocka_unit_test(test_tiebreaks_read),
        cmocka_unit_test(test_rules_written_again),
        cmocka_unit_test(test_read_back),
        cmocka_unit_test(test_crlf_and_unknown_records),
        cmocka_unit_test(test_codes_read),
        cmocka_unit_test(test_bad_lines),
        cmocka_unit_test(test_compare),
        cmocka_unit_test(test_long_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
