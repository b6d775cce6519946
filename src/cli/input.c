/*
 * input.c - the inputs of the game-reading commands checked before they
 * are read (rgn_input: decompressed on the fly when its first bytes say
 * so), and a file read whole. The games themselves are read by the
 * library (rgn_games_read).
 */
#include <errno.h>
#include <stdlib.h>

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

char *cli_read_whole_file(const char *path, size_t *len)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return NULL;
    char *text = NULL;
    size_t capacity = 0;
    *len = 0;
    for (;;) {
        if (*len + 1 >= capacity) {
            char *more = realloc(text, capacity = capacity * 2 + 4096);
            if (!more) {
                free(text);
                fclose(in);
                errno = ENOMEM;
                return NULL;
            }
            text = more;
        }
        size_t got = fread(text + *len, 1, capacity - *len - 1, in);
        *len += got;
        if (got == 0)
            break;
    }
    int error_number = errno;
    bool failed = ferror(in);
    fclose(in);
    if (failed) {
        free(text);
        errno = error_number ? error_number : EIO;
        return NULL;
    }
    text[*len] = 0;
    return text;
}
