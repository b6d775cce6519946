/*
 * input.c - the inputs of the game-reading commands checked before they
 * are read (rgn_input: decompressed on the fly when its first bytes say
 * so). The games themselves are read by the library (rgn_games_read).
 */
#include "cli.h"

int cli_input_check(const cli_command *command, const char *path,
                    const char **compression, bool *archive)
{
    rgn_error error;
    rgn_input *in = rgn_input_open(path, &error);
    *compression = NULL;
    if (!in) {
        fprintf(stderr, "rgn %s: %s\n", command->name, error.message);
        return -1;
    }
    *compression = rgn_input_compression(in); /* a name of the library's */
    if (archive)
        *archive = rgn_input_member(in) != NULL;
    rgn_input_close(in);
    return 0;
}
