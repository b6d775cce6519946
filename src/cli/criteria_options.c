/*
 * criteria_options.c - the criteria options of rgn select, which rgn db
 * find takes too: one table, one way of reading them; and the options
 * of the copies, which both judge after the criteria.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* A criterion and its value, added to the criteria: 0, or -1 after the
 * usage error that names the option and the value. */
static int add_criterion(const cli_command *command, rgn_criteria *criteria,
                         enum rgn_criterion criterion, const char *value)
{
    rgn_error error;
    if (rgn_criteria_add(criteria, criterion, value, &error) == 0)
        return 0;
    const char *name = rgn_criterion_name(criterion);
    if (value)
        cli_usage_error(command, "--%s '%s': %s", name, value, error.message);
    else
        cli_usage_error(command, "--%s: %s", name, error.message);
    return -1;
}

static int take_criterion(const cli_command *command, const char *value,
                          void *out)
{
    cli_criterion *c = out;
    return add_criterion(command, c->criteria, c->criterion, value);
}

/* The option of each criterion, named by the library: those with a
 * value first, then the flags (--promotion is both, a flag there and
 * --promotion=PIECE last). */
const cli_option *cli_criteria_options(cli_criteria *c)
{
    cli_option *own = c->rows;
    int n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < RGN_CRITERION_COUNT; i++) {
            enum rgn_criterion criterion = (enum rgn_criterion)i;
            bool flag =
                rgn_criterion_takes(criterion) != RGN_CRITERION_REQUIRED;
            if (flag != (pass == 1))
                continue;
            c->takers[i] = (cli_criterion){c->criteria, criterion};
            snprintf(c->names[i], sizeof c->names[i], "--%s",
                     rgn_criterion_name(criterion));
            own[n++] = flag ? (cli_option){c->names[i], .flag = &c->flags[i]}
                            : (cli_option){c->names[i], .take = take_criterion,
                                           .out = &c->takers[i]};
        }
    own[n++] = (cli_option){"--promotion", .take = take_criterion,
                            .out = &c->takers[RGN_CRITERION_PROMOTION]};
    /* the copies, judged after the criteria among the games that match */
    own[n++] = (cli_option){"--unique", .flag = &c->unique};
    own[n++] = (cli_option){"--duplicates", .flag = &c->duplicates};
    own[n++] =
        (cli_option){"--fuzzy", .take = cli_take_count, .out = &c->fuzzy};
    own[n] = (cli_option){0};
    return own;
}

int cli_criteria_flags(cli_criteria *c, const cli_command *command)
{
    for (int i = 0; i < RGN_CRITERION_COUNT; i++)
        if (c->flags[i] && add_criterion(command, c->criteria,
                                         (enum rgn_criterion)i, NULL) < 0)
            return -1;
    c->invalid = c->flags[RGN_CRITERION_INVALID];
    if (c->unique && c->duplicates)
        return cli_usage_error(command, "--unique and --duplicates select "
                                        "opposite games: give one"),
               -1;
    if (c->fuzzy && !c->unique && !c->duplicates)
        return cli_usage_error(command, "--fuzzy says what a copy is: it goes "
                                        "with --unique or --duplicates"),
               -1;
    c->copies = c->unique       ? RGN_DUPLICATES_UNIQUE
                : c->duplicates ? RGN_DUPLICATES_ONLY
                                : RGN_DUPLICATES_ANY;
    return 0;
}
