/* cmd_variants.c - rgn variants: the games rgn knows, from the registry. */
#include "cli.h"

static int run_variants(int argc, char **argv)
{
    const cli_options parser = {&cli_variants, NULL, NULL, NULL, 0, NULL, NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
    for (size_t i = 0; i < rgn_variant_count(); i++) {
        char line[512];
        rgn_variant_describe(rgn_variant_at(i), line, sizeof line);
        puts(line);
    }
    return cli_stdout_check(false) == 0 ? EXIT_OK : EXIT_USAGE;
}

const cli_command cli_variants = {
    "variants",
    "list the games rgn knows",
    run_variants,
};
