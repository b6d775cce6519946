/*
 * atomic_output.c - output files written atomically (rgn_output): into a
 * temporary file beside the target, renamed over it only when everything
 * is written and synced. A failed or discarded output leaves the target
 * as it was and removes the temporary file. The new file keeps the mode
 * of the file it replaces (a new file gets 0666 less the umask), and a
 * target that is a symbolic link is written through: the file the link
 * names is replaced, the link stays; a target that is no regular file
 * (a device, a pipe) is written directly. No file-scope state: a program that
 * removes temporaries on a signal keeps its own list of outputs and calls
 * rgn_output_remove_temporary, which only reads the object.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/errors.h"

enum { PATH_MAX_BYTES = 4096 };

struct rgn_output {
    FILE *out;         /* NULL while held or ended */
    bool direct;       /* a device or a pipe: written, not replaced */
    char *path;        /* as given, for messages */
    char *target_path; /* the file renamed over: links followed */
    char *temp_path;   /* the file written */
    /* whether temp_path is ours to remove: cleared before it is renamed
     * or removed, read by rgn_output_remove_temporary at any moment */
    volatile sig_atomic_t temp_exists;
};

/* Follows path through symbolic links (the last one may dangle) into
 * target (PATH_MAX_BYTES bytes): 0, or -1 with error. */
static int resolve_target(const char *path, char *target, rgn_error *error)
{
    if (strlen(path) >= PATH_MAX_BYTES)
        return rgn_fail(error, "output path too long: %s", path);
    strcpy(target, path);
    for (int hops = 0;; hops++) {
        struct stat st;
        if (lstat(target, &st) < 0 || !S_ISLNK(st.st_mode))
            return 0;
        if (hops == 40)
            return rgn_fail(error, "cannot write %s: %s", path,
                            strerror(ELOOP));
        char link[PATH_MAX_BYTES];
        ssize_t len = readlink(target, link, sizeof link - 1);
        if (len < 0)
            return rgn_fail(error, "cannot read the link %s: %s", target,
                            strerror(errno));
        link[len] = '\0';
        const char *slash = strrchr(target, '/');
        size_t dir_len =
            link[0] != '/' && slash ? (size_t)(slash - target + 1) : 0;
        if (dir_len + (size_t)len >= PATH_MAX_BYTES)
            return rgn_fail(error, "output path too long: %s", path);
        memcpy(target + dir_len, link, (size_t)len + 1);
    }
}

/* The process's umask, read from /proc/self/status where Linux shows it:
 * setting it to read it back would change it, for a moment, for the
 * files other threads create. */
static mode_t current_umask(void)
{
    FILE *status = fopen("/proc/self/status", "r");
    char line[128];
    unsigned mask;
    while (status && fgets(line, sizeof line, status))
        if (sscanf(line, "Umask: %o", &mask) == 1) {
            fclose(status);
            return (mode_t)mask;
        }
    if (status)
        fclose(status);
    mode_t old = umask(0); /* elsewhere: set and restored */
    umask(old);
    return old;
}

/* The mode the new file gets: the target's, or 0666 less the umask. */
static mode_t new_mode(const char *target)
{
    struct stat st;
    if (stat(target, &st) == 0)
        return st.st_mode & 07777;
    return 0666 & ~current_umask();
}

/* Creates output's temporary file beside its target and its stream: 0,
 * or -1 with error. */
static int create_temporary(rgn_output *output, rgn_error *error)
{
    const char *target = output->target_path;
    struct stat st;
    if (stat(target, &st) == 0 && S_ISDIR(st.st_mode))
        return rgn_fail(error, "cannot write %s: %s", output->path,
                        strerror(EISDIR));
    mode_t mode = new_mode(target);
    const char *slash = strrchr(target, '/');
    int dir_len = slash ? (int)(slash - target + 1) : 0;
    sprintf(output->temp_path, "%.*s.%s.XXXXXX", dir_len, target,
            target + dir_len);
    int fd = mkstemp(output->temp_path);
    if (fd < 0)
        return rgn_fail(error, "cannot create a file beside %s: %s",
                        output->path, strerror(errno));
    output->temp_exists = 1;
    output->out = fchmod(fd, mode) == 0 ? fdopen(fd, "w") : NULL;
    if (!output->out) {
        rgn_fail(error, "cannot create a file beside %s: %s", output->path,
                 strerror(errno));
        close(fd);
        output->temp_exists = 0;
        unlink(output->temp_path);
        return -1;
    }
    return 0;
}

/* A target that is no regular file (a device such as /dev/null, a pipe,
 * /dev/stdout) written directly: renaming a file over it would replace
 * the device or the pipe with a plain file. 0, or -1 with error. */
static int open_direct(rgn_output *output, rgn_error *error)
{
    output->direct = true;
    output->temp_path[0] = '\0';
    output->out = fopen(output->path, "w");
    if (!output->out)
        return rgn_fail(error, "cannot write %s: %s", output->path,
                        strerror(errno));
    return 0;
}

rgn_output *rgn_output_open(const char *path, rgn_error *error)
{
    char target[PATH_MAX_BYTES];
    if (resolve_target(path, target, error) < 0)
        return NULL;
    struct stat st;
    bool direct =
        stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
    rgn_output *output = calloc(1, sizeof *output);
    size_t len = strlen(target);
    if (output) {
        output->path = strdup(path);
        output->target_path = strdup(target);
        output->temp_path = malloc(len + 16);
    }
    if (!output || !output->path || !output->target_path ||
        !output->temp_path) {
        rgn_output_free(output);
        rgn_fail(error, "out of memory");
        return NULL;
    }
    if ((direct ? open_direct : create_temporary)(output, error) < 0) {
        rgn_output_free(output);
        return NULL;
    }
    return output;
}

FILE *rgn_output_file(const rgn_output *output) { return output->out; }

const char *rgn_output_temporary_path(const rgn_output *output)
{
    return output->temp_path;
}

void rgn_output_remove_temporary(const rgn_output *output)
{
    if (output && output->temp_exists)
        unlink(output->temp_path); /* async-signal-safe */
}

/* Removes the temporary file (the output failed or was discarded). */
static void remove_temporary(rgn_output *output)
{
    if (output->temp_exists) {
        output->temp_exists = 0;
        unlink(output->temp_path);
    }
}

/* "cannot write PATH: why" for errno value number (0: unknown). */
static int write_failed(const rgn_output *output, int number, rgn_error *error)
{
    return rgn_fail(error, "cannot write %s: %s", output->path,
                    number ? strerror(number) : "a write failed");
}

int rgn_output_commit(rgn_output *output, rgn_error *error)
{
    if (!output->out && output->temp_exists &&
        rgn_output_resume(output, error) < 0)
        return -1;
    if (!output->out)
        return rgn_fail(error, "cannot write %s: it has ended", output->path);
    FILE *out = output->out;
    output->out = NULL;
    errno = 0;
    bool ok = fflush(out) == 0 && !ferror(out) &&
              (output->direct || fsync(fileno(out)) == 0);
    if (!ok)
        write_failed(output, errno, error);
    if (fclose(out) != 0 && ok) {
        write_failed(output, errno, error);
        ok = false;
    }
    if (ok && !output->direct &&
        rename(output->temp_path, output->target_path) != 0) {
        write_failed(output, errno, error);
        ok = false;
    }
    if (!ok)
        remove_temporary(output);
    output->temp_exists = 0; /* renamed or removed: no longer ours */
    return ok ? 0 : -1;
}

void rgn_output_discard(rgn_output *output)
{
    if (!output)
        return;
    if (output->out)
        fclose(output->out);
    output->out = NULL;
    remove_temporary(output);
}

int rgn_output_hold(rgn_output *output, rgn_error *error)
{
    FILE *out = output->out;
    if (!out || output->direct) /* no file to keep it in: stays open */
        return 0;
    output->out = NULL;
    errno = 0;
    bool ok = fflush(out) == 0 && !ferror(out);
    int number = errno;
    if (fclose(out) != 0 && ok) {
        ok = false;
        number = errno;
    }
    if (!ok) {
        remove_temporary(output);
        return write_failed(output, number, error);
    }
    return 0;
}

int rgn_output_resume(rgn_output *output, rgn_error *error)
{
    if (output->out)
        return 0;
    if (!output->temp_exists)
        return rgn_fail(error, "cannot write %s: it has ended", output->path);
    output->out = fopen(output->temp_path, "a");
    if (!output->out) {
        write_failed(output, errno, error);
        remove_temporary(output);
        return -1;
    }
    return 0;
}

void rgn_output_free(rgn_output *output)
{
    if (!output)
        return;
    rgn_output_discard(output);
    free(output->path);
    free(output->target_path);
    free(output->temp_path);
    free(output);
}

/* Whether the regular file st and the input named input ("-": standard
 * input) are one file: the same device and inode. */
static bool same_file(const struct stat *output, const char *input)
{
    struct stat st;
    int rc =
        strcmp(input, "-") == 0 ? fstat(STDIN_FILENO, &st) : stat(input, &st);
    return rc == 0 && st.st_dev == output->st_dev &&
           st.st_ino == output->st_ino;
}

int rgn_output_input_of(const char *path, const char *const *inputs,
                        size_t count)
{
    struct stat st;
    if (!path || strcmp(path, "-") == 0 || stat(path, &st) < 0 ||
        !S_ISREG(st.st_mode))
        return -1;
    for (size_t i = 0; i < count; i++)
        if (same_file(&st, inputs[i]))
            return (int)i;
    return -1;
}
