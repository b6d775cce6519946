/* cmd_perft.c - "rgn perft": count legal move sequences. */
#include "cli.h"

static int run_perft(int argc, char **argv);

const cli_command cli_perft = {
    "perft",
    "count the legal move sequences of a given length",
    run_perft,
};

/* Each legal move with its count, in the order of their coordinates,
 * and the total. */
static uint64_t print_divide(rgn_position *pos, int depth)
{
    static rgn_perft_move moves[RGN_MAX_MOVES];
    int n = rgn_perft_divide(pos, depth, moves, NULL);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        printf("%s %llu\n", moves[i].coord, (unsigned long long)moves[i].count);
        total += moves[i].count;
    }
    printf("total %llu\n", (unsigned long long)total);
    return total;
}

static int run_perft(int argc, char **argv)
{
    const char *fen = NULL, *variant = NULL;
    bool divide = false, timing = false;
    const cli_option own[] = {
        {"--fen", .value = &fen},
        {"--variant", .value = &variant},
        {"--divide", .flag = &divide},
        {"--time", .flag = &timing},
        {0},
    };
    const cli_options parser = {
        &cli_perft, own, NULL, NULL, 1, "more than one DEPTH", NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
    if (operands == 0)
        return cli_usage_error(&cli_perft, "missing DEPTH");
    const char *depth_text = argv[1];
    long depth = cli_parse_count(depth_text, 20);
    if (depth < 0 || (divide && depth < 1))
        return cli_usage_error(&cli_perft,
                               "DEPTH must be a whole number "
                               "from %d to 20, not '%s'",
                               divide ? 1 : 0, depth_text);
    rgn_position *pos = cli_load_position(&cli_perft, variant, fen);
    if (!pos)
        return EXIT_USAGE;
    double start = cli_seconds();
    uint64_t nodes;
    if (divide) {
        nodes = print_divide(pos, (int)depth);
    } else {
        nodes = rgn_perft(pos, (int)depth);
        printf("%llu\n", (unsigned long long)nodes);
    }
    double elapsed = cli_seconds() - start;
    if (cli_stdout_check(false) < 0) {
        rgn_position_free(pos);
        return EXIT_USAGE;
    }
    if (timing)
        fprintf(stderr, "perft %ld: %llu nodes in %.3f s (%.0f nodes/s)\n",
                depth, (unsigned long long)nodes, elapsed,
                elapsed > 0 ? (double)nodes / elapsed : 0.0);
    rgn_position_free(pos);
    return EXIT_OK;
}
