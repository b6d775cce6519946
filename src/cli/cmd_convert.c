/* cmd_convert.c - "rgn convert": games from one format to another. */
#include <string.h>
#include <strings.h>

#include "cli.h"

static int run_convert(int argc, char **argv);

const cli_command cli_convert = {
    "convert",
    "convert games to canonical RGN, LAN, coordinates, RFEN, XML, HTML or "
    "JSON",
    run_convert,
};

/* The games of the count inputs of paths written into out by a writer
 * made with options or, with fix_result, through a selector that takes
 * every game and a destination that writes each with the edit that
 * fixes its result, as select --fix-result writes it: 0, or -1 with
 * error when the output could not be started or written. Sets *judged
 * false when memory ran out for a game. */
static int read_into(cli_games *games, const rgn_writer_options *options,
                     bool fix_result, FILE *out, char **paths, int count,
                     bool *judged, rgn_error *error)
{
    rgn_edits *edits = fix_result ? rgn_edits_new(error) : NULL;
    if (edits) {
        rgn_edits_add(edits, RGN_EDIT_FIX_RESULT);
        rgn_edits_report(edits, cli_games_report, games);
    }
    rgn_destination_options to = {
        .size = sizeof to, .writing = options, .edits = edits};
    rgn_destination *destination =
        edits ? rgn_destination_new(&to, out, error) : NULL;
    rgn_selector_options select = {.size = sizeof select,
                                   .edits = edits,
                                   .selected = rgn_destination_selected,
                                   .user = destination};
    rgn_selector *selector =
        destination ? rgn_selector_new(&select, error) : NULL;
    rgn_writer *writer =
        fix_result ? NULL : rgn_writer_new(options, out, error);
    int status = -1;
    if (selector || writer) {
        games->options.sink =
            selector ? rgn_selector_sink() : rgn_writer_sink(writer);
        games->options.sink_user = selector ? (void *)selector : writer;
        cli_games_read_all(games, paths, count);
        *judged = !selector || rgn_selector_finish(selector, NULL) == 0;
        status = selector ? rgn_destination_finish(destination, true, error)
                          : rgn_writer_finish(writer, error);
    }
    rgn_writer_free(writer);
    rgn_selector_free(selector);
    rgn_destination_free(destination);
    rgn_edits_free(edits);
    return status;
}

/* Writes the games of the count inputs of paths (standard input when
 * none) into output (standard output when NULL): 0, or -1 when the
 * output could not be written or an input could not be read; output
 * then stays as it was. */
static int convert_into(cli_games *games, const rgn_writer_options *options,
                        bool fix_result, const char *output, char **paths,
                        int count)
{
    FILE *out = cli_output_open(output);
    if (!out)
        return -1;
    /* the writer leaves out the Variant tag its file's name implies */
    rgn_writer_options own = *options;
    own.path = output;
    bool failed_before = games->io_error;
    games->io_error = false;
    bool judged = true;
    rgn_error error = {0};
    int status =
        read_into(games, &own, fix_result, out, paths, count, &judged, &error);
    if (!judged)
        fprintf(stderr, "rgn convert: out of memory\n");
    bool read = judged && !games->io_error;
    games->io_error |= failed_before;
    if (status < 0)
        cli_output_failed(output, &error);
    /* An input that could not be read fails the run: the target stays. */
    if (cli_output_close(out, output, status == 0 && read) < 0 || status < 0 ||
        !read)
        return -1;
    return 0;
}

/* --lang: a language tag, as an HTML page names its language. */
static int take_lang(const cli_command *command, const char *value, void *out)
{
    if (!rgn_language_tag_valid(value)) {
        cli_usage_error(command,
                        "--lang: '%s' is not a language tag (letters, digits "
                        "and '-', as en, nl-BE)",
                        value);
        return -1;
    }
    *(const char **)out = value;
    return 0;
}

/* --in-place rewrites files of text given by name: -1 after the usage
 * error when it cannot. */
static int check_in_place(const char *output, char **paths, int files)
{
    const cli_conflict conflicts[] = {
        {output != NULL, "--in-place writes each FILE: it takes no -o"},
        {files == 0, "--in-place needs a FILE"},
        {0},
    };
    if (cli_check_conflicts(&cli_convert, conflicts) != CLI_GO_ON)
        return -1;
    for (int i = 0; i < files; i++) {
        if (strcmp(paths[i], "-") == 0)
            return cli_usage_error(&cli_convert,
                                   "--in-place cannot rewrite standard input"),
                   -1;
        /* what is written is text: a compressed name would lie */
        const char *compression;
        if (cli_input_check(&cli_convert, paths[i], &compression) < 0)
            return -1;
        if (compression)
            return cli_usage_error(&cli_convert,
                                   "--in-place writes text, and %s holds %s "
                                   "data: decompress it first",
                                   paths[i], compression),
                   -1;
    }
    return 0;
}

static int run_convert(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_convert);
    rgn_writer_options options = {.size = sizeof options}; /* RGN */
    const char *output = NULL;
    int to = -1;
    bool in_place = false, fix_result = false;
    const cli_option own[] = {
        {"--to", .take = cli_take_format, .out = &to},
        {"-o", .value = &output},
        {"--in-place", .flag = &in_place},
        {"--keep-invalid", .flag = &options.keep_invalid},
        {"--fix-result", .flag = &fix_result},
        {"--nag-glyphs", .flag = &options.nag_glyphs},
        {"--xml-fen", .flag = &options.xml_fen},
        {"--json-fen", .flag = &options.json_fen},
        {"--chains", .flag = &options.chains},
        {"--title", .value = &options.title},
        {"--lang", .take = take_lang, .out = &options.lang},
        {0},
    };
    const cli_options parser = {&cli_convert, own,  &games, NULL,
                                -1,           NULL, NULL};
    int files, status = cli_parse_options(&parser, argc, argv, &files);
    if (status != CLI_GO_ON)
        return status;
    char **paths = argv + 1;
    if (in_place) {
        if (check_in_place(output, paths, files) < 0)
            return EXIT_USAGE;
        /* a game is never dropped from the file it was read from */
        options.keep_invalid = true;
    }
    /* Every input is checked before the output is touched. */
    if (cli_games_check_inputs(&games, paths, files) < 0)
        return EXIT_USAGE;
    if (cli_output_check_inputs(&cli_convert, "-o", output, paths, files,
                                ", or --in-place to rewrite it") < 0 ||
        cli_games_check_outputs(&games, NULL, paths, files) < 0)
        return EXIT_USAGE;
    /* each output's format, checked before anything is written */
    for (int i = 0; i < (in_place ? files : 1); i++)
        if (cli_output_format(&cli_convert, to, in_place ? paths[i] : output) <
            0)
            return EXIT_USAGE;
    if (cli_games_ready(&games) < 0)
        return EXIT_USAGE;
    bool failed = false;
    for (int i = 0; i < (in_place ? files : 1); i++) {
        const char *target = in_place ? paths[i] : output;
        options.format =
            (enum rgn_format)cli_output_format(&cli_convert, to, target);
        if (convert_into(&games, &options, fix_result, target,
                         in_place ? paths + i : paths,
                         in_place ? 1 : files) < 0)
            failed = true;
    }
    status = cli_games_finish(&games);
    return failed ? EXIT_USAGE : status;
}
