/*
 * fuzz_input.c - libFuzzer target for the library's input layer
 * (src/input/open.c, rgn_input), which decompresses gzip, zstd and
 * bzip2 data on the fly, and xz data and zip archives through libarchive
 * (fuzzed on its own; what is ours is the glue: its callbacks and the
 * walk over a zip's members): any bytes must read to an end or to an
 * error, without a crash, a leak or a hang; data that is no compressed
 * format must come out as it went in.
 */
#include <stdlib.h>
#include <string.h>

#include "rgn.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    rgn_input *in = rgn_input_open_memory("fuzz", data, size, NULL);
    if (!in)
        return 0;
    const char *compression = rgn_input_compression(in);
    static char out[1 << 16];
    size_t total = 0;
    ptrdiff_t n;
    bool same = true;
    do { /* every member of a zip archive, one after another */
        while ((n = rgn_input_read(in, out, sizeof out)) > 0) {
            if (!compression)
                same = same && total + (size_t)n <= size &&
                       memcmp(out, data + total, (size_t)n) == 0;
            total += (size_t)n;
            if (total > ((size_t)1 << 28))
                break; /* a bomb: enough read to know it streams */
        }
    } while (total <= ((size_t)1 << 28) && rgn_input_next_member(in) > 0);
    if (!compression && (!same || total != size))
        abort(); /* plain data must pass through unchanged */
    rgn_input_close(in);
    return 0;
}
