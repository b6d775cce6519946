/*
 * games.c - what the commands that read games share: their options
 * (cli_games.rows: --strict, --quiet, --notes, --diagnostics,
 * --diagnostics-file, --variant, --force-variant, --from, --jobs,
 * --range), reading the inputs with rgn_games_read, printing
 * diagnostics, progress and the summary, and the exit status.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

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
    if (d->game && g->only_game && d->game != g->only_game)
        return;
    /* a failed write shows when the diagnostics file is closed */
    int written =
        g->json ? rgn_diagnostic_write_json(g->diag, g->file, d)
                : rgn_diagnostic_write_text(
                      g->diag, g->file, d, g->color ? RGN_DIAGNOSTIC_COLOR : 0);
    (void)written;
}

void cli_games_tell(void *games, const char *file, const rgn_diagnostic *d)
{
    cli_games *g = games;
    const char *reading = g->file;
    g->file = file;
    print_diagnostic(g, d);
    g->file = reading;
}

void cli_games_report(void *games, const rgn_diagnostic *note)
{
    cli_games *g = games;
    g->options.report(g->options.user, note);
}

/* --variant and --force-variant (out: the cli_games), the last given
 * the one taken. */
static int take_variant(const cli_command *command, const char *value,
                        void *out)
{
    cli_games *g = out;
    g->options.variant = cli_find_variant(command, value);
    g->options.force_variant = false;
    g->variant_chosen = true;
    return g->options.variant ? 0 : -1;
}

static int take_forced_variant(const cli_command *command, const char *value,
                               void *out)
{
    int taken = take_variant(command, value, out);
    ((cli_games *)out)->options.force_variant = true;
    return taken;
}

/* --jobs, -j: into the int at out. */
static int take_jobs(const cli_command *command, const char *value, void *out)
{
    long jobs = cli_parse_count(value, 256);
    if (jobs < 1)
        return cli_usage_error(command, "--jobs takes a number from 1 to 256"),
               -1;
    *(int *)out = (int)jobs;
    return 0;
}

/* --range START:END[:LINE] (END left out: to the file's end; LINE: the
 * line START lies on, as 'rgn ranges --lines' prints it; out: the
 * cli_games). */
static int take_range(const cli_command *command, const char *value, void *out)
{
    cli_games *g = out;
    uint64_t from, to;
    uint32_t line;
    rgn_error error;
    if (rgn_range_parse(value, &from, &to, &line, &error) < 0)
        return cli_usage_error(command, "--range %s", error.message), -1;
    if ((!g->read && !(g->read = rgn_read_options_new(&error))) ||
        rgn_read_options_set_range(g->read, from, to, line, &error) < 0) {
        fprintf(stderr, "rgn %s: %s\n", command->name, error.message);
        return -1;
    }
    g->range = value;
    return 0;
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
    g->jobs = cores > 0 ? (int)(cores < 64 ? cores : 64) : 1;
    static const char *const text_json[] = {"text", "json", NULL};
    static const char *const rgn_xml[] = {"rgn", "xml", NULL};
    const cli_option rows[] = {
        {"--variant", .take = take_variant, .out = g},
        {"--force-variant", .take = take_forced_variant, .out = g},
        {"--diagnostics", .set = &g->json, .names = text_json},
        {"--diagnostics-file", .value = &g->diag_path},
        {"--jobs", .take = take_jobs, .out = &g->jobs},
        {"-j", .take = take_jobs, .out = &g->jobs},
        {"--range", .take = take_range, .out = g},
        {"--from", .set = &g->from, .names = rgn_xml},
        {"--strict", .flag = &g->options.strict},
        {"--quiet", .flag = &g->quiet},
        {"-q", .flag = &g->quiet},
        {"--notes", .flag = &g->notes},
        {0},
    };
    _Static_assert(sizeof rows == sizeof g->rows, "a row for each option");
    memcpy(g->rows, rows, sizeof rows);
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

int cli_input_check(const cli_command *command, const char *path,
                    const char **compression)
{
    rgn_error error;
    rgn_input *in = rgn_input_open(path, &error);
    *compression = NULL;
    if (!in) {
        fprintf(stderr, "rgn %s: %s\n", command->name, error.message);
        return -1;
    }
    *compression = rgn_input_compression(in); /* a name of the library's */
    rgn_input_close(in);
    return 0;
}

int cli_games_check_inputs(const cli_games *g, char **paths, int count)
{
    int status = 0;
    for (int i = 0; i < count; i++) {
        if (strcmp(paths[i], "-") == 0)
            continue;
        const char *compression;
        if (cli_input_check(g->command, paths[i], &compression) < 0)
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

/* Progress on a terminal, once a run has lasted long enough to wait
 * for: the bytes and counts of the input being read. */
static void show_progress(void *user, uint64_t bytes,
                          const rgn_validation_counts *c)
{
    cli_games *g = user;
    double now = cli_seconds();
    if (!g->progress || now - g->last_progress < 0.5 || now - g->start < 1.0)
        return;
    g->last_progress = now;
    g->progress_shown = true;
    fprintf(stderr, "\r%.1f MB, %llu games, %.0f games/s   ",
            (double)bytes / 1e6, (unsigned long long)c->games,
            (double)c->games / (now - g->start));
    fflush(stderr);
}

/* A diagnostic of the reading, its file the input's (or the member's). */
static void reading_report(void *user, const rgn_diagnostic *d)
{
    cli_games *g = user;
    if (d->problem == RGN_W_NO_GAME && d->game == 0)
        g->no_game = true;
    g->file = d->file;
    print_diagnostic(g, d);
}

static void reading_input(void *user, const char *file,
                          const rgn_variant *tagless)
{
    cli_games *g = user;
    g->file = file; /* for the sink's messages */
    if (g->input)
        g->input(g->input_user, file, tagless);
}

/* A failure of the reading, with the option that chose what failed. */
static void reading_failed(void *user, enum rgn_read_failure kind,
                           const char *message)
{
    cli_games *g = user;
    const char *name = g->command->name;
    if (kind == RGN_READ_NOT_RGN)
        fprintf(stderr, "rgn %s: %s: use --from xml (or no --from)\n", name,
                message);
    else if (kind == RGN_READ_NOT_XML)
        fprintf(stderr, "rgn %s: %s: is it RGN? Then drop --from xml\n", name,
                message);
    else if (kind == RGN_READ_NOT_RANGED)
        fprintf(stderr, "rgn %s: --range %s\n", name, message);
    else if (kind == RGN_READ_RANGE_REFUSED)
        fprintf(stderr, "rgn %s: --range %s %s\n", name, g->range, message);
    else
        fprintf(stderr, "rgn %s: %s\n", name, message);
    g->io_error = true;
    /* nothing was read: no summary that would say otherwise */
    g->refused = g->refused || kind == RGN_READ_RANGE_REFUSED;
}

void cli_games_read_all(cli_games *g, char **paths, int count)
{
    if (g->range && (count != 1 || strcmp(paths[0], "-") == 0)) {
        fprintf(stderr,
                "rgn %s: --range reads one file (a range of its bytes), not "
                "%s\n",
                g->command->name,
                count == 0 || strcmp(paths[0], "-") == 0 ? "standard input"
                                                         : "several");
        g->io_error = true;
        return;
    }
    const rgn_validator_options *o = &g->options;
    rgn_read_handlers handlers = {
        .size = sizeof handlers,
        .report = reading_report,
        .user = g,
        .sink = o->sink,
        .sink_user = o->sink_user,
        .input = reading_input,
        .progress = show_progress,
        .failed = reading_failed,
    };
    rgn_error error;
    /* made by --range, or here; freed by cli_games_finish */
    if (!g->read && !(g->read = rgn_read_options_new(&error))) {
        fprintf(stderr, "rgn %s: %s\n", g->command->name, error.message);
        g->io_error = true;
        return;
    }
    rgn_read_options_set_variant(g->read, o->variant, o->force_variant);
    rgn_read_options_set_strict(g->read, o->strict);
    rgn_read_options_set_jobs(g->read, g->jobs);
    rgn_read_options_set_no_replay(g->read, g->no_replay);
    rgn_read_options_set_format(g->read, g->from < 0    ? RGN_READ_AUTO
                                         : g->from == 1 ? RGN_READ_XML
                                                        : RGN_READ_RGN);
    /* each failure was told to reading_failed, which said it */
    if (rgn_games_read_all(paths, count, g->read, &handlers, &g->total,
                           &error) < 0)
        g->io_error = true;
    const char *last = count ? paths[count - 1] : "-";
    g->file = strcmp(last, "-") == 0 ? "<stdin>" : last;
}

int cli_games_each(cli_games *games, char **paths, int count,
                   void (*selected)(void *user, const rgn_game *game,
                                    const rgn_selection *selection),
                   void *user)
{
    rgn_selector_options options = {
        .size = sizeof options, .selected = selected, .user = user};
    rgn_selector *selector = rgn_selector_new(&options, NULL);
    if (!selector) {
        fprintf(stderr, "rgn %s: out of memory\n", games->command->name);
        return EXIT_USAGE;
    }
    if (cli_games_ready(games) < 0) {
        rgn_selector_free(selector);
        return EXIT_USAGE;
    }
    games->options.sink = rgn_selector_sink();
    games->options.sink_user = selector;
    cli_games_read_all(games, paths, count);
    rgn_error error;
    /* a game memory ran out for was neither judged nor handed on */
    bool whole = rgn_selector_finish(selector, &error) == 0;
    if (!whole)
        fprintf(stderr, "rgn %s: %s\n", games->command->name, error.message);
    rgn_selector_free(selector);
    int status = cli_games_finish(games);
    return whole ? status : EXIT_USAGE;
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
    int failed = 0;
    if (g->refused)
        ; /* nothing was read: no summary that would say otherwise */
    else if (g->summary_json)
        failed = rgn_validation_counts_write_json(stdout, &g->total, NULL);
    else if (!g->json && (!g->only_game || g->no_game) && !g->quiet &&
             (g->summary_always || problems))
        failed = rgn_validation_counts_write_text(stderr, &g->total, NULL);
    /* a failed write to standard output is told at the end (main.c) */
    (void)failed;
    fflush(stderr);
    if (g->diag != stderr && g->diag != stdout &&
        cli_output_close(g->diag, g->diag_path, true) < 0)
        g->io_error = true;
    rgn_read_options_free(g->read);
    g->read = NULL;
    if (g->io_error)
        return EXIT_USAGE;
    /* an input without a game is a warning: an error under --strict */
    return g->total.invalid || (g->no_game && g->options.strict) ? EXIT_INVALID
                                                                 : EXIT_OK;
}
