/* cmd_ranges.c - "rgn ranges": cut a file into ranges at game starts. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

static int run_ranges(int argc, char **argv);

const cli_command cli_ranges = {
    "ranges",
    "cut a file into byte ranges that begin at games",
    run_ranges,
};

/* --size: a count of bytes, with K, M or G. */
static int take_size(const cli_command *command, const char *value, void *out)
{
    char *end;
    unsigned long long n = strtoull(value, &end, 10);
    unsigned shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
    if (shift)
        end++;
    if (end == value || *end || value[0] == '-' || n == 0 ||
        n > (UINT64_MAX >> shift)) {
        cli_usage_error(command,
                        "--size takes a number of bytes, with K, M or G, "
                        "not '%s'",
                        value);
        return -1;
    }
    *(uint64_t *)out = (uint64_t)n << shift;
    return 0;
}

static int run_ranges(int argc, char **argv)
{
    rgn_cut_options options = {.size = sizeof options};
    long parts = 0;
    const cli_option own[] = {
        {"--lines", .flag = &options.lines},
        {"--parts", .take = cli_take_count, .out = &parts},
        {"--size", .take = take_size, .out = &options.part_size},
        {0},
    };
    const cli_options parser = {
        &cli_ranges, own, NULL, NULL, 1, "rgn ranges cuts one file", NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
    if (operands != 1 || (parts > 0) == (options.part_size > 0)) {
        cli_usage_error(&cli_ranges, operands != 1
                                         ? "a FILE to cut is needed"
                                         : "give one of --parts and --size");
        return EXIT_USAGE;
    }
    options.parts = (uint64_t)parts;
    rgn_piece *pieces;
    size_t count;
    rgn_error error;
    if (rgn_input_cut(argv[1], &options, &pieces, &count, &error) < 0) {
        fprintf(stderr, "rgn ranges: %s\n", error.message);
        return EXIT_USAGE;
    }
    for (size_t i = 0; i < count; i++) {
        printf("%llu:%llu", (unsigned long long)pieces[i].from,
               (unsigned long long)pieces[i].to);
        if (options.lines)
            printf(":%lu", (unsigned long)pieces[i].line);
        putchar('\n');
    }
    free(pieces);
    return EXIT_OK;
}
