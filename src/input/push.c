/*
 * push.c - a plain file's games pushed into a validator
 * (rgn_validator_read_file): the file mapped by the library itself, so
 * that the pages read can be let go and memory does not grow with the
 * file (which only the library's own mapping allows: letting go of the
 * caller's memory would zero it).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rgn.h"
#include "validate/validate.h"

static int read_failed(rgn_error *error, const char *path, const char *why)
{
    if (error) {
        error->column = 0;
        snprintf(error->message, sizeof error->message, "cannot read %s%s%s",
                 path, why[0] == ' ' ? "" : ": ", why);
    }
    return -1;
}

int rgn_validator_read_file(rgn_validator *validator, const char *path,
                            uint64_t *size, rgn_error *error)
{
    *size = 0;
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        int why = errno;
        if (fd >= 0)
            close(fd);
        return read_failed(error, path, strerror(why));
    }
    if (!S_ISREG(st.st_mode)) {
        close(fd);
        return read_failed(error, path,
                           "not a regular file (a pipe or a device is read "
                           "whole)");
    }
    void *data = NULL;
    if (st.st_size > 0) {
        data = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (data == MAP_FAILED) {
            int why = errno;
            close(fd);
            return read_failed(error, path, strerror(why));
        }
    }
    close(fd);
    *size = (uint64_t)st.st_size;
    int rc = validator_read_mapped(validator, data, *size);
    if (data)
        munmap(data, (size_t)st.st_size);
    return rc < 0 ? read_failed(error, path, " (out of memory)") : 0;
}
