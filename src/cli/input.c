/*
 * input.c - the inputs of the game-reading commands checked before they
 * are read (rgn_input: decompressed on the fly when its first bytes say
 * so), and a plain file mapped whole for 'rgn ranges'. The games
 * themselves are read by the library (rgn_games_read).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* The regular file open as fd mapped whole (*data NULL when it is
 * empty): NULL, or why not. */
static const char *map_descriptor(int fd, const char **data, uint64_t *size)
{
    struct stat st;
    *data = NULL;
    *size = 0;
    if (fstat(fd, &st) != 0)
        return strerror(errno);
    if (!S_ISREG(st.st_mode))
        return "not a regular file (a pipe or a device is read whole)";
    if (st.st_size == 0)
        return NULL;
    void *map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED)
        return strerror(errno);
    *data = map;
    *size = (uint64_t)st.st_size;
    return NULL;
}

static int map_failed(const cli_command *command, const char *option,
                      const char *path, const char *why)
{
    fprintf(stderr, "rgn %s: %s%scannot read %s: %s\n", command->name,
            option ? option : "", option ? " " : "", path, why);
    return -1;
}

int cli_input_map(const cli_command *command, const char *option,
                  const char *path, const char **data, uint64_t *size)
{
    const char *compression;
    bool member;
    if (cli_input_check(command, path, &compression, &member) < 0)
        return -1;
    const char *why = member ? "a zip archive is read whole"
                      : compression
                          ? "a compressed file is read whole (decompress it "
                            "first)"
                          : NULL;
    *data = NULL;
    *size = 0;
    int fd = why ? -1 : open(path, O_RDONLY);
    if (!why && fd < 0)
        why = strerror(errno);
    if (!why)
        why = map_descriptor(fd, data, size);
    if (fd >= 0)
        close(fd);
    return why ? map_failed(command, option, path, why) : 0;
}

void cli_input_unmap(const char *data, uint64_t size)
{
    if (data)
        munmap((void *)data, (size_t)size);
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
