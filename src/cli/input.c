/*
 * input.c - the inputs of the game-reading commands: a file or standard
 * input opened by the library (rgn_input: decompressed on the fly when
 * its first bytes say so), given to the commands as a FILE, so that
 * everything after it reads plain bytes and never knows; a plain regular
 * file is that file itself (mapped by --jobs and --range). A zip
 * archive's members are read one after another, each to its end of file
 * (cli_input_member, cli_input_next_member).
 */
#define _GNU_SOURCE /* fopencookie */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* The inputs open now, so that cli_input_problem can find a FILE's. */
#define MAX_OPEN 8
static struct {
    FILE *file;
    rgn_input *in;
} open_inputs[MAX_OPEN];

static ssize_t input_read(void *cookie, char *out, size_t size)
{
    ptrdiff_t n = rgn_input_read(cookie, out, size);
    if (n < 0)
        errno = EIO;
    return n;
}

static int input_close(void *cookie)
{
    for (int i = 0; i < MAX_OPEN; i++)
        if (open_inputs[i].in == cookie)
            open_inputs[i].file = NULL, open_inputs[i].in = NULL;
    rgn_input_close(cookie);
    return 0;
}

FILE *cli_input_open(const cli_command *command, const char *path,
                     const char **compression)
{
    rgn_error error;
    rgn_input *in = rgn_input_open(path, &error);
    *compression = NULL;
    if (!in) {
        fprintf(stderr, "rgn %s: %s\n", command->name, error.message);
        return NULL;
    }
    *compression = rgn_input_compression(in);
    struct stat st;
    if (!*compression && strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
        S_ISREG(st.st_mode)) {
        rgn_input_close(in); /* a plain file: read directly */
        FILE *file = fopen(path, "rb");
        if (!file)
            fprintf(stderr, "rgn %s: cannot open %s: %s\n", command->name, path,
                    strerror(errno));
        return file;
    }
    int slot = 0;
    while (slot < MAX_OPEN && open_inputs[slot].file)
        slot++;
    cookie_io_functions_t io = {input_read, NULL, NULL, input_close};
    FILE *file = slot < MAX_OPEN ? fopencookie(in, "rb", io) : NULL;
    if (!file) {
        rgn_input_close(in);
        fprintf(stderr, "rgn %s: cannot open %s: %s\n", command->name, path,
                strerror(ENOMEM));
        return NULL;
    }
    open_inputs[slot].file = file;
    open_inputs[slot].in = in;
    return file;
}

/* The input behind a FILE of cli_input_open; NULL for a plain file read
 * directly. */
static rgn_input *input_of(FILE *file)
{
    for (int i = 0; i < MAX_OPEN; i++)
        if (open_inputs[i].file == file)
            return open_inputs[i].in;
    return NULL;
}

const char *cli_input_member(FILE *file)
{
    rgn_input *in = input_of(file);
    return in ? rgn_input_member(in) : NULL;
}

int cli_input_next_member(FILE *file)
{
    rgn_input *in = input_of(file);
    int more = in ? rgn_input_next_member(in) : 0;
    if (more > 0)
        clearerr(file);
    return more;
}

const char *cli_input_problem(FILE *file)
{
    rgn_input *in = input_of(file);
    return in ? rgn_input_problem(in) : NULL;
}

int cli_input_close(FILE *file) { return fclose(file); }

bool cli_input_plain(FILE *file)
{
    struct stat st;
    return !input_of(file) && file != stdin && fstat(fileno(file), &st) == 0 &&
           S_ISREG(st.st_mode);
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
    FILE *in = cli_input_open(command, path, &compression);
    if (!in)
        return -1;
    bool member = cli_input_member(in) != NULL;
    cli_input_close(in);
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
