/*
 * criteria_options.c - the criteria options of rgn select, which rgn db
 * find takes too: one table, one way of reading them; and the options
 * of the copies, which both judge after the criteria.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* The options that add a criterion, by name; a flag's value is NULL. */
static const char *const criteria_with_value[CLI_CRITERIA_WITH_VALUE + 1] = {
    "tag",      "plies",          "ends",  "position", "pattern",
    "material", "material-plies", "moves", "games",    "has",
    NULL,
};
static const char *const criteria_flags[CLI_CRITERIA_FLAGS + 1] = {
    "promotion", "underpromotion", "setup", "valid",
    "invalid",   "in-variations",  NULL,
};

/* A criterion's option and value, added to the criteria: 0, or -1 after
 * the usage error that names the argument. */
static int add_criterion(const cli_command *command, rgn_criteria *criteria,
                         const char *name, const char *value)
{
    rgn_error error;
    if (rgn_criteria_add(criteria, name, value, &error) == 0)
        return 0;
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
    return add_criterion(command, c->criteria, c->option, value);
}

const cli_option *cli_criteria_options(cli_criteria *c)
{
    cli_option *own = c->rows;
    int n = 0;
    for (int i = 0; criteria_with_value[i]; i++) {
        c->takers[i] = (cli_criterion){c->criteria, criteria_with_value[i]};
        snprintf(c->names[n], sizeof c->names[n], "--%s",
                 criteria_with_value[i]);
        own[n] = (cli_option){c->names[n], .take = take_criterion,
                              .out = &c->takers[i]};
        n++;
    }
    for (int i = 0; criteria_flags[i]; i++) {
        snprintf(c->names[n], sizeof c->names[n], "--%s", criteria_flags[i]);
        own[n] = (cli_option){c->names[n], .flag = &c->flags[i]};
        n++;
    }
    /* --promotion=PIECE beside the flag --promotion */
    c->promotion = (cli_criterion){c->criteria, "promotion"};
    own[n++] = (cli_option){"--promotion", .take = take_criterion,
                            .out = &c->promotion};
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
    for (int i = 0; criteria_flags[i]; i++) {
        if (c->flags[i] &&
            add_criterion(command, c->criteria, criteria_flags[i], NULL) < 0)
            return -1;
        if (c->flags[i] && strcmp(criteria_flags[i], "invalid") == 0)
            c->invalid = true;
    }
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
