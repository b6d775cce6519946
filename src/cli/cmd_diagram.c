/* cmd_diagram.c - "rgn diagram": pictures of positions, as text or SVG. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

static int run_diagram(int argc, char **argv);

const cli_command cli_diagram = {
    "diagram",
    "draw a position as text or an SVG image",
    "Usage: rgn diagram [--fen POSITION | [--game N] [--ply N] [FILE...]]\n"
    "                   [--format ascii|unicode|svg] [-o FILE | --all-plies "
    "DIR]\n"
    "                   [--size PIXELS] [--flip] [--no-coords] "
    "[--color|--no-color]\n"
    "                   [--highlight SQ,...] [--arrow FROM-TO,...] [--title "
    "TEXT]\n"
    "                   [--strict] [-q|--quiet] [--diagnostics=text|json]\n"
    "                   [--diagnostics-file FILE] [--variant NAME]\n"
    "                   [--from rgn|xml] [-j|--jobs N] [--range START:END]\n"
    "                   [--]\n"
    "\n"
    "Draws the position --fen gives, or one reached in a game: game N\n"
    "(default 1, counted over all inputs) after ply N of its main line\n"
    "(default: the final position; 0 is the start), with its last move\n"
    "marked. Games are validated as 'rgn validate' does; only game N's\n"
    "diagnostics are shown, and only it decides the exit status.\n"
    "  --format ascii    letters and orientation marks, with a legend\n"
    "  --format unicode  letters and an arrow for each move direction\n"
    "                    (the default on a UTF-8 terminal; ascii elsewhere)\n"
    "  --format svg      an SVG image: discs with letters and a fin for each\n"
    "                    move direction (the default for -o FILE.svg)\n"
    "  --size PIXELS     the SVG's width (default 480)\n"
    "  --flip            Black at the bottom\n"
    "  --no-coords       no file and rank labels\n"
    "  --color, --no-color  colour unicode diagrams and diagnostics\n"
    "                    (default: on a terminal, unless TERM=dumb or\n"
    "                    NO_COLOR is set); also --colour, --no-colour\n"
    "  --highlight SQ,.. mark squares (e.g. e4,d5)\n"
    "  --arrow A-B,...   draw arrows (e.g. b2-b6; text diagrams list them)\n"
    "  --title TEXT      a title above the board\n"
    "  -o FILE           write to FILE atomically (default: standard output);\n"
    "                    FILE.svg is SVG, FILE.txt (or no extension) text,\n"
    "                    other extensions are refused\n"
    "  --all-plies DIR   one SVG per ply of the main line: DIR/0000.svg (the\n"
    "                    start), DIR/0001.svg, ... (text formats: .txt); DIR\n"
    "                    is created if missing, and frames (NNNN.svg, "
    "NNNN.txt)\n"
    "                    this run did not write are removed from it\n"
    "Exit status 1 when the game is invalid or the game or ply asked for\n"
    "does not exist; 2 for wrong usage or an output that cannot be written.\n"
    "\n" CLI_GAMES_OPTIONS_HELP CLI_END_OF_OPTIONS_HELP,
    run_diagram,
};

#define MAX_MARKS 256

/* A square as the user named it, before the board is known. */
typedef struct named_square {
    char text[16];
} named_square;

typedef struct diagram_request {
    rgn_diagram_options options;
    named_square highlights[MAX_MARKS];
    int highlight_count;
    named_square arrows[2 * MAX_MARKS];
    int arrow_count;
    int squares[MAX_MARKS];
    rgn_diagram_arrow arrow_squares[MAX_MARKS];
} diagram_request;

/* The game asked for: whether it was met, and whether it is valid. */
typedef struct game_found {
    bool found, valid;
} game_found;

static void note_game(cli_main_line *line, const rgn_diagnostic *error)
{
    game_found *g = line->user;
    g->found = true;
    g->valid = !error && line->started && !line->out_of_memory;
}

/* "e4" (files a.., ranks 1..); false if the text is not shaped as a
 * square name. The board, known later, says whether it names a square. */
static bool parse_square(const char *text, size_t len, named_square *sq)
{
    if (len < 2 || len >= sizeof sq->text || text[0] < 'a' || text[0] > 'z' ||
        text[1] < '1' || text[1] > '9')
        return false;
    int rank = 0;
    for (size_t i = 1; i < len; i++) {
        if (text[i] < '0' || text[i] > '9' || rank > 99)
            return false;
        rank = rank * 10 + (text[i] - '0');
    }
    memcpy(sq->text, text, len);
    sq->text[len] = '\0';
    return true;
}

/* A comma-separated list of squares (pairs = false) or of "A-B" pairs;
 * appended to list. */
static bool parse_squares(const char *value, bool pairs, named_square *list,
                          int *count, int max)
{
    const char *p = value;
    for (;;) {
        size_t len = strcspn(p, ",");
        const char *dash = pairs ? memchr(p, '-', len) : NULL;
        if (pairs && !dash)
            return false;
        if (*count + (pairs ? 2 : 1) > max)
            return false;
        if (pairs) {
            if (!parse_square(p, (size_t)(dash - p), &list[*count]) ||
                !parse_square(dash + 1, len - (size_t)(dash - p) - 1,
                              &list[*count + 1]))
                return false;
            *count += 2;
        } else {
            if (!parse_square(p, len, &list[*count]))
                return false;
            *count += 1;
        }
        if (p[len] == '\0')
            return true;
        p += len + 1;
    }
}

/* The named squares on the board of variant; -1 after printing which
 * one is not on it. */
static int resolve_squares(diagram_request *r, const rgn_variant *variant)
{
    named_square *lists[2] = {r->highlights, r->arrows};
    int counts[2] = {r->highlight_count, r->arrow_count};
    for (int l = 0; l < 2; l++)
        for (int i = 0; i < counts[l]; i++) {
            named_square *n = &lists[l][i];
            int sq = rgn_square_parse(variant, n->text, strlen(n->text));
            if (sq < 0) {
                fprintf(stderr,
                        "rgn diagram: %s is not a square of the %s "
                        "board\n",
                        n->text, rgn_variant_name(variant));
                return -1;
            }
            if (l == 0)
                r->squares[i] = sq;
            else if (i % 2 == 0)
                r->arrow_squares[i / 2].from = sq;
            else
                r->arrow_squares[i / 2].to = sq;
        }
    r->options.highlights = r->squares;
    r->options.highlight_count = (size_t)r->highlight_count;
    r->options.arrows = r->arrow_squares;
    r->options.arrow_count = (size_t)r->arrow_count / 2;
    return 0;
}

static bool utf8_locale(void)
{
    const char *names[] = {"LC_ALL", "LC_CTYPE", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *value = getenv(names[i]);
        if (value && *value)
            return strstr(value, "UTF-8") || strstr(value, "utf-8") ||
                   strstr(value, "UTF8") || strstr(value, "utf8");
    }
    return false;
}

static bool ends_with(const char *text, const char *suffix)
{
    size_t n = strlen(text), m = strlen(suffix);
    return n >= m && strcasecmp(text + n - m, suffix) == 0;
}

/* Writes one diagram to path (standard output when NULL), atomically. */
static int write_diagram(const rgn_position *pos,
                         const rgn_diagram_options *options, const char *path)
{
    FILE *out = cli_output_open(path);
    if (!out)
        return EXIT_USAGE;
    bool written = rgn_diagram_write(pos, options, out, NULL) == 0;
    if (!written)
        fprintf(stderr, "rgn diagram: cannot draw the diagram%s%s\n",
                path ? " for " : "", path ? path : "");
    if (cli_output_close(out, path, written) < 0 || !written)
        return EXIT_USAGE;
    return EXIT_OK;
}

/* Creates dir and the folders above it that are missing ("mkdir -p");
 * -1 after printing why not. */
static int make_folders(const char *dir)
{
    char *path = strdup(dir);
    if (!path) {
        fprintf(stderr, "rgn diagram: out of memory\n");
        return -1;
    }
    int status = 0;
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        struct stat st;
        if (mkdir(path, 0777) < 0 &&
            (errno != EEXIST || stat(path, &st) < 0 || !S_ISDIR(st.st_mode))) {
            fprintf(stderr, "rgn diagram: cannot create %s: %s\n", path,
                    errno == EEXIST ? strerror(ENOTDIR) : strerror(errno));
            status = -1;
            break;
        }
        *p = c;
        if (c == '\0')
            break;
    }
    free(path);
    return status;
}

/* A frame's name: four or more digits, then .svg or .txt; the number, or
 * -1 for another name. */
static long frame_number(const char *name, const char **extension)
{
    size_t digits = strspn(name, "0123456789");
    if (digits < 4 || digits > 9 ||
        (strcmp(name + digits, ".svg") != 0 &&
         strcmp(name + digits, ".txt") != 0))
        return -1;
    *extension = name + digits + 1;
    return strtol(name, NULL, 10);
}

/* Removes the frames in dir that this run did not write: those numbered
 * above plies, and those of the other extension. */
static int remove_stale_frames(const char *dir, size_t plies,
                               const char *extension)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "rgn diagram: cannot read %s: %s\n", dir,
                strerror(errno));
        return EXIT_USAGE;
    }
    int status = EXIT_OK;
    size_t path_size = strlen(dir) + 300;
    char *path = malloc(path_size);
    struct dirent *entry;
    while (path && (entry = readdir(d)) != NULL) {
        const char *ext;
        long n = frame_number(entry->d_name, &ext);
        if (n < 0 || (n <= (long)plies && strcmp(ext, extension) == 0))
            continue;
        snprintf(path, path_size, "%s/%s", dir, entry->d_name);
        if (unlink(path) < 0) {
            fprintf(stderr,
                    "rgn diagram: cannot remove the stale frame %s: "
                    "%s\n",
                    path, strerror(errno));
            status = EXIT_USAGE;
        }
    }
    if (!path)
        status = EXIT_USAGE;
    free(path);
    closedir(d);
    return status;
}

static int write_all_plies(const cli_main_line *k, rgn_diagram_options *options,
                           const char *dir)
{
    if (make_folders(dir) < 0)
        return EXIT_USAGE;
    rgn_position *pos = NULL;
    if (!cli_main_line_position(k, 0, &pos)) {
        fprintf(stderr, "rgn diagram: out of memory\n");
        return EXIT_USAGE;
    }
    const char *extension = options->format == RGN_DIAGRAM_SVG ? "svg" : "txt";
    size_t path_size = strlen(dir) + 32;
    char *path = malloc(path_size);
    int status = path ? EXIT_OK : EXIT_USAGE;
    for (size_t ply = 0; status == EXIT_OK && ply <= k->plies; ply++) {
        if (ply > 0)
            rgn_position_play(pos, k->moves[ply - 1]);
        options->last_move = ply > 0 ? &k->moves[ply - 1] : NULL;
        snprintf(path, path_size, "%s/%04zu.%s", dir, ply, extension);
        status = write_diagram(pos, options, path);
    }
    options->last_move = NULL;
    free(path);
    rgn_position_free(pos);
    if (status == EXIT_OK)
        status = remove_stale_frames(dir, k->plies, extension);
    return status;
}

static int diagram_from_fen(diagram_request *r, const cli_games *games,
                            const char *fen, const char *output)
{
    const char *variant = games->options.variant
                              ? rgn_variant_name(games->options.variant)
                              : NULL;
    rgn_position *pos = cli_load_position(&cli_diagram, variant, fen);
    if (!pos)
        return EXIT_USAGE;
    int status = resolve_squares(r, rgn_position_variant(pos)) < 0
                     ? EXIT_USAGE
                     : write_diagram(pos, &r->options, output);
    rgn_position_free(pos);
    return status;
}

static int run_games(diagram_request *r, cli_games *games, char **files,
                     int file_count, long game, long ply, const char *output,
                     const char *all_plies)
{
    if (cli_games_check_inputs(games, files, file_count) < 0 ||
        cli_games_check_outputs(games, output, files, file_count) < 0)
        return EXIT_USAGE;
    game_found g = {false, false};
    cli_main_line k = {
        .only_game = (uint64_t)game, .end = note_game, .user = &g};
    games->options.sink = &cli_main_line_sink;
    games->options.sink_user = &k;
    games->only_game = (uint64_t)game; /* judged by this game alone */
    if (cli_games_ready(games) < 0)
        return EXIT_USAGE;
    cli_games_read_all(games, files, file_count);
    int status = cli_games_finish(games);
    int drawn = EXIT_INVALID;
    if (status == EXIT_USAGE) {
        /* an input could not be read: the numbering cannot be trusted */
    } else if (!g.found) {
        fprintf(stderr, "rgn diagram: there is no game %ld\n", game);
    } else if (k.out_of_memory) {
        fprintf(stderr, "rgn diagram: out of memory\n");
        drawn = EXIT_USAGE;
    } else if (!g.valid) {
        fprintf(stderr, "rgn diagram: game %ld is invalid; no diagram\n", game);
    } else if (ply > (long)k.plies) {
        fprintf(stderr, "rgn diagram: game %ld has %zu plies, not %ld\n", game,
                k.plies, ply);
    } else if (resolve_squares(r, rgn_position_variant(k.start)) < 0) {
        drawn = EXIT_USAGE;
    } else if (all_plies) {
        drawn = write_all_plies(&k, &r->options, all_plies);
    } else {
        size_t upto = ply < 0 ? k.plies : (size_t)ply;
        rgn_position *pos = NULL, *before = NULL;
        if (!cli_main_line_position(&k, upto, &pos)) {
            fprintf(stderr, "rgn diagram: out of memory\n");
            drawn = EXIT_USAGE;
        } else {
            /* the last move's start, when there is one (shown if it can be) */
            if (upto > 0)
                r->options.before =
                    cli_main_line_position(&k, upto - 1, &before);
            r->options.last_move = upto > 0 ? &k.moves[upto - 1] : NULL;
            drawn = write_diagram(pos, &r->options, output);
            r->options.last_move = NULL;
            r->options.before = NULL;
        }
        rgn_position_free(before);
        rgn_position_free(pos);
    }
    cli_main_line_free(&k);
    if (drawn == EXIT_USAGE || status == EXIT_USAGE)
        return EXIT_USAGE;
    return drawn; /* other games' problems do not count */
}

/* --format: ascii, unicode or svg, kept as named. */
static int take_format(const cli_command *command, const char *value, void *out)
{
    static const char *const names[] = {"ascii", "unicode", "svg", NULL};
    if (strcmp(value, "ascii") != 0 && strcmp(value, "unicode") != 0 &&
        strcmp(value, "svg") != 0) {
        cli_usage_error(command, "no format '%s' (ascii, unicode or svg)%s",
                        value, cli_nearest_hint_in(value, names));
        return -1;
    }
    *(const char **)out = value;
    return 0;
}

/* --size: pixels, into a long. */
static int take_size(const cli_command *command, const char *value, void *out)
{
    long *size = out;
    *size = cli_parse_count(value, RGN_DIAGRAM_MAX_SIZE);
    if (*size >= RGN_DIAGRAM_MIN_SIZE)
        return 0;
    cli_usage_error(command, "--size takes a number of pixels from %d to %d",
                    RGN_DIAGRAM_MIN_SIZE, RGN_DIAGRAM_MAX_SIZE);
    return -1;
}

/* --highlight: squares, into the request. */
static int take_highlights(const cli_command *command, const char *value,
                           void *out)
{
    diagram_request *r = out;
    if (parse_squares(value, false, r->highlights, &r->highlight_count,
                      MAX_MARKS))
        return 0;
    cli_usage_error(command,
                    "--highlight takes squares such as e4,d5 (at "
                    "most %d), not '%s'",
                    MAX_MARKS, value);
    return -1;
}

/* --arrow: pairs of squares, into the request. */
static int take_arrows(const cli_command *command, const char *value, void *out)
{
    diagram_request *r = out;
    if (parse_squares(value, true, r->arrows, &r->arrow_count, 2 * MAX_MARKS))
        return 0;
    cli_usage_error(command,
                    "--arrow takes square pairs such as b2-b6,e3-e4 "
                    "(at most %d), not '%s'",
                    MAX_MARKS, value);
    return -1;
}

/* -o's name and --format agree: 0, or EXIT_USAGE after the usage error. */
static int check_output_name(const char *output, const char *format)
{
    /* The name's extension says what the file holds. */
    const char *dot = cli_extension(output);
    bool svg_name = dot && strcasecmp(dot, ".svg") == 0;
    bool text_name = dot && strcasecmp(dot, ".txt") == 0;
    if (dot && !svg_name && !text_name)
        return cli_usage_error(&cli_diagram,
                               "cannot write a %s file: -o "
                               "takes a .svg or .txt name (an SVG converts "
                               "to PNG with e.g. rsvg-convert)",
                               dot);
    if (format && svg_name && strcmp(format, "svg") != 0)
        return cli_usage_error(&cli_diagram,
                               "-o %s is an SVG name, but "
                               "--format %s writes text",
                               output, format);
    if (format && text_name && strcmp(format, "svg") == 0)
        return cli_usage_error(&cli_diagram,
                               "-o %s is a text name, but "
                               "--format svg writes SVG",
                               output);
    return 0;
}

static int run_diagram(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_diagram);
    static diagram_request request;
    memset(&request, 0, sizeof request);
    request.options.size = sizeof request.options;
    diagram_request *r = &request;
    const char *fen = NULL, *output = NULL, *all_plies = NULL;
    const char *format = NULL;
    long game = -1, ply = -1, size = 0;
    const cli_option own[] = {
        {"--fen", .value = &fen},
        {"--game", .take = cli_take_game, .out = &game},
        {"--ply", .take = cli_take_ply, .out = &ply},
        {"--format", .take = take_format, .out = &format},
        {"--size", .take = take_size, .out = &size},
        {"--highlight", .take = take_highlights, .out = r},
        {"--arrow", .take = take_arrows, .out = r},
        {"--title", .value = &r->options.title},
        {"-o", .value = &output},
        {"--all-plies", .value = &all_plies},
        {"--flip", .flag = &r->options.flip},
        {"--no-coords", .flag = &r->options.no_coordinates},
        {0},
    };
    const cli_options parser = {&cli_diagram, own,  &games, NULL,
                                -1,           NULL, NULL};
    int files, status = cli_parse_options(&parser, argc, argv, &files);
    if (status != CLI_GO_ON)
        return status;
    const cli_conflict conflicts[] = {
        {fen && (files || game > 0 || ply >= 0 || all_plies),
         "--fen draws one position: it takes no FILE, --game, --ply or "
         "--all-plies"},
        {all_plies && (output || ply >= 0),
         "--all-plies writes every ply: it takes no -o or --ply"},
        {0},
    };
    if (cli_check_conflicts(&cli_diagram, conflicts) != CLI_GO_ON)
        return EXIT_USAGE;
    if (output && check_output_name(output, format) != 0)
        return EXIT_USAGE;
    bool to_terminal = !output && !all_plies && isatty(STDOUT_FILENO);
    if (format)
        r->options.format = strcmp(format, "svg") == 0 ? RGN_DIAGRAM_SVG
                            : strcmp(format, "unicode") == 0
                                ? RGN_DIAGRAM_UNICODE
                                : RGN_DIAGRAM_ASCII;
    else if (all_plies || (output && ends_with(output, ".svg")))
        r->options.format = RGN_DIAGRAM_SVG;
    else if (to_terminal && utf8_locale())
        r->options.format = RGN_DIAGRAM_UNICODE;
    else
        r->options.format = RGN_DIAGRAM_ASCII;
    bool color = games.color_choice >= 0
                     ? games.color_choice > 0
                     : to_terminal && cli_color_default(STDOUT_FILENO);
    r->options.color = color && r->options.format == RGN_DIAGRAM_UNICODE;
    r->options.width = (int)size;
    if (fen)
        return diagram_from_fen(r, &games, fen, output);
    return run_games(r, &games, argv + 1, files, game > 0 ? game : 1, ply,
                     output, all_plies);
}
