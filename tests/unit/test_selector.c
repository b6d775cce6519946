/*
 * test_selector.c - the selector (rgn_selector_*, rgn.h): which games of
 * six known chess games it hands on under criteria, invert, limit,
 * valid_only, the copies (UNIQUE, ONLY, NOTE, fuzzy_ply) and count_only,
 * and what its selected callback is told (index, number, ply,
 * duplicate_of); the games it selects written through a destination,
 * with its edits. Every expected value is read off the games below.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"

/* Validates text as chess into the selector s. */
static void feed_chess(rgn_selector *s, const char *text)
{
    rgn_validator_options vo = {.size = sizeof vo,
                                .variant = rgn_variant_find("Chess"),
                                .sink = rgn_selector_sink(),
                                .sink_user = s};
    rgn_validator *v = rgn_validator_new(&vo, NULL);
    assert_non_null(v);
    assert_int_equal(rgn_validator_feed(v, text, strlen(text)), 0);
    assert_int_equal(rgn_validator_finish(v), 0);
    rgn_validator_free(v);
}

/* 1 and 3 are one game (Scholar's mate, 7 plies), tags aside; 2 and 6
 * too (3 plies); 5 reaches 2's position after 3 plies by another order
 * (Nc3 before Nf3) and differs from it at plies 1 and 2; 4 is invalid at
 * its third ply (a King does not go from e1 to e3). */

static const char games[] =
    "[White \"A\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[White \"B\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 2. Nc3 *\n\n"
    "[White \"C\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[White \"D\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n"
    "[White \"E\"]\n[Result \"*\"]\n\n1. Nc3 Nf6 2. Nf3 *\n\n"
    "[White \"F\"]\n[Result \"*\"]\n\n1. Nf3 Nf6 2. Nc3 *\n";

/* After 1. Nf3 Nf6 (games 2 and 6 at ply 2; game 5 never: its Knight
 * went to c3 first). */
static const char after_nf3_nf6[] =
    "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2";
/* After 1. Nf3 Nf6 2. Nc3 or 1. Nc3 Nf6 2. Nf3 (games 2, 5, 6 at ply 3). */
static const char after_both_knights[] =
    "rnbqkb1r/pppppppp/5n2/8/8/2N2N2/PPPPPPPP/R1BQKB1R b KQkq - 3 2";

/* What the selected callback was told, a game a word:
 * "INDEX:NUMBER:PLY:DUPLICATE_OF:PLIES" (PLIES of the recorded game). */
typedef struct told {
    char text[512];
    uint64_t game_numbers_differ; /* rgn_game_number != selection->number */
} told;

static void on_selected(void *user, const rgn_game *game,
                        const rgn_selection *selection)
{
    told *t = user;
    size_t n = strlen(t->text);
    snprintf(t->text + n, sizeof t->text - n, "%s%llu:%llu:%d:%llu:%d",
             n ? " " : "", (unsigned long long)selection->index,
             (unsigned long long)selection->number, selection->ply,
             (unsigned long long)selection->duplicate_of, rgn_game_plies(game));
    if (rgn_game_number(game) != selection->number)
        t->game_numbers_differ++;
}

/* The numbers of the games selected, "" for none, as "N N ...". */
typedef struct picked {
    char numbers[64];
    told told;
    uint64_t count;
} picked;

/* Adds "NAME=VALUE" criteria (NULL-terminated) to a new rgn_criteria;
 * NULL for none. */
static rgn_criteria *criteria_of(const char *const *options)
{
    if (!options || !*options)
        return NULL;
    rgn_criteria *c = rgn_criteria_new(NULL);
    assert_non_null(c);
    for (; *options; options++) {
        char name[32];
        const char *eq = strchr(*options, '=');
        assert_non_null(eq);
        snprintf(name, sizeof name, "%.*s", (int)(eq - *options), *options);
        rgn_error error;
        int criterion = rgn_criterion_parse(name, &error);
        if (criterion < 0 || rgn_criteria_add(c, (enum rgn_criterion)criterion,
                                              eq + 1, &error) != 0)
            fail_msg("%s: %s", *options, error.message);
    }
    return c;
}

/* Runs the six games through a selector with options (its criteria from
 * the NULL-terminated criteria list, its callback ours). */
static picked select_games(rgn_selector_options options,
                           const char *const *criteria)
{
    picked p = {0};
    rgn_criteria *c = criteria_of(criteria);
    options.criteria = c;
    options.selected = on_selected;
    options.user = &p.told;
    rgn_selector *s = rgn_selector_new(&options, NULL);
    assert_non_null(s);
    feed_chess(s, games);
    assert_int_equal(rgn_selector_finish(s, NULL), 0);
    p.count = rgn_selector_count(s);
    rgn_selector_free(s);
    rgn_criteria_free(c);
    /* the numbers, from what the callback was told */
    const char *at = p.told.text;
    while (*at) {
        unsigned long long index, number;
        int used = 0;
        assert_int_equal(sscanf(at, "%llu:%llu%n", &index, &number, &used), 2);
        size_t n = strlen(p.numbers);
        snprintf(p.numbers + n, sizeof p.numbers - n, "%s%llu", n ? " " : "",
                 number);
        at = strchr(at, ' ');
        if (!at)
            break;
        at++;
    }
    assert_int_equal(p.told.game_numbers_differ, 0);
    return p;
}

#define NO_CRITERIA ((const char *const *)NULL)
#define CRITERIA(...) ((const char *const[]){__VA_ARGS__, NULL})

static void every_game(void **state)
{
    (void)state;
    picked p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options)},
        NO_CRITERIA);
    assert_string_equal(p.numbers, "1 2 3 4 5 6");
    assert_int_equal(p.count, 6);
    /* no position criterion: no ply; the plies of each main line (the
     * invalid game's two before its error) */
    assert_string_equal(p.told.text, "1:1:-1:0:7 2:2:-1:0:3 3:3:-1:0:7 "
                                     "4:4:-1:0:2 5:5:-1:0:3 6:6:-1:0:3");
}

static void criteria_and_invert(void **state)
{
    (void)state;
    const char *const *won = CRITERIA("tag=Result=1-0");
    picked p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options)}, won);
    assert_string_equal(p.numbers, "1 3");
    assert_int_equal(p.count, 2);
    p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options),
                               .invert = true},
        won);
    assert_string_equal(p.numbers, "2 4 5 6");
    assert_int_equal(p.count, 4);
    /* two criteria: every one must match */
    p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options)},
        CRITERIA("tag=Result=*", "plies=3"));
    assert_string_equal(p.numbers, "2 5 6");
}

static void valid_only(void **state)
{
    (void)state;
    picked p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options),
                               .valid_only = true},
        NO_CRITERIA);
    assert_string_equal(p.numbers, "1 2 3 5 6");
    /* the invalid game is not selected by inverting either */
    p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options),
                               .valid_only = true,
                               .invert = true},
        CRITERIA("tag=Result=1-0"));
    assert_string_equal(p.numbers, "2 5 6");
    /* and the index counts the games selected only */
    assert_string_equal(p.told.text, "1:2:-1:0:3 2:5:-1:0:3 3:6:-1:0:3");
}

static void limit(void **state)
{
    (void)state;
    picked p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options),
                               .limit = 2},
        NO_CRITERIA);
    assert_string_equal(p.numbers, "1 2");
    assert_int_equal(p.count, 2);
    /* the limit counts the games selected, not those read */
    p = select_games(
        (rgn_selector_options){
            .size = sizeof(rgn_selector_options), .limit = 2, .invert = true},
        CRITERIA("tag=Result=1-0"));
    assert_string_equal(p.numbers, "2 4");
    p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options),
                               .limit = 10},
        NO_CRITERIA);
    assert_int_equal(p.count, 6);
}

static void positions_and_ply(void **state)
{
    (void)state;
    char option[128];
    snprintf(option, sizeof option, "position=%s", after_nf3_nf6);
    picked p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options)},
        CRITERIA(option));
    assert_string_equal(p.told.text, "1:2:2:0:3 2:6:2:0:3");
    snprintf(option, sizeof option, "position=%s", after_both_knights);
    p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options)},
        CRITERIA(option));
    assert_string_equal(p.told.text, "1:2:3:0:3 2:5:3:0:3 3:6:3:0:3");
}

static void copies(void **state)
{
    (void)state;
    rgn_selector_options o = {.size = sizeof o,
                              .duplicates = RGN_DUPLICATES_UNIQUE};
    picked p = select_games(o, NO_CRITERIA);
    assert_string_equal(p.numbers, "1 2 4 5");
    assert_int_equal(p.count, 4);
    o.duplicates = RGN_DUPLICATES_ONLY;
    p = select_games(o, NO_CRITERIA);
    assert_string_equal(p.numbers, "3 6");
    /* NOTE: every game, a copy with the number of its first copy */
    o.duplicates = RGN_DUPLICATES_NOTE;
    p = select_games(o, NO_CRITERIA);
    assert_string_equal(p.told.text, "1:1:-1:0:7 2:2:-1:0:3 3:3:-1:1:7 "
                                     "4:4:-1:0:2 5:5:-1:0:3 6:6:-1:2:3");
    /* copies are looked for among the games that match: without game 2,
     * game 6 is the first of its kind */
    o.duplicates = RGN_DUPLICATES_UNIQUE;
    o.valid_only = true;
    p = select_games(o, CRITERIA("tag=White!=B"));
    assert_string_equal(p.numbers, "1 5 6");
    /* and after the limit's count of selected games */
    o = (rgn_selector_options){.size = sizeof(rgn_selector_options),
                               .duplicates = RGN_DUPLICATES_ONLY,
                               .limit = 1};
    p = select_games(o, NO_CRITERIA);
    assert_string_equal(p.numbers, "3");
}

static void fuzzy(void **state)
{
    (void)state;
    /* at ply 3, 5 is a copy of 2 (and 6 of 2) */
    rgn_selector_options o = {.size = sizeof o,
                              .duplicates = RGN_DUPLICATES_NOTE,
                              .fuzzy_ply = 3,
                              .valid_only = true};
    picked p = select_games(o, NO_CRITERIA);
    assert_string_equal(p.told.text, "1:1:-1:0:7 2:2:-1:0:3 3:3:-1:1:7 "
                                     "4:5:-1:2:3 5:6:-1:2:3");
    o.duplicates = RGN_DUPLICATES_UNIQUE;
    assert_string_equal(select_games(o, NO_CRITERIA).numbers, "1 2");
    /* at ply 1 (1. e4, 1. Nf3, 1. e4, 1. Nc3, 1. Nf3) it is not */
    o.fuzzy_ply = 1;
    assert_string_equal(select_games(o, NO_CRITERIA).numbers, "1 2 5");
    /* games shorter than the ply are copies of none */
    o.fuzzy_ply = 4;
    o.duplicates = RGN_DUPLICATES_ONLY;
    assert_string_equal(select_games(o, NO_CRITERIA).numbers, "3");
}

static void count_only(void **state)
{
    (void)state;
    /* the games are counted, their moves not recorded */
    picked p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options),
                               .count_only = true},
        NO_CRITERIA);
    assert_int_equal(p.count, 6);
    assert_string_equal(p.told.text, "1:1:-1:0:0 2:2:-1:0:0 3:3:-1:0:0 "
                                     "4:4:-1:0:0 5:5:-1:0:0 6:6:-1:0:0");
    /* unless copies are looked for */
    p = select_games(
        (rgn_selector_options){.size = sizeof(rgn_selector_options),
                               .count_only = true,
                               .duplicates = RGN_DUPLICATES_UNIQUE},
        NO_CRITERIA);
    assert_int_equal(p.count, 4);
    assert_string_equal(p.told.text,
                        "1:1:-1:0:7 2:2:-1:0:3 3:4:-1:0:2 4:5:-1:0:3");
}

/* The games selected handed to a destination (rgn_destination_selected)
 * are written with the edits: games 2 and 5 in coordinates (Nf3 g1f3,
 * Nf6 g8f6, Nc3 b1c3); then a mate recorded with the result * is written
 * 1-0 by RGN_EDIT_FIX_RESULT, as rgn convert --fix-result writes it. */
static void written(void **state)
{
    (void)state;
    static const char mate[] = "[White \"G\"]\n[Result \"*\"]\n\n"
                               "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# *\n";
    const char *const inputs[] = {games, mate};
    const char *const expected[] = {"g1f3 g8f6 b1c3 *\nb1c3 g8f6 g1f3 *\n",
                                    "e2e4 e7e5 d1h5 b8c6 f1c4 g8f6 h5f7 1-0\n"};
    rgn_edits *edits = rgn_edits_new(NULL);
    assert_non_null(edits);
    rgn_edits_add(edits, RGN_EDIT_FIX_RESULT);
    for (int i = 0; i < 2; i++) {
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        assert_non_null(out);
        rgn_writer_options wo = {.size = sizeof wo, .format = RGN_FORMAT_COORD};
        rgn_destination_options to = {
            .size = sizeof to, .writing = &wo, .edits = i == 1 ? edits : NULL};
        rgn_destination *d = rgn_destination_new(&to, out, NULL);
        assert_non_null(d);
        rgn_criteria *c = criteria_of(i == 0 ? CRITERIA("games=2,5") : NULL);
        rgn_selector_options o = {.size = sizeof o,
                                  .criteria = c,
                                  .edits = to.edits,
                                  .selected = rgn_destination_selected,
                                  .user = d};
        rgn_selector *s = rgn_selector_new(&o, NULL);
        assert_non_null(s);
        feed_chess(s, inputs[i]);
        assert_int_equal(rgn_selector_finish(s, NULL), 0);
        assert_int_equal(rgn_destination_finish(d, true, NULL), 0);
        rgn_destination_free(d);
        rgn_selector_free(s);
        rgn_criteria_free(c);
        fclose(out);
        assert_string_equal(text, expected[i]);
        free(text);
    }
    rgn_edits_free(edits);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game),
        cmocka_unit_test(criteria_and_invert),
        cmocka_unit_test(valid_only),
        cmocka_unit_test(limit),
        cmocka_unit_test(positions_and_ply),
        cmocka_unit_test(copies),
        cmocka_unit_test(fuzzy),
        cmocka_unit_test(count_only),
        cmocka_unit_test(written),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
