/*
 * test_tournament.c - the tournament stage (src/tournament/): tie-break
 * lists read and refused with the column; a small Swiss with a bye, a
 * forfeit, a half-point bye and an absence ranked with the values worked
 * out by hand in the comments; a round robin's crosstable facts; the
 * audit's findings on planted faults; names probably one player's.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "tournament/set.h"

static void parse_lists(void **state)
{
    (void)state;
    t_tiebreak tb[T_MAX_TIEBREAKS];
    int count = 0;
    rgn_error error;
    assert_int_equal(
        tiebreaks_parse("bh/c1, SB-M1,de,ARO-C1", tb, &count, &error), 0);
    assert_int_equal(count, 4);
    assert_string_equal(tb[0].code, "BH-C1");
    assert_int_equal(tb[0].cut_low, 1);
    assert_int_equal(tb[0].cut_high, 0);
    assert_string_equal(tb[1].code, "SB-M1");
    assert_int_equal(tb[1].cut_high, 1);
    assert_int_equal(tb[2].kind, TB_DE);
    assert_int_equal(tb[3].kind, TB_ARO);
    /* unknown codes and modifiers a code does not take */
    assert_int_equal(tiebreaks_parse("BH,XX", tb, &count, &error), -1);
    assert_int_equal(error.column, 4);
    assert_non_null(strstr(error.message, "'XX'"));
    assert_int_equal(tiebreaks_parse("WIN-C1", tb, &count, &error), -1);
    assert_int_equal(tiebreaks_parse("BH-C", tb, &count, &error), -1);
    assert_int_equal(tiebreaks_parse("", tb, &count, &error), -1);
    /* the rules a code states, in TieBreakServer's spelling too; one
     * version a list */
    assert_int_equal(
        tiebreaks_parse("BH/C1/V2026,SB#V2,de", tb, &count, &error), 0);
    assert_string_equal(tb[0].code, "BH-C1");
    assert_int_equal(tb[0].rules, T_RULES_2026);
    assert_string_equal(tb[1].code, "SB");
    assert_int_equal(tb[2].rules, T_RULES_UNSTATED);
    assert_int_equal(tiebreaks_rules(tb, count), T_RULES_2026);
    assert_int_equal(tiebreaks_parse("ARO-V1-C1", tb, &count, &error), 0);
    assert_string_equal(tb[0].code, "ARO-C1");
    assert_int_equal(tb[0].rules, T_RULES_2024);
    assert_int_equal(tiebreaks_parse("BH/V2024,SB/V2026", tb, &count, &error),
                     -1);
    assert_int_equal(error.column, 10);
    assert_non_null(strstr(error.message, "under one"));
    assert_int_equal(tiebreaks_parse("BH/V2025", tb, &count, &error), -1);
    assert_non_null(strstr(error.message, "rules in 'BH/V2025'"));
    assert_int_equal(tiebreaks_parse("BH/V1/V1", tb, &count, &error), -1);
    assert_int_equal(tiebreaks_parse("BH/C1/C2", tb, &count, &error), -1);
    assert_int_equal(tiebreaks_parse("BH/C1/", tb, &count, &error), -1);
}

/* The rules in force on a date: the amended ones from 1 March 2026; an
 * unknown month or day taken as late as it can be. */
static void rules_on_dates(void **state)
{
    (void)state;
    assert_int_equal(tiebreak_rules_on("2026.02.28"), T_RULES_2024);
    assert_int_equal(tiebreak_rules_on("2026.03.01"), T_RULES_2026);
    assert_int_equal(tiebreak_rules_on("2026/03/01"), T_RULES_2026);
    assert_int_equal(tiebreak_rules_on("2025.??.??"), T_RULES_2024);
    assert_int_equal(tiebreak_rules_on("2026.??.??"), T_RULES_2026);
    assert_int_equal(tiebreak_rules_on("2026.02.??"), T_RULES_2024);
    assert_int_equal(tiebreak_rules_on("1999.12.31"), T_RULES_2024);
    assert_int_equal(tiebreak_rules_on("????.??.??"), T_RULES_UNSTATED);
    assert_int_equal(tiebreak_rules_on(""), T_RULES_UNSTATED);
    assert_int_equal(tiebreak_rules_on("2026.3.1"), T_RULES_UNSTATED);
}

/* The tournaments of a PGN text read with options, finished: its
 * findings counted. */
static rgn_tournaments *read_games_with(const char *text,
                                        const rgn_tournament_options *options,
                                        int *status)
{
    rgn_error error;
    rgn_tournaments *ts = rgn_tournaments_new(options, &error);
    assert_non_null(ts);
    rgn_tournaments_sink()->input(ts, "test.pgn");
    rgn_validator_options vo = {.size = sizeof vo,
                                .variant = rgn_variant_find("Chess"),
                                .sink = rgn_tournaments_sink(),
                                .sink_user = ts};
    rgn_validator *v = rgn_validator_new(&vo, NULL);
    assert_non_null(v);
    assert_int_equal(rgn_validator_feed(v, text, strlen(text)), 0);
    assert_int_equal(rgn_validator_finish(v), 0);
    rgn_validator_free(v);
    *status = rgn_tournaments_finish(ts, NULL, NULL, &error);
    return ts;
}

/* The options of a system, a tie-break list (into list) and rules in
 * their text forms, read as the program reads them (NULL: none). */
static rgn_tournament_options options_of(const char *system,
                                         const char *tiebreaks,
                                         const char *rules, rgn_tiebreak *list)
{
    rgn_error error;
    rgn_tournament_options options = {.size = sizeof options};
    int value;
    if (system) {
        value = rgn_tournament_system_parse(system, &error);
        assert_true(value > 0);
        options.system = (enum rgn_tournament_system)value;
    }
    if (tiebreaks) {
        value = rgn_tiebreaks_parse(tiebreaks, list, &error);
        assert_true(value > 0);
        options.tiebreaks = list;
        options.tiebreak_count = value;
    }
    if (rules) {
        value = rgn_tiebreak_rules_parse(rules, &error);
        assert_true(value > 0);
        options.tiebreak_rules = (enum rgn_tiebreak_rules)value;
    }
    return options;
}

static rgn_tournaments *read_games(const char *text, const char *tiebreaks,
                                   int *status)
{
    rgn_tiebreak list[RGN_MAX_TIEBREAKS];
    rgn_tournament_options options = options_of(NULL, tiebreaks, NULL, list);
    return read_games_with(text, &options, status);
}

static void append_game(char *text, size_t size, int round, const char *white,
                        const char *black, const char *result,
                        const char *extra)
{
    size_t len = strlen(text);
    snprintf(text + len, size - len,
             "[Event \"E\"]\n[Site \"S\"]\n[Date \"2026.01.0%d\"]\n"
             "[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n"
             "[Result \"%s\"]\n%s\n%s\n\n",
             round, round, white, black, result, extra, result);
}

static const t_player *player_named(const tournament *t, const char *name)
{
    for (size_t i = 0; i < t->player_count; i++)
        if (strcmp(t->players[i].name, name) == 0)
            return &t->players[i];
    fail_msg("no player %s", name);
    return NULL;
}

static void swiss(void **state)
{
    (void)state;
    static char text[8192];
    text[0] = 0;
    append_game(text, sizeof text, 1, "Ames", "Berg", "1-0", "");
    append_game(text, sizeof text, 1, "Cole", "Dunn", "1/2-1/2", "");
    append_game(text, sizeof text, 1, "Eady", "BYE", "1-0", "");
    append_game(text, sizeof text, 2, "Eady", "Ames", "0-1", "");
    append_game(text, sizeof text, 2, "Berg", "Cole", "1-0",
                "[Termination \"forfeit\"]\n");
    append_game(text, sizeof text, 2, "Dunn", "BYE", "1/2-1/2", "");
    append_game(text, sizeof text, 3, "Ames", "Cole", "1/2-1/2", "");
    append_game(text, sizeof text, 3, "Dunn", "Berg", "0-1", "");
    int status;
    rgn_tournaments *ts = read_games(text, "BH-C1,BH,SB,WIN,WON,GE", &status);
    assert_int_equal(ts->count, 1);
    const tournament *t = ts->list[0];
    assert_int_equal(t->system, T_SYSTEM_SWISS);
    assert_int_equal(t->rounds, 3);
    /* Eady: 1 (bye) + 0 + absent; an opponent's score for BH counts the
     * absence after Eady's last played round as a draw: 1.5 */
    const t_player *ames = player_named(t, "Ames");
    assert_int_equal(ames->rank, 1);
    assert_int_equal(ames->score, 5);
    /* BH: Berg 2 + Eady 1.5 + Cole 1; C1 cuts Cole */
    assert_true(ames->tiebreaks[1] == 4.5);
    assert_true(ames->tiebreaks[0] == 3.5);
    /* SB: 2 x 1 + 1.5 x 1 + 1 x 1/2 */
    assert_true(ames->tiebreaks[2] == 4);
    const t_player *berg = player_named(t, "Berg");
    /* the forfeit win counts Berg's own score (2): 2.5 + 2 + 1 */
    assert_true(berg->tiebreaks[1] == 5.5);
    assert_true(berg->tiebreaks[3] == 2); /* WIN: the forfeit too */
    assert_true(berg->tiebreaks[4] == 1); /* WON: over the board */
    assert_int_equal(berg->games, 2);
    const t_player *cole = player_named(t, "Cole");
    /* Cole's forfeit loss is a voluntarily unplayed round: cut first */
    assert_true(cole->tiebreaks[1] == 4.5);
    assert_true(cole->tiebreaks[0] == 3.5);
    assert_true(cole->tiebreaks[2] == 1.75);
    const t_player *eady = player_named(t, "Eady");
    assert_true(eady->tiebreaks[5] == 2); /* GE: the game and the bye */
    /* Cole and Eady tie on BH-C1 and BH; SB puts Cole above */
    assert_int_equal(cole->rank, 3);
    assert_int_equal(eady->rank, 4);
    assert_int_equal(player_named(t, "Dunn")->rank, 5);
    /* the audit's one finding: Eady has no game and no bye in round 3 */
    assert_int_equal(status, 1);
    assert_int_equal(t->finding_count, 1);
    assert_int_equal(t->findings[0].problem, RGN_T_MISSING_GAME);
    rgn_tournaments_free(ts);
}

/* The Swiss above under the 2026 rules (Art. 16.4): a forfeit's dummy
 * opponent scores no more than the scheduled opponent. */
static void swiss_2026(void **state)
{
    (void)state;
    static char text[8192];
    text[0] = 0;
    append_game(text, sizeof text, 1, "Ames", "Berg", "1-0", "");
    append_game(text, sizeof text, 1, "Cole", "Dunn", "1/2-1/2", "");
    append_game(text, sizeof text, 1, "Eady", "BYE", "1-0", "");
    append_game(text, sizeof text, 2, "Eady", "Ames", "0-1", "");
    append_game(text, sizeof text, 2, "Berg", "Cole", "1-0",
                "[Termination \"forfeit\"]\n");
    append_game(text, sizeof text, 2, "Dunn", "BYE", "1/2-1/2", "");
    append_game(text, sizeof text, 3, "Ames", "Cole", "1/2-1/2", "");
    append_game(text, sizeof text, 3, "Dunn", "Berg", "0-1", "");
    rgn_tiebreak list[RGN_MAX_TIEBREAKS];
    rgn_tournament_options options =
        options_of(NULL, "BH-C1,BH,SB", "2026", list);
    int status;
    rgn_tournaments *ts = read_games_with(text, &options, &status);
    const tournament *t = ts->list[0];
    assert_int_equal(t->rules, T_RULES_2026);
    /* Berg's forfeit win over Cole (1 point) counts 1, not Berg's 2:
     * BH 2.5 + 1 + 1, C1 cuts the first of the two 1s (round 2); SB
     * 0 + 1 x 1 + 1 x 1 */
    const t_player *berg = player_named(t, "Berg");
    assert_true(berg->tiebreaks[1] == 4.5);
    assert_true(berg->tiebreaks[0] == 3.5);
    assert_true(berg->tiebreaks[2] == 2);
    /* Cole's forfeit loss: his own 1, below Berg's 2; unchanged */
    assert_true(player_named(t, "Cole")->tiebreaks[1] == 4.5);
    rgn_tournaments_free(ts);
}

/* A bye's dummy opponent under the 2026 rules scores no more than a
 * draw a round: three players, a pairing-allocated bye each. */
static void bye_2026(void **state)
{
    (void)state;
    static char text[4096];
    text[0] = 0;
    append_game(text, sizeof text, 1, "Ames", "Berg", "1-0", "");
    append_game(text, sizeof text, 1, "Cole", "BYE", "1-0", "");
    append_game(text, sizeof text, 2, "Ames", "Cole", "1-0", "");
    append_game(text, sizeof text, 2, "Berg", "BYE", "1-0", "");
    append_game(text, sizeof text, 3, "Berg", "Cole", "1-0", "");
    append_game(text, sizeof text, 3, "Ames", "BYE", "1-0", "");
    static const struct {
        const char *rules;
        double ames, berg, cole;
    } cases[] = {
        /* Ames 3: Berg 2 + Cole 1 + his own 3; Berg 2: 3 + 2 + 1; Cole
         * 1: 1 + 3 + 2 */
        {"2024", 6, 6, 6},
        /* the byes of Ames and Berg count 1.5 (half the 3 rounds) */
        {"2026", 4.5, 5.5, 6},
    };
    for (size_t i = 0; i < 2; i++) {
        rgn_tiebreak list[RGN_MAX_TIEBREAKS];
        rgn_tournament_options options =
            options_of("swiss", "BH", cases[i].rules, list);
        int status;
        rgn_tournaments *ts = read_games_with(text, &options, &status);
        const tournament *t = ts->list[0];
        assert_true(player_named(t, "Ames")->tiebreaks[0] == cases[i].ames);
        assert_true(player_named(t, "Berg")->tiebreaks[0] == cases[i].berg);
        assert_true(player_named(t, "Cole")->tiebreaks[0] == cases[i].cole);
        rgn_tournaments_free(ts);
    }
}

/* The rules a tournament is computed under: asked for, stated by its
 * tie-break list, else in force on its last date (2026 without one);
 * asked for and stated otherwise is refused. */
static void rules_chosen(void **state)
{
    (void)state;
    static const struct {
        const char *first, *last, *tiebreaks, *rules;
        enum t_rules expected;
    } cases[] = {
        {"2026.01.05", "2026.02.28", "BH", NULL, T_RULES_2024},
        {"2026.02.28", "2026.03.01", "BH", NULL, T_RULES_2026},
        {"????.??.??", "????.??.??", "BH", NULL, T_RULES_2026},
        {"2025.??.??", "????.??.??", "BH", NULL, T_RULES_2024},
        {"2026.03.05", "2026.03.06", "BH", "2024", T_RULES_2024},
        {"2026.01.05", "2026.01.06", "BH", "2026", T_RULES_2026},
        {"2026.03.05", "2026.03.06", "BH/V2024", NULL, T_RULES_2024},
        {"2026.01.05", "2026.01.06", "BH,SB/V2", "2026", T_RULES_2026},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024];
        snprintf(text, sizeof text,
                 "[Event \"E\"]\n[Date \"%s\"]\n[Round \"1\"]\n"
                 "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n1-0\n\n"
                 "[Event \"E\"]\n[Date \"%s\"]\n[Round \"2\"]\n"
                 "[White \"B\"]\n[Black \"C\"]\n[Result \"0-1\"]\n0-1\n",
                 cases[i].first, cases[i].last);
        rgn_tiebreak list[RGN_MAX_TIEBREAKS];
        rgn_tournament_options options =
            options_of("swiss", cases[i].tiebreaks, cases[i].rules, list);
        int status;
        rgn_tournaments *ts = read_games_with(text, &options, &status);
        assert_int_equal(ts->list[0]->rules, cases[i].expected);
        rgn_tournaments_free(ts);
    }
    rgn_error error;
    rgn_tiebreak list[RGN_MAX_TIEBREAKS];
    rgn_tournament_options options = options_of(NULL, "BH/V1", "2026", list);
    assert_null(rgn_tournaments_new(&options, &error));
    assert_string_equal(error.message, "the tie-break list states the rules "
                                       "of 2024, and those of 2026 are "
                                       "asked for");
    options = (rgn_tournament_options){.size = sizeof(rgn_tournament_options),
                                       .tiebreak_rules = 2025};
    assert_null(rgn_tournaments_new(&options, &error));
    assert_string_equal(error.message,
                        "no tie-break rules of 2025 (known: 2024, 2026)");
}

static void round_robin(void **state)
{
    (void)state;
    static char text[8192];
    text[0] = 0;
    /* A 2.5 (draws D, beats B and C), B 2, C 1, D 0.5 */
    append_game(text, sizeof text, 1, "A", "D", "1/2-1/2", "");
    append_game(text, sizeof text, 1, "B", "C", "1-0", "");
    append_game(text, sizeof text, 2, "D", "C", "0-1", "");
    append_game(text, sizeof text, 2, "A", "B", "1-0", "");
    append_game(text, sizeof text, 3, "B", "D", "1-0", "");
    append_game(text, sizeof text, 3, "C", "A", "0-1", "");
    int status;
    rgn_tournaments *ts = read_games(text, NULL, &status);
    const tournament *t = ts->list[0];
    assert_int_equal(t->system, T_SYSTEM_ROUND_ROBIN);
    assert_string_equal(t->tiebreaks[0].code, "DE");
    assert_string_equal(t->players[0].name, "A");
    assert_int_equal(t->players[0].score, 5);
    assert_string_equal(t->players[1].name, "B");
    assert_int_equal(status, 0);
    rgn_tournaments_free(ts);
}

static void direct_encounter(void **state)
{
    (void)state;
    static char text[8192];
    text[0] = 0;
    /* three rounds, four players; B and C end on 1.5 and C beat B */
    append_game(text, sizeof text, 1, "A", "D", "1-0", "");
    append_game(text, sizeof text, 1, "B", "C", "0-1", "");
    append_game(text, sizeof text, 2, "D", "C", "1-0", "");
    append_game(text, sizeof text, 2, "A", "B", "0-1", "");
    append_game(text, sizeof text, 3, "B", "D", "1/2-1/2", "");
    append_game(text, sizeof text, 3, "C", "A", "1/2-1/2", "");
    int status;
    rgn_tournaments *ts = read_games(text, "DE", &status);
    const tournament *t = ts->list[0];
    /* A 1.5, B 1.5, C 1.5, D 1.5: all tied; among all four, DE is each
     * one's score, so the group never splits: everyone shares rank 1 */
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(t->players[i].rank, 1);
    rgn_tournaments_free(ts);

    text[0] = 0;
    append_game(text, sizeof text, 1, "A", "D", "1-0", "");
    append_game(text, sizeof text, 1, "B", "C", "0-1", "");
    append_game(text, sizeof text, 2, "D", "C", "0-1", "");
    append_game(text, sizeof text, 2, "A", "B", "0-1", "");
    append_game(text, sizeof text, 3, "B", "D", "1-0", "");
    append_game(text, sizeof text, 3, "C", "A", "0-1", "");
    ts = read_games(text, "DE", &status);
    t = ts->list[0];
    /* A 2, B 2, C 2, D 0: among A, B, C each won once: tied; D last */
    assert_int_equal(t->players[0].rank, 1);
    assert_int_equal(t->players[2].rank, 1);
    assert_int_equal(t->players[3].rank, 4);
    assert_true(t->players[0].tiebreaks[0] == 1);
    rgn_tournaments_free(ts);
}

static bool has_finding(const tournament *t, enum rgn_problem problem)
{
    for (size_t i = 0; i < t->finding_count; i++)
        if (t->findings[i].problem == problem)
            return true;
    return false;
}

static void audit(void **state)
{
    (void)state;
    static char text[8192];
    text[0] = 0;
    append_game(text, sizeof text, 1, "Jansen, Emma", "Pieters, Jan", "1-0",
                "");
    append_game(text, sizeof text, 1, "Jansen, Emma", "Pieters, Jan", "1-0",
                "");
    append_game(text, sizeof text, 2, "JANSEN, E.", "Klaas, Piet", "*", "");
    append_game(text, sizeof text, 2, "Pieters, Jan", "Klaas, Piet", "0-1", "");
    append_game(text, sizeof text, 3, "Klaas, Piet", "Pieters, Jan", "0-1", "");
    int status;
    rgn_tournaments *ts = read_games(text, NULL, &status);
    const tournament *t = ts->list[0];
    assert_true(has_finding(t, RGN_T_DUPLICATE_GAME));
    assert_true(has_finding(t, RGN_T_PLAYER_TWICE_IN_ROUND));
    assert_true(has_finding(t, RGN_T_SAME_PLAYER));
    assert_true(has_finding(t, RGN_T_UNFINISHED_GAME));
    assert_false(has_finding(t, RGN_T_MALFORMED_ROUND));
    assert_int_equal(status, 1);
    rgn_tournaments_free(ts);
}

/* The page's standings are made safe as its games are: a control
 * character in a tag is U+FFFD (XML allows none), a tab a space; names
 * and events escaped. */
static void html_made_safe(void **state)
{
    (void)state;
    static const char text[] =
        "[Event \"E\x01v\"]\n[Site \"S\"]\n[Round \"1\"]\n"
        "[White \"Ames\tA\"]\n[Black \"Berg & <B>\"]\n[Result "
        "\"1-0\"]\n\n1-0\n";
    rgn_tournament_options options = {.size = sizeof options,
                                      .format = RGN_TOURNAMENT_HTML};
    int status;
    rgn_tournaments *ts = read_games_with(text, &options, &status);
    char *page = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&page, &size);
    assert_non_null(out);
    assert_int_equal(rgn_tournaments_write(ts, RGN_TOURNAMENT_HTML, out, NULL),
                     0);
    fclose(out);
    assert_non_null(strstr(page, "<h1>E\xEF\xBF\xBDv</h1>"));
    assert_non_null(strstr(page, "<th>Ames A</th>"));
    assert_non_null(strstr(page, "<th>Berg &amp; &lt;B&gt;</th>"));
    assert_null(strchr(page, '\x01'));
    assert_null(strchr(page, '\t'));
    free(page);
    rgn_tournaments_free(ts);
}

/* Options carry their size (rgn.h, "Errors"): a caller built before
 * check_only and the later fields passes a smaller struct, whose missing
 * fields take their defaults; the junk beyond its size (rules and rounds
 * that would be refused) is never read. A size of 0 is refused. */
static void sized_options(void **state)
{
    (void)state;
    rgn_tournament_options older;
    memset(&older, 0xA5, sizeof older);
    older.size = offsetof(rgn_tournament_options, check_only);
    older.event = NULL;
    older.system = RGN_SYSTEM_UNKNOWN;
    older.tiebreaks = NULL;
    older.tiebreak_count = 0;
    older.same_player = NULL;
    older.same_player_len = 0;
    older.format = RGN_TOURNAMENT_TEXT;
    older.title = older.lang = NULL;
    rgn_error error = {0};
    rgn_tournaments *ts = rgn_tournaments_new(&older, &error);
    assert_non_null(ts);
    rgn_tournaments_free(ts);
    rgn_tournament_options unsized = {.format = RGN_TOURNAMENT_TEXT};
    assert_null(rgn_tournaments_new(&unsized, &error));
    assert_string_equal(error.message, "rgn_tournament_options: size is 0 "
                                       "(set it to sizeof the struct)");
    /* NULL: every default; a NULL error is allowed */
    ts = rgn_tournaments_new(NULL, NULL);
    assert_non_null(ts);
    rgn_tournaments_free(ts);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(parse_lists),   cmocka_unit_test(rules_on_dates),
        cmocka_unit_test(swiss),         cmocka_unit_test(swiss_2026),
        cmocka_unit_test(bye_2026),      cmocka_unit_test(rules_chosen),
        cmocka_unit_test(round_robin),   cmocka_unit_test(direct_encounter),
        cmocka_unit_test(audit),         cmocka_unit_test(html_made_safe),
        cmocka_unit_test(sized_options),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
