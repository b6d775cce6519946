/*
 * fuzz_tournament.c - libFuzzer target for the tournament stage: the
 * input's first byte chooses the tie-breaks, the system and whether a
 * name is merged, the rest is games read through a validator into the
 * tournaments' sink; then the set is finished (grouped, ranked,
 * audited) and written in every format but HTML. Nothing may crash,
 * leak or hang, whatever the records say.
 */
#include <stdio.h>
#include <stdlib.h>

#include "rgn.h"

static void ignore(void *user, const char *file, const rgn_diagnostic *d)
{
    (void)user;
    (void)file;
    (void)d;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    static const char *const lists[] = {NULL, "BH-C1,BH,SB,DE", "DE,WIN,SB,KS",
                                        "ARO,TPR,ARO-C1,BH-M1",
                                        "PS,GE,BPG,BWG,WON,SB-C2,BH-M2"};
    if (size < 1)
        return 0;
    unsigned choice = data[0];
    static const char spellings[] = "Jansen, E.\tJansen, Emma\n";
    rgn_tiebreak list[RGN_MAX_TIEBREAKS];
    int count = 0;
    if (lists[choice % 5] &&
        (count = rgn_tiebreaks_parse(lists[choice % 5], list, NULL)) < 0)
        abort(); /* every list above is well-formed */
    rgn_tournament_options options = {
        .size = sizeof options,
        .tiebreaks = list,
        .tiebreak_count = count,
        /* a system given, or none (RGN_SYSTEM_UNKNOWN) */
        .system = (enum rgn_tournament_system)((choice / 5) % RGN_SYSTEM_COUNT),
        .same_player = choice & 0x80 ? spellings : NULL,
        .same_player_len = sizeof spellings - 1,
        .check_only = choice & 0x40,
    };
    rgn_error error;
    rgn_tournaments *ts = rgn_tournaments_new(&options, &error);
    if (!ts)
        abort(); /* every option above is well-formed */
    rgn_tournaments_sink()->input(ts, "fuzz.pgn");
    rgn_validator_options vo = {.size = sizeof vo,
                                .variant = rgn_variant_find("Chess"),
                                .sink = rgn_tournaments_sink(),
                                .sink_user = ts};
    rgn_validator *v = rgn_validator_new(&vo, NULL);
    /* the standings are asked for only of games read without a failure */
    bool read =
        v && rgn_validator_feed(v, (const char *)data + 1, size - 1) == 0;
    read = v && rgn_validator_finish(v) == 0 && read;
    rgn_validator_free(v);
    if (read && rgn_tournaments_finish(ts, ignore, NULL, &error) >= 0 &&
        !options.check_only) {
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        for (int format = RGN_TOURNAMENT_TEXT; format <= RGN_TOURNAMENT_TRF;
             format++)
            if (format != RGN_TOURNAMENT_HTML)
                if (rgn_tournaments_write(ts, format, out, NULL) < 0)
                    break; /* memory ran out: no finding */
        fclose(out);
        free(text);
    }
    rgn_tournaments_free(ts);
    return 0;
}
