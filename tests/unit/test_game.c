/*
 * test_game.c - a game recorded whole (rgn_game) holds what the
 * validator passed on, and its replay passes on exactly that again: each
 * input is validated once into a sink that writes every call as text,
 * once into the recorder, whose replay into the same sink must give the
 * same text; the recorded game answers for its tags, plies, origin and
 * error, and for the name of its input (the sink's input event).
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

/* Every call, with what it was given; a move with its position before
 * (or after, for a sink that asks for it) as a position string. */
typedef struct calls {
    seen text;
    bool after; /* the sink asks for the position after each move */
} calls;

static void on_input(void *user, const char *file)
{
    seen_add(&((calls *)user)->text, "input %s|", file);
}

static void on_begin_game(void *user, uint64_t number)
{
    seen_add(&((calls *)user)->text, "begin %llu|", (unsigned long long)number);
}

static void on_origin(void *user, rgn_location where)
{
    seen_add(&((calls *)user)->text, "origin %llu:%u:%u|",
             (unsigned long long)where.offset, where.line, where.column);
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    seen_add(&((calls *)user)->text, "tag %.*s=%.*s|", (int)name.len, name.data,
             (int)value.len, value.data);
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    char fen[256];
    rgn_position_fen(start, fen, sizeof fen);
    seen_add(&((calls *)user)->text, "start %s%s|", fen,
             has_fen ? " (FEN)" : "");
}

static void on_move_text(void *user, rgn_span written)
{
    seen_add(&((calls *)user)->text, "written %.*s|", (int)written.len,
             written.data);
}

static void on_move(void *user, rgn_position *at, rgn_move move,
                    const char *san)
{
    (void)move;
    char fen[256];
    rgn_position_fen(at, fen, sizeof fen);
    seen_add(&((calls *)user)->text, "move %s from %s|", san, fen);
}

static void on_nag(void *user, unsigned nag)
{
    seen_add(&((calls *)user)->text, "nag %u|", nag);
}

static void on_comment(void *user, rgn_span text)
{
    seen_add(&((calls *)user)->text, "comment %.*s|", (int)text.len, text.data);
}

static void on_begin_variation(void *user)
{
    seen_add(&((calls *)user)->text, "(|");
}

static void on_end_variation(void *user)
{
    seen_add(&((calls *)user)->text, ")|");
}

static void on_unchecked(void *user, rgn_span text, bool cut)
{
    seen_add(&((calls *)user)->text, "unchecked%s %.*s|", cut ? " cut" : "",
             (int)text.len, text.data);
}

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    calls *c = user;
    seen_add(&c->text, "end %.*s", (int)result.len, result.data);
    if (error)
        seen_add(&c->text, " error %s '%s' at %u:%u game %llu ply %d %s%.*s",
                 rgn_problem_code(error->problem), error->message,
                 error->where.line, error->where.column,
                 (unsigned long long)error->game, error->ply,
                 error->move_number, (int)error->move.len, error->move.data);
    seen_add(&c->text, "|");
}

#define CALLS_SINK(after)                                                      \
    {                                                                          \
        .input = on_input, .begin_game = on_begin_game, .origin = on_origin,   \
        .tag = on_tag, .start = on_start, .move_text = on_move_text,           \
        .move = on_move, .nag = on_nag, .comment = on_comment,                 \
        .begin_variation = on_begin_variation,                                 \
        .end_variation = on_end_variation, .unchecked = on_unchecked,          \
        .end_game = on_end_game, .position_after = after,                      \
    }

static const rgn_game_sink calls_sink = CALLS_SINK(false);
static const rgn_game_sink calls_after_sink = CALLS_SINK(true);

/* The one game of input, validated straight into the calls sink and
 * through the recorder and its replay: both texts must be equal. */
static void check_replay(const char *input, const rgn_variant *variant,
                         bool after)
{
    const rgn_game_sink *sink = after ? &calls_after_sink : &calls_sink;
    calls direct = {.after = after};
    validator_options options = {.size = sizeof options,
                                 .variant = variant,
                                 .sink = sink,
                                 .sink_user = &direct};
    seen_validate(&options, input);

    rgn_game *game = rgn_game_new(NULL);
    assert_non_null(game);
    rgn_game_keep_move_texts(game, true);
    options.sink = rgn_game_recorder();
    options.sink_user = game;
    seen_validate(&options, input);
    calls replayed = {.after = after};
    assert_int_equal(rgn_game_replay(game, NULL, -1, sink, &replayed, NULL), 0);
    assert_string_equal(replayed.text.text, direct.text.text);
    rgn_game_free(game);
}

static const char *const inputs[] = {
    /* comments before the tags, a variation in a variation, NAGs */
    ("{before} [Event \"E\"]\n[White \"W\"]\n\n1. d4 d6 $1 (1... e6 2. e4 "
     "(2. c4) 2... d5) 2. f4 {after} f6 1-0\n"),
    /* an invalid game: the rest of its text not checked */
    "[Event \"E\"]\n\n1. d4 d6 2. Kxz9 f6 3. e4 0-1\n",
    /* a game that fails inside a variation */
    "1. d4 (1. e4 Kxz9) d6 *\n",
    /* a syntax error */
    "1. d4 d6 2. ~ f4 *\n",
};

static void test_replay_rotary(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++) {
        check_replay(inputs[i], NULL, false);
        check_replay(inputs[i], NULL, true);
    }
}

static void test_replay_chess(void **state)
{
    (void)state;
    const rgn_variant *chess = rgn_variant_find("chess");
    /* a set-up start, castling, en passant, promotion, a null move in a
     * variation, mate */
    const char *games[] = {
        ("[FEN \"4k3/P7/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n\n"
         "1. O-O Kd7 (1... -- 2. a8=Q) 2. a8=N *\n"),
        "1. e4 d5 2. e5 f5 3. exf6 e6 4. fxg7 Ke7 5. gxh8=Q *\n",
        "1. f3 e5 2. g4 Qh4# 0-1\n",
    };
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) {
        check_replay(games[i], chess, false);
        check_replay(games[i], chess, true);
    }
}

/* What a recorded game answers. */
static void test_accessors(void **state)
{
    (void)state;
    const char *input = "{a comment}\n[Event \"Club\"]\n[White \"Ann\"]\n"
                        "[Event \"Again\"]\n\n1. d4 d6 (1... e6) 2. Kxz9 *\n";
    rgn_game *game = rgn_game_new(NULL);
    assert_non_null(game);
    validator_options options = {
        .size = sizeof options, .sink = rgn_game_recorder(), .sink_user = game};
    seen_validate(&options, input);
    assert_int_equal(rgn_game_number(game), 1);
    /* the first tag, not the comment before it */
    rgn_location origin = rgn_game_origin(game);
    assert_int_equal(origin.offset, 12);
    assert_int_equal(origin.line, 2);
    assert_int_equal(rgn_game_tag_count(game), 3);
    rgn_span name, value;
    rgn_game_tag_at(game, 1, &name, &value);
    assert_memory_equal(name.data, "White", 5);
    assert_memory_equal(value.data, "Ann", 3);
    assert_true(rgn_game_tag(game, "Event", &value));
    assert_int_equal(value.len, 4); /* the first Event tag */
    assert_false(rgn_game_tag(game, "Black", &value));
    assert_int_equal(rgn_game_plies(game), 2); /* not the variation's */
    assert_non_null(rgn_game_start(game));
    assert_false(rgn_game_has_fen(game));
    const rgn_diagnostic *error = rgn_game_error(game);
    assert_non_null(error);
    assert_int_equal(error->ply, 3);
    assert_int_equal(error->move.len, 4);
    assert_memory_equal(error->move.data, "Kxz9", 4);
    assert_string_equal(error->white, "Ann");
    rgn_game_free(game);
}

/* A game whose movetext was never reached has no start. */
static void test_no_start(void **state)
{
    (void)state;
    rgn_game *game = rgn_game_new(NULL);
    assert_non_null(game);
    validator_options options = {
        .size = sizeof options, .sink = rgn_game_recorder(), .sink_user = game};
    seen_validate(&options, "[Variant \"Nonesuch\"]\n\n1. d4 *\n");
    assert_null(rgn_game_start(game));
    assert_non_null(rgn_game_error(game));
    assert_int_equal(rgn_game_plies(game), 0);
    rgn_game_free(game);
}

/* The input event: the validator sends it before the games of each
 * input, the recorder keeps the last one with its games and the replay
 * sends it again. */
static void test_input_event(void **state)
{
    (void)state;
    rgn_game *game = rgn_game_new(NULL);
    assert_non_null(game);
    calls direct = {0};
    validator_options options = {
        .size = sizeof options, .sink = &calls_sink, .sink_user = &direct};
    rgn_validator *v = validator_new(&options, NULL);
    assert_non_null(v);
    char name[] = "first.rgn";
    assert_int_equal(rgn_validator_input(v, name), 0);
    name[0] = 'F'; /* the validator keeps its own copy */
    assert_int_equal(rgn_validator_feed(v, "1. d4 *\n", 8), 0);
    assert_int_equal(rgn_validator_input(v, "second.rgn"), 0);
    assert_int_equal(rgn_validator_feed(v, "1. d4 *\n", 8), 0);
    assert_int_equal(rgn_validator_finish(v), 0);
    rgn_validator_free(v);
    assert_non_null(strstr(direct.text.text, "input first.rgn|begin 1|"));
    assert_non_null(strstr(direct.text.text, "|input second.rgn|begin 2|"));

    options.sink = rgn_game_recorder();
    options.sink_user = game;
    assert_null(rgn_game_input(game));
    v = validator_new(&options, NULL);
    assert_non_null(v);
    assert_int_equal(rgn_validator_input(v, "games.rgn"), 0);
    assert_int_equal(rgn_validator_feed(v, "1. d4 * 1. d3 *\n", 16), 0);
    assert_int_equal(rgn_validator_finish(v), 0);
    rgn_validator_free(v);
    /* kept from the first game to the second */
    assert_string_equal(rgn_game_input(game), "games.rgn");
    assert_int_equal(rgn_game_number(game), 2);
    calls replayed = {0};
    assert_int_equal(
        rgn_game_replay(game, NULL, -1, &calls_sink, &replayed, NULL), 0);
    assert_memory_equal(replayed.text.text, "input games.rgn|begin 2|", 24);
    rgn_game_free(game);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_replay_rotary),
        cmocka_unit_test(test_replay_chess),
        cmocka_unit_test(test_accessors),
        cmocka_unit_test(test_no_start),
        cmocka_unit_test(test_input_event),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
