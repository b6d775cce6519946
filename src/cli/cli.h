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

extern const cli_command cli_perft, cli_moves, cli_validate, cli_convert,
    cli_fen, cli_diagram, cli_variants;

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

/* Output to path written atomically (stdout when path is NULL): NULL
 * after printing why it cannot be opened. */
FILE *cli_output_open(const char *path);
/* Renames the finished output into place when keep (else removes it);
 * -1 when anything failed. */
int cli_output_close(FILE *out, const char *path, bool keep);

/* Opens an input for reading: a file, or standard input for "-".
 * gzip, zstd and bzip2 data are recognised by their first bytes and read
 * decompressed (*compression then names the format, else it is NULL).
 * NULL after printing why it cannot be opened (a directory cannot). */
FILE *cli_input_open(const cli_command *command, const char *path,
                     const char **compression);
/* Why reading an input failed when the data was at fault ("the gzip data
 * is corrupt"); NULL when it was not. */
const char *cli_input_problem(FILE *input);
int cli_input_close(FILE *input);

/* Seconds on a monotonic clock. */
double cli_seconds(void);

/* A position from --variant and --fen (either may be NULL); NULL after
 * printing the reason. */
rgn_position *cli_load_position(const cli_command *command,
                                const char *variant_name, const char *fen);

/* Reading games: what validate, convert and fen share (games.c). */
typedef struct cli_games {
    const cli_command *command;
    rgn_validator_options options;
    bool quiet, json, color, from_xml;
    const char *file; /* the input being read, as diagnostics name it */
    rgn_validation_counts total;
    bool io_error;
    bool progress, progress_shown;
    double start, last_progress;
    uint64_t bytes;
} cli_games;

void cli_games_init(cli_games *games, const cli_command *command);
/* Takes an option every game-reading command has (--strict, --quiet,
 * --diagnostics=, --variant, --from, --jobs): 1 when argv[*i] was one, 0
 * when not, -1 after printing an error. */
int cli_games_option(cli_games *games, int argc, char **argv, int *i);
/* The start of each game-reading command's option loop: --help and the
 * shared options. 1 when argv[*i] was taken, 0 when it is the command's
 * own, -1 when the command is to return *status (after help or an
 * error). */
int cli_games_take(cli_games *games, int argc, char **argv, int *i,
                   int *status);
/* After the options: colour, progress, and the diagnostics printer. */
void cli_games_ready(cli_games *games);
/* Reads one input ("-" for standard input) through a validator. */
void cli_games_read(cli_games *games, const char *path);
/* Reads the count inputs of paths in order, or standard input if none. */
void cli_games_read_all(cli_games *games, char **paths, int count);
/* Prints the summary; returns the exit status. */
int cli_games_finish(cli_games *games);

#endif
