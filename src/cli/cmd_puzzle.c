/* cmd_puzzle.c - "rgn puzzle": random Rotationary set-ups of a given
 * optimal distance. */
#include <stdlib.h>
#include <string.h>

#include "rotationary_cli.h"

static int run_puzzle(int argc, char **argv);

/* Random set-ups tried per puzzle before giving up: distances beyond the
 * known maxima (12 basic, 10 wrap) cannot be found. */
#define MAX_TRIES 2000

const cli_command cli_puzzle = {
    "puzzle",
    "Rotationary: random set-ups of a given optimal distance",
    "Usage: rgn puzzle [--variant NAME] --distance D [--seed S] [--count N]\n"
    "\n"
    "Prints N (default 1) position strings, one a line: random set-ups\n"
    "(random arrangement of sizes and empty cell, random facings) whose\n"
    "optimal solution has exactly D moves. The same seed S (default 1)\n"
    "gives the same puzzles. NAME is Rotationary (the default) or\n"
    "'Rotationary Wrap'. Distances of 11 and more are rare and may not be\n"
    "found (exit status 1 then).",
    run_puzzle,
};

static int run_puzzle(int argc, char **argv)
{
    const char *variant = NULL, *distance_text = NULL, *seed_text = NULL,
               *count_text = NULL;
    for (int i = 1; i < argc; i++) {
        int found;
        if (cli_is_help(argv[i]))
            return cli_print_help(&cli_puzzle);
        if ((found = cli_option_value(argc, argv, &i, "--variant", &variant)) ||
            (found = cli_option_value(argc, argv, &i, "--distance",
                                      &distance_text)) ||
            (found = cli_option_value(argc, argv, &i, "--seed", &seed_text)) ||
            (found = cli_option_value(argc, argv, &i, "--count", &count_text))) {
            if (found < 0)
                return EXIT_USAGE;
        } else {
            return cli_usage_error(&cli_puzzle, "unexpected argument '%s'",
                                   argv[i]);
        }
    }
    if (!distance_text)
        return cli_usage_error(&cli_puzzle, "missing --distance D");
    long distance = cli_parse_count(distance_text, ROT_MAX_SOLUTION);
    long seed = seed_text ? cli_parse_count(seed_text, 0x7fffffffL) : 1;
    long count = count_text ? cli_parse_count(count_text, 1000000L) : 1;
    if (distance < 0)
        return cli_usage_error(&cli_puzzle, "bad --distance '%s'",
                               distance_text);
    if (seed < 0)
        return cli_usage_error(&cli_puzzle, "bad --seed '%s'", seed_text);
    if (count < 0)
        return cli_usage_error(&cli_puzzle, "bad --count '%s'", count_text);
    rot_rules rules;
    if (rot_cli_rules(&cli_puzzle, variant, &rules) < 0)
        return EXIT_USAGE;
    rot_rng rng;
    rot_rng_seed(&rng, (uint64_t)seed);
    for (long n = 0; n < count; n++) {
        rot_position pos;
        int status = rot_generate(rules, (int)distance, &rng, MAX_TRIES, &pos);
        if (status < 0) {
            fprintf(stderr, "rgn puzzle: out of memory\n");
            return EXIT_USAGE;
        }
        if (status > 0) {
            fprintf(stderr, "rgn puzzle: no set-up at distance %ld found in "
                    "%d tries\n", distance, MAX_TRIES);
            return EXIT_INVALID;
        }
        char text[ROT_TEXT_MAX];
        rot_format(&pos, text);
        printf("%s\n", text);
    }
    return EXIT_OK;
}
