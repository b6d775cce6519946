/*
 * test_registry.c - the list of rule sets: lookup by name and alias in
 * any case, with '-' or '_' for a space; the default; which game a file
 * name's extension stands for.
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
            *c = *c == ' ' ? '-' : (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
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
    assert_null(rgn_variant_for_file("games.rgn.gz.gz"));
    assert_null(rgn_variant_for_file("games.txt"));
    assert_null(rgn_variant_for_file("rgn"));
    assert_null(rgn_variant_for_file(".rgn"));
    assert_null(rgn_variant_for_file("games.xrgn"));
    assert_null(rgn_variant_for_file(""));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_listed_variant_is_found_by_its_names),
        cmocka_unit_test(names_that_are_no_game),
        cmocka_unit_test(the_default_is_rotary),
        cmocka_unit_test(file_extensions),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
