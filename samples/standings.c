/*
 * standings.c - an example of librgn: the standings of the tournaments
 * whose games a file holds (grouped by Event and Site, each one's system
 * recognised, FIDE's tie-breaks), with their crosstables, as
 *
 *     rgn tournament FILE
 *
 * prints them. The audit's findings are not reported; a tournament whose
 * system cannot be recognised is an error (status 2, as rgn's).
 *
 * Build it against an installed rgn with pkg-config:
 *
 *     cc -o standings standings.c $(pkg-config --cflags --libs rgn)
 *
 * Usage: standings FILE
 */
#include <rgn.h>

#include <stdio.h>

/* Feeds the file to a validator whose sink is the tournaments. */
static int read_games(rgn_tournaments *tournaments, const char *path)
{
    FILE *in = fopen(path, "rb");
    if (in == NULL) {
        perror(path);
        return -1;
    }
    rgn_validator_options options = {.size = sizeof options};
    options.variant = rgn_variant_for_file(path); /* ".pgn": Chess */
    if (options.variant == NULL)
        options.variant = rgn_variant_default(); /* Rotary */
    options.sink = rgn_tournaments_sink();
    options.sink_user = tournaments;
    rgn_validator *validator = rgn_validator_new(&options, NULL);
    /* the name the records' findings are reported under */
    int status = validator == NULL ? -1 : rgn_validator_input(validator, path);
    char block[1 << 16];
    size_t n;
    while (status == 0 && (n = fread(block, 1, sizeof block, in)) > 0)
        status = rgn_validator_feed(validator, block, n);
    if (status == 0 && (ferror(in) || rgn_validator_finish(validator) != 0))
        status = -1;
    rgn_validator_free(validator);
    fclose(in);
    if (status != 0)
        fprintf(stderr, "standings: %s: cannot be read\n", path);
    return status;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: standings FILE\n");
        return 2;
    }
    rgn_error error;
    rgn_tournament_options options = {
        .size = sizeof options}; /* every tournament, as text */
    rgn_tournaments *tournaments = rgn_tournaments_new(&options, &error);
    if (tournaments == NULL) {
        fprintf(stderr, "standings: %s\n", error.message);
        return 2;
    }
    int status = read_games(tournaments, argv[1]) == 0 ? 0 : 2;
    if (status == 0 &&
        rgn_tournaments_finish(tournaments, NULL, NULL, &error) < 0) {
        fprintf(stderr, "standings: %s\n", error.message);
        status = 2;
    }
    if (status == 0 && rgn_tournaments_write(tournaments, RGN_TOURNAMENT_TEXT,
                                             stdout, &error) != 0) {
        fprintf(stderr, "standings: %s\n", error.message);
        status = 2;
    }
    rgn_tournaments_free(tournaments);
    return status;
}
