/*
 * test_comment_games.c - comments that no game follows are no game, for
 * the validator and its sink (rgn(5)), with one job or two: a file of
 * comments only counts 0 games, a comment after the last game adds none,
 * and comments before a game's first tag reach the sink inside that game.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"
#include "validate/options.h"
#include "seen.h"


static void sink_begin(void *user, uint64_t number)
{
    seen_add(user, "begin %llu|", (unsigned long long)number);
}

static void sink_tag(void *user, rgn_span name, rgn_span value)
{
    (void)value;
    seen_add(user, "tag %.*s|", (int)name.len, name.data);
}

static void sink_comment(void *user, rgn_span text)
{
    seen_add(user, "comment %.*s|", (int)text.len, text.data);
}

static void sink_end(void *user, rgn_span result, const rgn_diagnostic *error)
{
    seen_add(user, "end %.*s%s|", (int)result.len, result.data,
             error ? " invalid" : "");
}

static const rgn_game_sink sink = {.begin_game = sink_begin,
                                   .tag = sink_tag,
                                   .comment = sink_comment,
                                   .end_game = sink_end};

/* Validates input as Rotary; what the sink saw goes to s (none: jobs). */
static rgn_validation_counts validate(seen *s, const char *input, int jobs)
{
    memset(s, 0, sizeof *s);
    validator_options options = {
        .size = sizeof options,
        .sink = jobs > 1 ? NULL : &sink,
        .sink_user = s,
        .jobs = jobs,
    };
    return seen_validate(&options, input);
}

static void test_comments_only(void **state)
{
    (void)state;
    for (int jobs = 1; jobs <= 2; jobs++) {
        seen s;
        rgn_validation_counts c = validate(&s, "{one}\n; two\n{three}\n", jobs);
        assert_int_equal(c.games, 0);
        assert_int_equal(c.valid + c.invalid, 0);
        assert_string_equal(s.text, "");
    }
}

static void test_comment_after_last_game(void **state)
{
    (void)state;
    static const char input[] = "{intro}\n[Event \"a\"]\n\n1. e4 e6 *\n\n"
                                "{between}\n[Event \"b\"]\n\n1. e4 *\n\n"
                                "{the end}\n";
    for (int jobs = 1; jobs <= 2; jobs++) {
        seen s;
        rgn_validation_counts c = validate(&s, input, jobs);
        assert_int_equal(c.games, 2);
        assert_int_equal(c.valid, 2);
        if (jobs == 1)
            assert_string_equal(s.text, "begin 1|comment intro|tag Event|end "
                                        "*|begin 2|comment between|tag "
                                        "Event|end *|");
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_comments_only),
        cmocka_unit_test(test_comment_after_last_game),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
