/*
 * fuzz_xml.c - libFuzzer target for the XML reader: any document is read
 * (or refused) without a crash, a leak or a lost game.
 */
#include <stdio.h>
#include <stdlib.h>

#include "rgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *in = fmemopen((void *)data, size ? size : 1, "rb");
    if (!in)
        return 0;
    if (size == 0)
        fgetc(in); /* an empty stream */
    rgn_validator_options options = {.size = sizeof options};
    rgn_validator *validator = rgn_validator_new(&options, NULL);
    if (!validator)
        abort();
    /* read or refused (0 or -1, nothing else), no game is lost */
    int rc = rgn_validator_read_xml(validator, in, "fuzz.xml");
    rgn_validation_counts c = rgn_validator_counts(validator);
    if ((rc != 0 && rc != -1) || c.valid + c.invalid != c.games)
        abort();
    rgn_validator_free(validator);
    fclose(in);
    return 0;
}
