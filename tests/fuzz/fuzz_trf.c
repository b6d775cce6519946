/*
 * fuzz_trf.c - libFuzzer target for the reader of Tournament Report
 * Files (trf_read, private, in src/tournament/) on any text. When it
 * takes the text, the tournament is written (trf_write), and what is
 * written must be read again and written the same: the writer makes
 * only lines its reader takes, and the two agree on every field.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tournament/tournament.h"

/* The TRF of text, or NULL when trf_read refuses it. */
static char *round_trip(const char *text, size_t len, size_t *out_len)
{
    tournament *t = tournament_new();
    rgn_error error = {0};
    char *out = NULL;
    if (t && trf_read(text, len, "fuzz.trf", t, &error) == 0) {
        FILE *file = open_memstream(&out, out_len);
        if (!file || trf_write(t, file) != 0)
            abort();
        fclose(file);
    } else if (t && (error.message[0] == '\0' || strlen(error.message) > 255))
        abort(); /* a refusal says why */
    tournament_free(t);
    return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t first_len, second_len;
    char *first = round_trip((const char *)data, size, &first_len);
    if (!first)
        return 0;
    char *second = round_trip(first, first_len, &second_len);
    if (!second)
        abort(); /* what trf_write writes is read */
    if (first_len != second_len || memcmp(first, second, first_len) != 0)
        abort(); /* and written the same */
    free(first);
    free(second);
    return 0;
}
