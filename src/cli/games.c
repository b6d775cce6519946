/*
 * games.c - what the commands that read games share: their options
 * (--strict, --quiet, --diagnostics, --diagnostics-file, --variant,
 * --from, --jobs), reading the
 * inputs through a validator, printing diagnostics, progress and the
 * summary, and the exit status.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* A diagnostic's game, counted from 1 over all the inputs of the run
 * (the validator counts per input). */
static unsigned long long game_number(const cli_games *g, const rgn_diagnostic *d)
{
    return (unsigned long long)(g->total.games + d->game);
}

static void print_json(const cli_games *g, const rgn_diagnostic *d)
{
    fputs("{\"file\":", g->diag);
    print_json_string(g->diag, g->file, strlen(g->file));
    fprintf(g->diag, ",\"line\":%u,\"column\":%u,\"game\":%llu,\"ply\":",
            d->where.line, d->where.column, game_number(g, d));
    /* null: the problem concerns no move (ply 0 is the start position) */
    if (d->ply > 0)
        fprintf(g->diag, "%d", d->ply);
    else
        fputs("null", g->diag);
    fprintf(g->diag, ",\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
            severity_names[d->severity], rgn_problem_code(d->problem));
    print_json_string(g->diag, d->message, strlen(d->message));
    fputs("}\n", g->diag);
}

/* The source line with a caret under the column (one column a
 * character; tabs kept so that the caret lines up with them). */
static void print_source(FILE *out, const rgn_diagnostic *d, const char *color)
{
    if (d->line.len == 0)
        return;
    int gutter = fprintf(out, " %5u | ", d->where.line) - 2;
    for (size_t i = 0; i < d->line.len; i++) {
        unsigned char c = (unsigned char)d->line.data[i];
        fputc(c < 0x20 && c != '\t' ? '?' : c, out);
    }
    fprintf(out, "\n%*s| ", gutter, "");
    size_t caret = d->caret < d->line.len ? d->caret : d->line.len;
    for (size_t i = 0; i < caret; i++) {
        unsigned char c = (unsigned char)d->line.data[i];
        if ((c & 0xC0) != 0x80)
            fputc(c == '\t' ? '\t' : ' ', out);
    }
    fprintf(out, "%s^", color);
    for (size_t i = 1; i < d->move.len; i++)
        fputc('~', out);
    fprintf(out, "%s\n", *color ? "\033[0m" : "");
}

static void print_diagnostic(void *user, const rgn_diagnostic *d)
{
    const cli_games *g = user;
    if (g->quiet || (g->only_game && game_number(g, d) != g->only_game))
        return;
    if (g->json) {
        print_json(g, d);
        return;
    }
    const char *bold = g->color ? "\033[1m" : "";
    const char *color = g->color ? severity_colors[d->severity] : "";
    const char *reset = g->color ? "\033[0m" : "";
    fprintf(g->diag, "%s%s:%u:%u:%s %s%s:%s %s\n", bold, g->file, d->where.line,
            d->where.column, reset, color, severity_names[d->severity], reset,
            d->message);
    fprintf(g->diag, "  in game %llu (%s - %s)", game_number(g, d), d->white,
            d->black);
    if (d->ply > 0)
        fprintf(g->diag, ", ply %d: %s %.*s", d->ply, d->move_number,
                (int)d->move.len, d->move.data);
    fputc('\n', g->diag);
    print_source(g->diag, d, color);
}

void cli_games_init(cli_games *g, const cli_command *command)
{
    memset(g, 0, sizeof *g);
    g->command = command;
    g->file = "-";
    g->color_choice = -1;
    g->from = -1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    g->options.jobs = cores > 0 ? (int)(cores < 64 ? cores : 64) : 1;
}

int cli_games_option(cli_games *g, int argc, char **argv, int *i)
{
    const char *value;
    int found;
    if ((found = cli_option_value(argc, argv, i, "--variant", &value)) > 0) {
        g->options.variant = rgn_variant_find(value);
        g->variant_chosen = true;
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
    if (found == 0 && (found = cli_option_value(argc, argv, i,
                                                "--diagnostics-file",
                                                &g->diag_path)) > 0)
        return 1;
    if (found == 0 &&
        (found = cli_option_value(argc, argv, i, "--jobs", &value)) == 0)
        found = cli_option_value(argc, argv, i, "-j", &value);
    if (found > 0) {
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
        g->from = strcmp(value, "xml") == 0;
        return 1;
    }
    if (found < 0)
        return -1;
    if (strcmp(argv[*i], "--strict") == 0)
        g->options.strict = true;
    else if (strcmp(argv[*i], "--quiet") == 0 || strcmp(argv[*i], "-q") == 0)
        g->quiet = true;
    else if (cli_color_option(argv[*i], &g->color_choice))
        return 1;
    else
        return 0;
    return 1;
}

int cli_games_ready(cli_games *g)
{
    g->diag = stderr;
    if (g->diag_path && strcmp(g->diag_path, "-") == 0) {
        g->diag = stdout;
    } else if (g->diag_path) {
        g->diag = cli_output_open(g->diag_path);
        if (!g->diag)
            return -1;
    }
    /* Diagnostics can come by the thousand: write them in blocks. */
    static char stderr_buffer[1 << 16];
    setvbuf(stderr, stderr_buffer, _IOFBF, sizeof stderr_buffer);
    g->color = !g->json && (g->color_choice >= 0
                                ? g->color_choice > 0
                                : cli_color_default(fileno(g->diag)));
    g->progress = isatty(STDERR_FILENO) && !g->json && !g->quiet;
    g->start = g->last_progress = cli_seconds();
    g->options.report = print_diagnostic;
    g->options.user = g;
    return 0;
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

/* The length of the well-formed UTF-8 character (RFC 3629) at s[0..n):
 * its length, 0 when it is not one, -1 when n bytes are too few to tell. */
static int utf8_length(const unsigned char *s, size_t n)
{
    unsigned c = s[0], need, lo = 0x80, hi = 0xBF;
    if (c < 0x80)
        return 1;
    if (c >= 0xC2 && c <= 0xDF)
        need = 1;
    else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        if (c == 0xE0)
            lo = 0xA0;
        else if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        if (c == 0xF0)
            lo = 0x90;
        else if (c == 0xF4)
            hi = 0x8F;
    } else
        return 0;
    for (unsigned k = 1; k <= need; k++) {
        if (k >= n)
            return -1;
        unsigned b = s[k];
        if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF))
            return 0;
    }
    return (int)need + 1;
}

/* A warning about an input as a whole or its text, not about a game:
 * FILE:LINE:COLUMN: warning: MESSAGE (in JSON game and ply null). */
static void warn_input(const cli_games *g, unsigned long long line,
                       unsigned long long column, const char *code,
                       const char *message)
{
    /* an input without a game is an error under --strict */
    enum rgn_severity severity =
        strcmp(code, "no-game") == 0 && g->options.strict ? RGN_ERROR
                                                           : RGN_WARNING;
    if (g->quiet)
        return;
    if (g->json) {
        fputs("{\"file\":", g->diag);
        print_json_string(g->diag, g->file, strlen(g->file));
        fprintf(g->diag, ",\"line\":%llu,\"column\":%llu,\"game\":null,"
                         "\"ply\":null,\"severity\":\"%s\",\"code\":"
                         "\"%s\",\"message\":\"%s\"}\n",
                line, column, severity_names[severity], code, message);
    } else {
        const char *bold = g->color ? "\033[1m" : "";
        const char *color = g->color ? severity_colors[severity] : "";
        const char *reset = g->color ? "\033[0m" : "";
        fprintf(g->diag, "%s%s:%llu:%llu:%s %s%s:%s %s\n", bold, g->file, line,
                column, reset, color, severity_names[severity], reset, message);
    }
}

/* Says (once an input) where text that is not UTF-8 was read as Latin-1. */
static void warn_latin1(cli_games *g)
{
    warn_input(g, g->text_line, g->text_column, "latin-1",
               "text that is not UTF-8, read as Latin-1 (ISO 8859-1)");
}

/* The newlines among eight bytes (each byte's high bit clear). */
static inline unsigned newlines_in(uint64_t word)
{
    uint64_t x = word ^ 0x0A0A0A0A0A0A0A0Aull; /* a newline: a zero byte */
    uint64_t nonzero = (x + 0x7F7F7F7F7F7F7F7Full) | x;
    return (unsigned)__builtin_popcountll(~nonzero & 0x8080808080808080ull);
}

/* The end of the run of ASCII bytes at s[i..len), eight bytes a test,
 * keeping the input's line and column (where a Latin-1 warning would
 * point) over it: the newlines are counted on the way. */
static size_t ascii_run(cli_games *g, const unsigned char *s, size_t i,
                        size_t len)
{
    size_t start = i, lines = 0;
    for (; i + 8 <= len; i += 8) {
        uint64_t word;
        memcpy(&word, s + i, 8);
        if (word & 0x8080808080808080ull)
            break;
        lines += newlines_in(word);
    }
    for (; i < len && s[i] < 0x80; i++)
        lines += s[i] == '\n';
    if (lines) {
        size_t last = i; /* just after the last newline */
        while (s[last - 1] != '\n')
            last--;
        g->text_line += lines;
        g->text_column = 1 + (i - last);
    } else {
        g->text_column += i - start;
    }
    return i;
}

/* ASCII runs at least this long go to the validator as they are; shorter
 * ones are copied together with the characters around them. */
#define DIRECT_RUN 512

/* Hands data to the validator as UTF-8: a byte that does not begin a
 * well-formed UTF-8 character is a Latin-1 character (PGN archives are
 * often Latin-1), written as UTF-8; a character cut at the end of data
 * waits for the next call (final: there is none). Lines and columns (a
 * column a character) stay those of the input. */
static int feed_text(cli_games *g, rgn_validator *validator, const char *data,
                     size_t len, bool final)
{
    static unsigned char out[2 * (1 << 16) + 8];
    const unsigned char *s = (const unsigned char *)data;
    size_t i = 0, o = 0;
    while (i < len || (final && g->carry_len)) {
        if (g->carry_len == 0 && s[i] < 0x80) {
            size_t j = ascii_run(g, s, i, len);
            if (j - i >= DIRECT_RUN) {
                /* what waits in out goes first, then the run, uncopied */
                if (o && rgn_validator_feed(validator, (const char *)out, o) < 0)
                    return -1;
                o = 0;
                if (rgn_validator_feed(validator, data + i, j - i) < 0)
                    return -1;
                i = j;
                continue;
            }
            /* a short run: copied into out with what surrounds it */
            if (o + (j - i) > sizeof out - 8) {
                if (rgn_validator_feed(validator, (const char *)out, o) < 0)
                    return -1;
                o = 0;
            }
            memcpy(out + o, s + i, j - i);
            o += j - i;
            i = j;
            continue;
        }
        /* the next bytes: a carried partial character first */
        unsigned char window[4];
        size_t w = 0;
        for (; w < g->carry_len; w++)
            window[w] = g->carry[w];
        for (size_t k = i; w < 4 && k < len; k++)
            window[w++] = s[k];
        int n = utf8_length(window, w);
        if (n < 0 && !final) {
            /* cut at the end of data: keep it for the next call */
            size_t keep = len - i;
            memcpy(g->carry + g->carry_len, s + i, keep);
            g->carry_len += keep;
            i = len;
            break;
        }
        if (o > sizeof out - 8) {
            if (rgn_validator_feed(validator, (const char *)out, o) < 0)
                return -1;
            o = 0;
        }
        size_t used = n > 0 ? (size_t)n : 1;
        if (n > 0) {
            memcpy(out + o, window, used);
            o += used;
        } else {
            if (!g->latin1_seen) {
                g->latin1_seen = true;
                /* after the diagnostics of what came before it, as one
                 * job would have printed them, with any number of jobs */
                if (rgn_validator_sync(validator) < 0)
                    return -1;
                warn_latin1(g);
            }
            out[o++] = (unsigned char)(0xC0 | window[0] >> 6);
            out[o++] = (unsigned char)(0x80 | (window[0] & 0x3F));
        }
        if (window[0] == '\n') {
            g->text_line++;
            g->text_column = 1;
        } else {
            g->text_column++;
        }
        /* consume used bytes: from the carry first, then from data */
        size_t from_carry = used < g->carry_len ? used : g->carry_len;
        memmove(g->carry, g->carry + from_carry, g->carry_len - from_carry);
        g->carry_len -= from_carry;
        i += used - from_carry;
    }
    if (o && rgn_validator_feed(validator, (const char *)out, o) < 0)
        return -1;
    return 0;
}

/* Plain files are read in blocks this large: few calls, and the reader
 * takes them without a copy when they are ASCII; small enough that a
 * block is still in the cache when the reader reads it (chess validation
 * 1% faster than with 1 MB blocks). */
#define READ_BLOCK ((size_t)1 << 18)

static int feed_rgn(cli_games *g, FILE *in, rgn_validator *validator)
{
    static char buf[READ_BLOCK];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, in)) > 0) {
        if (feed_text(g, validator, buf, got, false) < 0)
            return -1;
        g->bytes += got;
        show_progress(g, validator);
    }
    return feed_text(g, validator, "", 0, true);
}

int cli_games_check_inputs(const cli_games *g, char **paths, int count)
{
    int status = 0;
    for (int i = 0; i < count; i++) {
        if (strcmp(paths[i], "-") == 0)
            continue;
        const char *compression;
        FILE *in = cli_input_open(g->command, paths[i], &compression);
        if (in)
            cli_input_close(in);
        else
            status = -1;
    }
    return status;
}

/* Whether the beginning of an input is XML: its first character, after
 * a byte order mark and white space, is '<' (which RGN never begins
 * with). 0: no, 1: yes, -1: nothing but white space. */
static int looks_like_xml(const char *head, size_t len)
{
    size_t i = 0;
    if (len >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < len && strchr(" \t\r\n", head[i]) && head[i] != '\0')
        i++;
    if (i == len)
        return -1;
    return head[i] == '<';
}

/* The whole input as a stream from its start, when its first bytes (head)
 * have been read: a file is rewound; a pipe is copied into a temporary
 * file. NULL when that fails. */
static FILE *rewound(FILE *in, const char *head, size_t len)
{
    if (fseek(in, 0, SEEK_SET) == 0)
        return in;
    FILE *copy = tmpfile();
    if (!copy)
        return NULL;
    static char buf[1 << 16];
    size_t got = len;
    const char *from = head;
    do {
        if (fwrite(from, 1, got, copy) != got) {
            fclose(copy);
            return NULL;
        }
        from = buf;
    } while ((got = fread(buf, 1, sizeof buf, in)) > 0);
    if (ferror(in) || fflush(copy) != 0 || fseek(copy, 0, SEEK_SET) != 0) {
        fclose(copy);
        return NULL;
    }
    return copy;
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
    /* The format: --from, or else what the input begins with. */
    static char head[4096];
    size_t head_len = fread(head, 1, sizeof head, in);
    if (ferror(in)) {
        const char *why = cli_input_problem(in);
        fprintf(stderr, "rgn %s: cannot read %s: %s\n", g->command->name,
                g->file, why ? why : strerror(errno));
        g->io_error = true;
        cli_input_close(in);
        return;
    }
    int xml_look = looks_like_xml(head, head_len);
    bool xml = g->from >= 0 ? g->from == 1 : xml_look == 1;
    if (g->from == 0 && xml_look == 1) {
        fprintf(stderr, "rgn %s: %s looks like XML, not RGN: use --from xml "
                        "(or no --from)\n", g->command->name, g->file);
        g->io_error = true;
    } else if (g->from == 1 && xml_look == 0) {
        fprintf(stderr, "rgn %s: %s does not look like XML (it does not begin "
                        "with '<'): is it RGN? Then drop --from xml\n",
                g->command->name, g->file);
        g->io_error = true;
    }
    FILE *xml_in = NULL;
    if (!g->io_error && xml_look < 0) {
        /* nothing but white space: no game, whatever the format */
        warn_input(g, 1, 1, "no-game",
                   head_len ? "no game: the input holds only white space"
                            : "no game: the input is empty");
        g->no_game = true;
        cli_input_close(in);
        return;
    }
    if (!g->io_error && xml && !(xml_in = rewound(in, head, head_len))) {
        fprintf(stderr, "rgn %s: cannot read %s: %s\n", g->command->name,
                g->file, strerror(errno));
        g->io_error = true;
    }
    if (g->io_error) {
        cli_input_close(in);
        return;
    }
    rgn_validator_options options = g->options;
    if (xml)
        options.jobs = 1; /* the XML reader drives one validator */
    const rgn_variant *by_name =
        g->variant_chosen || is_stdin ? NULL : rgn_variant_for_file(path);
    if (by_name)
        options.variant = by_name; /* games.pgn: Chess */
    rgn_validator *validator = rgn_validator_new(&options);
    if (!validator) {
        fprintf(stderr, "rgn %s: out of memory\n", g->command->name);
        g->io_error = true;
    } else {
        int rc = 0;
        if (xml) {
            rc = rgn_validator_read_xml(validator, xml_in, g->file);
        } else {
            g->text_line = g->text_column = 1;
            g->latin1_seen = false;
            g->carry_len = 0;
            if (feed_text(g, validator, head, head_len, false) < 0)
                rc = -1;
            g->bytes += head_len;
            if (rc == 0)
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
        if (c.games == 0 && rc == 0) {
            warn_input(g, 1, 1, "no-game", "no game in the input");
            g->no_game = true;
        }
        g->total.games += c.games;
        g->total.valid += c.valid;
        g->total.with_warnings += c.with_warnings;
        g->total.invalid += c.invalid;
        g->total.plies += c.plies;
        rgn_validator_free(validator);
    }
    if (xml_in && xml_in != in)
        fclose(xml_in);
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
    /* The summary is validate's report; the commands whose output is the
     * games' (convert, fen, diagram) give it only when a game had a
     * problem. --quiet: no summary at all. */
    bool problems = g->total.invalid || g->total.with_warnings || g->no_game;
    if (!g->json && !g->only_game && !g->quiet &&
        (g->summary_always || problems))
        fprintf(stderr,
                "%llu game%s: %llu valid (%llu with warnings), %llu invalid\n",
                (unsigned long long)g->total.games,
                g->total.games == 1 ? "" : "s",
                (unsigned long long)g->total.valid,
                (unsigned long long)g->total.with_warnings,
                (unsigned long long)g->total.invalid);
    fflush(stderr);
    if (g->diag != stderr && g->diag != stdout &&
        cli_output_close(g->diag, g->diag_path, true) < 0)
        g->io_error = true;
    if (g->io_error)
        return EXIT_USAGE;
    /* an input without a game is a warning: an error under --strict */
    return g->total.invalid || (g->no_game && g->options.strict) ? EXIT_INVALID
                                                                 : EXIT_OK;
}
