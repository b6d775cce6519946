/*
 * hostile.c - runs "rgn validate" on hostile and pathological inputs and
 * checks that each ends with a clear error (or passes), in time linear in
 * the input and bounded memory, never a crash.
 *
 * Each case is generated at a base size and at 10 times that size; the
 * larger run must take well under 20 times the processor time (plus a
 * small allowance for process start-up; the least of up to three runs),
 * its peak memory must not grow with the input (under twice the smaller
 * run's, plus a little) and stay under MEMORY_LIMIT_KB. A program built
 * with sanitizers (which inflate time and memory) runs the base size
 * only, for the memory errors they find.
 *
 * Usage: hostile RGN_PROGRAM TMPDIR [sanitized]
 */
#define _DEFAULT_SOURCE
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MEMORY_LIMIT_KB (16 * 1024)

static const char *program, *tmpdir;
static bool sanitized;
static int passed, failed;

typedef void (*generator)(FILE *out, long size);

static const char *tags =
    "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n"
    "[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n";

static void good_game(FILE *out) { fprintf(out, "%s1. e4 e6 *\n\n", tags); }

static void binary_junk(FILE *out, long size)
{
    uint64_t x = 88172645463325252ull;
    for (long i = 0; i < size; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        fputc((int)(x & 0xFF), out);
    }
    fputc('\n', out);
    good_game(out);
}

static void long_comment(FILE *out, long size)
{
    fprintf(out, "%s1. e4 {", tags);
    for (long i = 0; i < size; i++)
        fputc("rotary "[i % 7], out);
    fprintf(out, "} e6 *\n\n");
    good_game(out);
}

/* A '+' on a mate, judged only at the result (validate.c defers it), with
 * a long run of comments between: the warning must name the move as
 * written, though the reader's buffer has moved on many times. */
static void comments_after_a_mate(FILE *out, long size)
{
    fputs(
        "[Event \"e\"]\n[Site \"s\"]\n[Date \"d\"]\n[Round \"1\"]\n"
        "[White \"w\"]\n[Black \"b\"]\n[Result \"1-0\"]\n[SetUp \"1\"]\n"
        "[FEN \"9/2r>S3s>N2/1p2k>NE1pp1/p8/4PP3/3K>NE2PP1/9/R>E2A>N5/9 w 0 "
        "30\"]\n\n"
        "30. Ab4+ Kd8 31. Ab6+ Kc9>N 32. Aa7>E+ Kd9 33. Axb7 Sg8>E 34. Ke3 "
        "Rc8>NW\n"
        "35. Rd2+ Kc9>NE 36. Axg7 Rb7>S 37. Ah6>SW Sd8>N 38. Ag5>NW Rb3+ 39. "
        "Kf4\n"
        "Kb8>N 40. Axd8+ Kb7 41. e6 Ra3>NW 42. Ac8>SW+ Kb6 43. Ab8>SE+ Kc6>NE\n"
        "44. f6 Ra3>N 45. Ke5 Re3+ 46. Kd6>N+\n",
        out);
    for (long i = 0; i < size; i += 64)
        fprintf(
            out,
            "{a comment after the mate, number %08ld, to fill the buffer}\n",
            i / 64);
    fputs("1-0\n", out);
}

static void deep_nesting(FILE *out, long size)
{
    fprintf(out, "%s1. e4 ", tags);
    for (long i = 0; i < size; i++)
        fputs("(1. e4 ", out);
    fprintf(out, " e6 *\n\n");
    good_game(out);
}

/* One line of legal moves: rooks turning back and forth. */
static void long_line(FILE *out, long size)
{
    fputs(tags, out);
    static const char *const cycle[] = {"Ra1>E", "Ra9>E", "Ra1>N", "Ra9>S"};
    long written = 0;
    for (long ply = 0; written < size; ply++) {
        if (ply % 2 == 0)
            written += fprintf(out, "%ld. ", ply / 2 + 1);
        written += fprintf(out, "%s ", cycle[ply % 4]);
    }
    fprintf(out, "*\n\n");
    good_game(out);
}

/* A game of size plies of rotations, one move a line. */
static void many_rotations(FILE *out, long size)
{
    fputs(tags, out);
    static const char *const cycle[] = {"Ra1>E", "Ra9>E", "Ra1>N", "Ra9>S"};
    for (long ply = 0; ply < size; ply++) {
        if (ply % 2 == 0)
            fprintf(out, "%ld. ", ply / 2 + 1);
        fprintf(out, "%s\n", cycle[ply % 4]);
    }
    fprintf(out, "*\n\n");
}

static void many_games(FILE *out, long size)
{
    for (long i = 0; i < size; i++)
        good_game(out);
}

/* A warning a game (no tags of the seven-tag roster), in ten bytes: the
 * diagnostics take thirty times the text. Without a tag the file has no
 * line where a range may start; with one, each game starts one. */
static void a_warning_a_game(FILE *out, long size)
{
    for (long i = 0; i < size; i++)
        fputs("1. e4 *\n\n", out);
}

static void a_warning_a_tagged_game(FILE *out, long size)
{
    for (long i = 0; i < size; i++)
        fputs("[Event \"e\"]\n\n1. e4 *\n\n", out);
}

static void invalid_utf8(FILE *out, long size)
{
    for (long i = 0; i < size; i++)
        fprintf(out, "%s1. e4 {caf\xC3\xA9 \xFF\xFE} e6 *\n\n", tags);
    good_game(out);
}

static void truncated(FILE *out, long size)
{
    for (long i = 0; i < size; i++)
        good_game(out);
    fprintf(out, "%s1. e4 e6 2. Ra2", tags);
}

/* XML that would read a file, if entities were expanded. */
static void xml_external_entity(FILE *out, long size)
{
    fprintf(out,
            "<?xml version=\"1.0\"?>\n"
            "<!DOCTYPE rgn [<!ENTITY secret SYSTEM \"file:///etc/passwd\">]>\n"
            "<rgn version=\"1\"><game number=\"1\">");
    for (long i = 0; i < size; i++)
        fprintf(out, "<comment>&secret;</comment>");
    fprintf(out, "<result>*</result></game></rgn>\n");
}

/* "Billion laughs": ten entities of ten references each, nested. */
static void xml_entity_bomb(FILE *out, long size)
{
    fprintf(out, "<?xml version=\"1.0\"?>\n<!DOCTYPE rgn [\n"
                 "<!ENTITY l0 \"lol\">\n");
    for (int level = 1; level <= 10; level++) {
        fprintf(out, "<!ENTITY l%d \"", level);
        for (int k = 0; k < 10; k++)
            fprintf(out, "&l%d;", level - 1);
        fprintf(out, "\">\n");
    }
    fprintf(out, "]>\n<rgn version=\"1\"><game number=\"1\">");
    for (long i = 0; i < size; i++)
        fprintf(out, "<comment>&l10;</comment>");
    fprintf(out, "<result>*</result></game></rgn>\n");
}

/* A document cut off in the middle of its games. */
static void xml_truncated(FILE *out, long size)
{
    fprintf(out, "<?xml version=\"1.0\"?>\n<rgn version=\"1\">\n");
    for (long i = 1; i <= size; i++)
        fprintf(out,
                "<game number=\"%ld\"><move ply=\"1\" side=\"white\" "
                "san=\"e4\" lan=\"e3-e4\" from=\"e3\" to=\"e4\" "
                "piece=\"P\"/><result>*</result></game>\n",
                i);
    fprintf(out, "<game number=\"0\"><move ply=\"1\" side=\"wh");
}

typedef struct hostile_case {
    const char *name;
    generator generate;
    long base;            /* the smaller size */
    int status;           /* expected exit status */
    const char *expected; /* a line of standard error must contain it */
    const char *from;     /* "xml" to read the input as XML */
    /* the parallel validator's chunk size (RGN_TEST_CHUNK_BYTES), NULL:
     * its own */
    const char *chunk_bytes;
} hostile_case;

static const hostile_case cases[] = {
    {"binary junk", binary_junk, 1000000, 2, "is not a game file", NULL, NULL},
    {"100 MB comment", long_comment, 10000000, 1,
     "comment longer than 1048576 bytes", NULL, NULL},
    {"deep nesting", deep_nesting, 10000, 1, "nested deeper than 256", NULL,
     NULL},
    {"comments after a '+' on a mate", comments_after_a_mate, 100000, 0,
     "'Kd6>N+' mates, so its mark is '#', not '+'", NULL, NULL},
    {"a line of a million characters", long_line, 1000000, 0,
     "2 games: 2 valid (0 with warnings), 0 invalid", NULL, NULL},
    {"10,000 plies of rotations", many_rotations, 10000, 0, "1 game: 1 valid",
     NULL, NULL},
    {"many games", many_games, 20000, 0, "0 invalid", NULL, NULL},
    /* many small chunks: the pages of the mapped file stayed mapped as
     * the readers' faults mapped their neighbours' again (26 MB for the
     * 21 MB file) */
    {"many games, small chunks", many_games, 20000, 0, "0 invalid", NULL,
     "65536"},
    {"a warning a game", a_warning_a_game, 30000, 0, "with warnings", NULL,
     NULL},
    {"a warning a tagged game", a_warning_a_tagged_game, 30000, 0,
     "with warnings", NULL, NULL},
    /* read as Latin-1, with a warning: the games stay valid; 12,000
     * games (1.5 MB) make several of the parallel validator's chunks, so
     * that both sizes take the same path (at 2,000 games, one chunk, the
     * 10x run looked 20 times as slow with two jobs) */
    {"invalid UTF-8", invalid_utf8, 12000, 0, "read as Windows-1252", NULL,
     NULL},
    {"truncated file", truncated, 10000, 1, "file ends inside a game", NULL,
     NULL},
    {"XML external entity", xml_external_entity, 1000, 1,
     "<!DOCTYPE>) and entities are refused", "xml", NULL},
    {"XML entity bomb", xml_entity_bomb, 10, 1,
     "<!DOCTYPE>) and entities are refused", "xml", NULL},
    {"truncated XML", xml_truncated, 1000, 1, "XML:", "xml", NULL},
};

typedef struct run_result {
    int status;
    double seconds; /* processor time, user and system */
    long max_rss_kb;
    bool found;
} run_result;

static bool file_contains(const char *path, const char *text)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    static char line[1 << 16];
    bool found = false;
    while (!found && fgets(line, sizeof line, f))
        found = strstr(line, text) != NULL;
    fclose(f);
    return found;
}

static run_result run(const hostile_case *c, const char *input,
                      const char *jobs)
{
    const char *from = c->from;
    run_result r = {-1, 0, 0, false};
    char err_path[512];
    snprintf(err_path, sizeof err_path, "%s/stderr", tmpdir);
    pid_t pid = fork();
    if (pid == 0) {
        int err = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int null = open("/dev/null", O_WRONLY);
        dup2(err, 2);
        dup2(null, 1);
        if (c->chunk_bytes)
            setenv("RGN_TEST_CHUNK_BYTES", c->chunk_bytes, 1);
        if (from)
            execl(program, program, "validate", "--jobs", jobs, "--from", from,
                  input, (char *)NULL);
        else
            execl(program, program, "validate", "--jobs", jobs, input,
                  (char *)NULL);
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (pid < 0 || wait4(pid, &status, 0, &usage) < 0)
        return r;
    /* the processor time the run used, not the wall clock's: on a
     * shared machine the wall clock measures the neighbours too, and a
     * loaded moment made a linear run look quadratic */
    r.seconds =
        (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec * 1e-6 +
        (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec * 1e-6;
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.max_rss_kb = usage.ru_maxrss;
    r.found = file_contains(err_path, c->expected);
    return r;
}

static void check(bool ok, const char *name, const char *format, ...)
{
    if (ok)
        return;
    va_list args;
    va_start(args, format);
    printf("FAIL %s: ", name);
    vprintf(format, args);
    printf("\n");
    va_end(args);
    failed++;
}

/* Runs one case at size 1x (k = 0) or 10x (k = 1). */
static bool measure(const hostile_case *c, const char *jobs, int k,
                    run_result *result)
{
    char path[512];
    snprintf(path, sizeof path, "%s/input.rgn", tmpdir);
    FILE *out = fopen(path, "wb");
    if (!out) {
        check(false, c->name, "cannot write %s", path);
        return false;
    }
    c->generate(out, k == 0 ? c->base : 10 * c->base);
    fclose(out);
    *result = run(c, path, jobs);
    remove(path);
    return true;
}

static bool looks_linear(const run_result results[2])
{
    /* start-up costs a few milliseconds; count them once */
    return results[1].seconds < 20 * results[0].seconds + 0.05;
}

/* Each case runs with one job and with two (the parallel validator). */
static void run_case(const hostile_case *c, const char *jobs)
{
    /* under the sanitizers, the base size only: they look for memory
     * errors, which it meets; time and memory, which they inflate, are
     * judged in the plain build (the 10x runs took 90% of the time) */
    int sizes = sanitized ? 1 : 2;
    run_result results[2];
    for (int k = 0; k < sizes; k++)
        if (!measure(c, jobs, k, &results[k]))
            return;
    /* Processor time still varies with the neighbours' load (shared
     * caches, frequency); a linear run measured at a bad moment once
     * looked quadratic (20x). A quadratic one is 100x every time, so
     * the verdict takes the least of up to three measurements. */
    for (int attempt = 1; attempt < 3 && !sanitized && !looks_linear(results);
         attempt++)
        for (int k = 0; k < 2; k++) {
            run_result again;
            if (!measure(c, jobs, k, &again))
                return;
            if (again.seconds < results[k].seconds)
                results[k].seconds = again.seconds;
        }
    int before = failed;
    for (int k = 0; k < sizes; k++) {
        const run_result *r = &results[k];
        check(r->status == c->status, c->name, "exit status %d, expected %d",
              r->status, c->status);
        check(r->found, c->name, "no line of standard error contains '%s'",
              c->expected);
        check(sanitized || r->max_rss_kb < MEMORY_LIMIT_KB, c->name,
              "peak memory %ld KB (limit %d KB)", r->max_rss_kb,
              MEMORY_LIMIT_KB);
    }
    if (sanitized) {
        printf("%-32s jobs %s %8.3f s (sanitized: 1x only)\n", c->name, jobs,
               results[0].seconds);
    } else {
        check(results[1].max_rss_kb < 2 * results[0].max_rss_kb + 8192, c->name,
              "memory grows with the input: %ld KB for 1x, %ld KB "
              "for 10x",
              results[0].max_rss_kb, results[1].max_rss_kb);
        check(looks_linear(results), c->name,
              "10x the input took %.3f s, 1x took %.3f s (the least of three "
              "runs each): not linear",
              results[1].seconds, results[0].seconds);
        printf("%-32s jobs %s %8.3f s %8.3f s (10x) %6ld KB peak\n", c->name,
               jobs, results[0].seconds, results[1].seconds,
               results[1].max_rss_kb);
    }
    if (failed == before)
        passed++;
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: hostile RGN_PROGRAM TMPDIR [sanitized]\n");
        return 2;
    }
    program = argv[1];
    tmpdir = argv[2];
    sanitized = argc == 4 && strcmp(argv[3], "sanitized") == 0;
    /* AddressSanitizer keeps up to 256 MB of freed memory in quarantine,
     * which would look like growth; keep it small */
    if (sanitized)
        setenv("ASAN_OPTIONS", "quarantine_size_mb=1", 0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run_case(&cases[i], "1");
        run_case(&cases[i], "2");
    }
    printf("hostile: %d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
