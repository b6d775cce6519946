/*
 * test_sink.c - a game sink's skip and the tee (rgn_tee). A sink that
 * skips a variation sees none of its moves, only its begin and end; one
 * that skips a game sees its end_game and the next game whole; the
 * validator (replaying or not), a recorded game's replay and the tee
 * each honour it. The tee gives each sink what it would get alone, in the
 * order the sinks were added, the position before or after each move as
 * each asks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"
#include "validate/options.h"
#include "seen.h"

/* A sink that writes each call as text, and skips as planned. */
typedef struct logger {
    seen text;
    seen *order;        /* when set, its name is added there at each call */
    const char *name;   /* "a", "b" */
    int variations;     /* begun so far */
    int skip_variation; /* skip the n-th variation begun (0: none) */
    uint64_t game;
    uint64_t skip_game; /* skip the n-th game begun after its first move
                           (0: none) */
    enum rgn_skip pending;
} logger;

static void called(logger *l, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

static void called(logger *l, const char *format, ...)
{
    char item[256];
    va_list args;
    va_start(args, format);
    vsnprintf(item, sizeof item, format, args);
    va_end(args);
    seen_add(&l->text, "%s|", item);
    if (l->order)
        seen_add(l->order, "%s", l->name);
}

static void on_begin_game(void *user, uint64_t number)
{
    logger *l = user;
    l->game++; /* counted here: a replay's games may share a number */
    called(l, "begin %llu", (unsigned long long)number);
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    called(user, "%.*s=%.*s", (int)name.len, name.data, (int)value.len,
           value.data);
}

static void on_move_text(void *user, rgn_span written)
{
    logger *l = user;
    called(l, "%.*s", (int)written.len, written.data);
    if (l->game == l->skip_game)
        l->pending = RGN_SKIP_GAME;
}

static void on_move(void *user, rgn_position *at, rgn_move move,
                    const char *san)
{
    (void)move, (void)san;
    char fen[256];
    rgn_position_fen(at, fen, sizeof fen);
    called(user, "at %s", fen);
}

static void on_comment(void *user, rgn_span text)
{
    called(user, "{%.*s}", (int)text.len, text.data);
}

static void on_begin_variation(void *user)
{
    logger *l = user;
    called(l, "(");
    if (++l->variations == l->skip_variation)
        l->pending = RGN_SKIP_VARIATION;
}

static void on_end_variation(void *user) { called(user, ")"); }

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    called(user, "end %.*s%s", (int)result.len, result.data,
           error ? " invalid" : "");
}

static enum rgn_skip on_skip(void *user)
{
    logger *l = user;
    enum rgn_skip skip = l->pending;
    l->pending = RGN_SKIP_NOTHING;
    return skip;
}

#define LOG_SINK(after)                                                        \
    {                                                                          \
        .begin_game = on_begin_game, .tag = on_tag, .move_text = on_move_text, \
        .move = on_move, .comment = on_comment,                                \
        .begin_variation = on_begin_variation,                                 \
        .end_variation = on_end_variation, .end_game = on_end_game,            \
        .skip = on_skip, .without_san = true, .position_after = after,         \
    }

static const rgn_game_sink log_before = LOG_SINK(false);
static const rgn_game_sink log_after = LOG_SINK(true);

/* A variation in a variation, a comment after the first; then a second
 * game. */
static const char input[] =
    "[Event \"A\"]\n\n1. d4 (1. e4 e5 (1... c5) 2. Nf3) {after} 1... d5 "
    "2. c4 1-0\n\n[Event \"B\"]\n\n1. e4 *\n";

/* What the logger sink sees of input when it skips the first variation
 * (whole: none), or the first game after its first move. */
static const char whole[] =
    "begin 1|Event=A|d4|at "
    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1|(|e4|at "
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1|e5|at "
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2|(|c5|at "
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2|)|Nf3|at "
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2|)|"
    "{after}|d5|at rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 "
    "2|c4|at rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2|end "
    "1-0|begin 2|Event=B|e4|at "
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1|end *|";
static const char no_variation[] =
    "begin 1|Event=A|d4|at "
    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1|(|)|"
    "{after}|d5|at rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 "
    "2|c4|at rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2|end "
    "1-0|begin 2|Event=B|e4|at "
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1|end *|";
static const char no_inner_variation[] =
    "begin 1|Event=A|d4|at "
    "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1|(|e4|at "
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1|e5|at "
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2|(|)|Nf3|at "
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2|)|"
    "{after}|d5|at rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 "
    "2|c4|at rnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2|end "
    "1-0|begin 2|Event=B|e4|at "
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1|end *|";
static const char no_first_game[] =
    "begin 1|Event=A|d4|end 1-0|begin 2|Event=B|e4|at "
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1|end *|";

/* The counts of a validation into sink, which must be those without it. */
static void validate_into(const rgn_game_sink *sink, void *user, bool replay)
{
    validator_options options = {.size = sizeof options,
                                 .variant = rgn_variant_find("Chess"),
                                 .sink = sink,
                                 .sink_user = user,
                                 .no_replay = !replay};
    rgn_validation_counts counts = seen_validate(&options, input);
    assert_int_equal(counts.games, 2);
    assert_int_equal(counts.valid, 2);
    assert_int_equal(counts.plies, replay ? 8 : 0); /* variations too */
}

/* The positions the sink is given, at "at ...", left out of text. */
static void without_positions(const char *text, char *out, size_t size)
{
    size_t n = 0;
    for (const char *at = text; *at && n + 1 < size;) {
        if (strncmp(at, "at ", 3) == 0 && (at == text || at[-1] == '|')) {
            at = strchr(at, '|') + 1;
            continue;
        }
        out[n++] = *at++;
    }
    out[n] = '\0';
}

/* The validator, replaying or not, and the replay of each game recorded
 * give logger (planned so) expected. */
static void check_skips(int skip_variation, uint64_t skip_game,
                        const char *expected)
{
    logger l = {.skip_variation = skip_variation, .skip_game = skip_game};
    validate_into(&log_after, &l, true);
    assert_string_equal(l.text.text, expected);

    /* without replaying: the same but for the positions */
    char unreplayed[4096];
    without_positions(expected, unreplayed, sizeof unreplayed);
    logger scanned = {.skip_variation = skip_variation, .skip_game = skip_game};
    validate_into(&log_after, &scanned, false);
    assert_string_equal(scanned.text.text, unreplayed);

    /* the replays of the two games, one after the other */
    rgn_game *game = rgn_game_new(NULL);
    assert_non_null(game);
    rgn_game_keep_move_texts(game, true);
    logger replayed = {.skip_variation = skip_variation,
                       .skip_game = skip_game};
    validator_options options = {.size = sizeof options,
                                 .variant = rgn_variant_find("Chess"),
                                 .sink = rgn_game_recorder(),
                                 .sink_user = game};
    size_t second = strstr(input, "[Event \"B\"]") - input;
    char first[sizeof input];
    memcpy(first, input, second);
    first[second] = '\0';
    seen_validate(&options, first);
    assert_int_equal(
        rgn_game_replay(game, NULL, -1, &log_after, &replayed, NULL), 0);
    seen_validate(&options, input + second);
    assert_int_equal(
        rgn_game_replay(game, NULL, -1, &log_after, &replayed, NULL), 0);
    /* numbered 1 both: the validator's numbers are per input */
    const char *again = strstr(replayed.text.text, "begin 1|Event=B");
    assert_non_null(again);
    char renumbered[4096];
    snprintf(renumbered, sizeof renumbered, "%.*sbegin 2%s",
             (int)(again - replayed.text.text), replayed.text.text,
             again + strlen("begin 1"));
    assert_string_equal(renumbered, expected);
    rgn_game_free(game);
}

static void test_skip_variation(void **state)
{
    (void)state;
    check_skips(0, 0, whole);
    check_skips(1, 0, no_variation);
    check_skips(2, 0, no_inner_variation);
}

static void test_skip_game(void **state)
{
    (void)state;
    check_skips(0, 1, no_first_game);
}

/* A sink without skip costs the tee nothing: it says it skips nothing. */
static void test_tee_without_skip(void **state)
{
    (void)state;
    rgn_tee *tee = rgn_tee_new(NULL);
    assert_non_null(tee);
    assert_null(rgn_tee_sink(tee)->skip);
    assert_true(rgn_tee_sink(tee)->without_san);
    assert_true(rgn_tee_sink(tee)->position_after);
    assert_int_equal(rgn_tee_add(tee, rgn_game_recorder(), NULL, NULL), 0);
    assert_null(rgn_tee_sink(tee)->skip);
    assert_true(rgn_tee_sink(tee)->position_after);
    assert_int_equal(rgn_tee_add(tee, &log_before, NULL, NULL), 0);
    assert_non_null(rgn_tee_sink(tee)->skip);
    assert_false(rgn_tee_sink(tee)->position_after);
    assert_true(rgn_tee_sink(tee)->without_san);
    rgn_tee_free(tee);
}

/* Two sinks through a tee, in order: each sees what it sees alone, with
 * its own position (before, after) and its own skips. */
static void check_tee(const rgn_game_sink *first, int first_skip_variation,
                      const rgn_game_sink *second, uint64_t second_skip_game)
{
    seen order = {0};
    logger a = {
        .order = &order, .name = "a", .skip_variation = first_skip_variation};
    logger b = {.order = &order, .name = "b", .skip_game = second_skip_game};
    rgn_tee *tee = rgn_tee_new(NULL);
    assert_non_null(tee);
    assert_int_equal(rgn_tee_add(tee, first, &a, NULL), 0);
    assert_int_equal(rgn_tee_add(tee, second, &b, NULL), 0);
    validate_into(rgn_tee_sink(tee), tee, true);
    rgn_tee_free(tee);

    logger alone_a = {.skip_variation = first_skip_variation};
    validate_into(first, &alone_a, true);
    assert_string_equal(a.text.text, alone_a.text.text);
    logger alone_b = {.skip_game = second_skip_game};
    validate_into(second, &alone_b, true);
    assert_string_equal(b.text.text, alone_b.text.text);
    /* a first at the game's beginning */
    assert_memory_equal(order.text, "abab", 4);
}

static void test_tee(void **state)
{
    (void)state;
    check_tee(&log_before, 0, &log_after, 0);
    check_tee(&log_after, 0, &log_before, 0);
    check_tee(&log_after, 0, &log_after, 0);
    /* one skips, the other does not, and the other way round */
    check_tee(&log_before, 1, &log_after, 0);
    check_tee(&log_before, 0, &log_after, 1);
    check_tee(&log_after, 2, &log_before, 1);
    /* the second skips the game, both asking for the position after */
    check_tee(&log_after, 0, &log_after, 1);
}

/* The tee's own skip, as its source asks it: what every sink skips. */
static void test_tee_skip(void **state)
{
    (void)state;
    logger a = {.skip_game = 1}, b = {.skip_variation = 1};
    rgn_tee *tee = rgn_tee_new(NULL);
    assert_non_null(tee);
    assert_int_equal(rgn_tee_add(tee, &log_before, &a, NULL), 0);
    assert_int_equal(rgn_tee_add(tee, &log_after, &b, NULL), 0);
    const rgn_game_sink *sink = rgn_tee_sink(tee);
    /* (sink->skip): cmocka has a macro skip() */
    sink->begin_game(tee, 1);
    assert_int_equal((sink->skip)(tee), RGN_SKIP_NOTHING);
    sink->move_text(tee, (rgn_span){"d4", 2}); /* a skips the game */
    assert_int_equal((sink->skip)(tee), RGN_SKIP_NOTHING);
    sink->begin_variation(tee); /* b skips the variation */
    assert_int_equal((sink->skip)(tee), RGN_SKIP_VARIATION);
    sink->end_variation(tee);
    assert_int_equal((sink->skip)(tee), RGN_SKIP_NOTHING);
    sink->end_game(tee, (rgn_span){"*", 1}, NULL);
    assert_string_equal(a.text.text, "begin 1|d4|end *|");
    assert_string_equal(b.text.text, "begin 1|d4|(|)|end *|");
    rgn_tee_free(tee);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_skip_variation),
        cmocka_unit_test(test_skip_game),
        cmocka_unit_test(test_tee_without_skip),
        cmocka_unit_test(test_tee),
        cmocka_unit_test(test_tee_skip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
