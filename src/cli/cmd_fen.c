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
    long ply;         /* -1: the final position */
    rgn_position *at; /* the position printed */
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

static void print_position(cli_main_line *line, const rgn_diagnostic *error)
{
    fen_printer *p = line->user;
    p->found = true;
    /* else the diagnostic went to standard error */
    bool replayed = !error && line->started;
    size_t upto = p->ply < 0 ? line->plies : (size_t)p->ply;
    if (replayed && upto > line->plies && !p->quiet)
        fprintf(stderr, "rgn fen: game %llu has %zu plies, not %ld\n",
                (unsigned long long)line->game, line->plies, p->ply);
    if (replayed && upto <= line->plies &&
        cli_main_line_position(line, upto, &p->at)) {
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
    cli_main_line line = {.only_game = (uint64_t)only_game,
                          .end = print_position,
                          .user = &printer};
    games.options.sink = &cli_main_line_sink;
    games.options.sink_user = &line;
    games.only_game = line.only_game;
    printer.quiet = games.quiet;
    if (cli_games_ready(&games) < 0)
        return EXIT_USAGE;
    cli_games_read_all(&games, argv + 1, files);
    cli_main_line_free(&line);
    rgn_position_free(printer.at);
    status = cli_games_finish(&games);
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
