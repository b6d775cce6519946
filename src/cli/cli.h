/*
 * cli.h - what the subcommands of the rgn program share (the program is a
 * thin layer over librgn: parse options, call the library, print).
 */
#ifndef RGN_CLI_H
#define RGN_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "rgn.h"

/* Exit statuses, the same for every command (see man/rgn.1). */
enum { EXIT_OK = 0, EXIT_INVALID = 1, EXIT_USAGE = 2 };

typedef struct cli_command {
    const char *name;
    const char *summary;
    const char *usage; /* printed by "rgn COMMAND --help" */
    int (*run)(int argc, char **argv);
} cli_command;

extern const cli_command cli_perft, cli_moves, cli_validate;

/* Option matching for "--name VALUE" and "--name=VALUE": returns 1 and
 * sets *value (advancing *i past a separate value) when argv[*i] is the
 * option, 0 when it is not, -1 (after printing why) when its value is
 * missing. */
int cli_option_value(int argc, char **argv, int *i, const char *name,
                     const char **value);
bool cli_is_help(const char *arg);
/* Prints "rgn COMMAND: message" and a hint to stderr; returns EXIT_USAGE. */
int cli_usage_error(const cli_command *command, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
int cli_print_help(const cli_command *command);
/* Parses a whole non-negative number; -1 if the text is not one. */
long cli_parse_count(const char *text, long max);

/* A position from --variant and --fen (either may be NULL); NULL after
 * printing the reason. */
rgn_position *cli_load_position(const cli_command *command,
                                const char *variant_name, const char *fen);

#endif
