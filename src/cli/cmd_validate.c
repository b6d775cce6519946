/* cmd_validate.c - "rgn validate": replay every game and report. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

static int run_validate(int argc, char **argv);

const cli_command cli_validate = {
    "validate",
    "check that every game of RGN files is legal",
    "Usage: rgn validate [--strict] [--quiet] [--diagnostics=text|json]\n"
    "                    [--variant NAME] [FILE...]\n"
    "\n"
    "Replays every game, main line and variations, and reports each problem\n"
    "as FILE:LINE:COLUMN: error|warning|note: MESSAGE on standard error,\n"
    "then a summary. '-' or no FILE reads standard input.\n"
    "\n"
    "  --strict         lenient readings and roster or move-number warnings\n"
    "                   are errors\n"
    "  --quiet          print only the summary\n"
    "  --diagnostics=json  one JSON object a line per diagnostic\n"
    "  --variant NAME   rule set of games without a Variant tag\n"
    "\n"
    "Exit status: 0 all games valid, 1 some game invalid, 2 usage or I/O\n"
    "error.",
    run_validate,
};

typedef struct report_context {
    const char *file;
    bool quiet, json, color;
} report_context;

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

static void print_json(const report_context *ctx, const rgn_diagnostic *d)
{
    fputs("{\"file\":", stderr);
    print_json_string(stderr, ctx->file, strlen(ctx->file));
    fprintf(stderr, ",\"line\":%u,\"column\":%u,\"game\":%llu,\"ply\":%d,"
                    "\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
            d->where.line, d->where.column, (unsigned long long)d->game,
            d->ply, severity_names[d->severity], rgn_problem_code(d->problem));
    print_json_string(stderr, d->message, strlen(d->message));
    fputs("}\n", stderr);
}

/* Prints the source line with a caret under the column; tabs are kept
 * so that the caret lines up with them. */
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
        if ((c & 0xC0) != 0x80) /* one column per character */
            fputc(c == '\t' ? '\t' : ' ', stderr);
    }
    fprintf(stderr, "%s^", color);
    for (size_t i = 1; i < d->move.len; i++)
        fputc('~', stderr);
    fprintf(stderr, "%s\n", *color ? "\033[0m" : "");
}

static void print_diagnostic(void *user, const rgn_diagnostic *d)
{
    const report_context *ctx = user;
    if (ctx->quiet)
        return;
    if (ctx->json) {
        print_json(ctx, d);
        return;
    }
    const char *bold = ctx->color ? "\033[1m" : "";
    const char *color = ctx->color ? severity_colors[d->severity] : "";
    const char *reset = ctx->color ? "\033[0m" : "";
    fprintf(stderr, "%s%s:%u:%u:%s %s%s:%s %s\n", bold, ctx->file,
            d->where.line, d->where.column, reset, color,
            severity_names[d->severity], reset, d->message);
    fprintf(stderr, "  in game %llu (%s - %s)", (unsigned long long)d->game,
            d->white, d->black);
    if (d->ply > 0)
        fprintf(stderr, ", ply %d: %s %.*s", d->ply, d->move_number,
                (int)d->move.len, d->move.data);
    fputc('\n', stderr);
    print_source(d, color);
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Progress on a terminal, for inputs large enough to wait for. */
typedef struct progress {
    bool enabled, shown;
    double start, last;
    uint64_t bytes;
} progress;

static void show_progress(progress *p, const rgn_validator *validator)
{
    double now = seconds_now();
    if (!p->enabled || now - p->last < 0.5 || now - p->start < 1.0)
        return;
    p->last = now;
    p->shown = true;
    rgn_validation_counts c = rgn_validator_counts(validator);
    fprintf(stderr, "\r%.1f MB, %llu games, %.0f games/s   ",
            (double)p->bytes / 1e6, (unsigned long long)c.games,
            (double)c.games / (now - p->start));
    fflush(stderr);
}

/* Validates one input; returns 0, or -1 after reporting an I/O error. */
static int validate_input(const char *path, const rgn_validator_options *opt,
                          rgn_validation_counts *total, progress *prog)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(path, "rb");
    if (!in) {
        fprintf(stderr, "rgn validate: cannot open %s: %s\n", path,
                strerror(errno));
        return -1;
    }
    rgn_validator *validator = rgn_validator_new(opt);
    if (!validator) {
        fprintf(stderr, "rgn validate: out of memory\n");
        if (!is_stdin)
            fclose(in);
        return -1;
    }
    static char buf[1 << 16];
    size_t got;
    int rc = 0;
    while ((got = fread(buf, 1, sizeof buf, in)) > 0) {
        if (rgn_validator_feed(validator, buf, got) < 0) {
            fprintf(stderr, "rgn validate: out of memory reading %s\n", path);
            rc = -1;
            break;
        }
        prog->bytes += got;
        show_progress(prog, validator);
    }
    if (ferror(in)) {
        fprintf(stderr, "rgn validate: cannot read %s: %s\n", path,
                strerror(errno));
        rc = -1;
    }
    if (rgn_validator_finish(validator) < 0)
        rc = -1;
    rgn_validation_counts c = rgn_validator_counts(validator);
    total->games += c.games;
    total->valid += c.valid;
    total->with_warnings += c.with_warnings;
    total->invalid += c.invalid;
    total->plies += c.plies;
    rgn_validator_free(validator);
    if (!is_stdin)
        fclose(in);
    return rc;
}

static int run_validate(int argc, char **argv)
{
    rgn_validator_options opt = {0};
    report_context ctx = {"-", false, false, false};
    const char *variant = NULL, *format = "text";
    const char **files = calloc((size_t)argc + 1, sizeof *files);
    int file_count = 0;
    if (!files)
        return EXIT_USAGE;
    for (int i = 1; i < argc; i++) {
        int found;
        if (cli_is_help(argv[i])) {
            free(files);
            return cli_print_help(&cli_validate);
        }
        if ((found = cli_option_value(argc, argv, &i, "--variant", &variant)) ||
            (found = cli_option_value(argc, argv, &i, "--diagnostics",
                                      &format))) {
            if (found < 0) {
                free(files);
                return EXIT_USAGE;
            }
        } else if (strcmp(argv[i], "--strict") == 0) {
            opt.strict = true;
        } else if (strcmp(argv[i], "--quiet") == 0) {
            ctx.quiet = true;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            free(files);
            return cli_usage_error(&cli_validate, "unknown option '%s'",
                                   argv[i]);
        } else {
            files[file_count++] = argv[i];
        }
    }
    if (strcmp(format, "json") == 0) {
        ctx.json = true;
    } else if (strcmp(format, "text") != 0) {
        free(files);
        return cli_usage_error(&cli_validate,
                               "--diagnostics takes text or json, not '%s'",
                               format);
    }
    if (variant && !(opt.variant = rgn_variant_find(variant))) {
        free(files);
        return cli_usage_error(&cli_validate, "unknown variant '%s'", variant);
    }
    if (file_count == 0)
        files[file_count++] = "-";
    /* Diagnostics can come by the thousand: write them in blocks. */
    static char stderr_buffer[1 << 16];
    setvbuf(stderr, stderr_buffer, _IOFBF, sizeof stderr_buffer);
    const char *no_color = getenv("NO_COLOR");
    ctx.color = isatty(STDERR_FILENO) && !(no_color && *no_color) && !ctx.json;
    opt.report = print_diagnostic;
    opt.user = &ctx;

    progress prog = {isatty(STDERR_FILENO) && !ctx.json, false, seconds_now(),
                     0, 0};
    rgn_validation_counts total = {0};
    bool io_error = false;
    for (int i = 0; i < file_count; i++) {
        ctx.file = strcmp(files[i], "-") == 0 ? "<stdin>" : files[i];
        if (validate_input(files[i], &opt, &total, &prog) < 0)
            io_error = true;
    }
    if (prog.shown)
        fputs("\r\033[K", stderr);
    if (!ctx.json)
        fprintf(stderr,
                "%llu game%s: %llu valid (%llu with warnings), %llu invalid\n",
                (unsigned long long)total.games, total.games == 1 ? "" : "s",
                (unsigned long long)total.valid,
                (unsigned long long)total.with_warnings,
                (unsigned long long)total.invalid);
    free(files);
    fflush(stderr);
    if (io_error)
        return EXIT_USAGE;
    return total.invalid ? EXIT_INVALID : EXIT_OK;
}
