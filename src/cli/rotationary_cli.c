/*
 * rotationary_cli.c - rule set, position string and game file for the
 * Rotationary commands. Game files are read as every command reads them
 * (cli_games: compressed input, the validator and its diagnostics), and
 * each game, recorded (rgn_game), has its main line played again here.
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

const rgn_variant *rot_cli_variant(const cli_command *command, const char *name)
{
    const rgn_variant *variant =
        cli_find_variant(command, name ? name : "Rotationary");
    if (!variant)
        return NULL;
    if (served(variant))
        return variant;
    cli_usage_error(command,
                    "this command knows the variants "
                    "'Rotationary' and 'Rotationary Wrap', not '%s'",
                    name);
    return NULL;
}

rgn_position *rot_cli_position(const cli_command *command,
                               const rgn_variant *variant, const char *fen)
{
    rgn_position *pos = rgn_position_new(variant, NULL);
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
        fprintf(stderr, "rgn %s: %s\n  %s\n", command->name, err.message, fen);
    rgn_position_free(pos);
    return NULL;
}

/* Each game, recorded (rgn_game) and walked at its end on a position of
 * its own, under --variant's rules when given. */
typedef struct game_walk {
    cli_games games;
    rgn_game *game;             /* recorded by the tee's first sink */
    rgn_tee *tee;               /* the recorder, then the walk's sink */
    const rgn_variant *variant; /* --variant, or NULL */
    rgn_position *end;          /* the main line's position */
    uint64_t number;            /* the game's, from 1 */
    bool walked;                /* its start is in end: walk it */
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
    w->failed = true;
}

static void begin_game(void *user, uint64_t number)
{
    game_walk *w = user;
    (void)number; /* numbered per input (a member of an archive) */
    w->number++;
    w->walked = false;
}

/* The main line starts from start, under --variant's rules if given:
 * said when it begins, before what the validator finds in the game. */
static void start_walk(void *user, const rgn_position *start, bool has_fen)
{
    game_walk *w = user;
    (void)has_fen;
    const rgn_variant *own = rgn_position_variant(start);
    if (w->stopped)
        return;
    if (!served(own)) {
        /* what made it that game: the sink also gets a Variant tag for a
         * game its file's name made another than the default */
        rgn_span tag;
        bool by_name = own != rgn_variant_default() &&
                       own == rgn_variant_for_file(w->games.file);
        game_failed(w, "is %s, not Rotationary (%s)", rgn_variant_name(own),
                    !rgn_game_tag(w->game, "Variant", &tag) ? "no Variant tag"
                    : by_name ? "its Variant tag or its file's name"
                              : "its Variant tag");
        return;
    }
    const rgn_variant *rules = w->variant ? w->variant : own;
    if (!w->end || rgn_position_variant(w->end) != rules) {
        rgn_position_free(w->end);
        w->end = rgn_position_new(rules, NULL);
        if (!w->end) {
            game_failed(w, "cannot be read: out of memory");
            return;
        }
    }
    /* the same position string, read under the other rule set */
    char fen[256];
    rgn_position_fen(start, fen, sizeof fen);
    if (rules == own)
        rgn_position_copy(w->end, start);
    else if (rgn_position_set_fen(w->end, fen, NULL) < 0) {
        game_failed(w, "has a position %s cannot read",
                    rgn_variant_name(rules));
        return;
    }
    w->walked = true;
}

/* Whether the game's error came after its last move, so that the whole
 * main line was played: an error about the result, which the validator
 * reports at the result token (a mismatch with the Result tag, a result
 * the final position contradicts, or the game's own end-of-game rule).
 * Errors before the movetext (tags, set-up) come before its start. */
static bool after_last_move(const rgn_diagnostic *error)
{
    return error->move.len == 0 &&
           (error->problem == RGN_E_RESULT_MISMATCH ||
            error->problem == RGN_E_WRONG_RESULT ||
            error->problem >= RGN_PROBLEM_COUNT); /* the game's own rule */
}

static void end_walk(void *user, rgn_span result, const rgn_diagnostic *error)
{
    game_walk *w = user;
    (void)result;
    /* the validator has said why (and the exit status says so too) */
    if (!w->walked || (error && !after_last_move(error)))
        return;
    rgn_error err;
    for (int i = 0; i < rgn_game_plies(w->game); i++) {
        rgn_move move;
        if (rgn_game_move_at(w->game, i, &move, NULL, &err) < 0) {
            game_failed(w, "cannot be read: %s", err.message);
            return;
        }
        if (rgn_position_count_moves(w->end) == 0) { /* under --variant */
            char san[16];
            rgn_move_san(w->end, move, san, sizeof san);
            game_failed(w, "has a move after the puzzle is solved: '%s'", san);
            return;
        }
        rgn_position_play(w->end, move);
    }
    if (w->visit(w->context, w->end) < 0)
        w->failed = w->stopped = true;
}

static const rgn_game_sink walk_sink = {
    .begin_game = begin_game,
    .start = start_walk,
    .end_game = end_walk,
    .without_san = true,
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
    w.game = rgn_game_new(NULL);
    w.tee = rgn_tee_new(NULL);
    int status = EXIT_USAGE;
    if (!w.game || !w.tee ||
        rgn_tee_add(w.tee, rgn_game_recorder(), w.game, NULL) < 0 ||
        rgn_tee_add(w.tee, &walk_sink, &w, NULL) < 0)
        fprintf(stderr, "rgn %s: out of memory\n", command->name);
    else if (cli_games_ready(&w.games) == 0) {
        w.games.options.sink = rgn_tee_sink(w.tee);
        w.games.options.sink_user = w.tee;
        cli_games_read(&w.games, path);
        status = cli_games_finish(&w.games);
    }
    rgn_tee_free(w.tee);
    rgn_game_free(w.game);
    rgn_position_free(w.end);
    return status == EXIT_OK && w.failed ? EXIT_INVALID : status;
}
