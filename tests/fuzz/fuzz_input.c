/*
 * fuzz_input.c - libFuzzer target for the input layer of the program
 * (src/cli/input.c), which decompresses gzip, zstd and bzip2 data on the
 * fly, and xz data and zip archives through libarchive (fuzzed on its
 * own; what is ours is the glue: its callbacks and the walk over a zip's
 * members): any bytes must read to an end or to an error, without a
 * crash, a leak or a hang; data that is no compressed format must come
 * out as it went in.
 */
#define _GNU_SOURCE /* fmemopen */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    FILE *raw = fmemopen((void *)data, size, "rb");
    if (!raw)
        return 0;
    const char *compression;
    FILE *in = cli_input_wrap(raw, true, false, &compression);
    if (!in)
        return 0;
    static char out[1 << 16];
    size_t total = 0, n;
    bool same = true;
    do { /* every member of a zip archive, one after another */
        while ((n = fread(out, 1, sizeof out, in)) > 0) {
            if (!compression)
                same = same && total + n <= size &&
                       memcmp(out, data + total, n) == 0;
            total += n;
            if (total > ((size_t)1 << 28))
                break; /* a bomb: enough read to know it streams */
        }
    } while (total <= ((size_t)1 << 28) && cli_input_next_member(in) > 0);
    if (!compression && (!same || total != size))
        abort(); /* plain data must pass through unchanged */
    cli_input_close(in);
    return 0;
}
