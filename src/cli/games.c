/*
 * games.c - what the commands that read games share: their options
 * (--strict, --quiet, --diagnostics, --diagnostics-file, --variant,
 * --from, --jobs), reading the
 * inputs through a validator, printing diagnostics, progress and the
 * summary, and the exit status.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* A diagnostic's game, counted from 1 over all the inputs of the run
 * (the validator counts per input). */
static unsigned long long game_number(const cli_games *g,
                                      const rgn_diagnostic *d)
{
    return (unsigned long long)(g->total.games + d->game);
}

/* A note on a valid game's play, neither on an error (the hints), on an
 * edit asked for (result-fixed) nor on text left out: validate's finding,
 * which a command that reads games for another purpose prints only with
 * --notes (a TWIC issue has hundreds of threefold repetitions). */
static bool observation(const rgn_diagnostic *d)
{
    return d->problem == RGN_N_REPETITION;
}

static void print_diagnostic(void *user, const rgn_diagnostic *d)
{
    const cli_games *g = user;
    if (g->quiet || (!g->notes && observation(d)))
        return;
    /* about the input as a whole (game 0: text read as Latin-1, comments
     * no game follows) whatever --game says */
    if (d->game && g->only_game && game_number(g, d) != g->only_game)
        return;
    rgn_diagnostic shown = *d;
    if (d->game)
        shown.game = game_number(g, d);
    /* a failed write shows when the diagnostics file is closed */
    int written =
        g->json
            ? rgn_diagnostic_write_json(g->diag, g->file, &shown)
            : rgn_diagnostic_write_text(g->diag, g->file, &shown,
                                        g->color ? RGN_DIAGNOSTIC_COLOR : 0);
    (void)written;
}

/* The input holds no game: a warning, an error under --strict. */
static void warn_no_game(const cli_games *g)
{
    rgn_diagnostic d = {
        .problem = RGN_W_NO_GAME,
        .severity = g->options.strict ? RGN_ERROR : RGN_WARNING,
        .message = "no game in the input",
        .where = {0, 1, 1},
        .white = "",
        .black = "",
        .move_number = "",
    };
    print_diagnostic((void *)g, &d);
}

void cli_games_tell(cli_games *g, const char *file, const rgn_diagnostic *d)
{
    const char *reading = g->file;
    uint64_t before = g->total.games;
    g->file = file;
    g->total.games = 0; /* d->game counts over all inputs already */
    print_diagnostic(g, d);
    g->file = reading;
    g->total.games = before;
}

void cli_games_report(void *games, const rgn_diagnostic *note)
{
    cli_games *g = games;
    g->options.report(g->options.user, note);
}

void cli_games_init(cli_games *g, const cli_command *command)
{
    memset(g, 0, sizeof *g);
    g->command = command;
    g->options.size = sizeof g->options;
    g->file = "-";
    g->color_choice = -1;
    g->from = -1;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    g->options.jobs = cores > 0 ? (int)(cores < 64 ? cores : 64) : 1;
    g->options.latin1 = true; /* PGN archives are often Latin-1 */
}

/* A byte offset: decimal digits, at most 20. */
static bool parse_offset(const char *text, size_t len, uint64_t *offset)
{
    if (len == 0 || len > 20)
        return false;
    unsigned long long value = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] < '0' || text[i] > '9' ||
            value > (ULLONG_MAX - (unsigned)(text[i] - '0')) / 10)
            return false;
        value = value * 10 + (unsigned)(text[i] - '0');
    }
    *offset = value;
    return true;
}

/* --range START:END[:LINE] (END left out: to the file's end; LINE: the
 * line START lies on, as 'rgn ranges --lines' prints it). 1, or -1
 * after saying why. */
static int parse_range(cli_games *g, const char *value)
{
    const char *colon = strchr(value, ':');
    const char *third = colon ? strchr(colon + 1, ':') : NULL;
    const char *end = colon ? colon + 1 : NULL;
    size_t end_len = third ? (size_t)(third - end) : end ? strlen(end) : 0;
    uint64_t line = 0;
    g->range_to = UINT64_MAX;
    if (!colon ||
        !parse_offset(value, (size_t)(colon - value), &g->range_from) ||
        (end_len && !parse_offset(end, end_len, &g->range_to)) ||
        (third && (!parse_offset(third + 1, strlen(third + 1), &line) ||
                   line == 0 || line > UINT32_MAX))) {
        cli_usage_error(g->command,
                        "--range takes START:END, two byte offsets (or START: "
                        "to the end of the file), and may add :LINE, the line "
                        "START lies on; not '%s'",
                        value);
        return -1;
    }
    if (g->range_from > g->range_to) {
        cli_usage_error(g->command,
                        "--range %s: START comes after END, so the range is "
                        "not a range",
                        value);
        return -1;
    }
    g->range_line = (uint32_t)line;
    g->ranged = true;
    return 1;
}

int cli_games_option(cli_games *g, int argc, char **argv, int *i)
{
    const char *value;
    int found;
    bool force = false;
    if ((found = cli_option_value(argc, argv, i, "--variant", &value)) == 0)
        force = (found = cli_option_value(argc, argv, i, "--force-variant",
                                          &value)) > 0;
    if (found > 0) {
        g->options.variant = cli_find_variant(g->command, value);
        g->options.force_variant = force;
        g->variant_chosen = true;
        return g->options.variant ? 1 : -1;
    }
    if (found == 0 && (found = cli_option_value(argc, argv, i, "--diagnostics",
                                                &value)) > 0) {
        static const char *const kinds[] = {"text", "json", NULL};
        if (strcmp(value, "json") != 0 && strcmp(value, "text") != 0) {
            cli_usage_error(g->command,
                            "--diagnostics takes text or json, not '%s'%s",
                            value, cli_nearest_hint_in(value, kinds));
            return -1;
        }
        g->json = strcmp(value, "json") == 0;
        return 1;
    }
    if (found == 0 &&
        (found = cli_option_value(argc, argv, i, "--diagnostics-file",
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
        (found = cli_option_value(argc, argv, i, "--range", &value)) > 0)
        return parse_range(g, value);
    if (found == 0 &&
        (found = cli_option_value(argc, argv, i, "--from", &value)) > 0) {
        static const char *const formats[] = {"rgn", "xml", NULL};
        if (strcmp(value, "xml") != 0 && strcmp(value, "rgn") != 0) {
            cli_usage_error(g->command, "--from takes rgn or xml, not '%s'%s",
                            value, cli_nearest_hint_in(value, formats));
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
    else if (strcmp(argv[*i], "--notes") == 0)
        g->notes = true;
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
    g->color =
        !g->json && (g->color_choice >= 0 ? g->color_choice > 0
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

/* Feeds the rest of in after the first `fed` bytes, in blocks that end at
 * multiples of RGN_READ_BLOCK (as rgn_validator_read_all reads a file:
 * the same reports in the same order, whatever the jobs). */
static int feed_rgn(cli_games *g, FILE *in, rgn_validator *validator,
                    size_t fed)
{
    static char buf[RGN_READ_BLOCK];
    size_t got, want = RGN_READ_BLOCK - fed % RGN_READ_BLOCK;
    while ((got = fread(buf, 1, want, in)) > 0) {
        if (rgn_validator_feed(validator, buf, got) < 0)
            return -1;
        g->bytes += got;
        show_progress(g, validator);
        want = RGN_READ_BLOCK;
    }
    return 0;
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

int cli_games_check_outputs(const cli_games *g, const char *output,
                            char **paths, int count)
{
    if (cli_output_check_inputs(g->command, "-o", output, paths, count, "") < 0)
        return -1;
    return cli_output_check_inputs(g->command, "--diagnostics-file",
                                   g->diag_path, paths, count, "");
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

/* A validator for the next input, named name (NULL for standard input),
 * whose file name may say which game its records are ("games.pgn":
 * Chess). NULL after saying why. */
static rgn_validator *
start_validator(cli_games *g, rgn_validator_options *options, const char *name)
{
    const rgn_variant *by_name =
        g->variant_chosen || !name ? NULL : rgn_variant_for_file(name);
    if (by_name)
        options->variant = by_name; /* games.pgn: Chess */
    if (g->input)
        g->input(g->input_user, g->file, options->variant);
    rgn_error error;
    rgn_validator *validator = rgn_validator_new(options, &error);
    if (validator && rgn_validator_input(validator, g->file) < 0) {
        rgn_validator_free(validator); /* the sink is told the input */
        validator = NULL;
        snprintf(error.message, sizeof error.message, "out of memory");
    }
    if (!validator) {
        fprintf(stderr, "rgn %s: %s\n", g->command->name, error.message);
        g->io_error = true;
    }
    return validator;
}

/* The input's games count; read_whole: the input was read to its end
 * without a problem. */
static void end_validator(cli_games *g, rgn_validator *validator,
                          bool read_whole)
{
    rgn_validation_counts c = rgn_validator_counts(validator);
    /* a range without a game is no finding: a file cut anywhere */
    if (c.games == 0 && read_whole && !g->ranged) {
        warn_no_game(g);
        g->no_game = true;
    }
    g->total.games += c.games;
    g->total.valid += c.valid;
    g->total.with_warnings += c.with_warnings;
    g->total.invalid += c.invalid;
    g->total.plies += c.plies;
    rgn_validator_free(validator);
}

/* A plain file read by a new validator with several jobs: the file
 * mapped by the library, read in ranges, and finished. */
static int read_whole_file(cli_games *g, rgn_validator *validator,
                           const char *path)
{
    uint64_t size;
    rgn_error error;
    int rc = rgn_validator_read_file(validator, path, &size, &error);
    g->bytes += size;
    /* running out of memory is the caller's to say, as for a stream */
    if (rc < 0 && !strstr(error.message, "(out of memory)"))
        fprintf(stderr, "rgn %s: --jobs %s\n", g->command->name, error.message);
    return rc;
}

/* Says what is wrong with the head of an input, head_len bytes read from
 * its beginning, for the format it is read as (xml_look: what
 * rgn_input_looks_like_xml found, -1 white space only); true if it is
 * wrong, said and marked. */
static bool refuse_head(cli_games *g, const char *head, size_t head_len,
                        int xml_look)
{
    const char *nul = memchr(head, '\0', head_len);
    if (g->from == 0 && xml_look == 1) {
        fprintf(stderr,
                "rgn %s: %s looks like XML, not RGN: use --from xml "
                "(or no --from)\n",
                g->command->name, g->file);
    } else if (nul) {
        /* no game record holds a NUL byte: an image, a program, a
         * database, UTF-16 text */
        fprintf(stderr,
                "rgn %s: %s is not a game file: it holds binary data (a NUL "
                "byte at offset %zu)\n",
                g->command->name, g->file, (size_t)(nul - head));
    } else if (g->from == 1 && xml_look == 0) {
        fprintf(stderr,
                "rgn %s: %s does not look like XML (it does not begin "
                "with '<'): is it RGN? Then drop --from xml\n",
                g->command->name, g->file);
    } else {
        return false;
    }
    g->io_error = true;
    return true;
}

/* Validates the games of one stream, in, whose first head_len bytes,
 * head, are read already; xml_in: the whole stream again for the XML
 * reader (NULL for RGN); name as for read_stream. */
static void validate_stream(cli_games *g, FILE *in, FILE *xml_in,
                            const char *head, size_t head_len, const char *name)
{
    rgn_validator_options options = g->options;
    if (xml_in)
        options.jobs = 1; /* the XML reader drives one validator */
    bool mapped = !xml_in && options.jobs > 1 && name && cli_input_plain(in);
    rgn_validator *validator = start_validator(g, &options, name);
    if (!validator)
        return;
    int rc = 0;
    if (xml_in) {
        rc = rgn_validator_read_xml(validator, xml_in, g->file);
    } else if (mapped) {
        /* several jobs read a plain file in ranges, side by side */
        rc = read_whole_file(g, validator, name);
    } else {
        if (rgn_validator_feed(validator, head, head_len) < 0)
            rc = -1;
        g->bytes += head_len;
        if (rc == 0)
            rc = feed_rgn(g, in, validator, head_len);
        if (rgn_validator_finish(validator) < 0)
            rc = -1;
    }
    if (rc < 0 || ferror(in)) {
        const char *why = cli_input_problem(in);
        fprintf(stderr, "rgn %s: cannot read %s%s%s\n", g->command->name,
                g->file, ferror(in) ? ": " : "",
                !ferror(in) ? " (out of memory)"
                : why       ? why
                            : strerror(errno));
        g->io_error = true;
    }
    end_validator(g, validator, rc == 0);
}

/* Reads the games of one stream, in, named g->file in diagnostics; name
 * (NULL for standard input) is the file's name that may say which game
 * its records are ("games.pgn": Chess). */
static void read_stream(cli_games *g, FILE *in, const char *name)
{
    /* The format: --from, or else what the input begins with. */
    static char head[4096];
    size_t head_len = fread(head, 1, sizeof head, in);
    if (ferror(in)) {
        const char *why = cli_input_problem(in);
        fprintf(stderr, "rgn %s: cannot read %s: %s\n", g->command->name,
                g->file, why ? why : strerror(errno));
        g->io_error = true;
        return;
    }
    int xml_look = rgn_input_looks_like_xml(head, head_len);
    if (xml_look < 0 && head_len == sizeof head)
        xml_look = g->from == 1; /* white space, and more after it: the
                                    format asked for, RGN by default */
    bool xml = g->from >= 0 ? g->from == 1 : xml_look == 1;
    if (refuse_head(g, head, head_len, xml_look) || g->io_error)
        return;
    if (xml_look < 0) {
        /* nothing but white space: no game, whatever the format (the
         * same warning as for comments only, as rgn(1) documents it) */
        warn_no_game(g);
        g->no_game = true;
        return;
    }
    FILE *xml_in = NULL;
    if (xml && !(xml_in = rewound(in, head, head_len))) {
        fprintf(stderr, "rgn %s: cannot read %s: %s\n", g->command->name,
                g->file, strerror(errno));
        g->io_error = true;
        return;
    }
    validate_stream(g, in, xml_in, head, head_len, name);
    if (xml_in && xml_in != in)
        fclose(xml_in);
}

/* --range: the games of the plain file path that begin in the range,
 * read from the anchor before it (rgn_range_locate) in the file mapped. */
static void read_range(cli_games *g, const char *path)
{
    const char *data;
    uint64_t size;
    if (cli_input_map(g->command, "--range", path, &data, &size) < 0) {
        g->io_error = true;
        return;
    }
    /* an END past the file is the end of the file */
    rgn_range range = {.from = g->range_from,
                       .to = g->range_to > size ? size : g->range_to};
    const char *why = NULL;
    if (range.from > size)
        why = "the range begins after the end of the file";
    else if (g->from == 1 ||
             (g->from < 0 && rgn_input_looks_like_xml(
                                 data, size < 4096 ? (size_t)size : 4096) == 1))
        why = "XML is read whole";
    if (why) {
        char end[24] = ""; /* as given */
        if (g->range_to != UINT64_MAX)
            snprintf(end, sizeof end, "%llu", (unsigned long long)g->range_to);
        fprintf(stderr,
                "rgn %s: --range %llu:%s cannot read %s (%llu bytes): %s\n",
                g->command->name, (unsigned long long)range.from, end, path,
                (unsigned long long)size, why);
        cli_input_unmap(data, size);
        g->io_error = g->refused = true;
        return;
    }
    if (data && g->range_line)
        rgn_range_locate_at_line(data, size, &range, g->range_line);
    else if (data)
        rgn_range_locate(data, size, &range);
    /* the games are read from the library's own mapping, whose pages it
     * lets go once read */
    cli_input_unmap(data, size);
    rgn_validator_options options = g->options;
    options.range = &range;
    rgn_validator *validator = start_validator(g, &options, path);
    if (validator) {
        rgn_error error;
        int rc = rgn_validator_read_file(validator, path, &size, &error);
        g->bytes += size - range.start;
        if (rc < 0) {
            fprintf(stderr, "rgn %s: %s\n", g->command->name, error.message);
            g->io_error = true;
        }
        end_validator(g, validator, rc == 0);
    }
}

void cli_games_read(cli_games *g, const char *path)
{
    if (g->ranged) {
        g->file = path;
        read_range(g, path);
        return;
    }
    bool is_stdin = strcmp(path, "-") == 0;
    const char *file = is_stdin ? "<stdin>" : path;
    g->file = file;
    const char *compression;
    FILE *in = cli_input_open(g->command, path, &compression);
    if (!in) {
        g->io_error = true;
        return;
    }
    const char *member = cli_input_member(in);
    if (!member) {
        read_stream(g, in, is_stdin ? NULL : path);
        cli_input_close(in);
        return;
    }
    /* A zip archive: its members one after another, each named in
     * diagnostics as "ARCHIVE(MEMBER)" (as ld names an object in a
     * library), with lines counted in the member, and read as the game
     * its own name says ("twic1500.pgn": Chess). */
    bool failed = g->io_error, member_failed = false;
    int more;
    do {
        size_t size = strlen(file) + strlen(member) + 3;
        char *name = malloc(size);
        if (!name) {
            fprintf(stderr, "rgn %s: out of memory\n", g->command->name);
            failed = true;
            break;
        }
        snprintf(name, size, "%s(%s)", file, member);
        g->file = name;
        g->io_error = false;
        read_stream(g, in, rgn_variant_for_file(member) ? member : path);
        member_failed = g->io_error;
        failed = failed || member_failed;
        g->file = file;
        free(name);
    } while ((more = cli_input_next_member(in)) > 0 &&
             (member = cli_input_member(in)));
    /* a problem that stops the archive, unless a member's read said it */
    if (more < 0 && !member_failed) {
        fprintf(stderr, "rgn %s: cannot read %s: %s\n", g->command->name, file,
                cli_input_problem(in));
        failed = true;
    }
    g->io_error = failed;
    cli_input_close(in);
}

void cli_games_read_all(cli_games *g, char **paths, int count)
{
    if (g->ranged && (count != 1 || strcmp(paths[0], "-") == 0)) {
        fprintf(stderr,
                "rgn %s: --range reads one file (a range of its bytes), not "
                "%s\n",
                g->command->name,
                count == 0 || strcmp(paths[0], "-") == 0 ? "standard input"
                                                         : "several");
        g->io_error = true;
        return;
    }
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
     * problem; those that show one game (diagram, fen --game) only when
     * an input held no game, as rgn(1) says. --quiet: no summary at all. */
    bool problems = g->total.invalid || g->total.with_warnings || g->no_game;
    if (g->refused)
        ; /* nothing was read: no summary that would say otherwise */
    else if (g->summary_json)
        printf("{\"games\":%llu,\"valid\":%llu,\"with_warnings\":%llu,"
               "\"invalid\":%llu,\"plies\":%llu}\n",
               (unsigned long long)g->total.games,
               (unsigned long long)g->total.valid,
               (unsigned long long)g->total.with_warnings,
               (unsigned long long)g->total.invalid,
               (unsigned long long)g->total.plies);
    else if (!g->json && (!g->only_game || g->no_game) && !g->quiet &&
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
