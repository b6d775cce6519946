/*
 * solution.c - an optimal solution of a solitaire's position
 * (rgn_rotationary_solve) written for people, "distance D" and its moves,
 * or as a complete game record through a writer, handed to it as the
 * validator hands it a game, so that it is laid out as every record rgn
 * writes; and a survey's distances written for people.
 */
#include <stdio.h>
#include <string.h>

#include "base/buffer.h"
#include "base/errors.h"
#include "rgn.h"

/* position as a set-up: move 1, whatever moves led to it in a game; NULL
 * with error. */
static rgn_position *set_up(const rgn_position *position, rgn_error *error)
{
    char fen[256];
    rgn_position_fen(position, fen, sizeof fen);
    rgn_position *walk =
        rgn_position_new(rgn_position_variant(position), error);
    if (walk && rgn_position_set_fen(walk, fen, error) < 0) {
        rgn_position_free(walk);
        return NULL;
    }
    return walk;
}

int rgn_rotationary_solution_write_text(
    FILE *out, const rgn_position *position,
    const rgn_rotationary_solution *solution, bool hint, rgn_error *error)
{
    rgn_position *walk = set_up(position, error);
    if (!walk)
        return -1;
    rgn_buffer text = {0};
    if (solution->distance < 0)
        rgn_buffer_puts(&text, "unsolvable\n");
    else {
        if (!hint)
            rgn_buffer_printf(&text, "distance %d\n", solution->distance);
        int shown = hint && solution->distance > 0 ? 1 : solution->distance;
        for (int i = 0; i < shown; i++) {
            char move[16];
            rgn_move_san(walk, solution->moves[i], move, sizeof move);
            rgn_position_play(walk, solution->moves[i]);
            rgn_buffer_printf(&text, "%s%s", i ? " " : "", move);
        }
        rgn_buffer_puts(&text, "\n");
    }
    rgn_position_free(walk);
    int rc = 0;
    if (text.failed)
        rc = rgn_fail(error, "out of memory");
    else if (fwrite(text.data, 1, text.len, out) != text.len)
        rc = rgn_fail(error, "the solution could not be written");
    rgn_buffer_free(&text);
    return rc;
}

static rgn_span span_of(const char *text)
{
    return (rgn_span){text, strlen(text)};
}

int rgn_rotationary_solution_write_game(
    rgn_writer *writer, const rgn_position *position,
    const rgn_rotationary_solution *solution, uint64_t number, rgn_error *error)
{
    rgn_position *walk = set_up(position, error);
    if (!walk)
        return -1;
    const rgn_game_sink *sink = rgn_writer_sink(writer);
    bool solvable = solution->distance >= 0;
    const char *result = solvable ? "1-0" : "*";
    char round[24], fen[256];
    snprintf(round, sizeof round, "%llu", (unsigned long long)number);
    rgn_position_fen(walk, fen, sizeof fen);
    const char *const tags[][2] = {
        {"Event", "Optimal solution"},
        {"Site", "-"},
        {"Date", "????.??.??"},
        {"Round", round},
        {"White", "rgn solve"},
        {"Black", "-"},
        {"Result", result},
        {"Variant", rgn_variant_name(rgn_position_variant(walk))},
        {"SetUp", "1"},
        {"FEN", fen},
    };
    sink->begin_game(writer, number);
    for (size_t i = 0; i < sizeof tags / sizeof tags[0]; i++)
        sink->tag(writer, span_of(tags[i][0]), span_of(tags[i][1]));
    if (sink->start) /* a sink may do without it */
        sink->start(writer, walk, true);
    if (!solvable)
        sink->comment(writer,
                      span_of("No sequence of moves solves this position."));
    for (int i = 0; i < solution->distance; i++) {
        char san[16];
        rgn_move_san(walk, solution->moves[i], san, sizeof san);
        sink->move(writer, walk, solution->moves[i], san);
        rgn_position_play(walk, solution->moves[i]);
    }
    sink->end_game(writer, span_of(result), NULL);
    rgn_position_free(walk);
    return 0;
}

int rgn_rotationary_distances_write_text(
    FILE *out, const rgn_rotationary_distances *distances,
    const rgn_position *example, rgn_error *error)
{
    rgn_buffer text = {0};
    for (int d = 0; d <= distances->max_distance; d++)
        rgn_buffer_printf(&text, "%d %llu\n", d,
                          (unsigned long long)distances->count[d]);
    char fen[256];
    rgn_position_fen(example, fen, sizeof fen);
    rgn_buffer_printf(&text, "max %d %s\n", distances->max_distance, fen);
    rgn_buffer_printf(&text, "mean %.4f\n", distances->mean);
    rgn_buffer_printf(&text, "unsolvable %llu\n",
                      (unsigned long long)distances->unsolvable);
    int rc = 0;
    if (text.failed)
        rc = rgn_fail(error, "out of memory");
    else if (fwrite(text.data, 1, text.len, out) != text.len)
        rc = rgn_fail(error, "the distances could not be written");
    rgn_buffer_free(&text);
    return rc;
}
