/* cmd_variants.c - rgn variants: the games rgn knows, from the registry. */
#include <string.h>

#include "cli.h"

static int run_variants(int argc, char **argv)
{
    const cli_options parser = {&cli_variants, NULL, NULL, NULL, 0, NULL, NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
    const rgn_variant *fallback = rgn_variant_default();
    for (size_t i = 0; i < rgn_variant_count(); i++) {
        const rgn_variant *v = rgn_variant_at(i);
        printf("%s", rgn_variant_name(v));
        const char *const *alias = rgn_variant_aliases(v);
        for (const char *sep = " (also "; *alias; alias++, sep = ", ")
            printf("%s%s", sep, *alias);
        if (*rgn_variant_aliases(v))
            printf(")");
        printf(": %s; %dx%d, %s%s%s\n", rgn_variant_summary(v),
               rgn_variant_files(v), rgn_variant_ranks(v),
               rgn_variant_players(v) == 1 ? "one player" : "two players",
               rgn_variant_needs_setup(v) ? ", set-up required" : "",
               v == fallback ? "; the default" : "");
    }
    return cli_stdout_check(false) == 0 ? EXIT_OK : EXIT_USAGE;
}

const cli_command cli_variants = {
    "variants",
    "list the games rgn knows",
    run_variants,
};
