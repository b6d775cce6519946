/*
 * output.c - output files written atomically: into a temporary file
 * beside the target, renamed over it only when everything is written.
 * An interrupted or failed run leaves the target as it was and removes
 * the temporary file (also on SIGINT, SIGTERM and SIGHUP). The new file
 * keeps the mode of the file it replaces (a new file gets 0666 less the
 * umask), and a target that is a symbolic link is written through: the
 * file the link names is replaced, the link stays.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* The outputs open (-o, a diagnostics file, the parts of a split
 * output): a list that only grows, a node at a time, so that a signal
 * handler may walk it at any moment. */
struct cli_held_output {
    FILE *out;         /* NULL while free or held */
    char *temp_path;   /* the file written */
    char *target_path; /* the file renamed over: links followed */
    volatile sig_atomic_t temp_exists;
    struct cli_held_output *next;
};
static struct cli_held_output *volatile outputs;
static char target_path[4096]; /* resolve_target's result */

static void remove_temp_and_die(int signal_number)
{
    for (struct cli_held_output *o = outputs; o; o = o->next)
        if (o->temp_exists)
            unlink(o->temp_path);
    _exit(128 + signal_number);
}

/* A free node with room for paths of len bytes, or NULL. */
static struct cli_held_output *free_slot(size_t len)
{
    for (struct cli_held_output *o = outputs; o; o = o->next)
        if (!o->out && !o->temp_exists) {
            char *temp = realloc(o->temp_path, len + 1);
            if (temp)
                o->temp_path = temp;
            char *target = temp ? realloc(o->target_path, len + 1) : NULL;
            if (target)
                o->target_path = target;
            return target ? o : NULL;
        }
    struct cli_held_output *o = calloc(1, sizeof *o);
    if (o) {
        o->temp_path = malloc(len + 1);
        o->target_path = malloc(len + 1);
    }
    if (!o || !o->temp_path || !o->target_path) {
        if (o) {
            free(o->temp_path);
            free(o->target_path);
        }
        free(o);
        return NULL;
    }
    o->next = outputs; /* whole before it is seen */
    outputs = o;
    return o;
}

/* Follows path through symbolic links (the last one may dangle) into
 * target_path; -1 after printing why not. */
static int resolve_target(const char *path)
{
    if (strlen(path) >= sizeof target_path) {
        fprintf(stderr, "rgn: output path too long: %s\n", path);
        return -1;
    }
    strcpy(target_path, path);
    for (int hops = 0;; hops++) {
        struct stat st;
        if (lstat(target_path, &st) < 0 || !S_ISLNK(st.st_mode))
            return 0;
        if (hops == 40) {
            fprintf(stderr, "rgn: cannot write %s: %s\n", path,
                    strerror(ELOOP));
            return -1;
        }
        char link[4096];
        ssize_t len = readlink(target_path, link, sizeof link - 1);
        if (len < 0) {
            fprintf(stderr, "rgn: cannot read the link %s: %s\n", target_path,
                    strerror(errno));
            return -1;
        }
        link[len] = '\0';
        const char *slash = strrchr(target_path, '/');
        size_t dir_len =
            link[0] != '/' && slash ? (size_t)(slash - target_path + 1) : 0;
        if (dir_len + (size_t)len >= sizeof target_path) {
            fprintf(stderr, "rgn: output path too long: %s\n", path);
            return -1;
        }
        memcpy(target_path + dir_len, link, (size_t)len + 1);
    }
}

FILE *cli_output_open(const char *path)
{
    if (!path)
        return stdout;
    if (resolve_target(path) < 0)
        return NULL;
    struct cli_held_output *slot = free_slot(strlen(target_path) + 16);
    if (!slot) {
        fprintf(stderr, "rgn: out of memory\n");
        return NULL;
    }
    char *temp_path = slot->temp_path;
    struct stat st;
    if (stat(target_path, &st) == 0 && S_ISDIR(st.st_mode)) {
        fprintf(stderr, "rgn: cannot write %s: %s\n", path, strerror(EISDIR));
        return NULL;
    }
    mode_t mode;
    if (stat(target_path, &st) == 0) {
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    const char *slash = strrchr(target_path, '/');
    int dir_len = slash ? (int)(slash - target_path + 1) : 0;
    sprintf(temp_path, "%.*s.%s.XXXXXX", dir_len, target_path,
            target_path + dir_len);
    struct sigaction action = {0};
    action.sa_handler = remove_temp_and_die;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    int fd = mkstemp(temp_path);
    if (fd < 0) {
        fprintf(stderr, "rgn: cannot create a file beside %s: %s\n", path,
                strerror(errno));
        return NULL;
    }
    slot->temp_exists = 1;
    FILE *out = fchmod(fd, mode) == 0 ? fdopen(fd, "w") : NULL;
    if (!out) {
        fprintf(stderr, "rgn: cannot create a file beside %s: %s\n", path,
                strerror(errno));
        close(fd);
        unlink(temp_path);
        slot->temp_exists = 0;
        return NULL;
    }
    strcpy(slot->target_path, target_path);
    slot->out = out;
    return out;
}

/* Whether path and the input named input ("-": standard input) are one
 * file: the same device and inode, whatever names or links lead there. */
static bool same_file(const struct stat *output, const char *input)
{
    struct stat st;
    int rc =
        strcmp(input, "-") == 0 ? fstat(STDIN_FILENO, &st) : stat(input, &st);
    return rc == 0 && st.st_dev == output->st_dev &&
           st.st_ino == output->st_ino;
}

int cli_output_check_inputs(const cli_command *command, const char *option,
                            const char *path, char **inputs, int count,
                            const char *remedy)
{
    struct stat st;
    if (!path || strcmp(path, "-") == 0 || stat(path, &st) < 0 ||
        !S_ISREG(st.st_mode))
        return 0;
    for (int i = 0; i <= count; i++) {
        /* no input is standard input */
        const char *input = i < count ? inputs[i] : count == 0 ? "-" : NULL;
        if (input && same_file(&st, input)) {
            bool is_stdin = strcmp(input, "-") == 0;
            cli_usage_error(command,
                            "%s %s is also an input (%s): rgn does not write "
                            "over a file it reads; give another file%s",
                            option, path, is_stdin ? "standard input" : input,
                            is_stdin ? "" : remedy);
            return -1;
        }
    }
    return 0;
}

static bool stdout_reported;

/* "rgn: cannot write PATH: WHY" (why NULL: the errno value error's). */
static void cli_output_error(const char *path, int error, const char *why)
{
    if (!path) {
        if (stdout_reported)
            return;
        stdout_reported = true;
    }
    if (!why)
        why = error ? strerror(error) : "a write failed";
    fprintf(stderr, "rgn: cannot write %s: %s\n",
            path ? path : "standard output", why);
}

void cli_output_failed(const char *path, const rgn_error *error)
{
    const char *why = strrchr(error->message, ':'); /* rgn.h: ": WHY" */
    cli_output_error(path, 0, why ? why + 2 : error->message);
}

int cli_stdout_check(bool close_it)
{
    errno = 0;
    bool ok = fflush(stdout) == 0;
    int error = errno;
    if (ferror(stdout))
        ok = false;
    if (close_it && fclose(stdout) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        cli_output_error(NULL, error, NULL);
        fflush(stderr);
    }
    return ok ? 0 : -1;
}

static struct cli_held_output *slot_of(FILE *out)
{
    for (struct cli_held_output *o = outputs; o; o = o->next)
        if (o->out == out)
            return o;
    return NULL;
}

int cli_output_close(FILE *out, const char *path, bool keep)
{
    if (!path)
        return cli_stdout_check(false);
    struct cli_held_output *slot = slot_of(out);
    if (!slot)
        return -1;
    slot->out = NULL;
    errno = 0;
    bool ok =
        keep && fflush(out) == 0 && !ferror(out) && fsync(fileno(out)) == 0;
    if (keep && !ok)
        cli_output_error(path, errno, NULL);
    if (fclose(out) != 0 && ok) {
        cli_output_error(path, errno, NULL);
        ok = false;
    }
    if (ok && rename(slot->temp_path, slot->target_path) != 0) {
        fprintf(stderr, "rgn: cannot write %s: %s\n", path, strerror(errno));
        ok = false;
    }
    if (!ok)
        unlink(slot->temp_path);
    slot->temp_exists = 0;
    return ok ? 0 : -1;
}

cli_held_output *cli_output_hold(FILE *out, const char *path)
{
    struct cli_held_output *slot = slot_of(out);
    if (!slot)
        return NULL;
    errno = 0;
    bool ok = fflush(out) == 0 && !ferror(out);
    int error = errno;
    slot->out = NULL; /* held: its temporary file stays */
    if (fclose(out) != 0 && ok) {
        ok = false;
        error = errno;
    }
    if (!ok) {
        cli_output_error(path, error, NULL);
        unlink(slot->temp_path);
        slot->temp_exists = 0;
        return NULL;
    }
    return slot;
}

FILE *cli_output_resume(cli_held_output *held, const char *path)
{
    FILE *out = fopen(held->temp_path, "a");
    if (!out) {
        fprintf(stderr, "rgn: cannot write %s: %s\n", path, strerror(errno));
        unlink(held->temp_path);
        held->temp_exists = 0;
        return NULL;
    }
    held->out = out;
    return out;
}

void cli_json_string(FILE *out, const char *text)
{
    if (rgn_json_write_string(out, text, strlen(text), NULL) < 0)
        fputs("null", out);
}
