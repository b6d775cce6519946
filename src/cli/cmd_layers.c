/* cmd_layers.c - "rgn layers": Rotationary positions first reached after
 * exactly n moves (the game's counterpart of perft). */
#include <stdlib.h>

#include "rotationary_cli.h"

static int run_layers(int argc, char **argv);

#define MAX_DEPTH 12

const cli_command cli_layers = {
    "layers",
    "Rotationary: count the positions first reached after n moves",
    run_layers,
};

static int run_layers(int argc, char **argv)
{
    const char *fen = NULL, *variant = NULL;
    const cli_option own[] = {
        {"--fen", .value = &fen},
        {"--variant", .value = &variant},
        {0},
    };
    const cli_options parser = {&cli_layers,           own, NULL, NULL, 1,
                                "more than one DEPTH", NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
    const char *depth_text = operands ? argv[1] : NULL;
    if (!depth_text)
        return cli_usage_error(&cli_layers, "missing DEPTH");
    long depth = cli_parse_count(depth_text, MAX_DEPTH);
    if (depth < 0)
        return cli_usage_error(&cli_layers,
                               "DEPTH must be a whole number "
                               "from 0 to %d, not '%s'",
                               MAX_DEPTH, depth_text);
    if (!fen)
        return cli_usage_error(&cli_layers, "missing --fen POSITION");
    const rgn_variant *rules = rot_cli_variant(&cli_layers, variant);
    rgn_position *pos =
        rules ? cli_position_from(&cli_layers, rules, fen) : NULL;
    if (!pos)
        return EXIT_USAGE;
    uint64_t counts[MAX_DEPTH];
    rgn_error err;
    status = rgn_rotationary_layers(pos, (int)depth, counts, &err);
    rgn_position_free(pos);
    if (status < 0) {
        fprintf(stderr, "rgn layers: %s\n", err.message);
        return EXIT_USAGE;
    }
    for (long d = 1; d <= depth; d++)
        printf("%ld %llu\n", d, (unsigned long long)counts[d - 1]);
    return EXIT_OK;
}
