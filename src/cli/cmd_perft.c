/* cmd_perft.c - "rgn perft": count legal move sequences. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int run_perft(int argc, char **argv);

const cli_command cli_perft = {
    "perft",
    "count the legal move sequences of a given length",
    run_perft,
};

typedef struct divided {
    char move[32];
    uint64_t count;
} divided;

static int by_move_text(const void *a, const void *b)
{
    return strcmp(((const divided *)a)->move, ((const divided *)b)->move);
}

static uint64_t print_divide(rgn_position *pos, int depth)
{
    rgn_move moves[RGN_MAX_MOVES];
    int n = rgn_position_legal_moves(pos, moves);
    divided *rows = malloc(sizeof *rows * (size_t)(n > 0 ? n : 1));
    rgn_position *child = rgn_position_new(rgn_position_variant(pos), NULL);
    if (!rows || !child) {
        fprintf(stderr, "rgn perft: out of memory\n");
        exit(EXIT_USAGE);
    }
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        rgn_move_coord(pos, moves[i], rows[i].move, sizeof rows[i].move);
        rgn_position_copy(child, pos);
        rgn_position_play(child, moves[i]);
        rows[i].count = rgn_perft(child, depth - 1);
        total += rows[i].count;
    }
    qsort(rows, (size_t)n, sizeof *rows, by_move_text);
    for (int i = 0; i < n; i++)
        printf("%s %llu\n", rows[i].move, (unsigned long long)rows[i].count);
    printf("total %llu\n", (unsigned long long)total);
    rgn_position_free(child);
    free(rows);
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
