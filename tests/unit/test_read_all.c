/*
 * test_read_all.c - rgn_validator_read_all and rgn_range_cut over memory
 * of the caller's own (not a mapping of a file): they read what feeding
 * reads, and never write to it. Letting pages go (madvise) zeroes such
 * memory, so it is done only for the library's own mapping (a plain
 * file rgn_games_read maps). And the validator's options carry their
 * size.
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
#include "validate/options.h"

static const char game[] =
    "[Event \"Memory of its own\"]\n[Variant \"Chess\"]\n[Result \"1-0\"]\n\n"
    "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";

enum { GAMES = 1000, PAGE = 4096 };

/* GAMES games in page-aligned memory of the heap, and a copy of them. */
static char *games_text(size_t *size, char **copy)
{
    size_t len = strlen(game);
    *size = len * GAMES;
    char *text = NULL;
    assert_int_equal(posix_memalign((void **)&text, PAGE, *size), 0);
    for (size_t i = 0; i < GAMES; i++)
        memcpy(text + i * len, game, len);
    *copy = malloc(*size);
    assert_non_null(*copy);
    memcpy(*copy, text, *size);
    return text;
}

static void test_read_all_keeps_the_memory(void **state)
{
    (void)state;
    size_t size;
    char *copy;
    char *text = games_text(&size, &copy);
    for (int jobs = 1; jobs <= 2; jobs++) {
        validator_options options = {.size = sizeof options, .jobs = jobs};
        rgn_validator *v = validator_new(&options, NULL);
        assert_non_null(v);
        assert_int_equal(rgn_validator_read_all(v, text, size), 0);
        rgn_validation_counts counts = rgn_validator_counts(v);
        rgn_validator_free(v);
        assert_int_equal(counts.games, GAMES);
        assert_int_equal(counts.valid, GAMES);
        assert_int_equal(counts.plies, 7 * GAMES);
        assert_memory_equal(text, copy, size);
    }
    free(text);
    free(copy);
}

static void test_range_cut_keeps_the_memory(void **state)
{
    (void)state;
    size_t size;
    char *copy;
    char *text = games_text(&size, &copy);
    /* the first game at or after the middle: a game's start */
    uint64_t cut = 0;
    assert_int_equal(rgn_range_cut(text, size, size / 2, false, &cut, NULL), 0);
    assert_int_equal(cut % strlen(game), 0);
    assert_true(cut >= size / 2 && cut < size / 2 + strlen(game));
    assert_memory_equal(text, copy, size);
    free(text);
    free(copy);
}

/* Options carry their size (rgn.h, "Errors"): a caller built before the
 * sink was added passes a smaller struct, whose missing fields take
 * their defaults (no sink); the junk beyond its size (a sink pointer
 * among it) is never read. */
static void test_options_of_an_older_caller(void **state)
{
    (void)state;
    rgn_validator_options older;
    memset(&older, 0xA5, sizeof older);
    older.size = offsetof(rgn_validator_options, sink);
    older.strict = false;
    older.variant = NULL;
    older.force_variant = false;
    older.report = NULL;
    older.user = NULL;
    rgn_error error = {0};
    rgn_validator *v = rgn_validator_new(&older, &error);
    assert_non_null(v);
    assert_int_equal(rgn_validator_read_all(v, game, strlen(game)), 0);
    rgn_validation_counts counts = rgn_validator_counts(v);
    rgn_validator_free(v);
    assert_int_equal(counts.games, 1);
    assert_int_equal(counts.valid, 1);
    assert_int_equal(counts.plies, 7);
}

static void test_options_without_a_size_are_refused(void **state)
{
    (void)state;
    rgn_error error = {0};
    rgn_validator_options options = {.strict = true};
    assert_null(rgn_validator_new(&options, &error));
    assert_string_equal(error.message, "rgn_validator_options: size is 0 "
                                       "(set it to sizeof the struct)");
    /* and NULL options are every default */
    rgn_validator *v = rgn_validator_new(NULL, &error);
    assert_non_null(v);
    rgn_validator_free(v);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_all_keeps_the_memory),
        cmocka_unit_test(test_range_cut_keeps_the_memory),
        cmocka_unit_test(test_options_of_an_older_caller),
        cmocka_unit_test(test_options_without_a_size_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
