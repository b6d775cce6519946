/*
 * fuzz_ranges.c - libFuzzer target for reading a file in ranges. The
 * input's first two bytes choose a cut point, the rest is the file. The
 * two ranges either side of the cut, each read from its anchor
 * (rgn_range_locate), must give the whole file's diagnostics and game
 * origins, in order (the warning about text read as Latin-1, which each
 * range gives for its own first such byte, once: the first); the cut
 * that rgn_range_cut finds must lie at or after the point, and be the
 * origin of the first game there. And a validator with two jobs reading
 * the whole file in ranges (rgn_validator_read_all, ranges of a few
 * bytes) must report what one job does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <string.h>

#include "rgn.h"
#include "validate/options.h"

typedef struct events {
    char text[1 << 16];
    size_t len;
    uint64_t latin1; /* the first offset warned about, or UINT64_MAX */
} events;

static void add(events *e, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
static void add(events *e, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(e->text + e->len, sizeof e->text - e->len, format, args);
    va_end(args);
    if (n > 0 && (size_t)n < sizeof e->text - e->len)
        e->len += (size_t)n;
    else
        e->len = sizeof e->text - 1; /* full: both sides alike */
}

static void on_report(void *user, const rgn_diagnostic *d)
{
    events *e = user;
    if (d->game == 0) {
        if (d->where.offset < e->latin1)
            e->latin1 = d->where.offset;
        return;
    }
    add(e, "D%llu:%u:%u:%d\n", (unsigned long long)d->where.offset,
        d->where.line, d->where.column, (int)d->problem);
}

static void on_origin(void *user, rgn_location where)
{
    add(user, "O%llu:%u:%u\n", (unsigned long long)where.offset, where.line,
        where.column);
}

static const rgn_game_sink sink = {.origin = on_origin};

static void read_range(const char *text, uint64_t size, rgn_range *range,
                       events *e)
{
    validator_options options = {.size = sizeof options,
                                 .report = on_report,
                                 .user = e,
                                 .sink = &sink,
                                 .sink_user = e,
                                 .latin1 = true,
                                 .jobs = 1};
    if (range) {
        rgn_range_locate(text, size, range);
        options.range = range;
    }
    rgn_validator *v = validator_new(&options, NULL);
    if (!v)
        abort();
    uint64_t at = range ? range->start : 0;
    while (at < size && !rgn_validator_done(v)) {
        uint64_t n = size - at < 7 ? size - at : 7;
        if (rgn_validator_feed(v, text + at, (size_t)n) < 0)
            abort(); /* no sink: only memory fails, as new's NULL above */
        at += n;
    }
    if (rgn_validator_finish(v) < 0)
        abort();
    rgn_validator_free(v);
}

static void read_all(const char *text, uint64_t size, int jobs, events *e)
{
    validator_options options = {.size = sizeof options,
                                 .report = on_report,
                                 .user = e,
                                 .latin1 = true,
                                 .jobs = jobs};
    rgn_validator *v = validator_new(&options, NULL);
    if (!v)
        abort();
    if (rgn_validator_read_all(v, text, size) < 0)
        abort(); /* no sink: only memory fails, as new's NULL above */
    rgn_validator_free(v);
}

static events whole, pieces, one, two;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    uint64_t cut = ((uint64_t)data[0] << 8 | data[1]) % (size - 1);
    const char *text = (const char *)data + 2;
    size -= 2;

    whole = pieces = (events){.latin1 = UINT64_MAX};
    read_range(text, size, NULL, &whole);
    rgn_range a = {.from = 0, .to = cut}, b = {.from = cut, .to = size};
    read_range(text, size, &a, &pieces);
    read_range(text, size, &b, &pieces);
    if (whole.len != pieces.len || memcmp(whole.text, pieces.text, whole.len) ||
        whole.latin1 != pieces.latin1) {
        fprintf(stderr, "whole:\n%.*s--- pieces at %llu:\n%.*s", (int)whole.len,
                whole.text, (unsigned long long)cut, (int)pieces.len,
                pieces.text);
        abort();
    }
    uint64_t found = 0;
    if (rgn_range_cut(text, size, cut, true, &found, NULL) < 0 ||
        (cut > 0 && found < cut) || found > size)
        abort();

    setenv("RGN_TEST_CHUNK_BYTES", "3", 1);
    one = two = (events){.latin1 = UINT64_MAX};
    read_all(text, size, 1, &one);
    read_all(text, size, 2, &two);
    if (one.len != two.len || memcmp(one.text, two.text, one.len) ||
        one.latin1 != two.latin1) {
        fprintf(stderr, "one job:\n%.*s%llu\n--- two jobs:\n%.*s%llu\n",
                (int)one.len, one.text, (unsigned long long)one.latin1,
                (int)two.len, two.text, (unsigned long long)two.latin1);
        abort();
    }
    return 0;
}
