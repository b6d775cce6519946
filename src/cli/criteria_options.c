/*
 * criteria_options.c - the criteria options of rgn select, which rgn db
 * find takes too: one table, one way of reading them; the options of the
 * copies, which both judge after the criteria; and the cleaning options
 * of the games both write (--strip, --set-tag, ...). The library names
 * the criteria and the edits, and says what value each takes: the tables
 * are made from that.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* The usage error of the option --name given value (NULL: a flag),
 * refused for why: a file's path is shown as given, a text quoted. -1. */
static int refused(const cli_command *command, const char *name,
                   const char *value, bool path, const char *why)
{
    if (!value)
        cli_usage_error(command, "--%s: %s", name, why);
    else if (path)
        cli_usage_error(command, "--%s %s: %s", name, value, why);
    else
        cli_usage_error(command, "--%s '%s': %s", name, value, why);
    return -1;
}

/* A criterion (out: a cli_criterion) and its value (NULL: a flag),
 * added to the criteria: 0, or -1 after the usage error that names the
 * option and the value. */
static int take_criterion(const cli_command *command, const char *value,
                          void *out)
{
    const cli_criterion *c = out;
    rgn_error error;
    if (rgn_criteria_add(c->criteria, c->criterion, value, &error) == 0)
        return 0;
    return refused(command, rgn_criterion_name(c->criterion), value, false,
                   error.message);
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
        if (c->flags[i] && take_criterion(command, NULL, &c->takers[i]) < 0)
            return -1;
    c->invalid = c->flags[RGN_CRITERION_INVALID];
    const cli_conflict conflicts[] = {
        {c->unique && c->duplicates,
         "--unique and --duplicates select opposite games: give one"},
        {c->fuzzy && !c->unique && !c->duplicates,
         "--fuzzy says what a copy is: it goes with --unique or --duplicates"},
        {0},
    };
    if (cli_check_conflicts(command, conflicts) != CLI_GO_ON)
        return -1;
    c->copies = c->unique       ? RGN_DUPLICATES_UNIQUE
                : c->duplicates ? RGN_DUPLICATES_ONLY
                                : RGN_DUPLICATES_ANY;
    return 0;
}

/* An edit option (out: a cli_edit) and its value (NULL: a flag), made:
 * 0, or -1 after the usage error that names them. */
static int take_edit(const cli_command *command, const char *value, void *out)
{
    const cli_edit *e = out;
    rgn_error error;
    if (rgn_edits_option(e->edits, e->option, value, &error) == 0)
        return 0;
    return refused(command, rgn_edit_option_name(e->option), value,
                   rgn_edit_option_takes(e->option) == RGN_EDIT_FILE,
                   error.message);
}

/* The option of each edit, named by the library. */
const cli_option *cli_cleaning_options(cli_cleaning *c)
{
    for (int i = 0; i < RGN_EDIT_OPTION_COUNT; i++) {
        enum rgn_edit_option option = (enum rgn_edit_option)i;
        c->takers[i] = (cli_edit){c->edits, option};
        snprintf(c->names[i], sizeof c->names[i], "--%s",
                 rgn_edit_option_name(option));
        c->rows[i] = rgn_edit_option_takes(option) == RGN_EDIT_FLAG
                         ? (cli_option){c->names[i], .flag = &c->flags[i]}
                         : (cli_option){c->names[i], .take = take_edit,
                                        .out = &c->takers[i]};
    }
    c->rows[RGN_EDIT_OPTION_COUNT] = (cli_option){0};
    return c->rows;
}

int cli_cleaning_flags(cli_cleaning *c, const cli_command *command)
{
    for (int i = 0; i < RGN_EDIT_OPTION_COUNT; i++)
        if (c->flags[i] && take_edit(command, NULL, &c->takers[i]) < 0)
            return -1;
    return 0;
}
