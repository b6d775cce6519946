/*
 * measure.c - runs a command several times and reports its median wall
 * time and median peak resident memory, for the benchmark (bench/run.sh).
 *
 * Usage: measure [-n RUNS] [-i IN] [-o OUT] [-e ERR] -- COMMAND [ARG...]
 *
 * The runs are sequential. Each run reads its standard input from IN (for
 * a program driven by commands, such as a UCI engine) and writes its
 * standard output to OUT and its standard error to ERR (all three
 * /dev/null by default; a file holds the last run's). The peak memory is
 * the child's ru_maxrss from wait4 (the largest of the child and the
 * descendants it waited for). Prints one line:
 *
 *   runs N seconds MEDIAN min MIN max MAX maxrss_kb MEDIAN status S cpu C
 *
 * where C is the median CPU time (user + system, in seconds: steadier
 * than wall time when other processes share the cores), S is the exit
 * status of the last run that failed (0 when all succeeded, 128 + signal
 * number after a signal). The exit status of
 * measure is 0 when every run exited 0, 1 otherwise, 2 on a usage error.
 */
#define _DEFAULT_SOURCE /* wait4 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_RUNS 101

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, int n)
{
    qsort(values, (size_t)n, sizeof *values, compare_doubles);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static double seconds_of(struct timeval t)
{
    return (double)t.tv_sec + (double)t.tv_usec / 1e6;
}

/* Runs argv once with its input from in and its output sent to the two
 * files; stores its wall time, CPU time and peak memory and returns its
 * exit status, or -1 on failure. */
static int run_once(char **argv, const char *in, const char *out,
                    const char *err, double *seconds, double *cpu,
                    double *maxrss_kb)
{
    double start = now();
    pid_t pid = fork();
    if (pid < 0) {
        perror("measure: fork");
        return -1;
    }
    if (pid == 0) {
        int o = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int e = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int i = open(in, O_RDONLY);
        if (o < 0 || e < 0 || i < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0 ||
            dup2(i, 0) < 0)
            _exit(126);
        execvp(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) {
        perror("measure: wait4");
        return -1;
    }
    *seconds = now() - start;
    *cpu = seconds_of(usage.ru_utime) + seconds_of(usage.ru_stime);
    *maxrss_kb = (double)usage.ru_maxrss; /* kilobytes on Linux */
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}

int main(int argc, char **argv)
{
    int runs = 3, i = 1;
    const char *in = "/dev/null", *out = "/dev/null", *err = "/dev/null";
    for (; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "-n") == 0 && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (strcmp(argv[i], "-i") == 0 && i + 1 < argc)
            in = argv[++i];
        else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc)
            out = argv[++i];
        else if (strcmp(argv[i], "-e") == 0 && i + 1 < argc)
            err = argv[++i];
        else
            break;
    }
    if (i + 1 >= argc || strcmp(argv[i], "--") != 0 || runs < 1 ||
        runs > MAX_RUNS) {
        fprintf(stderr,
                "usage: measure [-n RUNS (1-%d)] [-i IN] [-o OUT] "
                "[-e ERR] -- COMMAND [ARG...]\n",
                MAX_RUNS);
        return 2;
    }
    char **command = argv + i + 1;
    double seconds[MAX_RUNS], cpu[MAX_RUNS], maxrss[MAX_RUNS];
    int failed = 0;
    for (int r = 0; r < runs; r++) {
        int status =
            run_once(command, in, out, err, &seconds[r], &cpu[r], &maxrss[r]);
        if (status < 0)
            return 1;
        if (status != 0)
            failed = status;
    }
    double min = seconds[0], max = seconds[0];
    for (int r = 1; r < runs; r++) {
        min = seconds[r] < min ? seconds[r] : min;
        max = seconds[r] > max ? seconds[r] : max;
    }
    printf("runs %d seconds %.4f min %.4f max %.4f maxrss_kb %.0f status %d "
           "cpu %.4f\n",
           runs, median(seconds, runs), min, max, median(maxrss, runs), failed,
           median(cpu, runs));
    return failed != 0;
}
