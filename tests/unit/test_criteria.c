/*
 * test_criteria.c - the criteria of rgn select: what each option reads
 * and refuses, and which games each picks, judged live from the
 * validator and again from a recorded game replayed into the matcher.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"

static const char games_pgn[] =
    "[Event \"A\"]\n[Date \"2018.??.??\"]\n[Round \"3.2\"]\n"
    "[White \"Tal, Mikhail\"]\n[Black \"Fischer, Robert\"]\n"
    "[WhiteElo \"2600\"]\n[BlackElo \"2700\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"B\"]\n[Date \"2019.05.01\"]\n[Round \"12\"]\n"
    "[White \"Carlsen, Magnus\"]\n[Black \"Tal, Mikhail\"]\n"
    "[Result \"*\"]\n\n"
    "1. Nf3 {[%clk 0:03:00]} d5 (1... e5 2. Nxe5) 2. e4 $1 *\n\n"
    "[Event \"C\"]\n[White \"X\"]\n[Black \"Y\"]\n[Result \"1/2-1/2\"]\n"
    "[FEN \"7k/P7/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8=N 1/2-1/2\n\n";

typedef struct picked {
    char numbers[64];
    int ply[8];
} picked;

static void on_selected(void *user, const rgn_game *game,
                        const rgn_selection *selection)
{
    (void)game;
    picked *p = user;
    size_t n = strlen(p->numbers);
    snprintf(p->numbers + n, sizeof p->numbers - n, "%s%llu", n ? " " : "",
             (unsigned long long)selection->number);
    if (selection->number < 8)
        p->ply[selection->number] = selection->ply;
}

/* The games (numbers from 1) that the options pick: "" for none. Each
 * option is "NAME" or "NAME=VALUE". */
static picked pick(const char *const *options)
{
    rgn_criteria *c = rgn_criteria_new(NULL);
    assert_non_null(c);
    for (; *options; options++) {
        char name[32];
        const char *eq = strchr(*options, '=');
        size_t len = eq ? (size_t)(eq - *options) : strlen(*options);
        snprintf(name, sizeof name, "%.*s", (int)len, *options);
        rgn_error error;
        int criterion = rgn_criterion_parse(name, &error);
        if (criterion < 0 || rgn_criteria_add(c, (enum rgn_criterion)criterion,
                                              eq ? eq + 1 : NULL, &error) != 0)
            fail_msg("%s: %s", *options, error.message);
    }
    picked p = {0};
    rgn_selector_options so = {
        .size = sizeof so, .criteria = c, .selected = on_selected, .user = &p};
    rgn_selector *s = rgn_selector_new(&so, NULL);
    rgn_validator_options vo = {.size = sizeof vo,
                                .variant = rgn_variant_find("Chess"),
                                .sink = rgn_selector_sink(),
                                .sink_user = s};
    rgn_validator *v = rgn_validator_new(&vo, NULL);
    assert_int_equal(rgn_validator_feed(v, games_pgn, strlen(games_pgn)), 0);
    assert_int_equal(rgn_validator_finish(v), 0);
    rgn_validator_free(v);
    rgn_selector_free(s);
    rgn_criteria_free(c);
    return p;
}

#define PICKS(expected, ...)                                                   \
    do {                                                                       \
        const char *const opts[] = {__VA_ARGS__, NULL};                        \
        assert_string_equal(pick(opts).numbers, expected);                     \
    } while (0)

static void tags(void **state)
{
    (void)state;
    PICKS("1", "tag=White=Tal, Mikhail");
    PICKS("1 2", "tag=Player~TAL");
    PICKS("2", "tag=White~tal", "tag=White~carlsen", "tag=Black~tal");
    PICKS("2", "tag=White=~^Car");
    PICKS("1", "tag=Date>=2018", "tag=Date<=2018.12.31");
    PICKS("", "tag=Date>=2018.06.01", "tag=Date<=2018.12.31");
    PICKS("2", "tag=Date>2018");
    PICKS("1", "tag=Round<=3");
    PICKS("2", "tag=Round>3");
    PICKS("1", "tag=EloDiff=100");
    PICKS("1", "tag=Elo>=2700");
    PICKS("2 3", "tag=White!=Tal, Mikhail");
    PICKS("1 2", "tag=Event<C");
}

static void shapes(void **state)
{
    (void)state;
    PICKS("1", "ends=mate");
    PICKS("2", "ends=unfinished");
    PICKS("3", "ends=insufficient");
    PICKS("3", "setup");
    PICKS("3", "promotion=N");
    PICKS("3", "underpromotion");
    PICKS("2", "has=clocks");
    PICKS("2", "has=variations", "has=nags");
    PICKS("1", "plies=5-");
    PICKS("2 3", "plies=-3");
    PICKS("2 3", "games=2-3");
    PICKS("1 2 3", "valid");
}

static void positions(void **state)
{
    (void)state;
    picked p = pick((const char *const[]){
        "position=r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - "
        "9 9",
        NULL});
    assert_string_equal(p.numbers, "1");
    assert_int_equal(p.ply[1], 4);
    PICKS("1", "pattern=8/8/8/8/2B5/8/8/8");
    PICKS("1", "moves=1. e4");
    PICKS("", "moves=1. e4 e5 2. Nf3 Nc6");
    PICKS("2", "moves=Nf3 e5 Nxe5", "in-variations");
    PICKS("3", "material=N v");
    PICKS("", "material=w:N v", "games=1-2");
}

static void refused(void **state)
{
    (void)state;
    /* the option, its value, and what the message must say of it */
    const char *bad[][3] = {
        {"tag", "White", "no operator after the tag name"},
        {"tag", "=x", "no tag name before the operator"},
        {"tag", "White=~(", "malformed regular expression"},
        {"tag", "Date<2018.13", "'2018.13' is no date"},
        {"tag", "WhiteElo>abc", "'abc' is no number"},
        {"tag", "Round<3..2", "'3..2' is no round"},
        {"plies", "x", "a number of plies or a range"},
        {"plies", "5-3", "a number of plies or a range"},
        {"games", "0", "game numbers from 1"},
        {"games", "1,,2", "game numbers from 1"},
        {"ends", "checkmate", "one of mate, stalemate"},
        {"has", "clock", "one of comments, variations, nags, clocks"},
        /* 'n' is a Knight, 'o' nothing */
        {"position", "nonsense", "column 2: unknown character 'o'"},
        {"pattern", "zz/8", "'z' is no piece"},
        {"material", "Q", "the pieces of two sides"},
        {"material", "Q1 R 3", "the pieces of two sides"},
        {"moves", "Ke5", "'Ke5' is not a legal move"},
        {"promotion", "QQ", "one piece letter"},
        {"material-plies", "0", "at least 1"},
        /* regular expressions the C library would compile into
         * gigabytes (found by fuzz_criteria) */
        {"tag", "White=~d++++++++++++++++++++++++++++++++++++++++",
         "regular expression too large"},
        {"tag", "White=~((a{20}){20}){20}", "regular expression too large"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        rgn_criteria *c = rgn_criteria_new(NULL);
        rgn_error error = {0};
        int criterion = rgn_criterion_parse(bad[i][0], NULL);
        assert_true(criterion >= 0);
        if (rgn_criteria_add(c, (enum rgn_criterion)criterion, bad[i][1],
                             &error) != -1)
            fail_msg("--%s '%s' was taken", bad[i][0], bad[i][1]);
        if (!strstr(error.message, bad[i][2]))
            fail_msg("--%s '%s': \"%s\" does not say \"%s\"", bad[i][0],
                     bad[i][1], error.message, bad[i][2]);
        rgn_criteria_free(c);
    }
}

/* The criteria's names: each parses to its criterion and back, the list
 * is complete (rgn(1)'s criteria, written out here by hand), and what
 * each takes is checked by rgn_criteria_add. */
static void names(void **state)
{
    (void)state;
    static const char *const expected[] = {
        "tag",     "plies",    "ends",           "position",
        "pattern", "material", "material-plies", "moves",
        "games",   "has",      "promotion",      "underpromotion",
        "setup",   "valid",    "invalid",        "in-variations"};
    assert_int_equal(RGN_CRITERION_COUNT, sizeof expected / sizeof *expected);
    for (int i = 0; i < RGN_CRITERION_COUNT; i++) {
        assert_string_equal(rgn_criterion_name((enum rgn_criterion)i),
                            expected[i]);
        rgn_error error = {0};
        assert_int_equal(rgn_criterion_parse(expected[i], &error), i);
    }
    assert_null(rgn_criterion_name(RGN_CRITERION_COUNT));
    assert_null(rgn_criterion_name((enum rgn_criterion) - 1));
    assert_int_equal(rgn_criterion_parse("ends", NULL), RGN_CRITERION_ENDS);

    /* an unknown name: the message names it and lists them all */
    rgn_error error = {0};
    assert_int_equal(rgn_criterion_parse("colour", &error), -1);
    assert_string_equal(error.message,
                        "unknown criterion 'colour' (expected one of tag, "
                        "plies, ends, position, pattern, material, "
                        "material-plies, moves, games, has, promotion, "
                        "underpromotion, setup, valid, invalid, "
                        "in-variations)");
    assert_int_equal(rgn_criterion_parse("--tag", &error), -1);
    assert_int_equal(rgn_criterion_parse("Tag", &error), -1);
    assert_int_equal(rgn_criterion_parse("", &error), -1);
    assert_int_equal(rgn_criterion_parse(NULL, &error), -1);
    assert_int_equal(rgn_criterion_parse("x", NULL), -1);

    /* the flags take no value, promotion one or none, the rest one */
    rgn_criteria *c = rgn_criteria_new(NULL);
    for (int i = 0; i < RGN_CRITERION_COUNT; i++) {
        enum rgn_criterion criterion = (enum rgn_criterion)i;
        enum rgn_criterion_value takes = rgn_criterion_takes(criterion);
        bool flag = i >= RGN_CRITERION_UNDERPROMOTION;
        assert_int_equal(takes, i == RGN_CRITERION_PROMOTION
                                    ? RGN_CRITERION_OPTIONAL
                                : flag ? RGN_CRITERION_FLAG
                                       : RGN_CRITERION_REQUIRED);
        char expect[80];
        if (takes == RGN_CRITERION_FLAG) {
            assert_int_equal(rgn_criteria_add(c, criterion, "x", &error), -1);
            snprintf(expect, sizeof expect, "the criterion %s takes no value",
                     expected[i]);
            assert_string_equal(error.message, expect);
            assert_int_equal(rgn_criteria_add(c, criterion, NULL, &error), 0);
        } else if (takes == RGN_CRITERION_REQUIRED) {
            assert_int_equal(rgn_criteria_add(c, criterion, NULL, &error), -1);
            snprintf(expect, sizeof expect, "the criterion %s takes a value",
                     expected[i]);
            assert_string_equal(error.message, expect);
        } else {
            assert_int_equal(rgn_criteria_add(c, criterion, NULL, &error), 0);
            assert_int_equal(rgn_criteria_add(c, criterion, "Q", &error), 0);
        }
    }
    assert_int_equal(rgn_criteria_add(c, RGN_CRITERION_COUNT, "x", &error), -1);
    assert_string_equal(error.message, "no criterion numbered 16");
    /* error may be NULL */
    assert_int_equal(rgn_criteria_add(c, RGN_CRITERION_PLIES, "x", NULL), -1);
    rgn_criteria_free(c);

    /* the words of ends and has, and no list for the others */
    const char *const *ends = rgn_criterion_choices(RGN_CRITERION_ENDS);
    const char *const end_words[] = {"mate",  "stalemate",    "repetition",
                                     "fifty", "insufficient", "unfinished"};
    for (size_t i = 0; i < sizeof end_words / sizeof *end_words; i++)
        assert_string_equal(ends[i], end_words[i]);
    assert_null(ends[sizeof end_words / sizeof *end_words]);
    const char *const *has = rgn_criterion_choices(RGN_CRITERION_HAS);
    const char *const has_words[] = {"comments", "variations", "nags",
                                     "clocks"};
    for (size_t i = 0; i < sizeof has_words / sizeof *has_words; i++)
        assert_string_equal(has[i], has_words[i]);
    assert_null(has[sizeof has_words / sizeof *has_words]);
    for (int i = 0; i < RGN_CRITERION_COUNT; i++)
        if (i != RGN_CRITERION_ENDS && i != RGN_CRITERION_HAS)
            assert_null(rgn_criterion_choices((enum rgn_criterion)i));
}

/* A recorded game replayed into the matcher is judged as it was live. */
static void replayed(void **state)
{
    (void)state;
    rgn_criteria *c = rgn_criteria_new(NULL);
    rgn_error error;
    assert_int_equal(rgn_criteria_add(c, RGN_CRITERION_ENDS, "mate", &error),
                     0);
    assert_int_equal(
        rgn_criteria_add(c, RGN_CRITERION_PATTERN, "8/5Q2/8/8/8/8/8/8", &error),
        0);
    rgn_game *game = rgn_game_new(NULL);
    rgn_validator_options vo = {.size = sizeof vo,
                                .variant = rgn_variant_find("Chess"),
                                .sink = rgn_game_recorder(),
                                .sink_user = game};
    rgn_validator *v = rgn_validator_new(&vo, NULL);
    const char *first = strstr(games_pgn, "[Event \"B\"]");
    assert_int_equal(
        rgn_validator_feed(v, games_pgn, (size_t)(first - games_pgn)), 0);
    assert_int_equal(rgn_validator_finish(v), 0);
    rgn_validator_free(v);
    rgn_matcher *m = rgn_matcher_new(c, NULL);
    assert_int_equal(
        rgn_game_replay(game, NULL, -1, rgn_matcher_sink(), m, NULL), 0);
    int ply;
    assert_true(rgn_matcher_matched(m, &ply));
    assert_int_equal(ply, 7);
    rgn_matcher_free(m);
    rgn_game_free(game);
    rgn_criteria_free(c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(names),   cmocka_unit_test(tags),
        cmocka_unit_test(shapes),  cmocka_unit_test(positions),
        cmocka_unit_test(refused), cmocka_unit_test(replayed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
