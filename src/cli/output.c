/*
 * output.c - output files written atomically: into a temporary file
 * beside the target, renamed over it only when everything is written.
 * An interrupted or failed run leaves the target as it was and removes
 * the temporary file (also on SIGINT, SIGTERM and SIGHUP).
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static char temp_path[4096];
static volatile sig_atomic_t temp_exists;

static void remove_temp_and_die(int signal_number)
{
    if (temp_exists)
        unlink(temp_path);
    _exit(128 + signal_number);
}

FILE *cli_output_open(const char *path)
{
    if (!path)
        return stdout;
    if (strlen(path) + 16 > sizeof temp_path) {
        fprintf(stderr, "rgn: output path too long: %s\n", path);
        return NULL;
    }
    const char *slash = strrchr(path, '/');
    int dir_len = slash ? (int)(slash - path + 1) : 0;
    snprintf(temp_path, sizeof temp_path, "%.*s.%s.XXXXXX", dir_len, path,
             path + dir_len);
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
    temp_exists = 1;
    FILE *out = fdopen(fd, "w");
    if (!out) {
        close(fd);
        unlink(temp_path);
        temp_exists = 0;
    }
    return out;
}

int cli_output_close(FILE *out, const char *path, bool keep)
{
    if (!path)
        return fflush(stdout) == 0 && !ferror(stdout) ? 0 : -1;
    bool ok = keep && fflush(out) == 0 && !ferror(out) && fsync(fileno(out)) == 0;
    if (fclose(out) != 0)
        ok = false;
    if (ok && rename(temp_path, path) != 0) {
        fprintf(stderr, "rgn: cannot write %s: %s\n", path, strerror(errno));
        ok = false;
    }
    if (!ok)
        unlink(temp_path);
    temp_exists = 0;
    return ok ? 0 : -1;
}
