/*
 * rotationary_cli.c - rule set, position string and game file for the
 * Rotationary commands. Game files are read as every command reads them
 * (cli_games: compressed input, the validator and its diagnostics), and
 * each game, recorded (rgn_game), is played to its end by the library.
 */
#include <stdlib.h>

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

/* Each game, as the selector records it, played to its end
 * (rgn_rotationary_game_end), under --variant's rules when given. */
typedef struct game_walk {
    const cli_games *games;
    const rgn_variant *variant; /* --variant, or NULL */
    rgn_position *end;          /* the main line's position */
    bool failed, stopped;
    int (*visit)(void *context, const rgn_position *end);
    void *context;
} game_walk;

static void walk(void *user, const rgn_game *game,
                 const rgn_selection *selection)
{
    game_walk *w = user;
    (void)selection;
    if (w->stopped)
        return;
    rgn_error err;
    int walked = rgn_rotationary_game_end(game, w->variant, w->end, &err);
    /* 1: the validator has said why (and the exit status says so too) */
    if (walked < 0) {
        fprintf(stderr, "rgn %s: %s: %s\n", w->games->command->name,
                w->games->file, err.message);
        w->failed = true;
    } else if (walked == 0 && w->visit(w->context, w->end) < 0) {
        w->failed = w->stopped = true;
    }
}

int rot_cli_each_game(const cli_command *command, char *path,
                      const rgn_variant *variant,
                      int (*visit)(void *context, const rgn_position *end),
                      void *context)
{
    cli_games games;
    cli_games_init(&games, command);
    games.options.variant = variant; /* also for games without a tag */
    games.variant_chosen = variant != NULL;
    /* any rule set: a game's position is copied whole */
    game_walk w = {.games = &games,
                   .variant = variant,
                   .end = rgn_position_new(rgn_variant_default(), NULL),
                   .visit = visit,
                   .context = context};
    int status = EXIT_USAGE;
    if (!w.end)
        fprintf(stderr, "rgn %s: out of memory\n", command->name);
    else
        status = cli_games_each(&games, &path, 1, walk, &w);
    rgn_position_free(w.end);
    return status == EXIT_OK && w.failed ? EXIT_INVALID : status;
}
