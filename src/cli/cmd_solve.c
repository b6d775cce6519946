/* cmd_solve.c - "rgn solve": an optimal solution of a Rotationary
 * position, as text or as a complete record. */
#include <stdlib.h>
#include <string.h>

#include "rotationary_cli.h"

static int run_solve(int argc, char **argv);

const cli_command cli_solve = {
    "solve",
    "Rotationary: an optimal solution, or proof that there is none",
    "Usage: rgn solve [--variant NAME] [--hint] [--format text|rgn]\n"
    "                 (--fen POSITION | FILE)\n"
    "\n"
    "Solves POSITION, or the position at the end of the main line of each\n"
    "game in FILE ('-' for standard input; its Variant tag gives the rule\n"
    "set unless --variant does). Prints 'distance D' and then the D moves\n"
    "of one optimal solution separated by spaces (an empty line when the\n"
    "position is solved already), or the single line 'unsolvable'.\n"
    "With --hint, prints only the first move of an optimal solution (an\n"
    "empty line when solved, 'unsolvable' when there is none).\n"
    "With --format rgn, prints each solution as a complete record instead:\n"
    "the tags (Variant, SetUp and FEN of the position solved), the\n"
    "numbered moves and the result 1-0 ('*' and a comment when there is\n"
    "no solution). NAME is Rotationary (the default) or 'Rotationary\n"
    "Wrap'. Time and positions searched go to standard error.",
    run_solve,
};

typedef struct solve_run {
    bool hint;
    rgn_writer *writer; /* --format rgn */
    int games;
} solve_run;

static rgn_span span_of(const char *text)
{
    return (rgn_span){text, strlen(text)};
}

/* The record of one solution, handed to the RGN writer as the validator
 * hands it a game, so that it is laid out as every record rgn writes. */
static void write_record(solve_run *run, rgn_position *walk,
                         const rgn_rotationary_solution *solution)
{
    const rgn_game_sink *sink = rgn_writer_sink(run->writer);
    void *writer = run->writer;
    bool solvable = solution->distance >= 0;
    const char *result = solvable ? "1-0" : "*";
    char round[16], fen[128];
    snprintf(round, sizeof round, "%d", run->games);
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
    sink->begin_game(writer, (uint64_t)run->games);
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
}

static int solve_one(void *context, const rgn_position *pos)
{
    solve_run *run = context;
    run->games++;
    double start = cli_seconds();
    rgn_rotationary_solution solution;
    rgn_error err;
    if (rgn_rotationary_solve(pos, &solution, &err) < 0) {
        fprintf(stderr, "rgn solve: %s\n", err.message);
        return -1;
    }
    double elapsed = cli_seconds() - start;
    /* the solution played out from the position as a set-up (move 1,
     * whatever moves led to it in a game) */
    char fen[128];
    rgn_position_fen(pos, fen, sizeof fen);
    rgn_position *walk = rgn_position_new(rgn_position_variant(pos), NULL);
    if (!walk || rgn_position_set_fen(walk, fen, &err) < 0) {
        fprintf(stderr, "rgn solve: out of memory\n");
        rgn_position_free(walk);
        return -1;
    }
    if (run->writer) {
        write_record(run, walk, &solution);
    } else if (solution.distance < 0) {
        printf("unsolvable\n");
    } else {
        if (!run->hint)
            printf("distance %d\n", solution.distance);
        int shown = run->hint && solution.distance > 0 ? 1 : solution.distance;
        for (int i = 0; i < shown; i++) {
            char move[16];
            rgn_move_san(walk, solution.moves[i], move, sizeof move);
            rgn_position_play(walk, solution.moves[i]);
            printf("%s%s", i ? " " : "", move);
        }
        printf("\n");
    }
    rgn_position_free(walk);
    fflush(stdout);
    fprintf(stderr, "solve: %llu positions searched in %.3f s\n",
            (unsigned long long)solution.positions_visited, elapsed);
    return 0;
}

static int run_solve(int argc, char **argv)
{
    const char *fen = NULL, *variant = NULL, *format = NULL;
    bool hint = false;
    const cli_option own[] = {
        {"--fen", .value = &fen},
        {"--variant", .value = &variant},
        {"--format", .value = &format},
        {"--hint", .flag = &hint},
        {0},
    };
    const cli_options parser = {&cli_solve,           own, NULL, NULL, 1,
                                "more than one FILE", NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
    const char *file = operands ? argv[1] : NULL;
    if (!fen == !file)
        return cli_usage_error(&cli_solve, "give either --fen POSITION or "
                                           "FILE");
    bool record = format && strcmp(format, "rgn") == 0;
    static const char *const formats[] = {"text", "rgn", NULL};
    if (format && !record && strcmp(format, "text") != 0)
        return cli_usage_error(&cli_solve, "no format '%s' (text or rgn)%s",
                               format, cli_nearest_hint_in(format, formats));
    if (record && hint)
        return cli_usage_error(&cli_solve,
                               "--hint prints one move, not a "
                               "record: give one of --hint and --format "
                               "rgn");
    const rgn_variant *rules = rgn_variant_find("Rotationary");
    rgn_position *pos = NULL;
    if ((variant || fen) && !(rules = rot_cli_variant(&cli_solve, variant)))
        return EXIT_USAGE;
    if (fen && !(pos = rot_cli_position(&cli_solve, rules, fen)))
        return EXIT_USAGE;
    solve_run run = {hint, NULL, 0};
    if (record) {
        run.writer = rgn_writer_new(NULL, stdout, NULL); /* RGN */
        if (!run.writer) {
            fprintf(stderr, "rgn solve: cannot start the output\n");
            rgn_position_free(pos);
            return EXIT_USAGE;
        }
    }
    if (fen)
        status = solve_one(&run, pos) < 0 ? EXIT_USAGE : EXIT_OK;
    else
        status = rot_cli_each_game(&cli_solve, file, variant ? rules : NULL,
                                   solve_one, &run);
    rgn_position_free(pos);
    if (record) {
        bool written = rgn_writer_finish(run.writer, NULL) == 0;
        rgn_writer_free(run.writer);
        if (!written) {
            fprintf(stderr, "rgn solve: the records could not be written\n");
            return EXIT_USAGE;
        }
    }
    return status;
}
