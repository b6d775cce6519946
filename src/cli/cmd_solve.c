/* cmd_solve.c - "rgn solve": an optimal solution of a Rotationary
 * position, as text or as a complete record. */
#include <stdlib.h>
#include <string.h>

#include "rotationary_cli.h"

static int run_solve(int argc, char **argv);

const cli_command cli_solve = {
    "solve",
    "Rotationary: an optimal solution, or proof that there is none",
    run_solve,
};

typedef struct solve_run {
    bool hint;
    rgn_writer *writer; /* --format rgn */
    int games;
} solve_run;

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
    int written =
        run->writer
            ? rgn_rotationary_solution_write_game(run->writer, pos, &solution,
                                                  (uint64_t)run->games, &err)
            : rgn_rotationary_solution_write_text(stdout, pos, &solution,
                                                  run->hint, &err);
    /* a write that failed is told as the program ends */
    if (written < 0 && !ferror(stdout)) {
        fprintf(stderr, "rgn solve: %s\n", err.message);
        return -1;
    }
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
    char *file = operands ? argv[1] : NULL;
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
    if (fen && !(pos = cli_position_from(&cli_solve, rules, fen)))
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
