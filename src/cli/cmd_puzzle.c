/* cmd_puzzle.c - "rgn puzzle": random Rotationary set-ups of a given
 * optimal distance. */
#include <stdlib.h>

#include "rotationary_cli.h"

static int run_puzzle(int argc, char **argv);

/* Random set-ups tried per puzzle before giving up: distances beyond the
 * known maxima (12 basic, 10 wrap) cannot be found. */
#define MAX_TRIES 2000

const cli_command cli_puzzle = {
    "puzzle",
    "Rotationary: random set-ups of a given optimal distance",
    run_puzzle,
};

static int run_puzzle(int argc, char **argv)
{
    const char *variant = NULL, *distance_text = NULL, *seed_text = NULL,
               *count_text = NULL;
    const cli_option own[] = {
        {"--variant", .value = &variant},
        {"--distance", .value = &distance_text},
        {"--seed", .value = &seed_text},
        {"--count", .value = &count_text},
        {0},
    };
    const cli_options parser = {&cli_puzzle, own, NULL, NULL, 0, NULL, NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
    if (!distance_text)
        return cli_usage_error(&cli_puzzle, "missing --distance D");
    long distance =
        cli_parse_count(distance_text, RGN_ROTATIONARY_MAX_SOLUTION);
    long seed = seed_text ? cli_parse_count(seed_text, 0x7fffffffL) : 1;
    long count = count_text ? cli_parse_count(count_text, 1000000L) : 1;
    if (distance < 0)
        return cli_usage_error(&cli_puzzle, "bad --distance '%s'",
                               distance_text);
    if (seed < 0)
        return cli_usage_error(&cli_puzzle, "bad --seed '%s'", seed_text);
    if (count < 0)
        return cli_usage_error(&cli_puzzle, "bad --count '%s'", count_text);
    const rgn_variant *rules = rot_cli_variant(&cli_puzzle, variant);
    rgn_position *pos = rules ? rgn_position_new(rules, NULL) : NULL;
    if (!pos) {
        if (rules)
            fprintf(stderr, "rgn puzzle: out of memory\n");
        return EXIT_USAGE;
    }
    uint64_t state = (uint64_t)seed;
    int exit_status = EXIT_OK;
    for (long n = 0; n < count && exit_status == EXIT_OK; n++) {
        rgn_error err;
        status =
            rgn_rotationary_puzzle(pos, (int)distance, &state, MAX_TRIES, &err);
        if (status < 0) {
            fprintf(stderr, "rgn puzzle: %s\n", err.message);
            exit_status = EXIT_USAGE;
        } else if (status > 0) {
            fprintf(stderr,
                    "rgn puzzle: no set-up at distance %ld found in "
                    "%d tries\n",
                    distance, MAX_TRIES);
            exit_status = EXIT_INVALID;
        } else {
            char text[128];
            rgn_position_fen(pos, text, sizeof text);
            printf("%s\n", text);
        }
    }
    rgn_position_free(pos);
    return exit_status;
}
