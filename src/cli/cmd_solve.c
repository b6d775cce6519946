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
    rgn_writer *writer;       /* --format rgn: writes what validator passes */
    rgn_validator *validator; /* replays each record before it is written */
    int games;
} solve_run;

static void report_problem(void *user, const rgn_diagnostic *d)
{
    (void)user;
    fprintf(stderr, "rgn solve: the record written for game %llu is wrong: "
            "%s\n", (unsigned long long)d->game, d->message);
}

static int append(char **text, size_t *len, size_t *room, const char *part)
{
    size_t n = strlen(part);
    if (*len + n + 1 > *room) {
        size_t bigger = (*len + n + 1) * 2;
        char *t = realloc(*text, bigger);
        if (!t)
            return -1;
        *text = t;
        *room = bigger;
    }
    memcpy(*text + *len, part, n + 1);
    *len += n;
    return 0;
}

/* The record of one solution, passed through the validator to the RGN
 * writer, so that what is written is laid out as every record rgn writes
 * and replays to the result it claims. */
static int write_record(solve_run *run, rot_rules rules,
                        const rot_position *pos, const rot_board *board,
                        const rot_solution *solution)
{
    char fen[ROT_TEXT_MAX], line[160];
    rot_format(pos, fen);
    bool solvable = solution->distance != ROT_UNSOLVABLE;
    const char *result = solvable ? "1-0" : "*";
    char *text = NULL;
    size_t len = 0, room = 0;
    snprintf(line, sizeof line,
             "[Event \"Optimal solution\"]\n[Site \"-\"]\n"
             "[Date \"????.??.??\"]\n[Round \"%d\"]\n[White \"rgn solve\"]\n"
             "[Black \"-\"]\n[Result \"%s\"]\n",
             run->games, result);
    int status = append(&text, &len, &room, line);
    snprintf(line, sizeof line,
             "[Variant \"%s\"]\n[SetUp \"1\"]\n[FEN \"%s\"]\n\n",
             rules == ROT_WRAP ? "Rotationary Wrap" : "Rotationary", fen);
    status |= append(&text, &len, &room, line);
    if (!solvable)
        status |= append(&text, &len, &room, "{No sequence of moves "
                         "solves this position.} ");
    for (int i = 0; i < (solvable ? solution->distance : 0); i++) {
        char move[4];
        rot_format_move(board, solution->moves[i], move);
        snprintf(line, sizeof line, "%d. %s ", i + 1, move);
        status |= append(&text, &len, &room, line);
    }
    status |= append(&text, &len, &room, result);
    status |= append(&text, &len, &room, "\n\n");
    if (status == 0)
        status = rgn_validator_feed(run->validator, text, len);
    free(text);
    return status < 0 ? -1 : 0;
}

static int solve_one(void *context, rot_rules rules, const rot_position *pos)
{
    solve_run *run = context;
    run->games++;
    rot_board board;
    rot_board_init(&board, &pos->arrangement, rules);
    double start = cli_seconds();
    rot_solution solution;
    if (rot_solve(&board, pos->facings, &solution) < 0) {
        fprintf(stderr, "rgn solve: out of memory\n");
        return -1;
    }
    double elapsed = cli_seconds() - start;
    if (run->writer) {
        if (write_record(run, rules, pos, &board, &solution) < 0) {
            fprintf(stderr, "rgn solve: out of memory\n");
            return -1;
        }
    } else if (solution.distance == ROT_UNSOLVABLE) {
        printf("unsolvable\n");
    } else {
        if (!run->hint)
            printf("distance %d\n", solution.distance);
        int shown = run->hint && solution.distance > 0 ? 1
                                                       : solution.distance;
        for (int i = 0; i < shown; i++) {
            char move[4];
            rot_format_move(&board, solution.moves[i], move);
            printf("%s%s", i ? " " : "", move);
        }
        printf("\n");
    }
    fflush(stdout);
    fprintf(stderr, "solve: %llu positions searched in %.3f s\n",
            (unsigned long long)solution.positions_visited, elapsed);
    return 0;
}

static int run_solve(int argc, char **argv)
{
    const char *fen = NULL, *variant = NULL, *file = NULL, *format = NULL;
    bool hint = false;
    for (int i = 1; i < argc; i++) {
        int found;
        if (cli_is_help(argv[i]))
            return cli_print_help(&cli_solve);
        if ((found = cli_option_value(argc, argv, &i, "--fen", &fen)) ||
            (found = cli_option_value(argc, argv, &i, "--variant", &variant)) ||
            (found = cli_option_value(argc, argv, &i, "--format", &format))) {
            if (found < 0)
                return EXIT_USAGE;
        } else if (strcmp(argv[i], "--hint") == 0) {
            hint = true;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return cli_usage_error(&cli_solve, "unknown option '%s'", argv[i]);
        } else if (file) {
            return cli_usage_error(&cli_solve, "more than one FILE");
        } else {
            file = argv[i];
        }
    }
    if (!fen == !file)
        return cli_usage_error(&cli_solve, "give either --fen POSITION or "
                               "FILE");
    bool record = format && strcmp(format, "rgn") == 0;
    if (format && !record && strcmp(format, "text") != 0)
        return cli_usage_error(&cli_solve, "no format '%s' (text or rgn)",
                               format);
    if (record && hint)
        return cli_usage_error(&cli_solve, "--hint prints one move, not a "
                               "record: give one of --hint and --format "
                               "rgn");
    rot_rules rules = ROT_BASIC;
    rot_position pos;
    if ((variant || fen) && rot_cli_rules(&cli_solve, variant, &rules) < 0)
        return EXIT_USAGE;
    if (fen && rot_cli_parse(&cli_solve, fen, &pos) < 0)
        return EXIT_USAGE;
    solve_run run = {hint, NULL, NULL, 0};
    if (record) {
        rgn_writer_options options = {RGN_FORMAT_RGN, false, false, false};
        run.writer = rgn_writer_new(&options, stdout);
        rgn_validator_options check = {0};
        check.report = report_problem;
        check.sink = run.writer ? rgn_writer_sink(run.writer) : NULL;
        check.sink_user = run.writer;
        check.jobs = 1;
        run.validator = run.writer ? rgn_validator_new(&check) : NULL;
        if (!run.validator) {
            fprintf(stderr, "rgn solve: cannot start the output\n");
            rgn_writer_free(run.writer);
            return EXIT_USAGE;
        }
    }
    int status = fen ? solve_one(&run, rules, &pos)
                     : rot_cli_each_game(&cli_solve, file, variant != NULL,
                                         rules, solve_one, &run);
    if (record) {
        bool checked = rgn_validator_finish(run.validator) == 0 &&
                       rgn_validator_counts(run.validator).invalid == 0;
        bool written = rgn_writer_finish(run.writer) == 0;
        rgn_validator_free(run.validator);
        rgn_writer_free(run.writer);
        if (!checked || !written) {
            fprintf(stderr, "rgn solve: the records could not be written\n");
            return EXIT_USAGE;
        }
    }
    if (status < 0)
        return fen ? EXIT_USAGE : EXIT_INVALID;
    return EXIT_OK;
}
