/* cmd_solve.c - "rgn solve": an optimal solution of a Rotationary
 * position. */
#include <stdlib.h>
#include <string.h>

#include "rotationary_cli.h"

static int run_solve(int argc, char **argv);

const cli_command cli_solve = {
    "solve",
    "Rotationary: an optimal solution, or proof that there is none",
    "Usage: rgn solve [--variant NAME] [--hint] (--fen POSITION | FILE)\n"
    "\n"
    "Solves POSITION, or the position at the end of the main line of the\n"
    "first game in FILE ('-' for standard input; its Variant tag gives the\n"
    "rule set unless --variant does). Prints 'distance D' and then the D\n"
    "moves of one optimal solution separated by spaces (an empty line when\n"
    "the position is solved already), or the single line 'unsolvable'.\n"
    "With --hint, prints only the first move of an optimal solution (an\n"
    "empty line when solved, 'unsolvable' when there is none). NAME is\n"
    "Rotationary (the default) or 'Rotationary Wrap'. Time and positions\n"
    "searched go to standard error.",
    run_solve,
};

static int run_solve(int argc, char **argv)
{
    const char *fen = NULL, *variant = NULL, *file = NULL;
    bool hint = false;
    for (int i = 1; i < argc; i++) {
        int found;
        if (cli_is_help(argv[i]))
            return cli_print_help(&cli_solve);
        if ((found = cli_option_value(argc, argv, &i, "--fen", &fen)) ||
            (found = cli_option_value(argc, argv, &i, "--variant", &variant))) {
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
    rot_rules rules = ROT_BASIC;
    rot_position pos;
    if ((variant || fen) && rot_cli_rules(&cli_solve, variant, &rules) < 0)
        return EXIT_USAGE;
    if (fen ? rot_cli_parse(&cli_solve, fen, &pos)
            : rot_cli_read_game(&cli_solve, file, variant != NULL, &rules,
                                &pos))
        return fen ? EXIT_USAGE : EXIT_INVALID;
    rot_board board;
    rot_board_init(&board, &pos.arrangement, rules);
    double start = cli_seconds();
    rot_solution solution;
    if (rot_solve(&board, pos.facings, &solution) < 0) {
        fprintf(stderr, "rgn solve: out of memory\n");
        return EXIT_USAGE;
    }
    double elapsed = cli_seconds() - start;
    if (solution.distance == ROT_UNSOLVABLE) {
        printf("unsolvable\n");
    } else {
        if (!hint)
            printf("distance %d\n", solution.distance);
        int shown = hint && solution.distance > 0 ? 1 : solution.distance;
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
    return EXIT_OK;
}
