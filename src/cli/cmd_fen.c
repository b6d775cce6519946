/* cmd_fen.c - "rgn fen": positions of games, without decoration. */
#include <stdlib.h>

#include "cli.h"

static int run_fen(int argc, char **argv);

const cli_command cli_fen = {
    "fen",
    "print the position (RFEN) reached in games",
    run_fen,
};

typedef struct fen_printer {
    uint64_t only_game; /* --game, 0: every game */
    long ply;           /* -1: the final position */
    rgn_position *at;   /* the position printed */
    bool quiet;
    bool found, failed; /* failed: a game asked for printed "-" */
    uint64_t lines;     /* the games printed */
    bool dash_held;     /* the first game's "-", printed only when another
                           game follows: alone, no position for a script to
                           mistake for one */
} fen_printer;

/* Prints a game's line: its position, or "-" (NULL). */
static void print_line(fen_printer *p, const char *position)
{
    if (p->dash_held) {
        puts("-");
        p->dash_held = false;
    }
    if (p->lines++ == 0 && !position)
        p->dash_held = true;
    else
        puts(position ? position : "-");
}

/* A game read (the selector's, numbered over all inputs): its line. */
static void print_position(void *user, const rgn_game *game,
                           const rgn_selection *selection)
{
    fen_printer *p = user;
    if (p->only_game && selection->number != p->only_game)
        return;
    p->found = true;
    /* else the diagnostic went to standard error */
    bool replayed = !rgn_game_error(game) && rgn_game_start(game);
    long plies = rgn_game_plies(game);
    long upto = p->ply < 0 ? plies : p->ply;
    if (replayed && upto > plies && !p->quiet)
        fprintf(stderr, "rgn fen: game %llu has %ld plies, not %ld\n",
                (unsigned long long)selection->number, plies, p->ply);
    if (replayed && upto <= plies &&
        rgn_game_position_at(game, (int)upto, p->at, NULL) == 0) {
        char fen[512];
        rgn_position_fen(p->at, fen, sizeof fen);
        print_line(p, fen);
        return;
    }
    print_line(p, NULL);
    p->failed = true;
}

static int run_fen(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_fen);
    fen_printer printer = {.ply = -1};
    long only_game = 0;
    const cli_option own[] = {
        {"--game", .take = cli_take_game, .out = &only_game},
        {"--ply", .take = cli_take_ply, .out = &printer.ply},
        {0},
    };
    const cli_options parser = {&cli_fen, own, &games, NULL, -1, NULL, NULL};
    int files, status = cli_parse_options(&parser, argc, argv, &files);
    if (status != CLI_GO_ON)
        return status;
    if (cli_games_check_outputs(&games, NULL, argv + 1, files) < 0)
        return EXIT_USAGE;
    printer.only_game = games.only_game = (uint64_t)only_game;
    printer.quiet = games.quiet;
    /* any rule set: a game's position is copied in whole */
    printer.at = rgn_position_new(rgn_variant_default(), NULL);
    if (!printer.at) {
        fprintf(stderr, "rgn fen: out of memory\n");
        return EXIT_USAGE;
    }
    status = cli_games_each(&games, argv + 1, files, print_position, &printer);
    rgn_position_free(printer.at);
    if (status == EXIT_USAGE)
        return status;
    /* Judged by the games asked for only. */
    if (only_game && !printer.found) {
        if (!games.quiet)
            fprintf(stderr, "rgn fen: there is no game %ld\n", only_game);
        return EXIT_INVALID;
    }
    return printer.failed ? EXIT_INVALID : EXIT_OK;
}
