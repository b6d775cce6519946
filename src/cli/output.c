/*
 * output.c - the program's output files, written atomically by the
 * library (rgn_output), and the temporary files they leave removed when
 * the program is killed (SIGINT, SIGTERM, SIGHUP): the library keeps no
 * list of outputs, so the program keeps one of the outputs it holds (and
 * the split output being written, and a new database's file) and its
 * signal handler removes their temporary files.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

/* The outputs open (-o, a diagnostics file): a list that only grows, a
 * node at a time, so that a signal handler may walk it at any moment. */
struct held_output {
    FILE *out;                   /* NULL while free */
    rgn_output *volatile output; /* NULL while free */
    struct held_output *next;
};
static struct held_output *volatile outputs;
static const rgn_splitter *volatile splitter; /* cli_output_guard_split */
static const char *volatile guarded_file;     /* cli_output_guard_file */

static void remove_temp_and_die(int signal_number)
{
    for (struct held_output *o = outputs; o; o = o->next)
        rgn_output_remove_temporary(o->output);
    rgn_splitter_remove_temporaries(splitter);
    if (guarded_file)
        unlink(guarded_file);
    _exit(128 + signal_number);
}

static void catch_signals(void)
{
    struct sigaction action = {0};
    action.sa_handler = remove_temp_and_die;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

void cli_output_guard_split(const rgn_splitter *split)
{
    if (split)
        catch_signals();
    splitter = split;
}

void cli_output_guard_file(const char *path)
{
    if (path)
        catch_signals();
    guarded_file = path;
}

/* A free node, or NULL when memory runs out. */
static struct held_output *free_slot(void)
{
    for (struct held_output *o = outputs; o; o = o->next)
        if (!o->output)
            return o;
    struct held_output *o = calloc(1, sizeof *o);
    if (!o)
        return NULL;
    o->next = outputs; /* whole before it is seen */
    outputs = o;
    return o;
}

FILE *cli_output_open(const char *path)
{
    if (!path)
        return stdout;
    struct held_output *slot = free_slot();
    if (!slot) {
        fprintf(stderr, "rgn: out of memory\n");
        return NULL;
    }
    catch_signals();
    rgn_error error;
    rgn_output *output = rgn_output_open(path, &error);
    if (!output) {
        fprintf(stderr, "rgn: %s\n", error.message);
        return NULL;
    }
    slot->out = rgn_output_file(output);
    slot->output = output;
    return slot->out;
}

int cli_output_check_inputs(const cli_command *command, const char *option,
                            const char *path, char **inputs, int count,
                            const char *remedy)
{
    /* no input is standard input */
    const char *const stdin_only[] = {"-"};
    const char *const *names = count ? (const char *const *)inputs : stdin_only;
    int i = rgn_output_input_of(path, names, count ? (size_t)count : 1);
    if (i < 0)
        return 0;
    bool is_stdin = strcmp(names[i], "-") == 0;
    cli_usage_error(command,
                    "%s %s is also an input (%s): rgn does not write "
                    "over a file it reads; give another file%s",
                    option, path, is_stdin ? "standard input" : names[i],
                    is_stdin ? "" : remedy);
    return -1;
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
    cli_output_error(path, 0, rgn_error_reason(error));
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

/* Ends slot's output (without writing its target, if it has not ended)
 * and frees the slot. */
static void free_output(struct held_output *slot)
{
    rgn_output *output = slot->output;
    slot->output = NULL; /* ended: nothing left to remove */
    slot->out = NULL;
    rgn_output_free(output);
}

int cli_output_close(FILE *out, const char *path, bool keep)
{
    if (!path)
        return cli_stdout_check(false);
    struct held_output *slot = outputs;
    while (slot && (!slot->output || slot->out != out))
        slot = slot->next;
    if (!slot)
        return -1;
    rgn_output *output = slot->output;
    rgn_error error;
    int rc = 0;
    if (!keep)
        rgn_output_discard(output);
    else if ((rc = rgn_output_commit(output, &error)) < 0)
        fprintf(stderr, "rgn: %s\n", error.message);
    free_output(slot);
    return rc;
}
