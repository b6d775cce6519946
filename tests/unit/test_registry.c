/*
 * test_registry.c - the list of rule sets: lookup by name and alias in
 * any case, with '-' or '_' for a space; the default; which game a file
 * name's extension stands for; the games' own problem kinds; the facts
 * of their pieces (royal, figures, fins); the line rgn variants gives
 * each.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"

static void every_listed_variant_is_found_by_its_names(void **state)
{
    (void)state;
    assert_true(rgn_variant_count() >= 2);
    assert_null(rgn_variant_at(rgn_variant_count()));
    for (size_t i = 0; i < rgn_variant_count(); i++) {
        const rgn_variant *v = rgn_variant_at(i);
        assert_ptr_equal(rgn_variant_find(rgn_variant_name(v)), v);
        for (const char *const *alias = rgn_variant_aliases(v); *alias; alias++)
            assert_ptr_equal(rgn_variant_find(*alias), v);
        /* upper case, and '-' for every space */
        char shouted[64];
        snprintf(shouted, sizeof shouted, "%s", rgn_variant_name(v));
        for (char *c = shouted; *c; c++)
            *c =
                *c == ' ' ? '-' : (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
        assert_ptr_equal(rgn_variant_find(shouted), v);
    }
}

static void names_that_are_no_game(void **state)
{
    (void)state;
    assert_null(rgn_variant_find(""));
    assert_null(rgn_variant_find("Rotar"));
    assert_null(rgn_variant_find("Rotary "));
    assert_null(rgn_variant_find("Spinning Chess"));
}

static void the_default_is_rotary(void **state)
{
    (void)state;
    assert_string_equal(rgn_variant_name(rgn_variant_default()), "Rotary");
    assert_ptr_equal(rgn_variant_at(0), rgn_variant_default());
}

static void file_extensions(void **state)
{
    (void)state;
    const rgn_variant *rotary = rgn_variant_find("rotary");
    assert_ptr_equal(rgn_variant_for_file("games.rgn"), rotary);
    assert_ptr_equal(rgn_variant_for_file("dir.x/GAMES.RGN"), rotary);
    /* a compression suffix is left aside, once */
    assert_ptr_equal(rgn_variant_for_file("games.rgn.gz"), rotary);
    assert_ptr_equal(rgn_variant_for_file("games.rgn.ZST"), rotary);
    assert_ptr_equal(rgn_variant_for_file("games.rgn.bz2"), rotary);
    assert_ptr_equal(rgn_variant_for_file("games.pgn.xz"),
                     rgn_variant_find("chess"));
    assert_null(rgn_variant_for_file("games.rgn.gz.gz"));
    assert_null(rgn_variant_for_file("games.txt"));
    assert_null(rgn_variant_for_file("rgn"));
    assert_null(rgn_variant_for_file(".rgn"));
    assert_null(rgn_variant_for_file("games.xrgn"));
    assert_null(rgn_variant_for_file(""));
}

/* Every game's own kinds have codes of their own (no other kind, generic
 * or a game's, has the same code), and rgn_problem_code and
 * rgn_problem_severity know them by the number the registry gave. */
static void own_problem_kinds_have_unique_codes(void **state)
{
    (void)state;
    const char *codes[256];
    int count = 0;
    for (int p = 0; p < RGN_PROBLEM_COUNT; p++)
        codes[count++] = rgn_problem_code((enum rgn_problem)p);
    int highest = RGN_PROBLEM_COUNT - 1;
    for (size_t i = 0; i < rgn_variant_count(); i++) {
        const rgn_variant *v = rgn_variant_at(i);
        for (int k = 0; k < rgn_variant_problem_count(v); k++) {
            enum rgn_problem p = rgn_variant_problem(v, k);
            assert_true(p >= RGN_PROBLEM_COUNT);
            if ((int)p <= highest)
                continue; /* a kind of a table shared with a game before */
            assert_int_equal(p, highest + 1); /* numbered without gaps */
            highest = p;
            const char *code = rgn_problem_code(p);
            assert_string_not_equal(code, "unknown");
            for (int j = 0; j < count; j++)
                if (strcmp(codes[j], code) == 0)
                    fail_msg("%s's kind %d has the code \"%s\" of another kind",
                             rgn_variant_name(v), k, code);
            assert_true(count < 256);
            codes[count++] = code;
        }
    }
    assert_string_equal(rgn_problem_code((enum rgn_problem)(highest + 1)),
                        "unknown");
    assert_int_equal(rgn_problem_severity((enum rgn_problem)(highest + 1)),
                     RGN_ERROR);
}

/* The codes the games' kinds had when rgn.h listed them: scripts match
 * on them. */
static void own_problem_kinds_keep_their_codes(void **state)
{
    (void)state;
    const rgn_variant *chess = rgn_variant_find("Chess");
    assert_int_equal(rgn_variant_problem_count(chess), 1);
    enum rgn_problem hint = rgn_variant_problem(chess, 0);
    assert_string_equal(rgn_problem_code(hint), "chess-hint");
    assert_int_equal(rgn_problem_severity(hint), RGN_NOTE);

    const rgn_variant *rot = rgn_variant_find("Rotationary");
    const rgn_variant *wrap = rgn_variant_find("Rotationary Wrap");
    static const char *const expected[] = {
        "bad_fen",
        "bad_setup",
        "bad_move",
        "bad_cell",
        "bad_turn",
        "empty_cell",
        "move_after_solved",
        "false_solved",
        "unclaimed_solved",
        "bad_result",
        "result_tag_mismatch",
    };
    assert_int_equal(rgn_variant_problem_count(rot), 11);
    for (int k = 0; k < 11; k++) {
        enum rgn_problem p = rgn_variant_problem(rot, k);
        assert_string_equal(rgn_problem_code(p), expected[k]);
        assert_int_equal(rgn_problem_severity(p), RGN_ERROR);
        assert_int_equal(rgn_variant_problem(wrap, k), p); /* one table */
    }
    /* Rotary's one kind: the note suggesting it for another game's file */
    const rgn_variant *rotary = rgn_variant_find("Rotary");
    assert_int_equal(rgn_variant_problem_count(rotary), 1);
    assert_string_equal(rgn_problem_code(rgn_variant_problem(rotary, 0)),
                        "rotary-hint");
    assert_int_equal(rgn_problem_severity(rgn_variant_problem(rotary, 0)),
                     RGN_NOTE);
}

/* The facts of each game's pieces that generic code asks for, read from
 * the rules: the King is royal in each game that has one, and steps one
 * square; Chess's pieces are drawn as chess figures, Rotary's Trident
 * and Rotationary's pyramids have none; Rotary Chess's Guard moves as
 * a King does but is no King. */
static void pieces_royal_figures_and_fins(void **state)
{
    (void)state;
    static const char *const with_king[] = {"Rotary", "Rollerball",
                                            "Rotary Chess", "Chess"};
    for (size_t i = 0; i < sizeof with_king / sizeof *with_king; i++) {
        const rgn_variant *v = rgn_variant_find(with_king[i]);
        int king = rgn_variant_piece_type(v, 'K');
        assert_int_equal(rgn_variant_piece_type(v, 'k'), king);
        assert_int_equal(rgn_variant_piece_letter(v, king), 'K');
        assert_true(rgn_variant_piece_royal(v, king));
        assert_true(rgn_variant_piece_short_fins(v, king));
        assert_string_equal(rgn_variant_piece_figure(v, king), "\u265a\ufe0e");
        int pawn = rgn_variant_piece_type(v, 'P');
        assert_false(rgn_variant_piece_royal(v, pawn));
        assert_false(rgn_variant_piece_short_fins(v, pawn));
        assert_string_equal(rgn_variant_piece_figure(v, pawn), "\u265f\ufe0e");
        /* no type 0, none past the last */
        assert_false(rgn_variant_piece_royal(v, 0));
        assert_false(rgn_variant_piece_royal(v, 16));
        assert_null(rgn_variant_piece_figure(v, 0));
        assert_null(rgn_variant_piece_figure(v, 16));
    }
    const rgn_variant *chess = rgn_variant_find("Chess");
    assert_string_equal(
        rgn_variant_piece_figure(chess, rgn_variant_piece_type(chess, 'n')),
        "\u265e\ufe0e");
    assert_int_equal(rgn_variant_piece_type(chess, 'T'), 0);
    const rgn_variant *rotary = rgn_variant_find("Rotary");
    assert_null(
        rgn_variant_piece_figure(rotary, rgn_variant_piece_type(rotary, 'T')));
    const rgn_variant *rc = rgn_variant_find("Rotary Chess");
    int guard = rgn_variant_piece_type(rc, 'G');
    assert_true(guard > 0);
    assert_false(rgn_variant_piece_royal(rc, guard));
    assert_null(rgn_variant_piece_figure(rc, guard));
    const rgn_variant *rot = rgn_variant_find("Rotationary");
    for (int type = 0; type < 16; type++) {
        assert_false(rgn_variant_piece_royal(rot, type));
        assert_false(rgn_variant_piece_short_fins(rot, type));
        assert_null(rgn_variant_piece_figure(rot, type));
    }
}

/* The line of rgn variants, written here from each game's parts. */
static void descriptions(void **state)
{
    (void)state;
    char line[512];
    const char *rotary = "Rotary: Freeling's chess variant whose pieces "
                         "rotate; 9x9, two players; the default";
    size_t len =
        rgn_variant_describe(rgn_variant_find("rotary"), line, sizeof line);
    assert_string_equal(line, rotary);
    assert_int_equal(len, strlen(rotary));
    rgn_variant_describe(rgn_variant_find("chess"), line, sizeof line);
    assert_string_equal(line, "Chess (also Standard, From Position): orthodox "
                              "chess; 8x8, two players");
    rgn_variant_describe(rgn_variant_find("rotationary"), line, sizeof line);
    assert_string_equal(line, "Rotationary: Chalker's solitaire of turning "
                              "pyramids, chains stop at nothing; 4x4, one "
                              "player, set-up required");
    /* cut as snprintf cuts, the length the whole needs */
    char small[10];
    assert_int_equal(
        rgn_variant_describe(rgn_variant_find("rotary"), small, sizeof small),
        strlen(rotary));
    assert_string_equal(small, "Rotary: F");
    assert_int_equal(rgn_variant_describe(rgn_variant_find("chess"), NULL, 0),
                     strlen("Chess (also Standard, From Position): orthodox "
                            "chess; 8x8, two players"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_listed_variant_is_found_by_its_names),
        cmocka_unit_test(names_that_are_no_game),
        cmocka_unit_test(the_default_is_rotary),
        cmocka_unit_test(file_extensions),
        cmocka_unit_test(own_problem_kinds_have_unique_codes),
        cmocka_unit_test(own_problem_kinds_keep_their_codes),
        cmocka_unit_test(pieces_royal_figures_and_fins),
        cmocka_unit_test(descriptions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
