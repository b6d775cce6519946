/*
 * test_duplicates.c - the copies of games (select/duplicates.c): a game
 * seen again names its first copy, and the table costs at most 16 bytes
 * a game however many games it holds (the bound), also right
 * after it grows.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "select/select.h"

static uint64_t next(uint64_t *state)
{
    /* splitmix64 */
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static void test_copies_name_their_first(void **state)
{
    (void)state;
    duplicate_set *set = duplicate_set_new();
    uint64_t first;
    assert_int_equal(duplicate_set_add(set, 42, 1, &first), 0);
    assert_int_equal(first, 0);
    assert_int_equal(duplicate_set_add(set, 7, 2, &first), 0);
    assert_int_equal(first, 0);
    assert_int_equal(duplicate_set_add(set, 42, 3, &first), 0);
    assert_int_equal(first, 1);
    assert_int_equal(duplicate_set_add(set, 42, 4, &first), 0);
    assert_int_equal(first, 1);
    assert_int_equal(duplicate_set_add(set, 7, 5, &first), 0);
    assert_int_equal(first, 2);
    /* 0 and 1 are one fingerprint: the lowest bit marks an entry used */
    assert_int_equal(duplicate_set_add(set, 0, 6, &first), 0);
    assert_int_equal(first, 0);
    assert_int_equal(duplicate_set_add(set, 1, 7, &first), 0);
    assert_int_equal(first, 6);
    duplicate_set_free(set);
}

/* A million games, then as many again, each a copy of one of the first:
 * every copy found, at most 16 bytes a game at every step. */
static void test_sixteen_bytes_a_game(void **state)
{
    (void)state;
    enum { GAMES = 1000000 };
    duplicate_set *set = duplicate_set_new();
    uint64_t seed = 1, first;
    size_t games, bytes, worst_step = 0;
    for (uint64_t n = 1; n <= GAMES; n++) {
        assert_int_equal(duplicate_set_add(set, next(&seed), n, &first), 0);
        assert_int_equal(first, 0);
        if (n % 1000 == 0 || n > GAMES - 1000) {
            bytes = duplicate_set_bytes(set, &games);
            assert_int_equal(games, n);
            if (n >= 100000) /* past the parts' first tables of 16 */
                assert_true(bytes <= 16 * games);
            if (bytes > worst_step)
                worst_step = bytes;
        }
    }
    seed = 1;
    for (uint64_t n = 1; n <= GAMES; n++) {
        assert_int_equal(duplicate_set_add(set, next(&seed), GAMES + n, &first),
                         0);
        assert_int_equal(first, n);
    }
    bytes = duplicate_set_bytes(set, &games);
    assert_int_equal(games, GAMES);
    assert_true(bytes <= 16 * games);
    assert_true(bytes >= 12 * games * 10 / 9); /* at most 90% full */
    duplicate_set_free(set);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_copies_name_their_first),
        cmocka_unit_test(test_sixteen_bytes_a_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
