/*
 * find_position.c - an example of librgn: the games of a file that reach
 * a position at some ply of their main line, a line a game, as
 *
 *     rgn select --position POSITION --format tsv \
 *         --columns game,White,Black,result FILE
 *
 * lists them: a header line, then the game's number in the file, its
 * White, Black and result, tab-separated. Invalid games are left out, as
 * rgn select leaves them out.
 *
 * Build it against an installed rgn with pkg-config:
 *
 *     cc -o find_position find_position.c $(pkg-config --cflags --libs rgn)
 *
 * Usage: find_position POSITION FILE
 */
#include <rgn.h>

#include <stdio.h>

/* The selector calls this with each game that matched, in input order. */
static void on_selected(void *user, const rgn_game *game,
                        const rgn_selection *selection)
{
    rgn_span white = {"", 0}, black = {"", 0};
    rgn_span result = rgn_game_result(game);
    (void)user;
    rgn_game_tag(game, "White", &white);
    rgn_game_tag(game, "Black", &black);
    printf("%llu\t%.*s\t%.*s\t%.*s\n", (unsigned long long)selection->number,
           (int)white.len, white.data, (int)black.len, black.data,
           (int)result.len, result.data);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: find_position POSITION FILE\n");
        return 2;
    }
    FILE *in = fopen(argv[2], "rb");
    if (in == NULL) {
        perror(argv[2]);
        return 2;
    }
    /* the criterion, as rgn select's option --position takes it */
    rgn_error error;
    rgn_criteria *criteria = rgn_criteria_new(NULL);
    if (criteria == NULL || rgn_criteria_add(criteria, RGN_CRITERION_POSITION,
                                             argv[1], &error) != 0) {
        fprintf(stderr, "find_position: %s\n",
                criteria == NULL ? "out of memory" : error.message);
        return 2;
    }
    rgn_selector_options select = {.size = sizeof select};
    select.criteria = criteria;
    select.valid_only = true;
    select.selected = on_selected;
    rgn_selector *selector = rgn_selector_new(&select, &error);
    if (selector == NULL) {
        fprintf(stderr, "find_position: %s\n", error.message);
        return 2;
    }

    /* the validator replays every game and hands it to the selector;
     * games without a Variant tag are of the file's game (a .pgn file
     * is Chess), Rotary otherwise */
    rgn_validator_options options = {.size = sizeof options};
    options.variant = rgn_variant_for_file(argv[2]);
    if (options.variant == NULL)
        options.variant = rgn_variant_default();
    options.sink = rgn_selector_sink();
    options.sink_user = selector;
    rgn_validator *validator = rgn_validator_new(&options, NULL);
    if (validator == NULL) {
        fprintf(stderr, "find_position: out of memory\n");
        return 2;
    }
    printf("game\tWhite\tBlack\tresult\n");
    char chunk[65536];
    size_t n;
    int status = 0;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0)
        if (rgn_validator_feed(validator, chunk, n) != 0)
            status = 2;
    if (ferror(in) || rgn_validator_finish(validator) != 0)
        status = 2;
    if (rgn_selector_finish(selector, &error) != 0) {
        fprintf(stderr, "find_position: %s\n", error.message);
        status = 2;
    }
    rgn_validator_free(validator);
    rgn_selector_free(selector);
    rgn_criteria_free(criteria);
    fclose(in);
    return status;
}
