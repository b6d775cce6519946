/*
 * rotationary_cli.c - rule set, position string and game file for the
 * Rotationary commands. Game files are read as every command reads them
 * (cli_games: compressed input, the validator and its diagnostics), and
 * each game, recorded (rgn_game), has its main line played again here.
 */
#include <stdlib.h>
#include <string.h>

#include "rotationary_cli.h"

const rgn_variant *rot_cli_variant(const cli_command *command, const char *name)
{
    const rgn_variant *variant =
        cli_find_variant(command, name ? name : "Rotationary");
    if (!variant)
        return NULL;
    if (rgn_rotationary_knows(variant))
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

/* Each game, recorded (rgn_game) and played to its end
 * (rgn_rotationary_game_end), under --variant's rules when given. */
typedef struct game_walk {
    cli_games games;
    rgn_game *game;             /* recorded by the tee's first sink */
    rgn_tee *tee;               /* the recorder, then the walk's sink */
    const rgn_variant *variant; /* --variant, or NULL */
    rgn_position *end;          /* the main line's position */
    bool passed;                /* not Rotationary: said so at its start */
    bool failed, stopped;
    int (*visit)(void *context, const rgn_position *end);
    void *context;
} game_walk;

/* A game that is not Rotationary is said so when it begins, before what
 * the validator finds in it, with what made it that game. */
static void start_walk(void *user, const rgn_position *start, bool has_fen)
{
    game_walk *w = user;
    (void)has_fen;
    const rgn_variant *own = rgn_position_variant(start);
    if (w->stopped || rgn_rotationary_knows(own))
        return;
    /* the sink also gets a Variant tag for a game its file's name made
     * another than the default */
    rgn_span tag;
    bool by_name = own != rgn_variant_default() &&
                   own == rgn_variant_for_file(w->games.file);
    fprintf(stderr, "rgn %s: %s: game %llu is %s, not Rotationary (%s)\n",
            w->games.command->name, w->games.file,
            (unsigned long long)rgn_game_number(w->game), rgn_variant_name(own),
            !rgn_game_tag(w->game, "Variant", &tag) ? "no Variant tag"
            : by_name ? "its Variant tag or its file's name"
                      : "its Variant tag");
    w->passed = w->failed = true;
}

static void end_walk(void *user, rgn_span result, const rgn_diagnostic *error)
{
    game_walk *w = user;
    (void)result;
    (void)error; /* the game's, recorded */
    bool passed = w->passed;
    w->passed = false;
    if (w->stopped || passed)
        return;
    rgn_error err;
    int walked = rgn_rotationary_game_end(w->game, w->variant, w->end, &err);
    /* 1: the validator has said why (and the exit status says so too) */
    if (walked < 0) {
        fprintf(stderr, "rgn %s: %s: %s\n", w->games.command->name,
                w->games.file, err.message);
        w->failed = true;
    } else if (walked == 0 && w->visit(w->context, w->end) < 0) {
        w->failed = w->stopped = true;
    }
}

static const rgn_game_sink walk_sink = {
    .start = start_walk,
    .end_game = end_walk,
    .without_san = true,
    .position_after = true,
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
    /* any rule set: a game's position is copied whole */
    w.end = rgn_position_new(rgn_variant_default(), NULL);
    int status = EXIT_USAGE;
    if (!w.game || !w.tee || !w.end ||
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
