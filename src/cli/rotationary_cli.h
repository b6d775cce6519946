/*
 * rotationary_cli.h - what the Rotationary commands (layers, solve,
 * puzzle, survey) share: the rule set from --variant and a position from
 * --fen or a game file.
 */
#ifndef RGN_ROTATIONARY_CLI_H
#define RGN_ROTATIONARY_CLI_H

#include "cli.h"
#include "rules/rotationary/rotationary_core.h"

extern const cli_command cli_layers, cli_solve, cli_puzzle, cli_survey;

/* "Rotationary" (the default when name is NULL) or "Rotationary Wrap";
 * -1 after a usage error. */
int rot_cli_rules(const cli_command *command, const char *name,
                  rot_rules *rules);

/* Parses fen; on a rejection prints it with a caret under the column and
 * returns -1. */
int rot_cli_parse(const cli_command *command, const char *fen,
                  rot_position *pos);

/* Calls visit with the position at the end of the main line of each game
 * in path ('-' for standard input): its FEN tag replayed through the
 * moves, under its Variant tag's rules unless variant_given (then under
 * rules). Stops at the first game that cannot be read (after printing
 * why) or when visit returns -1; returns 0 or -1. */
int rot_cli_each_game(const cli_command *command, const char *path,
                      bool variant_given, rot_rules rules,
                      int (*visit)(void *context, rot_rules rules,
                                   const rot_position *pos),
                      void *context);

#endif
