/* cmd_ranges.c - "rgn ranges": cut a file into ranges at game starts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* START:END, and :LINE when line is not 0. */
static void print_range(uint64_t start, uint64_t end, uint32_t line)
{
    printf("%llu:%llu", (unsigned long long)start, (unsigned long long)end);
    if (line)
        printf(":%lu", (unsigned long)line);
    putchar('\n');
}

static int run_ranges(int argc, char **argv)
{
    long parts = 0;
    uint64_t part_size = 0;
    bool lines = false;
    const cli_option own[] = {
        {"--lines", .flag = &lines},
        {"--parts", .take = cli_take_count, .out = &parts},
        {"--size", .take = take_size, .out = &part_size},
        {0},
    };
    const cli_options parser = {
        &cli_ranges, own, NULL, NULL, 1, "rgn ranges cuts one file", NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
    if (operands != 1 || (parts > 0) == (part_size > 0)) {
        cli_usage_error(&cli_ranges, operands != 1
                                         ? "a FILE to cut is needed"
                                         : "give one of --parts and --size");
        return EXIT_USAGE;
    }
    const char *path = argv[1], *data;
    uint64_t size;
    if (cli_input_map(&cli_ranges, NULL, path, &data, &size) < 0)
        return EXIT_USAGE;
    if (parts > 0)
        part_size = size / (uint64_t)parts + (size % (uint64_t)parts != 0);
    uint64_t start = 0;
    uint32_t line = 1; /* of start, with --lines */
    int rc = EXIT_OK;
    for (uint64_t at = part_size; at < size && rc == EXIT_OK; at += part_size) {
        /* a game longer than a part: its cut is met again */
        uint64_t cut = start;
        rgn_error error;
        if (at > start &&
            rgn_range_cut(data, size, at, true, &cut, &error) < 0) {
            fprintf(stderr, "rgn ranges: %s\n", error.message);
            rc = EXIT_USAGE;
        } else if (cut > start && cut < size) {
            print_range(start, cut, lines ? line : 0);
            if (lines) /* the line the cut lies on, counted from start's */
                line = rgn_range_line(data + start, size - start, cut - start) +
                       line - 1;
            start = cut;
        }
        if (at > UINT64_MAX - part_size)
            break;
    }
    if (rc == EXIT_OK)
        print_range(start, size, lines ? line : 0);
    cli_input_unmap(data, size);
    return rc;
}
