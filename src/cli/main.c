/*
 * main.c - the rgn program: finds the subcommand and hands it the
 * arguments. Everything else lives in librgn and the cmd_*.c files.
 */
#include <string.h>

#include "cli.h"
#include "rotationary_cli.h"

/* The commands, then the subcommands of the groups ("db import"), in
 * the order their lists give them. */
static const cli_command *const commands[] = {
    &cli_perft,      &cli_moves,     &cli_validate, &cli_convert, &cli_select,
    &cli_list,       &cli_db,        &cli_fen,      &cli_diagram, &cli_variants,
    &cli_tournament, &cli_ranges,    &cli_layers,   &cli_solve,   &cli_puzzle,
    &cli_survey,     &cli_db_import, &cli_db_merge, &cli_db_find, &cli_db_tree,
    &cli_db_export,  &cli_db_info,
};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])

static const cli_command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (strcmp(commands[i]->name, name) == 0)
            return commands[i];
    return NULL;
}

/* "no command 'x'", with the nearest command's name when one is near. */
static int no_command(const char *name)
{
    rgn_nearest nearest;
    rgn_nearest_init(&nearest, name);
    for (size_t i = 0; i < COMMAND_COUNT && !strchr(commands[i]->name, ' ');
         i++)
        rgn_nearest_offer(&nearest, commands[i]->name);
    rgn_nearest_offer(&nearest, "help");
    if (nearest.best)
        fprintf(stderr,
                "rgn: no command '%s'; did you mean '%s'? (rgn help "
                "lists them)\n",
                name, nearest.best);
    else
        fprintf(stderr, "rgn: no command '%s'; try 'rgn help'\n", name);
    return EXIT_USAGE;
}

static int print_overview(FILE *out)
{
    fprintf(out, "Usage: rgn COMMAND [OPTIONS] [ARGUMENTS]\n"
                 "       rgn help [COMMAND] | rgn --version\n\n"
                 "rgn reads, checks and converts game records of Rotary and "
                 "its cousins\n"
                 "('rgn variants' lists them).\n\n"
                 "Commands:\n");
    for (size_t i = 0; i < COMMAND_COUNT && !strchr(commands[i]->name, ' ');
         i++)
        fprintf(out, "  %-11s %s\n", commands[i]->name, commands[i]->summary);
    fprintf(out, "  %-11s %s\n", "help", "show this, or a command's help");
    fprintf(
        out,
        "\n'rgn COMMAND --help' describes a command; man rgn has it all.\n");
    return EXIT_OK;
}

/* "rgn GROUP SUB ...": the subcommand named "GROUP SUB" run with the
 * arguments from SUB on; "rgn GROUP" alone, its help. */
static int run_group(const cli_command *group, int argc, char **argv)
{
    if (argc < 2 || cli_is_help(argv[1])) {
        fputs(cli_help(group), argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    size_t len = strlen(group->name);
    rgn_nearest nearest;
    rgn_nearest_init(&nearest, argv[1]);
    char subs[256] = ""; /* their names, to say which there are */
    for (size_t i = 0; i < COMMAND_COUNT; i++) {
        const char *name = commands[i]->name;
        if (strncmp(name, group->name, len) != 0 || name[len] != ' ')
            continue;
        if (strcmp(argv[1], name + len + 1) == 0)
            return commands[i]->run(argc - 1, argv + 1);
        rgn_nearest_offer(&nearest, name + len + 1);
        size_t used = strlen(subs);
        snprintf(subs + used, sizeof subs - used, "%s%s", used ? ", " : "",
                 name + len + 1);
    }
    return cli_usage_error(group, "no subcommand '%s'%s (%s)", argv[1],
                           cli_nearest_hint(&nearest), subs);
}

static int run(int argc, char **argv);

/* Whatever a command printed must have reached standard output: a write
 * error (a full disk, a closed pipe) is exit status 2. */
int main(int argc, char **argv)
{
    int status = run(argc, argv);
    if (cli_stdout_check(true) < 0)
        status = EXIT_USAGE;
    return status;
}

static int run(int argc, char **argv)
{
    if (argc < 2) {
        print_overview(stderr);
        return EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "--version") == 0 || strcmp(name, "version") == 0) {
        printf("rgn %s\n", RGN_VERSION);
        return EXIT_OK;
    }
    if (strcmp(name, "help") == 0 || cli_is_help(name)) {
        /* rgn help, rgn help --help, rgn help help: the overview */
        if (argc < 3 || cli_is_help(argv[2]) || strcmp(argv[2], "help") == 0)
            return print_overview(stdout);
        const cli_command *command = find_command(argv[2]);
        if (command)
            return cli_print_help(command);
        return no_command(argv[2]);
    }
    const cli_command *command = find_command(name);
    if (!command || strchr(name, ' '))
        return no_command(name);
    if (!command->run)
        return run_group(command, argc - 1, argv + 1);
    return command->run(argc - 1, argv + 1);
}
