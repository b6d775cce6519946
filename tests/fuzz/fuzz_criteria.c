/*
 * fuzz_criteria.c - libFuzzer target for the readers of every criterion
 * of rgn select: the input is lines, each a criterion whose first byte
 * chooses the option and whose rest is its value. A value refused must
 * say why; when every line is taken, a few small games of several rule
 * sets (a mate, variations, a promotion, a set-up start, an invalid one)
 * are judged against the criteria, live, and each game selected again
 * replayed into a matcher of its own (whose game numbers differ).
 */
#include <stdlib.h>
#include <string.h>

#include "rgn.h"


static const char games[] =
    "[White \"Tal\"]\n[Date \"2018.??.??\"]\n[WhiteElo \"2600\"]\n"
    "[BlackElo \"2500\"]\n[Round \"3.2\"]\n\n"
    "1. e4 e5 2. Bc4 Nc6 (2... Nf6 {x}) 3. Qh5 $1 Nf6 4. Qxf7# 1-0\n\n"
    "[FEN \"7k/P7/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8=N 1/2-1/2\n\n"
    "[Variant \"Rotary\"]\n\n1. e4 *\n\n"
    "[White \"Broken\"]\n\n1. e4 e5 2. Ke3 *\n\n";

static void on_selected(void *user, const rgn_game *game,
                        const rgn_selection *selection)
{
    rgn_matcher *matcher = user;
    if (selection->ply < -1 || selection->ply > rgn_game_plies(game))
        abort(); /* a ply the game does not have */
    if (rgn_game_replay(game, NULL, -1, rgn_matcher_sink(), matcher, NULL) == 0)
        rgn_matcher_matched(matcher, NULL);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    rgn_criteria *criteria = rgn_criteria_new(NULL);
    if (!text || !criteria) {
        free(text);
        rgn_criteria_free(criteria);
        return 0;
    }
    memcpy(text, data, size);
    text[size] = '\0';
    bool taken = true;
    for (char *line = text; taken && *line;) {
        char *end = strchr(line, '\n');
        if (end)
            *end = '\0';
        enum rgn_criterion which =
            (enum rgn_criterion)((unsigned char)line[0] % RGN_CRITERION_COUNT);
        enum rgn_criterion_value takes = rgn_criterion_takes(which);
        const char *value = takes != RGN_CRITERION_FLAG ? line + 1 : NULL;
        if (takes == RGN_CRITERION_OPTIONAL && line[1] == '\0')
            value = NULL; /* --promotion without a piece */
        rgn_error error = {0};
        if (rgn_criteria_add(criteria, which, value, &error) != 0) {
            if (error.message[0] == '\0')
                abort(); /* a refusal must say why */
            taken = false;
        }
        line = end ? end + 1 : line + strlen(line);
    }
    if (taken) {
        rgn_matcher *matcher = rgn_matcher_new(criteria, NULL);
        rgn_selector_options so = {.size = sizeof so,
                                   .criteria = criteria,
                                   .selected = on_selected,
                                   .user = matcher};
        rgn_selector *selector = rgn_selector_new(&so, NULL);
        rgn_validator_options vo = {.size = sizeof vo,
                                    .variant = rgn_variant_find("Chess"),
                                    .sink = rgn_selector_sink(),
                                    .sink_user = selector};
        rgn_validator *validator = rgn_validator_new(&vo, NULL);
        /* a failure (memory, the selector) is an answer too: only a
         * crash is a finding */
        if (matcher && selector && validator &&
            rgn_validator_feed(validator, games, sizeof games - 1) == 0 &&
            rgn_validator_finish(validator) < 0)
            fprintf(stderr, "the selection failed\n");
        rgn_validator_free(validator);
        rgn_selector_free(selector);
        rgn_matcher_free(matcher);
    }
    rgn_criteria_free(criteria);
    free(text);
    return 0;
}
