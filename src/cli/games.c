/*
 * games.c - what the commands that read games share: their options
 * (--strict, --quiet, --diagnostics, --variant, --from), reading the
 * inputs through a validator, printing diagnostics, progress and the
 * summary, and the exit status.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static const char *const severity_names[] = {"error", "warning", "note"};
static const char *const severity_colors[] = {"\033[1;31m", "\033[1;35m",
                                              "\033[1;36m"};

static void print_json_string(FILE *out, const char *text, size_t len)
{
    fputc('"', out);
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void print_json(const cli_games *g, const rgn_diagnostic *d)
{
    fputs("{\"file\":", stderr);
    print_json_string(stderr, g->file, strlen(g->file));
    fprintf(stderr, ",\"line\":%u,\"column\":%u,\"game\":%llu,\"ply\":%d,"
                    "\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
            d->where.line, d->where.column, (unsigned long long)d->game,
            d->ply, severity_names[d->severity], rgn_problem_code(d->problem));
    print_json_string(stderr, d->message, strlen(d->message));
    fputs("}\n", stderr);
}

/* The source line with a caret under the column (one column a
 * character; tabs kept so that the caret lines up with them). */
static void print_source(const rgn_diagnostic *d, const char *color)
{
    if (d->line.len == 0)
        return;
    int gutter = fprintf(stderr, " %5u | ", d->where.line) - 2;
    for (size_t i = 0; i < d->line.len; i++) {
        unsigned char c = (unsigned char)d->line.data[i];
        fputc(c < 0x20 && c != '\t' ? '?' : c, stderr);
    }
    fprintf(stderr, "\n%*s| ", gutter, "");
    size_t caret = d->caret < d->line.len ? d->caret : d->line.len;
    for (size_t i = 0; i < caret; i++) {
        unsigned char c = (unsigned char)d->line.data[i];
        if ((c & 0xC0) != 0x80)
            fputc(c == '\t' ? '\t' : ' ', stderr);
    }
    fprintf(stderr, "%s^", color);
    for (size_t i = 1; i < d->move.len; i++)
        fputc('~', stderr);
    fprintf(stderr, "%s\n", *color ? "\033[0m" : "");
}

static void print_diagnostic(void *user, const rgn_diagnostic *d)
{
    const cli_games *g = user;
    if (g->quiet)
        return;
    if (g->json) {
        print_json(g, d);
        return;
    }
    const char *bold = g->color ? "\033[1m" : "";
    const char *color = g->color ? severity_colors[d->severity] : "";
    const char *reset = g->color ? "\033[0m" : "";
    fprintf(stderr, "%s%s:%u:%u:%s %s%s:%s %s\n", bold, g->file, d->where.line,
            d->where.column, reset, color, severity_names[d->severity], reset,
            d->message);
    fprintf(stderr, "  in game %llu (%s - %s)", (unsigned long long)d->game,
            d->white, d->black);
    if (d->ply > 0)
        fprintf(stderr, ", ply %d: %s %.*s", d->ply, d->move_number,
                (int)d->move.len, d->move.data);
    fputc('\n', stderr);
    print_source(d, color);
}

void cli_games_init(cli_games *g, const cli_command *command)
{
    memset(g, 0, sizeof *g);
    g->command = command;
    g->file = "-";
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    g->options.jobs = cores > 0 ? (int)(cores < 64 ? cores : 64) : 1;
}

int cli_games_option(cli_games *g, int argc, char **argv, int *i)
{
    const char *value;
    int found;
    if ((found = cli_option_value(argc, argv, i, "--variant", &value)) > 0) {
        g->options.variant = rgn_variant_find(value);
        if (!g->options.variant) {
            cli_usage_error(g->command, "unknown variant '%s'", value);
            return -1;
        }
        return 1;
    }
    if (found == 0 &&
        (found = cli_option_value(argc, argv, i, "--diagnostics", &value)) > 0) {
        if (strcmp(value, "json") != 0 && strcmp(value, "text") != 0) {
            cli_usage_error(g->command,
                            "--diagnostics takes text or json, not '%s'", value);
            return -1;
        }
        g->json = strcmp(value, "json") == 0;
        return 1;
    }
    if (found == 0 &&
        (found = cli_option_value(argc, argv, i, "--jobs", &value)) > 0) {
        long jobs = cli_parse_count(value, 256);
        if (jobs < 1) {
            cli_usage_error(g->command, "--jobs takes a number from 1 to 256");
            return -1;
        }
        g->options.jobs = (int)jobs;
        return 1;
    }
    if (found == 0 &&
        (found = cli_option_value(argc, argv, i, "--from", &value)) > 0) {
        if (strcmp(value, "xml") != 0 && strcmp(value, "rgn") != 0) {
            cli_usage_error(g->command, "--from takes rgn or xml, not '%s'",
                            value);
            return -1;
        }
        g->from_xml = strcmp(value, "xml") == 0;
        return 1;
    }
    if (found < 0)
        return -1;
    if (strcmp(argv[*i], "--strict") == 0)
        g->options.strict = true;
    else if (strcmp(argv[*i], "--quiet") == 0)
        g->quiet = true;
    else
        return 0;
    return 1;
}

int cli_games_take(cli_games *g, int argc, char **argv, int *i, int *status)
{
    if (cli_is_help(argv[*i])) {
        *status = cli_print_help(g->command);
        return -1;
    }
    int taken = cli_games_option(g, argc, argv, i);
    *status = EXIT_USAGE;
    return taken;
}

void cli_games_ready(cli_games *g)
{
    /* Diagnostics can come by the thousand: write them in blocks. */
    static char stderr_buffer[1 << 16];
    setvbuf(stderr, stderr_buffer, _IOFBF, sizeof stderr_buffer);
    const char *no_color = getenv("NO_COLOR");
    bool terminal = isatty(STDERR_FILENO);
    g->color = terminal && !(no_color && *no_color) && !g->json;
    g->progress = terminal && !g->json && !g->quiet;
    g->start = g->last_progress = cli_seconds();
    g->options.report = print_diagnostic;
    g->options.user = g;
}

/* Progress on a terminal, once a run has lasted long enough to wait for. */
static void show_progress(cli_games *g, const rgn_validator *validator)
{
    double now = cli_seconds();
    if (!g->progress || now - g->last_progress < 0.5 || now - g->start < 1.0)
        return;
    g->last_progress = now;
    g->progress_shown = true;
    rgn_validation_counts c = rgn_validator_counts(validator);
    fprintf(stderr, "\r%.1f MB, %llu games, %.0f games/s   ",
            (double)g->bytes / 1e6,
            (unsigned long long)(g->total.games + c.games),
            (double)(g->total.games + c.games) / (now - g->start));
    fflush(stderr);
}

static int feed_rgn(cli_games *g, FILE *in, rgn_validator *validator)
{
    static char buf[1 << 16];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, in)) > 0) {
        if (rgn_validator_feed(validator, buf, got) < 0)
            return -1;
        g->bytes += got;
        show_progress(g, validator);
    }
    return 0;
}

void cli_games_read(cli_games *g, const char *path)
{
    bool is_stdin = strcmp(path, "-") == 0;
    g->file = is_stdin ? "<stdin>" : path;
    const char *compression;
    FILE *in = cli_input_open(g->command, path, &compression);
    if (!in) {
        g->io_error = true;
        return;
    }
    rgn_validator_options options = g->options;
    if (g->from_xml)
        options.jobs = 1; /* the XML reader drives one validator */
    rgn_validator *validator = rgn_validator_new(&options);
    if (!validator) {
        fprintf(stderr, "rgn %s: out of memory\n", g->command->name);
        g->io_error = true;
    } else {
        int rc;
        if (g->from_xml) {
            rc = rgn_validator_read_xml(validator, in, g->file);
        } else {
            rc = feed_rgn(g, in, validator);
            if (rgn_validator_finish(validator) < 0)
                rc = -1;
        }
        if (rc < 0 || ferror(in)) {
            const char *why = cli_input_problem(in);
            fprintf(stderr, "rgn %s: cannot read %s%s%s\n", g->command->name,
                    g->file, ferror(in) ? ": " : "",
                    !ferror(in) ? " (out of memory)" : why ? why
                                                          : strerror(errno));
            g->io_error = true;
        }
        rgn_validation_counts c = rgn_validator_counts(validator);
        g->total.games += c.games;
        g->total.valid += c.valid;
        g->total.with_warnings += c.with_warnings;
        g->total.invalid += c.invalid;
        g->total.plies += c.plies;
        rgn_validator_free(validator);
    }
    cli_input_close(in);
}

void cli_games_read_all(cli_games *g, char **paths, int count)
{
    for (int i = 0; i < count; i++)
        cli_games_read(g, paths[i]);
    if (count == 0)
        cli_games_read(g, "-");
}

int cli_games_finish(cli_games *g)
{
    if (g->progress_shown)
        fputs("\r\033[K", stderr);
    if (!g->json)
        fprintf(stderr,
                "%llu game%s: %llu valid (%llu with warnings), %llu invalid\n",
                (unsigned long long)g->total.games,
                g->total.games == 1 ? "" : "s",
                (unsigned long long)g->total.valid,
                (unsigned long long)g->total.with_warnings,
                (unsigned long long)g->total.invalid);
    fflush(stderr);
    if (g->io_error)
        return EXIT_USAGE;
    return g->total.invalid ? EXIT_INVALID : EXIT_OK;
}
