/*
 * parallel.c - validating with several threads, with the output of one.
 *
 * A mapped file (rgn_parallel_read_mapped) is cut into ranges that begin
 * where games begin (rgn_range_cut); a worker reads a range with a
 * checker of its own, from the range's anchor (rgn_range_locate), so
 * that nothing is copied and no cut needs checking; the calling thread
 * only cuts and reports, in order, as below.
 *
 * A stream (rgn_parallel_feed): the calling thread does not read the
 * games. It cuts the input into
 * chunks of about CHUNK_BYTES at likely boundaries between games: a '['
 * that starts a line after a line that does not (an empty line, the end
 * of a game's moves), found with memchr. A chunk is copied once, from
 * the bytes held over from earlier calls and those of the current one;
 * only the bytes after its last cut are held over. It counts each
 * chunk's lines (much cheaper than reading them), so every chunk knows
 * the offset and line of its first byte. Worker threads validate
 * whole chunks, each with a checker of its own (validate.c, the one
 * thread's code) started at that offset and line, and keep the
 * diagnostics. The calling thread reports them in input order, during
 * rgn_parallel_feed and rgn_parallel_finish, adding to each game number
 * the games of the chunks before; the counts add up. At most 2 * jobs
 * chunks are in flight, which bounds the memory.
 *
 * A likely boundary may not be one: a comment, an unclosed variation or a
 * game without a result can go on past it. The checker of the chunk
 * before it tells: at its end it is not between games with nothing
 * pending (rgn_checker_between_games). That chunk's diagnostics are right
 * up to the cut, but the chunks after it were read from a wrong start.
 * When the calling thread reports such a chunk, it drops the results of
 * the chunks after it and goes on with the same checker over their text,
 * reporting at once, until the checker is between games at the end of a
 * chunk: the chunks after that one are right again. If the checker runs
 * past every chunk in flight, the calling thread feeds it the input as it
 * comes ("direct" mode) until it is between games at a likely boundary,
 * and cuts chunks again from there. A stretch of CHUNK_LIMIT chunk sizes
 * without a likely boundary (a huge game, a file with lone CR line ends) is
 * read in direct mode too. All of this is rare, and costs at most the
 * chunks in flight read twice.
 *
 * A chunk keeps a bounded amount of diagnostics (KEEP_CHUNKS); one with
 * more is read again on one thread that reports at once, so that memory
 * does not grow with the diagnostics. A mapped input that is one range
 * (no anchor in it) is read by one job from the start.
 *
 * Input read as Latin-1 comes as longer UTF-8 text: each chunk and each
 * checker carries the offset map of its text (notation/latin1.h), so that
 * the offsets reported are the input's.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/buffer.h"
#include "base/lines.h"
#include "base/mapped.h"
#include "notation/reader.h"
#include "validate/parallel.h"
#include "validate/validate.h"

/* A chunk ends at the first likely boundary after this many bytes: with
 * 2 * jobs of them in flight, two jobs stay well under 16 MB. */
#define CHUNK_BYTES ((size_t)1 << 19)
/* A testing aid: this environment variable sets the chunk size in bytes,
 * so that the tests cross many boundaries with small files. */
#define CHUNK_BYTES_VARIABLE "RGN_TEST_CHUNK_BYTES"
/* This many chunk sizes without a likely boundary are read directly. */
#define CHUNK_LIMIT 8
/* A chunk keeps the diagnostics of this many chunk sizes of text, at
 * least KEEP_LEAST bytes: one that has more (a file without anchors is
 * one range, and one-move games a warning each take 30 times their
 * text) is read again on one thread, reporting at once, so that memory
 * does not grow with the diagnostics: a chunk of a stream by the calling
 * thread (read_again), a range and the rest of the input by one job. */
#define KEEP_CHUNKS 2
/* The kernel maps a file's pages around a fault: the neighbours of a
 * 4 KB page (64 KB by default), or a whole large page (2 MB). The pages
 * of a mapped input are let go again this far back (let_go_before). */
#define LET_GO_AGAIN ((uint64_t)4 << 20)
#define KEEP_LEAST 4096

typedef struct chunk chunk;

/* A checker and where its diagnostics go: a worker's keeps them in its
 * chunk (keep); the calling thread's reports them at once, its games
 * numbered after games_before. */
typedef struct run {
    rgn_checker *checker;
    rgn_parallel *parallel;
    chunk *keep;
    uint64_t games_before;
    rgn_offset_map map; /* of the text it has read (with parallel->map) */
} run;

typedef struct kept_diagnostic {
    rgn_diagnostic d; /* its strings point into the chunk's notes */
    size_t message, white, black, number, move, line;
} kept_diagnostic;

struct chunk {
    /* a range of a mapped input (rgn_parallel_read_mapped), or text */
    const char *data;
    uint64_t size;
    rgn_range range;
    bool latin1_seen; /* the range holds text read as Latin-1 */
    rgn_buffer text;
    uint64_t offset; /* of its first byte in the input */
    uint32_t line;   /* the line of its first byte */
    bool last;       /* the input ends with it */
    enum { QUEUED, RUNNING, DONE } state;
    /* filled by the worker */
    run *open_end; /* its checker, if it did not end between games */
    rgn_buffer notes;
    rgn_buffer diagnostics; /* kept_diagnostic records, one after another */
    bool overflow;          /* more than keep_limit bytes of them */
    rgn_validation_counts counts;
    bool failed;
    rgn_offset_map map; /* of its text (with parallel->map) */
    chunk *next;
};

struct rgn_parallel {
    validator_options options;
    bool release_pages; /* rgn_parallel_read_mapped's data: our mapping */
    uint64_t let_go;    /* its pages before this are let go */
    int jobs;
    size_t chunk_bytes;
    size_t keep_limit; /* the bytes of diagnostics a chunk keeps */
    /* the input not yet in a chunk, from pending_offset, pending_line on;
     * before it (or before what direct mode reads next) the input's last
     * three bytes, for the boundaries */
    rgn_buffer pending;
    uint64_t pending_offset;
    uint32_t pending_line;
    size_t pending_searched; /* no likely boundary before this */
    unsigned char before[3];
    run *direct; /* direct mode: the calling thread's checker */
    /* chunks in input order: queued, being validated or done */
    chunk *oldest, *newest, *next_to_run;
    int in_flight;
    rgn_validation_counts counts; /* of the games reported */
    /* rgn_parallel_read_mapped met text read as Latin-1 in the range
     * one_job_range, or a range there kept too many diagnostics: that
     * range and those after go unreported, for one job to read */
    bool one_job;
    rgn_range one_job_range;
    pthread_mutex_t lock;
    pthread_cond_t work, finished;
    bool stopping, failed;
    pthread_t *threads;
    int thread_count;
    rgn_offset_map *map; /* of the text fed, when it is not the input */
};

/* ------------------------------------------------------------------ */
/* Diagnostics                                                        */

static size_t keep_note(chunk *c, const char *text, size_t len)
{
    size_t at = c->notes.len;
    rgn_buffer_append(&c->notes, text, len);
    rgn_buffer_append(&c->notes, "", 1);
    return at;
}

static void keep_diagnostic(rgn_parallel *p, chunk *c, const rgn_diagnostic *d)
{
    if (c->overflow)
        return;
    if (c->notes.len + c->diagnostics.len > p->keep_limit) {
        c->overflow = true; /* read again (read_again) */
        rgn_buffer_free(&c->notes);
        rgn_buffer_free(&c->diagnostics);
        return;
    }
    kept_diagnostic k = {.d = *d};
    k.message = keep_note(c, d->message, strlen(d->message));
    k.white = keep_note(c, d->white, strlen(d->white));
    k.black = keep_note(c, d->black, strlen(d->black));
    k.number = keep_note(c, d->move_number, strlen(d->move_number));
    k.move = keep_note(c, d->move.data, d->move.len);
    k.line = keep_note(c, d->line.data, d->line.len);
    rgn_buffer_append(&c->diagnostics, (const char *)&k, sizeof k);
}

static void report_now(rgn_parallel *p, rgn_diagnostic d, uint64_t games_before)
{
    d.game += games_before;
    p->options.report(p->options.user, &d);
}

static void on_diagnostic(void *user, const rgn_diagnostic *d)
{
    run *r = user;
    if (r->keep)
        keep_diagnostic(r->parallel, r->keep, d);
    else
        report_now(r->parallel, *d, r->games_before);
}

/* ------------------------------------------------------------------ */
/* Runs: a checker over a stretch of the input                        */

static void free_run(run *r)
{
    if (!r)
        return;
    rgn_checker_free(r->checker);
    rgn_offset_map_free(&r->map);
    free(r);
}

/* A checker for the input from offset and line on. */
static run *new_run(rgn_parallel *p, chunk *keep, uint64_t offset,
                    uint32_t line, const rgn_range *range)
{
    run *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->parallel = p;
    r->keep = keep;
    validator_options options = p->options;
    options.jobs = 1;
    options.report = p->options.report ? on_diagnostic : NULL;
    options.user = r;
    options.range = range;
    r->checker = rgn_checker_new(&options);
    if (!r->checker) {
        free(r);
        return NULL;
    }
    if (offset > 0 && !range) /* else it looks for a byte order mark */
        rgn_checker_start_at(r->checker, offset, line);
    if (p->map)
        rgn_checker_map_offsets(r->checker, &r->map);
    return r;
}

static void add_counts(rgn_validation_counts *to, rgn_validation_counts c)
{
    to->games += c.games;
    to->valid += c.valid;
    to->with_warnings += c.with_warnings;
    to->invalid += c.invalid;
    to->plies += c.plies;
}

/* A run reporting at once has ended: its games count. */
static void end_run(rgn_parallel *p, run *r)
{
    add_counts(&p->counts, rgn_checker_counts(r->checker));
    free_run(r);
}

/* ------------------------------------------------------------------ */
/* Boundaries                                                         */

/* The byte i places before data[at] (i >= 1); before[] holds the three
 * bytes before data. -1 past those. */
static int byte_before(const char *data, size_t at, size_t i,
                       const unsigned char before[3])
{
    if (i <= at)
        return (unsigned char)data[at - i];
    return i - at <= 3 ? before[3 - (i - at)] : -1;
}

/* Whether data[at], a '[', starts a line (after LF or CRLF) that follows
 * a line not beginning with '[': the lexer's resynchronisation point,
 * where a lexer started afresh reads on as one that came from before
 * (rgn_reader_between_games). The line before must be in sight; one
 * that begins with a byte outside ASCII (a byte order mark, which the
 * lexer skips) does not count. */
static bool boundary_at(const char *data, size_t at,
                        const unsigned char before[3])
{
    if (byte_before(data, at, 1, before) != '\n')
        return false;
    size_t i = 2; /* the last byte of the line before, or its CR */
    if (byte_before(data, at, i, before) == '\r')
        i++;
    int first = -1; /* the first byte of the line before */
    for (;; i++) {
        int c = byte_before(data, at, i, before);
        if (c < 0)
            return false; /* not in sight */
        if (c == '\n' || c == '\r')
            break;
        first = c;
    }
    return first != '[' && first < 0x80;
}

/* The first likely boundary between games in data[from, len) (see
 * boundary_at), found with memchr; len if there is none. */
static size_t find_boundary(const char *data, size_t from, size_t len,
                            const unsigned char before[3])
{
    while (from < len) {
        const char *bracket = memchr(data + from, '[', len - from);
        if (!bracket)
            return len;
        size_t at = (size_t)(bracket - data);
        if (boundary_at(data, at, before))
            return at;
        from = at + 1;
    }
    return len;
}

/* before[] after data[0, len) too. */
static void note_last_bytes(unsigned char before[3], const char *data,
                            size_t len)
{
    for (size_t i = len > 3 ? len - 3 : 0; i < len; i++) {
        before[0] = before[1];
        before[1] = before[2];
        before[2] = (unsigned char)data[i];
    }
}

/* ------------------------------------------------------------------ */
/* Workers                                                            */

static int feed_run(void *user, const char *data, size_t len)
{
    return rgn_checker_feed(((run *)user)->checker, data, len);
}

/* A range that kept too many diagnostics stops at once: one job reads
 * it again (report_chunk). */
static bool run_done(const void *user)
{
    const run *r = user;
    return rgn_checker_done(r->checker) || (r->keep && r->keep->overflow);
}

/* The run reads the chunk's text next: it takes the chunk's map. */
static void take_map(run *r, chunk *c)
{
    if (r->parallel->map)
        rgn_offset_map_take(&r->map, &c->map, c->offset,
                            c->offset + c->text.len);
}

/* A run started at the chunk's start (new_run) reads it: a range of a
 * mapped input from its anchor, fed in blocks as rgn_validator_read_all
 * feeds one job, or the chunk's text. False when it failed. */
static bool read_chunk(run *r, chunk *c)
{
    rgn_parallel *p = r->parallel;
    if (c->data)
        return !(p->options.latin1 &&
                 rgn_checker_read_latin1(r->checker) < 0) &&
               !rgn_mapped_feed(c->data, c->range.start, c->size,
                                RGN_READ_BLOCK, p->release_pages, feed_run,
                                run_done, r) &&
               rgn_checker_finish(r->checker) >= 0;
    take_map(r, c);
    return rgn_checker_feed(r->checker, c->text.data, c->text.len) >= 0 &&
           !(c->last && rgn_checker_finish(r->checker) < 0);
}

/* A run for the chunk from its start: a range's from its anchor. */
static run *chunk_run(rgn_parallel *p, chunk *c, chunk *keep)
{
    return c->data ? new_run(p, keep, 0, 0, &c->range)
                   : new_run(p, keep, c->offset, c->line, NULL);
}

/* A worker reads the chunk, keeping its diagnostics. */
static void validate_chunk(rgn_parallel *p, chunk *c)
{
    run *r = chunk_run(p, c, c);
    if (!r || !read_chunk(r, c))
        c->failed = true;
    if (!r)
        return;
    c->counts = rgn_checker_counts(r->checker);
    uint32_t line;
    if (c->data)
        c->latin1_seen = rgn_checker_latin1_seen(r->checker);
    if (!c->data && !c->last && !rgn_checker_between_games(r->checker, &line))
        c->open_end = r; /* the calling thread goes on with it */
    else
        free_run(r);
}

static void *worker(void *arg)
{
    rgn_parallel *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->next_to_run && !p->stopping)
            pthread_cond_wait(&p->work, &p->lock);
        if (!p->next_to_run)
            break;
        chunk *c = p->next_to_run;
        p->next_to_run = c->next;
        c->state = RUNNING;
        pthread_mutex_unlock(&p->lock);
        validate_chunk(p, c);
        pthread_mutex_lock(&p->lock);
        c->state = DONE;
        pthread_cond_broadcast(&p->finished);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Reporting in order (the calling thread)                            */

static void free_chunk(chunk *c)
{
    if (!c)
        return;
    rgn_buffer_free(&c->text);
    rgn_buffer_free(&c->notes);
    rgn_buffer_free(&c->diagnostics);
    rgn_offset_map_free(&c->map);
    free_run(c->open_end);
    free(c);
}

/* Takes the oldest chunk out of the queue once it is done; a chunk not
 * begun yet is not begun at all (drop: its results would be dropped). */
static chunk *take_oldest(rgn_parallel *p, bool drop)
{
    pthread_mutex_lock(&p->lock);
    chunk *c = p->oldest;
    if (c && drop && c->state == QUEUED) {
        p->next_to_run = c->next; /* the queue's first: workers go in order */
        c->state = DONE;
    }
    while (c && c->state != DONE)
        pthread_cond_wait(&p->finished, &p->lock);
    if (c) {
        p->oldest = c->next;
        if (!p->oldest)
            p->newest = NULL;
        p->in_flight--;
    }
    pthread_mutex_unlock(&p->lock);
    return c;
}

static size_t feed_direct(rgn_parallel *p, const char *data, size_t len,
                          size_t from);

/* The pending input, in direct mode (until it ends at a boundary, not at
 * its start, where direct mode begins because the checker is not between
 * games or the input after has no boundary). */
static void pending_to_direct(rgn_parallel *p)
{
    if (p->pending.len == 0)
        return;
    size_t used = feed_direct(p, p->pending.data, p->pending.len, 1);
    memmove(p->pending.data, p->pending.data + used, p->pending.len - used);
    p->pending.len -= used;
    p->pending_searched = 0;
}

/* The pending input, in direct mode: with the run going on, or a new run
 * of the calling thread's checker from the pending input's start. */
static void read_pending_directly(rgn_parallel *p)
{
    if (!p->direct) {
        p->direct = new_run(p, NULL, p->pending_offset, p->pending_line, NULL);
        if (!p->direct) {
            p->failed = true;
            return;
        }
        p->direct->games_before = p->counts.games;
    }
    pending_to_direct(p);
}

/* The chunk did not end between games: its checker reads on through the
 * chunks after it, whose results are dropped, reporting at once, until
 * it is between games at a chunk's end; past the last chunk, in direct
 * mode. */
static void read_on(rgn_parallel *p, run *r)
{
    r->keep = NULL;
    r->games_before = p->counts.games;
    for (;;) {
        chunk *c = take_oldest(p, true);
        if (!c) {
            p->direct = r;
            pending_to_direct(p);
            return;
        }
        uint32_t line;
        take_map(r, c);
        if (rgn_checker_feed(r->checker, c->text.data, c->text.len) < 0 ||
            (c->last && rgn_checker_finish(r->checker) < 0))
            p->failed = true;
        bool ended = c->last || rgn_checker_between_games(r->checker, &line);
        free_chunk(c);
        if (ended) {
            end_run(p, r);
            return;
        }
    }
}

/* A chunk of a stream kept too many diagnostics (overflow): the calling
 * thread reads it again, reporting at once, and reads on as the
 * worker's checker would have when it does not end between games. (A
 * range is read again by one job, with those after it: report_chunk.) */
static void read_again(rgn_parallel *p, chunk *c)
{
    run *r = chunk_run(p, c, NULL);
    if (!r) {
        p->failed = true;
        return;
    }
    r->games_before = p->counts.games;
    if (!read_chunk(r, c))
        p->failed = true;
    uint32_t line;
    if (c->last || rgn_checker_between_games(r->checker, &line))
        end_run(p, r);
    else
        read_on(p, r);
}

static void report_chunk(rgn_parallel *p, chunk *c)
{
    if (c->data && (p->one_job || c->latin1_seen || c->overflow)) {
        if (!p->one_job)
            p->one_job_range = c->range;
        p->one_job = true;
        return;
    }
    if (c->overflow) {
        read_again(p, c);
        return;
    }
    const char *notes = c->notes.data;
    const kept_diagnostic *kept = (const kept_diagnostic *)c->diagnostics.data;
    size_t count = c->diagnostics.len / sizeof *kept;
    for (size_t i = 0; i < count; i++) {
        const kept_diagnostic *k = &kept[i];
        rgn_diagnostic d = k->d;
        d.message = notes + k->message;
        d.white = notes + k->white;
        d.black = notes + k->black;
        d.move_number = notes + k->number;
        d.move = (rgn_span){notes + k->move, k->d.move.len};
        d.line = (rgn_span){notes + k->line, k->d.line.len};
        report_now(p, d, p->counts.games);
    }
    if (c->failed || c->notes.failed || c->diagnostics.failed)
        p->failed = true;
    if (c->open_end) {
        run *r = c->open_end;
        c->open_end = NULL;
        read_on(p, r); /* counts its games (this chunk's too) */
    } else {
        add_counts(&p->counts, c->counts);
    }
}

/* The pages of a mapped input before a reported chunk's start, which no
 * reader needs any more, let go (with the last LET_GO_AGAIN bytes let go
 * before). Each reader lets go what it read, but a fault of one reader
 * maps its neighbours' pages again, a whole large page of them when the
 * file's cache holds large pages: with small chunks, nearly the whole
 * file stayed mapped (108 MB for a 100 MB file). */
static void let_go_before(rgn_parallel *p, const chunk *c)
{
    if (!p->release_pages || !c->data || c->range.start <= p->let_go)
        return;
    uint64_t from = p->let_go > LET_GO_AGAIN ? p->let_go - LET_GO_AGAIN : 0;
    rgn_mapped_release(c->data + from, c->data + c->range.start);
    p->let_go = c->range.start;
}

/* Reports done chunks from the oldest on, and waits until fewer than
 * limit chunks are in flight. */
static void drain(rgn_parallel *p, int limit)
{
    for (;;) {
        pthread_mutex_lock(&p->lock);
        bool ready =
            p->oldest && (p->oldest->state == DONE || p->in_flight >= limit);
        pthread_mutex_unlock(&p->lock);
        if (!ready)
            return;
        chunk *c = take_oldest(p, false);
        report_chunk(p, c);
        let_go_before(p, c);
        free_chunk(c);
    }
}

/* ------------------------------------------------------------------ */
/* Cutting (the calling thread)                                       */

/* Queues a chunk for the workers, and reports what is done. */
static void queue(rgn_parallel *p, chunk *c)
{
    pthread_mutex_lock(&p->lock);
    if (p->newest)
        p->newest->next = c;
    else
        p->oldest = c;
    p->newest = c;
    if (!p->next_to_run)
        p->next_to_run = c;
    p->in_flight++;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->lock);
    drain(p, 2 * p->jobs); /* bounds the chunks in flight */
}

/* Hands the first `take` pending bytes, then extra[0, extra_len) (only
 * when take is all of them), to the workers as a chunk. */
static void submit(rgn_parallel *p, size_t take, const char *extra,
                   size_t extra_len, bool last)
{
    chunk *c = calloc(1, sizeof *c);
    if (!c) {
        p->failed = true;
        return;
    }
    c->offset = p->pending_offset;
    c->line = p->pending_line;
    c->last = last;
    /* the chunk gets a copy of its own size, and the pending buffer stays:
     * a chunk that took the pending buffer would keep its spare room too,
     * and the memory in flight would grow by half again */
    rgn_buffer_reserve(&c->text, take + extra_len);
    rgn_buffer_append(&c->text, p->pending.data, take);
    rgn_buffer_append(&c->text, extra, extra_len);
    if (c->text.failed) {
        free_chunk(c);
        p->failed = true;
        return;
    }
    if (take < p->pending.len)
        memmove(p->pending.data, p->pending.data + take, p->pending.len - take);
    p->pending.len -= take;
    size_t len = take + extra_len;
    if (p->map) {
        rgn_offset_map_take(&c->map, p->map, c->offset, c->offset + len);
        rgn_offset_map_forget(p->map, c->offset + len);
    }
    p->pending_offset += len;
    /* a CR that ends the chunk is a lone one: the chunk ends before '[' */
    p->pending_line += (uint32_t)rgn_count_line_ends(c->text.data, len);
    p->pending_searched = 0;
    note_last_bytes(p->before, c->text.data, len);

    /* queued first: a chunk that does not end between games reads on
     * into this one */
    queue(p, c);
}

/* Cuts the pending input into chunks, while not in direct mode. */
static void cut_chunks(rgn_parallel *p)
{
    while (!p->direct && !p->failed) {
        size_t from = p->pending_searched > p->chunk_bytes ? p->pending_searched
                                                           : p->chunk_bytes;
        if (from >= p->pending.len)
            return;
        size_t cut =
            find_boundary(p->pending.data, from, p->pending.len, p->before);
        if (cut < p->pending.len) {
            submit(p, cut, NULL, 0, false);
            continue;
        }
        p->pending_searched = p->pending.len;
        if (p->pending.len < CHUNK_LIMIT * p->chunk_bytes)
            return;
        /* no boundary in sight: every chunk reported, then direct mode
         * (unless reporting them has begun it) */
        drain(p, 1);
        if (!p->direct)
            read_pending_directly(p);
    }
}

/* Cuts chunks that end in data, the input after the pending bytes, each
 * copied once from there (rather than appended to the pending bytes
 * first); returns the bytes used. */
static size_t cut_chunks_from(rgn_parallel *p, const char *data, size_t len)
{
    size_t used = 0;
    while (!p->direct && !p->failed) {
        size_t pending = p->pending.len;
        size_t from = pending < p->chunk_bytes ? p->chunk_bytes - pending : 0;
        if (used + from >= len)
            break;
        /* the three bytes before data[used] */
        unsigned char before[3];
        memcpy(before, p->before, sizeof before);
        note_last_bytes(before, p->pending.data, pending);
        size_t cut = find_boundary(data + used, from, len - used, before);
        if (cut == len - used)
            break;
        submit(p, pending, data + used, cut, false);
        used += cut;
    }
    return used;
}

/* Direct mode: feeds data to the calling thread's checker up to the first
 * likely boundary (from data[from] on) where it is between games, and
 * leaves direct mode there. Returns the bytes used (all of them if it
 * stays in direct mode). */
static size_t feed_direct(rgn_parallel *p, const char *data, size_t len,
                          size_t from)
{
    unsigned char before[3];
    memcpy(before, p->before, sizeof before);
    size_t fed = 0;
    while (fed < len) {
        size_t cut = find_boundary(data, from, len, before);
        from = cut + 1;
        if (p->map) {
            uint64_t end = p->pending_offset + (cut - fed);
            rgn_offset_map_take(&p->direct->map, p->map, p->pending_offset,
                                end);
            rgn_offset_map_forget(p->map, end);
        }
        if (rgn_checker_feed(p->direct->checker, data + fed, cut - fed) < 0)
            p->failed = true;
        note_last_bytes(p->before, data + fed, cut - fed);
        p->pending_offset += cut - fed;
        fed = cut;
        uint32_t line;
        if (cut < len && rgn_checker_between_games(p->direct->checker, &line)) {
            p->pending_line = line;
            end_run(p, p->direct);
            p->direct = NULL;
            break;
        }
    }
    return fed;
}

/* ------------------------------------------------------------------ */

rgn_parallel *rgn_parallel_new(const validator_options *options)
{
    rgn_parallel *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->options = *options;
    p->jobs = options->jobs;
    p->chunk_bytes = CHUNK_BYTES;
    const char *testing = getenv(CHUNK_BYTES_VARIABLE);
    if (testing && atol(testing) > 0)
        p->chunk_bytes = (size_t)atol(testing);
    p->keep_limit = KEEP_CHUNKS * p->chunk_bytes;
    if (p->keep_limit < KEEP_LEAST)
        p->keep_limit = KEEP_LEAST;
    p->pending_line = 1;
    p->threads = calloc((size_t)p->jobs, sizeof *p->threads);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->finished, NULL);
    if (!p->threads) {
        rgn_parallel_free(p);
        return NULL;
    }
    for (int i = 0; i < p->jobs; i++)
        if (pthread_create(&p->threads[i], NULL, worker, p) == 0)
            p->thread_count++;
    if (p->thread_count == 0) {
        rgn_parallel_free(p);
        return NULL;
    }
    return p;
}

int rgn_parallel_feed(rgn_parallel *p, const char *data, size_t len)
{
    for (;;) {
        if (p->direct) {
            size_t used = feed_direct(p, data, len, 0);
            data += used;
            len -= used;
        }
        size_t used = cut_chunks_from(p, data, len);
        data += used;
        len -= used;
        /* reporting a chunk may have begun direct mode: the rest goes there */
        if (!p->direct || len == 0 || p->failed)
            break;
    }
    rgn_buffer_append(&p->pending, data, len);
    if (p->pending.failed)
        p->failed = true;
    cut_chunks(p);
    drain(p, 2 * p->jobs);
    return p->failed ? -1 : 0;
}

int rgn_parallel_finish(rgn_parallel *p)
{
    if (p->direct) {
        if (rgn_checker_finish(p->direct->checker) < 0)
            p->failed = true;
        end_run(p, p->direct);
        p->direct = NULL;
    } else {
        submit(p, p->pending.len, NULL, 0, true);
    }
    drain(p, 1); /* waits for every chunk */
    return p->failed ? -1 : 0;
}

int rgn_parallel_sync(rgn_parallel *p)
{
    drain(p, 1); /* every chunk reported */
    /* the input not cut yet, read at once: by runs of the calling
     * thread's checker, each from where the last ended between games */
    while (p->pending.len && !p->failed)
        read_pending_directly(p);
    return p->failed ? -1 : 0;
}

bool rgn_parallel_read_mapped(rgn_parallel *p, const char *data, uint64_t size,
                              rgn_range *rest)
{
    /* ranges of at least a few blocks: a range's first games cost the
     * reading of the game before it (from its anchor), and its cut */
    uint64_t part = 2 * (uint64_t)p->chunk_bytes;
    if (part < 1024) /* the tests' tiny chunks: still a boundary a game */
        part = 1024;
    /* start: the anchor of from (rgn_range_anchor), where the range's
     * reader starts; anchor: the last range's, its line counted */
    uint64_t from = 0, start = 0, anchor = 0;
    uint32_t line = 1;
    while (from < size && !p->failed && !p->one_job) {
        /* the next range starts at an anchor after this one's start, so
         * that no text is read by more than two ranges (a file without
         * anchors is one range) */
        uint64_t probe = from + part, seen = from, probe_anchor = UINT64_MAX;
        while (probe < size && (probe_anchor = rgn_range_anchor_after(
                                    data, size, seen, probe)) == UINT64_MAX) {
            if (p->release_pages) /* looked through */
                rgn_mapped_release(data + seen, data + probe);
            seen = probe;
            probe = size - probe > part ? probe + part : size;
        }
        /* the anchor of probe is probe_anchor, the last one before it */
        uint64_t to = probe < size
                          ? rgn_range_cut_after(data, size, probe, probe_anchor,
                                                p->options.latin1)
                          : size;
        if (from == 0 && to == size) {
            /* one range: read by one job, the calling thread, at once
             * (a worker's would keep every diagnostic) */
            *rest = (rgn_range){0, size, 0, 1};
            return true;
        }
        chunk *c = calloc(1, sizeof *c);
        if (!c || to == UINT64_MAX) {
            free(c);
            p->failed = true;
            break;
        }
        line += (uint32_t)rgn_count_line_ends(data + anchor,
                                              (size_t)(start - anchor));
        anchor = start;
        c->data = data;
        c->size = size;
        c->range = (rgn_range){from, to, start, line};
        queue(p, c);
        if (to < size) {
            /* the anchor of to: one after probe_anchor, else that one
             * (each looked for once: a brace is looked for far back) */
            uint64_t later =
                rgn_range_anchor_after(data, size, probe_anchor, to);
            start = later != UINT64_MAX ? later : probe_anchor;
        }
        from = to;
    }
    drain(p, 1); /* waits for every chunk */
    if (p->one_job) {
        *rest = p->one_job_range;
        rest->to = size;
    }
    return p->one_job;
}

void rgn_parallel_map_offsets(rgn_parallel *p, rgn_offset_map *map)
{
    p->map = map;
    if (p->direct) /* (the chunks before are read: rgn_parallel_sync) */
        rgn_checker_map_offsets(p->direct->checker, &p->direct->map);
}

rgn_validation_counts rgn_parallel_counts(const rgn_parallel *p)
{
    rgn_validation_counts c = p->counts;
    if (p->direct)
        add_counts(&c, rgn_checker_counts(p->direct->checker));
    return c;
}

void rgn_parallel_free(rgn_parallel *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    p->next_to_run = NULL; /* what is not begun is not needed */
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->thread_count; i++)
        pthread_join(p->threads[i], NULL);
    while (p->oldest) {
        chunk *c = p->oldest;
        p->oldest = c->next;
        free_chunk(c);
    }
    free_run(p->direct);
    rgn_buffer_free(&p->pending);
    free(p->threads);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->finished);
    free(p);
}

void rgn_parallel_release_pages(rgn_parallel *p, bool release)
{
    p->release_pages = release;
}
