/*
 * fuzz_reader.c - libFuzzer target for the RGN reader and validator.
 * The input is read twice, whole and fed in small chunks (sizes from the
 * input's first byte); the callbacks must be the same both times, which
 * a running hash of them checks. Then the validator replays it with one
 * job and with two, the second cutting the input into chunks of a few
 * bytes (RGN_TEST_CHUNK_BYTES, validate/parallel.c): the diagnostics and
 * counts must be the same.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/reader.h"
#include "rgn.h"
#include "validate/options.h"

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

static int on_begin(void *u, rgn_location w)
{
    *(uint64_t *)u = mix_where(mix(*(uint64_t *)u, 1), w);
    return 0;
}
static int on_tag(void *u, rgn_span n, rgn_span v, rgn_location w)
{
    *(uint64_t *)u =
        mix_where(mix_span(mix_span(mix(*(uint64_t *)u, 2), n), v), w);
    return 0;
}
static int on_number(void *u, unsigned n, bool b, rgn_location w)
{
    *(uint64_t *)u = mix_where(mix(mix(mix(*(uint64_t *)u, 3), n), b), w);
    return 0;
}
static int on_move(void *u, rgn_span t, rgn_location w)
{
    *(uint64_t *)u = mix_where(mix_span(mix(*(uint64_t *)u, 4), t), w);
    return 0;
}
static int on_nag(void *u, unsigned n, rgn_location w)
{
    *(uint64_t *)u = mix_where(mix(mix(*(uint64_t *)u, 5), n), w);
    return 0;
}
static int on_comment(void *u, rgn_span t, rgn_location w)
{
    *(uint64_t *)u = mix_where(mix_span(mix(*(uint64_t *)u, 6), t), w);
    return 0;
}
static int on_open(void *u, rgn_location w)
{
    *(uint64_t *)u = mix_where(mix(*(uint64_t *)u, 7), w);
    return 0;
}
static int on_close(void *u, rgn_location w)
{
    *(uint64_t *)u = mix_where(mix(*(uint64_t *)u, 8), w);
    return 0;
}
static int on_result(void *u, rgn_span t, rgn_location w)
{
    *(uint64_t *)u = mix_where(mix_span(mix(*(uint64_t *)u, 9), t), w);
    return 0;
}
static void on_end(void *u, rgn_location w)
{
    *(uint64_t *)u = mix_where(mix(*(uint64_t *)u, 10), w);
}
static void on_error(void *u, rgn_location w, const char *m)
{
    *(uint64_t *)u = mix_where(
        mix_span(mix(*(uint64_t *)u, 11), (rgn_span){m, strlen(m)}), w);
}

static void on_lenient(void *u, rgn_location w, enum rgn_problem p,
                       const char *m)
{
    *(uint64_t *)u = mix_where(
        mix_span(mix(mix(*(uint64_t *)u, 12), p), (rgn_span){m, strlen(m)}), w);
}

/* the text of a game given up must not depend on the chunks either */
static void on_skipped(void *u, rgn_span t, bool cut, rgn_span result,
                       rgn_location w)
{
    *(uint64_t *)u = mix_where(
        mix_span(mix_span(mix(mix(*(uint64_t *)u, 13), cut), t), result), w);
}

static const rgn_visitor hashing = {
    on_begin, on_tag,    on_number, on_move,  on_nag,     on_comment, on_open,
    on_close, on_result, on_end,    on_error, on_lenient, on_skipped};

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

static void hash_diagnostic(void *u, const rgn_diagnostic *d)
{
    uint64_t h =
        mix_where(mix(mix(*(uint64_t *)u, d->problem), d->severity), d->where);
    h = mix(mix(mix(h, d->game), (uint64_t)d->ply), d->caret);
    h = mix_span(h, (rgn_span){d->message, strlen(d->message)});
    h = mix_span(h, (rgn_span){d->white, strlen(d->white)});
    h = mix_span(h, (rgn_span){d->black, strlen(d->black)});
    h = mix_span(h, (rgn_span){d->move_number, strlen(d->move_number)});
    h = mix_span(h, d->line);
    *(uint64_t *)u = mix_span(h, d->move);
}

/* Validates data fed in pieces of piece bytes; the hash of the
 * diagnostics. */
static uint64_t validate(const uint8_t *data, size_t size, int jobs,
                         size_t piece, rgn_validation_counts *counts)
{
    uint64_t hash = 0xCBF29CE484222325ull;
    validator_options options = {.size = sizeof options};
    options.report = hash_diagnostic;
    options.user = &hash;
    options.jobs = jobs;
    rgn_validator *validator = validator_new(&options, NULL);
    if (!validator)
        abort();
    for (size_t at = 0; at < size; at += piece) {
        size_t n = size - at < piece ? size - at : piece;
        if (rgn_validator_feed(validator, (const char *)data + at, n) < 0)
            abort(); /* no sink: only memory fails, as new's NULL above */
    }
    if (rgn_validator_finish(validator) < 0)
        abort();
    *counts = rgn_validator_counts(validator);
    if (counts->valid + counts->invalid != counts->games)
        abort(); /* a game neither valid nor invalid: lost */
    rgn_validator_free(validator);
    return hash;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    size_t chunk = size ? 1 + data[0] % 13 : 1;
    if (read_in_chunks(data, size, size ? size : 1) !=
        read_in_chunks(data, size, chunk))
        abort(); /* chunking changed what the reader saw */

    rgn_validation_counts one, two;
    uint64_t one_job = validate(data, size, 1, size ? size : 1, &one);
    char chunk_bytes[8];
    snprintf(chunk_bytes, sizeof chunk_bytes, "%d",
             1 + (size > 1 ? data[1] % 64 : 0));
    setenv("RGN_TEST_CHUNK_BYTES", chunk_bytes, 1);
    uint64_t two_jobs = validate(data, size, 2, chunk, &two);
    if (one_job != two_jobs || memcmp(&one, &two, sizeof one) != 0)
        abort(); /* two jobs reported otherwise than one */
    return 0;
}
