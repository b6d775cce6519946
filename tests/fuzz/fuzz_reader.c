/*
 * fuzz_reader.c - libFuzzer target for the RGN reader and validator.
 * The input is read twice, whole and fed in small chunks (sizes from the
 * input's first byte); the callbacks must be the same both times, which
 * a running hash of them checks. Then the validator replays it.
 */
#include <stdlib.h>
#include <string.h>

#include "rgn.h"

static uint64_t mix(uint64_t h, uint64_t x)
{
    return (h ^ x) * 0x100000001B3ull;
}

static uint64_t mix_span(uint64_t h, rgn_span s)
{
    for (size_t i = 0; i < s.len; i++)
        h = mix(h, (unsigned char)s.data[i]);
    return mix(h, s.len);
}

static uint64_t mix_where(uint64_t h, rgn_location w)
{
    return mix(mix(mix(h, w.offset), w.line), w.column);
}

static int on_begin(void *u, rgn_location w) { *(uint64_t *)u = mix_where(mix(*(uint64_t *)u, 1), w); return 0; }
static int on_tag(void *u, rgn_span n, rgn_span v, rgn_location w) { *(uint64_t *)u = mix_where(mix_span(mix_span(mix(*(uint64_t *)u, 2), n), v), w); return 0; }
static int on_number(void *u, unsigned n, bool b, rgn_location w) { *(uint64_t *)u = mix_where(mix(mix(mix(*(uint64_t *)u, 3), n), b), w); return 0; }
static int on_move(void *u, rgn_span t, rgn_location w) { *(uint64_t *)u = mix_where(mix_span(mix(*(uint64_t *)u, 4), t), w); return 0; }
static int on_nag(void *u, unsigned n, rgn_location w) { *(uint64_t *)u = mix_where(mix(mix(*(uint64_t *)u, 5), n), w); return 0; }
static int on_comment(void *u, rgn_span t, rgn_location w) { *(uint64_t *)u = mix_where(mix_span(mix(*(uint64_t *)u, 6), t), w); return 0; }
static int on_open(void *u, rgn_location w) { *(uint64_t *)u = mix_where(mix(*(uint64_t *)u, 7), w); return 0; }
static int on_close(void *u, rgn_location w) { *(uint64_t *)u = mix_where(mix(*(uint64_t *)u, 8), w); return 0; }
static int on_result(void *u, rgn_span t, rgn_location w) { *(uint64_t *)u = mix_where(mix_span(mix(*(uint64_t *)u, 9), t), w); return 0; }
static void on_end(void *u, rgn_location w) { *(uint64_t *)u = mix_where(mix(*(uint64_t *)u, 10), w); }
static void on_error(void *u, rgn_location w, const char *m) { *(uint64_t *)u = mix_where(mix_span(mix(*(uint64_t *)u, 11), (rgn_span){m, strlen(m)}), w); }

static void on_lenient(void *u, rgn_location w, enum rgn_problem p, const char *m) { *(uint64_t *)u = mix_where(mix_span(mix(mix(*(uint64_t *)u, 12), p), (rgn_span){m, strlen(m)}), w); }

static const rgn_visitor hashing = {on_begin, on_tag, on_number, on_move, on_nag,
                                    on_comment, on_open, on_close, on_result,
                                    on_end, on_error, on_lenient};

static uint64_t read_in_chunks(const uint8_t *data, size_t size, size_t chunk)
{
    uint64_t hash = 0xCBF29CE484222325ull;
    rgn_reader *reader = rgn_reader_new(&hashing, &hash);
    if (!reader)
        abort();
    for (size_t at = 0; at < size; at += chunk) {
        size_t n = size - at < chunk ? size - at : chunk;
        if (rgn_reader_feed(reader, (const char *)data + at, n) < 0)
            abort();
    }
    rgn_reader_finish(reader);
    rgn_reader_free(reader);
    return hash;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t chunk = size ? 1 + data[0] % 13 : 1;
    if (read_in_chunks(data, size, size ? size : 1) !=
        read_in_chunks(data, size, chunk))
        abort(); /* chunking changed what the reader saw */

    rgn_validator_options options = {0};
    rgn_validator *validator = rgn_validator_new(&options);
    if (!validator)
        abort();
    rgn_validator_feed(validator, (const char *)data, size);
    rgn_validator_finish(validator);
    rgn_validation_counts c = rgn_validator_counts(validator);
    if (c.valid + c.invalid != c.games)
        abort(); /* a game neither valid nor invalid: lost */
    rgn_validator_free(validator);
    return 0;
}
