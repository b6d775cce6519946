/* cmd_diagram.c - "rgn diagram": pictures of positions, as text or SVG. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static int run_diagram(int argc, char **argv);

const cli_command cli_diagram = {
    "diagram",
    "draw a position as text or an SVG image",
    run_diagram,
};

/* The lists of --highlight and --arrow as given, read on the board
 * when it is known (the options' lists). */
typedef struct diagram_request {
    rgn_diagram_options options;
    const char *highlights[RGN_DIAGRAM_MAX_MARKS];
    const char *arrows[RGN_DIAGRAM_MAX_MARKS];
} diagram_request;

/* The game asked for, kept: the selector records each game read anew. */
typedef struct game_kept {
    uint64_t number; /* from 1, over all inputs */
    rgn_game *game;
    bool found, kept; /* kept: copied whole (else memory ran out) */
} game_kept;

static void keep_game(void *user, const rgn_game *game,
                      const rgn_selection *selection)
{
    game_kept *k = user;
    if (selection->number != k->number)
        return;
    k->found = true;
    k->kept = rgn_game_replay(game, NULL, -1, rgn_game_recorder(), k->game,
                              NULL) == 0;
}

/* The listed squares on the board of variant; -1 after printing which
 * one is not on it. */
static int check_marks(const diagram_request *r, const rgn_variant *variant)
{
    rgn_error error;
    if (rgn_diagram_options_check(&r->options, variant, &error) == 0)
        return 0;
    fprintf(stderr, "rgn diagram: %s\n", error.message);
    return -1;
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

/* Writes one diagram to path (standard output when NULL), atomically:
 * of pos, or when it is NULL of game after ply plies. */
static int write_diagram(const rgn_position *pos, const rgn_game *game, int ply,
                         const rgn_diagram_options *options, const char *path)
{
    FILE *out = cli_output_open(path);
    if (!out)
        return EXIT_USAGE;
    bool written =
        (pos ? rgn_diagram_write(pos, options, out, NULL)
             : rgn_diagram_write_game(game, ply, options, out, NULL)) == 0;
    if (!written)
        fprintf(stderr, "rgn diagram: cannot draw the diagram%s%s\n",
                path ? " for " : "", path ? path : "");
    if (cli_output_close(out, path, written) < 0 || !written)
        return EXIT_USAGE;
    return EXIT_OK;
}

/* The frames of every ply in dir; a frame that fails ends the run. */
static int write_all_plies(const rgn_game *game,
                           const rgn_diagram_options *options, const char *dir)
{
    rgn_error error;
    if (rgn_diagram_frames_folder(dir, &error) < 0) {
        fprintf(stderr, "rgn diagram: %s\n", error.message);
        return EXIT_USAGE;
    }
    int plies = rgn_game_plies(game);
    size_t path_size = strlen(dir) + 32;
    char *path = malloc(path_size);
    int status = path ? EXIT_OK : EXIT_USAGE;
    for (int ply = 0; status == EXIT_OK && ply <= plies; ply++) {
        rgn_diagram_frame_path(path, path_size, dir, (size_t)ply,
                               options->format);
        status = write_diagram(NULL, game, ply, options, path);
    }
    free(path);
    if (status == EXIT_OK &&
        rgn_diagram_frames_prune(dir, (size_t)plies, options->format, &error) <
            0) {
        fprintf(stderr, "rgn diagram: %s\n", error.message);
        status = EXIT_USAGE;
    }
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
    int status = check_marks(r, rgn_position_variant(pos)) < 0
                     ? EXIT_USAGE
                     : write_diagram(pos, NULL, 0, &r->options, output);
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
    game_kept k = {(uint64_t)game, rgn_game_new(NULL), false, false};
    games->only_game = (uint64_t)game; /* judged by this game alone */
    int status = EXIT_USAGE, drawn = EXIT_INVALID;
    if (!k.game)
        fprintf(stderr, "rgn diagram: out of memory\n");
    else
        status = cli_games_each(games, files, file_count, keep_game, &k);
    int plies = k.kept ? rgn_game_plies(k.game) : 0;
    if (status == EXIT_USAGE) {
        /* an input could not be read: the numbering cannot be trusted */
    } else if (!k.found) {
        fprintf(stderr, "rgn diagram: there is no game %ld\n", game);
    } else if (!k.kept) {
        fprintf(stderr, "rgn diagram: out of memory\n");
        drawn = EXIT_USAGE;
    } else if (rgn_game_error(k.game) || !rgn_game_start(k.game)) {
        fprintf(stderr, "rgn diagram: game %ld is invalid; no diagram\n", game);
    } else if (ply > plies) {
        fprintf(stderr, "rgn diagram: game %ld has %d plies, not %ld\n", game,
                plies, ply);
    } else if (check_marks(r, rgn_position_variant(rgn_game_start(k.game))) <
               0) {
        drawn = EXIT_USAGE;
    } else if (all_plies) {
        drawn = write_all_plies(k.game, &r->options, all_plies);
    } else {
        drawn = write_diagram(NULL, k.game, (int)ply, &r->options, output);
    }
    rgn_game_free(k.game);
    if (drawn == EXIT_USAGE || status == EXIT_USAGE)
        return EXIT_USAGE;
    return drawn; /* other games' problems do not count */
}

/* --format: ascii, unicode or svg, into the int at out (an enum
 * rgn_diagram_format). */
static int take_format(const cli_command *command, const char *value, void *out)
{
    static const char *const names[] = {"ascii", "unicode", "svg", NULL};
    for (int i = 0; names[i]; i++)
        if (strcmp(value, names[i]) == 0) {
            *(int *)out = i;
            return 0;
        }
    cli_usage_error(command, "no format '%s' (ascii, unicode or svg)%s", value,
                    cli_nearest_hint_in(value, names));
    return -1;
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

/* --highlight and --arrow (arrows): a list kept for the board, its
 * shape read with the lists before it (which the library does without a
 * board), so that a misshapen one is refused as it is met. */
static int take_marks(const cli_command *command, diagram_request *r,
                      const char *value, bool arrows)
{
    size_t *lists = arrows ? &r->options.arrow_list_count
                           : &r->options.highlight_list_count;
    const char **list = arrows ? r->arrows : r->highlights;
    if (*lists < RGN_DIAGRAM_MAX_MARKS) {
        list[(*lists)++] = value;
        if (rgn_diagram_options_check(&r->options, NULL, NULL) == 0)
            return 0;
    }
    cli_usage_error(command,
                    arrows ? "--arrow takes square pairs such as b2-b6,e3-e4 "
                             "(at most %d), not '%s'"
                           : "--highlight takes squares such as e4,d5 (at "
                             "most %d), not '%s'",
                    RGN_DIAGRAM_MAX_MARKS, value);
    return -1;
}

static int take_highlights(const cli_command *command, const char *value,
                           void *out)
{
    return take_marks(command, out, value, false);
}

static int take_arrows(const cli_command *command, const char *value, void *out)
{
    return take_marks(command, out, value, true);
}

static int run_diagram(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_diagram);
    static diagram_request request;
    memset(&request, 0, sizeof request);
    request.options.size = sizeof request.options;
    request.options.highlight_lists = request.highlights;
    request.options.arrow_lists = request.arrows;
    diagram_request *r = &request;
    const char *fen = NULL, *output = NULL, *all_plies = NULL;
    int format = -1;
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
    bool to_terminal = !output && !all_plies && isatty(STDOUT_FILENO);
    int fallback = all_plies                      ? RGN_DIAGRAM_SVG
                   : to_terminal && utf8_locale() ? RGN_DIAGRAM_UNICODE
                                                  : RGN_DIAGRAM_ASCII;
    rgn_error error;
    format = rgn_diagram_format_for_path(output, format, fallback, "-o",
                                         "--format", &error);
    if (format < 0)
        return cli_usage_error(&cli_diagram, "%s", error.message);
    r->options.format = (enum rgn_diagram_format)format;
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
