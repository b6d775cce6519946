/* cmd_survey.c - "rgn survey": the distance of every facing of one
 * Rotationary arrangement. */
#include <stdlib.h>
#include <unistd.h>

#include "rotationary_cli.h"

static int run_survey(int argc, char **argv);

const cli_command cli_survey = {
    "survey",
    "Rotationary: distances of all 4^15 facings of one arrangement",
    run_survey,
};

/* context: the time the survey started */
static void show_progress(void *context, int depth, uint64_t done)
{
    const double *start = context;
    fprintf(stderr,
            "\rrgn survey: distance %d done, %llu of %llu positions "
            "reached, %.0f s",
            depth, (unsigned long long)done,
            (unsigned long long)RGN_ROTATIONARY_FACINGS,
            cli_seconds() - *start);
    fflush(stderr);
}

static int run_survey(int argc, char **argv)
{
    const char *fen = NULL, *variant = NULL, *jobs_text = NULL;
    const cli_option own[] = {
        {"--fen", .value = &fen},
        {"--variant", .value = &variant},
        {"--jobs", .value = &jobs_text},
        {0},
    };
    const cli_options parser = {&cli_survey, own, NULL, NULL, 0, NULL, NULL};
    int operands, status = cli_parse_options(&parser, argc, argv, &operands);
    if (status != CLI_GO_ON)
        return status;
    long jobs = 2;
    if (jobs_text && ((jobs = cli_parse_count(jobs_text, 64)) < 1))
        return cli_usage_error(&cli_survey,
                               "--jobs must be from 1 to 64, "
                               "not '%s'",
                               jobs_text);
    if (!fen)
        return cli_usage_error(&cli_survey, "missing --fen POSITION");
    const rgn_variant *rules = rot_cli_variant(&cli_survey, variant);
    rgn_position *pos =
        rules ? cli_position_from(&cli_survey, rules, fen) : NULL;
    rgn_position *example = pos ? rgn_position_new(rules, NULL) : NULL;
    if (!example) {
        if (pos)
            fprintf(stderr, "rgn survey: out of memory\n");
        rgn_position_free(pos);
        return EXIT_USAGE;
    }
    double start = cli_seconds();
    bool show = isatty(STDERR_FILENO);
    rgn_rotationary_distances survey;
    rgn_error err;
    rgn_rotationary_survey_options options = {.size = sizeof options,
                                              .threads = (int)jobs,
                                              .progress =
                                                  show ? show_progress : NULL,
                                              .user = &start};
    status = rgn_rotationary_survey(pos, &options, &survey, example, &err);
    if (status == 0 && show)
        fprintf(stderr, "\n");
    if (status == 0)
        status = rgn_rotationary_distances_write_text(stdout, &survey, example,
                                                      &err);
    /* a write that failed is told as the program ends */
    if (status < 0 && !ferror(stdout))
        fprintf(stderr, "rgn survey: %s\n", err.message);
    rgn_position_free(pos);
    rgn_position_free(example);
    return status == 0 ? EXIT_OK : EXIT_USAGE;
}
