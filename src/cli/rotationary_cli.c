/*
 * rotationary_cli.c - rule set, position string and game file for the
 * Rotationary commands. Game files are read as every command reads them
 * (cli_games: compressed input, the validator and its diagnostics); a
 * game sink here keeps the position at the end of each main line.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "rotationary_cli.h"

static bool served(const rgn_variant *variant)
{
    return variant && (variant == rgn_variant_find("Rotationary") ||
                       variant == rgn_variant_find("Rotationary Wrap"));
}

const rgn_variant *rot_cli_variant(const cli_command *command,
                                   const char *name)
{
    const rgn_variant *variant = rgn_variant_find(name ? name : "Rotationary");
    if (served(variant))
        return variant;
    cli_usage_error(command, "this command knows the variants "
                    "'Rotationary' and 'Rotationary Wrap', not '%s'", name);
    return NULL;
}

rgn_position *rot_cli_position(const cli_command *command,
                               const rgn_variant *variant, const char *fen)
{
    rgn_position *pos = rgn_position_new(variant);
    if (!pos) {
        fprintf(stderr, "rgn %s: out of memory\n", command->name);
        return NULL;
    }
    rgn_error err;
    if (rgn_position_set_fen(pos, fen, &err) == 0)
        return pos;
    if (err.column > 0)
        fprintf(stderr, "rgn %s: %s\n  %s\n  %*s^\n", command->name,
                err.message, fen, err.column - 1, "");
    else
        fprintf(stderr, "rgn %s: %s\n  %s\n", command->name, err.message,
                fen);
    rgn_position_free(pos);
    return NULL;
}

/* The game sink's state: each game's main line played on a position of
 * its own, under --variant's rules when given. */
typedef struct game_walk {
    cli_games games;
    const rgn_variant *variant; /* --variant, or NULL */
    rgn_position *end;          /* the main line's position so far */
    uint64_t number;            /* of the game, in its input */
    int depth;                  /* of variations */
    bool skip;                  /* this game is not to be visited */
    bool started;               /* end holds the main line's position */
    bool failed, stopped;
    int (*visit)(void *context, const rgn_position *end);
    void *context;
} game_walk;

/* Says why the game is not visited: "rgn solve: FILE: game N ...". */
static void game_failed(game_walk *w, const char *format, ...)
    __attribute__((format(printf, 2, 3)));

static void game_failed(game_walk *w, const char *format, ...)
{
    fprintf(stderr, "rgn %s: %s: game %llu ", w->games.command->name,
            w->games.file, (unsigned long long)w->number);
    va_list ap;
    va_start(ap, format);
    vfprintf(stderr, format, ap);
    va_end(ap);
    fputc('\n', stderr);
    w->skip = w->failed = true;
}

static void on_begin_game(void *user, uint64_t number)
{
    game_walk *w = user;
    w->number = number;
    w->depth = 0;
    w->skip = w->stopped;
    w->started = false;
}

/* The main line starts from start, under --variant's rules if given. */
static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    (void)has_fen; /* a Rotationary game always has one */
    game_walk *w = user;
    const rgn_variant *own = rgn_position_variant(start);
    if (w->skip)
        return;
    if (!served(own)) {
        game_failed(w, "is not a Rotationary game (it is read as %s)",
                    rgn_variant_name(own));
        return;
    }
    const rgn_variant *rules = w->variant ? w->variant : own;
    if (!w->end || rgn_position_variant(w->end) != rules) {
        rgn_position_free(w->end);
        w->end = rgn_position_new(rules);
        if (!w->end) {
            game_failed(w, "cannot be read: out of memory");
            return;
        }
    }
    w->started = true;
    if (rules == own) {
        rgn_position_copy(w->end, start);
        return;
    }
    /* the same position string read under the other rule set */
    char fen[256];
    rgn_error err;
    rgn_position_fen(start, fen, sizeof fen);
    if (rgn_position_set_fen(w->end, fen, &err) < 0)
        game_failed(w, "has a position %s cannot read",
                    rgn_variant_name(rules));
}

static void on_move(void *user, rgn_position *before, rgn_move move,
                    const char *san)
{
    (void)before;
    game_walk *w = user;
    if (w->skip || w->depth > 0)
        return;
    if (rgn_position_count_moves(w->end) == 0) /* solved under --variant */
        game_failed(w, "has a move after the puzzle is solved: '%s'", san);
    else
        rgn_position_play(w->end, move);
}

static void on_begin_variation(void *user)
{
    ((game_walk *)user)->depth++;
}

static void on_end_variation(void *user)
{
    ((game_walk *)user)->depth--;
}

/* Whether the game's error came after its last move, so that the whole
 * main line was played: an error about the result, which the validator
 * reports at the result token (a mismatch with the Result tag, a result
 * the final position contradicts, or the game's own end-of-game rule).
 * Errors before the movetext (tags, set-up) come before start. */
static bool after_last_move(const game_walk *w, const rgn_diagnostic *error)
{
    if (!w->started || w->depth > 0 || error->move.len > 0)
        return false;
    return error->problem == RGN_E_RESULT_MISMATCH ||
           error->problem == RGN_E_WRONG_RESULT ||
           error->problem >= RGN_PROBLEM_COUNT; /* the game's own rule */
}

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    (void)result;
    game_walk *w = user;
    /* the validator has said why (and the exit status says so too), or
     * we have */
    if (w->skip || (error && !after_last_move(w, error)))
        return;
    if (w->visit(w->context, w->end) < 0)
        w->failed = w->stopped = true;
}

static const rgn_game_sink main_line_sink = {
    .begin_game = on_begin_game,
    .start = on_start,
    .move = on_move,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .end_game = on_end_game,
};

int rot_cli_each_game(const cli_command *command, const char *path,
                      const rgn_variant *variant,
                      int (*visit)(void *context, const rgn_position *end),
                      void *context)
{
    game_walk w;
    memset(&w, 0, sizeof w);
    w.variant = variant;
    w.visit = visit;
    w.context = context;
    cli_games_init(&w.games, command);
    w.games.options.variant = variant; /* also for games without a tag */
    w.games.variant_chosen = variant != NULL;
    w.games.options.sink = &main_line_sink;
    w.games.options.sink_user = &w;
    w.games.options.jobs = 1; /* the sink sees the games in order */
    if (cli_games_ready(&w.games) < 0)
        return EXIT_USAGE;
    cli_games_read(&w.games, path);
    int status = cli_games_finish(&w.games);
    rgn_position_free(w.end);
    return status == EXIT_OK && w.failed ? EXIT_INVALID : status;
}
