/*
 * rotationary_cli.h - what the Rotationary commands (layers, solve,
 * puzzle, survey) share: the rule set from --variant and a position from
 * --fen or a game file.
 */
#ifndef RGN_ROTATIONARY_CLI_H
#define RGN_ROTATIONARY_CLI_H

#include "cli.h"

extern const cli_command cli_layers, cli_solve, cli_puzzle, cli_survey;

/* The rule set named name (Rotationary when name is NULL), looked up as
 * every command does; NULL after a usage error when it is not one of the
 * two games these commands serve. */
const rgn_variant *rot_cli_variant(const cli_command *command,
                                   const char *name);

/* Reads path ('-' for standard input) through the validator, as every
 * command reads games, and calls visit with the position at the end of
 * the main line of each valid game, and of each game whose only error is
 * about its result (all its moves were played): under its own rule set,
 * or under variant when that is not NULL (--variant). Goes on after a
 * game that is invalid or not Rotationary (saying why); after visit
 * returns -1, no more calls. Returns the exit status. */
int rot_cli_each_game(const cli_command *command, char *path,
                      const rgn_variant *variant,
                      int (*visit)(void *context, const rgn_position *end),
                      void *context);

#endif
