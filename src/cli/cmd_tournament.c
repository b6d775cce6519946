/* cmd_tournament.c - "rgn tournament": standings, tie-breaks, the audit
 * of a record set, TRF and a page to publish (rgn_tournaments). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int run_tournament(int argc, char **argv);

const cli_command cli_tournament = {
    "tournament",
    "standings, FIDE tie-breaks and an audit of tournaments; TRF, HTML",
    run_tournament,
};

/* --from: trf, or the input formats of every command that reads games. */
typedef struct source {
    bool trf;
    cli_games *games;
} source;

static int take_source(const cli_command *command, const char *value, void *out)
{
    source *from = out;
    if (strcmp(value, "trf") == 0)
        from->trf = true;
    else if (strcmp(value, "rgn") == 0 || strcmp(value, "xml") == 0)
        from->games->from = strcmp(value, "xml") == 0;
    else
        return cli_usage_error(command,
                               "--from takes trf (a Tournament Report "
                               "File), rgn or xml, not '%s'",
                               value),
               -1;
    return 0;
}

/* The TRF of --from trf, read whole. */
static int read_report(rgn_tournaments *tournaments, const char *path)
{
    size_t len;
    rgn_error error;
    char *text = rgn_file_read(path, &len, &error);
    int rc =
        text ? rgn_tournaments_read_trf(tournaments, text, len, path, &error)
             : -1;
    if (rc < 0)
        fprintf(stderr, "rgn tournament: %s\n", error.message);
    free(text);
    return rc;
}

/* Reads the games of paths (files < 0: none, the report is all) into
 * tournaments, audits them and writes them to path: the exit status. */
static int tournament_read(cli_games *games, rgn_tournaments *tournaments,
                           const rgn_tournament_options *options,
                           const char *path, char **paths, int files)
{
    games->options.sink = rgn_tournaments_sink();
    games->options.sink_user = tournaments;
    if (files >= 0)
        cli_games_read_all(games, paths, files);
    rgn_error error;
    int audit = games->io_error
                    ? -1
                    : rgn_tournaments_finish(tournaments, cli_games_tell, games,
                                             &error);
    if (audit < 0 && !games->io_error)
        fprintf(stderr, "rgn tournament: %s\n", error.message);
    bool ok = audit >= 0;
    if (ok && !options->check_only) {
        FILE *out = cli_output_open(path);
        if (!out)
            ok = false;
        else {
            if (rgn_tournaments_write(tournaments, options->format, out,
                                      &error) < 0) {
                cli_output_failed(path, &error);
                ok = false;
            }
            if (cli_output_close(out, path, ok) < 0)
                ok = false;
        }
    }
    rgn_tournaments_free(tournaments);
    int status = cli_games_finish(games);
    if (!ok)
        return EXIT_USAGE;
    return status == EXIT_OK && audit == 1 ? EXIT_INVALID : status;
}

static int run_tournament(int argc, char **argv)
{
    cli_games games;
    cli_games_init(&games, &cli_tournament);
    rgn_tournament_options options = {.size = sizeof options,
                                      .format = RGN_TOURNAMENT_TEXT};
    int format = RGN_TOURNAMENT_TEXT;
    const char *system = NULL, *tiebreaks = NULL, *rules = NULL;
    source from = {false, &games};
    const char *path = NULL, *same_player = NULL;
    const cli_option own[] = {
        {"--event", .value = &options.event},
        {"--system", .value = &system},
        {"--tiebreaks", .value = &tiebreaks},
        {"--tiebreak-rules", .value = &rules},
        {"--rounds", .take = cli_take_count, .out = &options.planned_rounds},
        {"--check", .flag = &options.check_only},
        {"--same-player", .value = &same_player},
        /* rgn_format_names lists them in the enum's order */
        {"--format", .set = &format,
         .names = rgn_format_names(RGN_TOURNAMENT_FORMATS)},
        {"--from", .take = take_source, .out = &from},
        {"--title", .value = &options.title},
        {"--lang", .value = &options.lang},
        {"-o", .value = &path},
        {0},
    };
    const cli_options parser = {
        &cli_tournament, own, &games, NULL, -1, NULL, NULL};
    int files, status = cli_parse_options(&parser, argc, argv, &files);
    options.format = (enum rgn_tournament_format)format;
    bool from_trf = from.trf;
    char **paths = argv + 1;
    if (status == CLI_GO_ON && from_trf && files < 1)
        status = cli_usage_error(&cli_tournament,
                                 "--from trf needs the report as its first "
                                 "FILE");
    char *spellings = NULL;
    rgn_error error;
    if (status == CLI_GO_ON && same_player &&
        !(spellings =
              rgn_file_read(same_player, &options.same_player_len, &error)))
        status =
            cli_usage_error(&cli_tournament, "--same-player %s", error.message);
    options.same_player = spellings;
    rgn_tiebreak list[RGN_MAX_TIEBREAKS];
    rgn_tournaments *tournaments = NULL;
    if (status == CLI_GO_ON) {
        int s = 0, count = 0, r = 0;
        if ((system && (s = rgn_tournament_system_parse(system, &error)) < 0) ||
            (tiebreaks &&
             (count = rgn_tiebreaks_parse(tiebreaks, list, &error)) < 0) ||
            (rules && (r = rgn_tiebreak_rules_parse(rules, &error)) < 0))
            status = cli_usage_error(&cli_tournament, "%s", error.message);
        options.system = (enum rgn_tournament_system)s;
        options.tiebreaks = list;
        options.tiebreak_count = count;
        options.tiebreak_rules = (enum rgn_tiebreak_rules)r;
        if (status == CLI_GO_ON &&
            !(tournaments = rgn_tournaments_new(&options, &error)))
            status = cli_usage_error(&cli_tournament, "%s", error.message);
    }
    free(spellings);
    if (status == CLI_GO_ON &&
        (cli_games_check_inputs(&games, paths, files) < 0 ||
         cli_games_check_outputs(&games, path, paths, files) < 0 ||
         cli_games_ready(&games) < 0))
        status = EXIT_USAGE;
    if (status == CLI_GO_ON && from_trf && read_report(tournaments, paths[0]))
        status = EXIT_USAGE;
    if (status != CLI_GO_ON) {
        rgn_tournaments_free(tournaments);
        return status;
    }
    if (from_trf) {
        paths++;
        files--;
    }
    return tournament_read(&games, tournaments, &options, path, paths,
                           files > 0 || !from_trf ? files : -1);
}
