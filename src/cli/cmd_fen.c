/* cmd_fen.c - "rgn fen": positions of games, without decoration. */
#include <stdlib.h>

#include "cli.h"

static int run_fen(int argc, char **argv);

const cli_command cli_fen = {
    "fen",
    "print the position (RFEN) reached in games",
    "Usage: rgn fen [--game N] [--ply N] [--strict] [-q|--quiet]\n"
    "               [--diagnostics=text|json] [--diagnostics-file FILE]\n"
    "               [--variant NAME] [--from rgn|xml] [-j|--jobs N]\n"
    "               [--color|--no-color] [--] [FILE...]\n"
    "\n"
    "Prints one line per game, in input order: the RFEN of its final\n"
    "main-line position, or with --ply N of the position after ply N (0 =\n"
    "the start). A game that cannot be replayed to its end (invalid, or\n"
    "shorter than N plies) prints the line '-', and its diagnostic goes to\n"
    "standard error. --game N prints only game N (counted from 1 over all\n"
    "inputs), and only its diagnostics. Games are validated as 'rgn\n"
    "validate' does.\n"
    "Exit status 0 when every game asked for printed a position, 1 when one\n"
    "printed '-' or game N does not exist, 2 for wrong usage or I/O errors.\n"
    "\n"
    CLI_GAMES_OPTIONS_HELP CLI_COLOR_HELP CLI_END_OF_OPTIONS_HELP,
    run_fen,
};

typedef struct fen_printer {
    long only_game; /* 0: every game */
    long ply;       /* -1: the final position */
    uint64_t game, games_seen;
    rgn_position *line; /* the main line, played up to the ply asked for */
    long plies;
    int depth;
    bool quiet;
    bool found, failed; /* failed: a game asked for printed "-" */
} fen_printer;

static void on_begin_game(void *user, uint64_t number)
{
    fen_printer *p = user;
    p->game = ++p->games_seen;
    (void)number;
    p->plies = 0;
    p->depth = 0;
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    (void)has_fen;
    fen_printer *p = user;
    if (!p->line || rgn_position_variant(p->line) != rgn_position_variant(start)) {
        rgn_position_free(p->line);
        p->line = rgn_position_new(rgn_position_variant(start));
    }
    if (p->line)
        rgn_position_copy(p->line, start);
}

static void on_move(void *user, rgn_position *before, rgn_move move,
                    const char *san)
{
    (void)san;
    fen_printer *p = user;
    (void)before;
    if (p->depth > 0 || !p->line)
        return;
    if (p->ply < 0 || p->plies < p->ply)
        rgn_position_play(p->line, move);
    p->plies++;
}

static void on_begin_variation(void *user) { ((fen_printer *)user)->depth++; }
static void on_end_variation(void *user) { ((fen_printer *)user)->depth--; }

static void on_end_game(void *user, rgn_span result, const rgn_diagnostic *error)
{
    (void)result;
    fen_printer *p = user;
    if (p->only_game && (long)p->game != p->only_game)
        return;
    p->found = true;
    if (error || !p->line) {
        puts("-"); /* the diagnostic went to standard error */
        p->failed = true;
        return;
    }
    if (p->ply > p->plies) {
        if (!p->quiet)
            fprintf(stderr, "rgn fen: game %llu has %ld plies, not %ld\n",
                    (unsigned long long)p->game, p->plies, p->ply);
        puts("-");
        p->failed = true;
        return;
    }
    char fen[512];
    rgn_position_fen(p->line, fen, sizeof fen);
    puts(fen);
}

static const rgn_game_sink fen_sink = {
    .begin_game = on_begin_game,
    .start = on_start,
    .move = on_move,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .end_game = on_end_game,
};

static int run_fen(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_fen);
    fen_printer printer = {0, -1, 0, 0, NULL, 0, 0, false, false, false};
    const cli_option own[] = {
        {"--game", .take = cli_take_game, .out = &printer.only_game},
        {"--ply", .take = cli_take_ply, .out = &printer.ply},
        {0},
    };
    const cli_options parser = {&cli_fen, own, &games, NULL, -1, NULL};
    int files, status = cli_parse_options(&parser, argc, argv, &files);
    if (status != CLI_GO_ON)
        return status;
    games.options.sink = &fen_sink;
    games.options.sink_user = &printer;
    games.only_game = printer.only_game > 0 ? (uint64_t)printer.only_game : 0;
    printer.quiet = games.quiet;
    if (cli_games_ready(&games) < 0)
        return EXIT_USAGE;
    cli_games_read_all(&games, argv + 1, files);
    rgn_position_free(printer.line);
    status = cli_games_finish(&games);
    if (status == EXIT_USAGE)
        return status;
    /* Judged by the games asked for only. */
    if (printer.only_game && !printer.found) {
        if (!games.quiet)
            fprintf(stderr, "rgn fen: there is no game %ld\n",
                    printer.only_game);
        return EXIT_INVALID;
    }
    return printer.failed ? EXIT_INVALID : EXIT_OK;
}
