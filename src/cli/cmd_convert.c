/* cmd_convert.c - "rgn convert": games from one format to another. */
#include <errno.h>
#include <string.h>

#include "cli.h"

static int run_convert(int argc, char **argv);

const cli_command cli_convert = {
    "convert",
    "convert games to canonical RGN, LAN, coordinates, RFEN, XML or HTML",
    "Usage: rgn convert [--to rgn|lan|coord|fen|xml|html] [--from rgn|xml]\n"
    "                   [-o FILE] [--keep-invalid] [--fix-result] [--xml-fen]\n"
    "                   [--chains] [--nag-glyphs]\n"
    "                   [--strict] [-q|--quiet] [--diagnostics=text|json]\n"
    "                   [--diagnostics-file FILE] [--variant NAME]\n"
    "                   [-j|--jobs N] [--color|--no-color] [--] [FILE...]\n"
    "\n"
    "Reads and validates the games (as 'rgn validate' does, with the same\n"
    "diagnostics and exit status) and writes the valid ones:\n"
    "  rgn    canonical RGN (the default)\n"
    "  lan    RGN with moves in long algebraic form\n"
    "         (both: NAGs as $n; --nag-glyphs: 1 to 6 as ! ? !! ?? !? ?!)\n"
    "         (--chains: a Rotationary move's chain in a comment after it)\n"
    "  coord  a game a line: [its start] if set by a FEN tag, main-line\n"
    "         moves in coordinate form, the result\n"
    "  fen    'GAME PLY RFEN' after every main-line ply (ply 0: the start,\n"
    "         for a game without a move)\n"
    "  xml    one XML document (grammar/rgn.rng); --xml-fen adds each\n"
    "         move's RFEN\n"
    "  html   one standalone page that shows the games: board, moves,\n"
    "         variations; #gGpN opens game G after main-line ply N (as\n"
    "         'rgn fen --game G --ply N')\n"
    "Invalid games are left out; --keep-invalid writes them checked up to\n"
    "the error, the rest as written in a comment that says it was not\n"
    "checked, their Result tag and result as written and (rgn, lan, html)\n"
    "an [Invalid \"REASON\"] tag, so that they read as invalid again.\n"
    "--fix-result ends a game that ends with '*' while its Result tag is a\n"
    "result (1-0, 0-1, 1/2-1/2) with the tag's result. -o FILE is written\n"
    "atomically (default: standard output); every input is checked first,\n"
    "and a run that fails with status 2 leaves FILE as it was.\n"
    "\n" CLI_GAMES_OPTIONS_HELP CLI_COLOR_HELP CLI_END_OF_OPTIONS_HELP,
    run_convert,
};

/* --to: the format's name. */
static int take_format(const cli_command *command, const char *value, void *out)
{
    int format = rgn_format_parse(value);
    if (format < 0) {
        cli_usage_error(command,
                        "no format '%s' (rgn, lan, coord, fen, xml "
                        "or html)",
                        value);
        return -1;
    }
    *(enum rgn_format *)out = (enum rgn_format)format;
    return 0;
}

static int run_convert(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_convert);
    rgn_writer_options options = {.format = RGN_FORMAT_RGN};
    const char *output = NULL;
    const cli_option own[] = {
        {"--to", .take = take_format, .out = &options.format},
        {"-o", .value = &output},
        {"--keep-invalid", .flag = &options.keep_invalid},
        {"--fix-result", .flag = &options.fix_result},
        {"--nag-glyphs", .flag = &options.nag_glyphs},
        {"--xml-fen", .flag = &options.xml_fen},
        {"--chains", .flag = &options.chains},
        {0},
    };
    const cli_options parser = {&cli_convert, own, &games, NULL, -1, NULL};
    int files, status = cli_parse_options(&parser, argc, argv, &files);
    if (status != CLI_GO_ON)
        return status;
    /* Every input is checked before the output is touched. */
    if (cli_games_check_inputs(&games, argv + 1, files) < 0)
        return EXIT_USAGE;
    /* A reader of the RGN file takes a game without a Variant tag for
     * the file's game by its name; on standard output, whose reader is
     * unknown, for the default game. */
    if ((options.format == RGN_FORMAT_RGN ||
         options.format == RGN_FORMAT_LAN) &&
        output && strcmp(output, "-") != 0)
        options.tagless = rgn_variant_for_file(output);
    FILE *out = cli_output_open(output);
    if (!out)
        return EXIT_USAGE;
    rgn_writer *writer = rgn_writer_new(&options, out);
    if (!writer) {
        fprintf(stderr, "rgn convert: cannot start the output\n");
        cli_output_close(out, output, false);
        return EXIT_USAGE;
    }
    games.options.sink = rgn_writer_sink(writer);
    games.options.sink_user = writer;
    if (cli_games_ready(&games) < 0) {
        rgn_writer_free(writer);
        cli_output_close(out, output, false);
        return EXIT_USAGE;
    }
    cli_games_read_all(&games, argv + 1, files);
    errno = 0;
    bool written = rgn_writer_finish(writer) == 0;
    if (!written)
        cli_output_error(output, errno);
    rgn_writer_free(writer);
    status = cli_games_finish(&games);
    /* An input that could not be read fails the run: the target stays. */
    if (cli_output_close(out, output, written && status != EXIT_USAGE) < 0 ||
        !written)
        return EXIT_USAGE;
    return status;
}
