/*
 * parallel.c - validating with several threads, with the same output as
 * one thread.
 *
 * The calling thread reads (the reader runs at some hundreds of MB/s) and
 * records each game's parts, with the source line each token's
 * diagnostics would show, into batches. Worker threads replay each batch
 * through validators of their own and keep the diagnostics. The calling
 * thread reports the batches' diagnostics in input order, during
 * rgn_checker_feed and rgn_checker_finish, so the reports and counts
 * are those of a single thread. At most 2 * jobs batches are in flight,
 * which bounds the memory.
 *
 * A game too large to record (GAME_RECORD_MAX) is validated by the
 * calling thread, once every batch before it has been reported, as it is
 * read ("direct" mode).
 *
 * One difference from one thread, in inputs no real record has: move
 * texts and tag values longer than RECORD_TEXT_MAX bytes are cut there (no
 * move is that long; the validator keeps less of any tag value). (A game
 * whose validation failed is read on by the same rules in both, so a
 * syntax error after the failure ends it at the same place.)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buffer.h"
#include "notation/lexer.h"
#include "validate/parallel.h"
#include "validate/validate.h"

#define RECORD_TEXT_MAX 4096
#define BATCH_BYTES (128 * 1024) /* recorded text that fills a batch */
/* A game whose record grows past this is validated by the reading thread
 * as it is read, instead of being recorded whole. */
#define GAME_RECORD_MAX (512 * 1024)

enum event_kind {
    EV_BEGIN, EV_TAG, EV_NUMBER, EV_MOVE, EV_NAG, EV_COMMENT, EV_OPEN,
    EV_CLOSE, EV_RESULT, EV_END, EV_ERROR, EV_LENIENT
};

typedef struct event {
    uint8_t kind;
    bool black;
    uint32_t value; /* a number, a NAG */
    rgn_location where;
    uint32_t text, text_len;   /* in the batch's arena */
    uint32_t text2, text2_len; /* a tag's value */
    uint32_t line, line_len, caret;
} event;

typedef struct kept_diagnostic {
    rgn_diagnostic d; /* its strings point into the batch's notes */
    size_t message, white, black, number, move, line;
} kept_diagnostic;

typedef struct batch {
    uint64_t first_game; /* the number of its first game */
    rgn_buffer arena;
    event *events;
    size_t event_count, event_capacity;
    /* filled by the worker */
    rgn_buffer notes;
    kept_diagnostic *diagnostics;
    size_t diagnostic_count, diagnostic_capacity;
    rgn_validation_counts counts;
    bool done;
    struct batch *next;
} batch;

struct rgn_parallel {
    rgn_validator_options options;
    int jobs;
    rgn_reader *reader;
    batch *recording;   /* being filled by the reader */
    uint64_t games;     /* games begun so far */
    size_t game_event;  /* where the game being read starts in recording */
    size_t game_arena;
    /* direct mode: the reading thread validates the game being read */
    bool direct;
    rgn_checker *direct_validator;
    bool direct_abandoned;
    /* the previous event's line, to share it */
    size_t line_len, line_at;
    uint64_t line_offset;
    uint32_t line_number;
    /* batches in input order: queued, being replayed or done */
    batch *oldest, *newest, *next_to_replay;
    int in_flight;
    rgn_validation_counts counts;
    pthread_mutex_t lock;
    pthread_cond_t work, finished;
    bool stopping, failed;
    pthread_t *threads;
    int thread_count;
};

/* ------------------------------------------------------------------ */
/* Recording                                                          */

static uint32_t keep_text(batch *b, rgn_span text)
{
    uint32_t at = (uint32_t)b->arena.len;
    size_t len = text.len < RECORD_TEXT_MAX ? text.len : RECORD_TEXT_MAX;
    rgn_buffer_append(&b->arena, text.data, len);
    return at;
}

static event *grow_events(rgn_parallel *p)
{
    batch *b = p->recording;
    if (b->event_count == b->event_capacity) {
        size_t capacity = b->event_capacity ? 2 * b->event_capacity : 1024;
        event *grown = realloc(b->events, capacity * sizeof *grown);
        if (!grown) {
            p->failed = true;
            return NULL;
        }
        b->events = grown;
        b->event_capacity = capacity;
    }
    return &b->events[b->event_count++];
}

static event *add_event_copy(rgn_parallel *p, const event *e)
{
    event *copy = grow_events(p);
    if (copy)
        *copy = *e;
    return copy;
}

static event *add_event(rgn_parallel *p, enum event_kind kind,
                        rgn_location where)
{
    batch *b = p->recording;
    event *e = grow_events(p);
    if (!e)
        return NULL;
    memset(e, 0, sizeof *e);
    e->kind = (uint8_t)kind;
    e->where = where;
    /* the line the token's diagnostics would show. A line shorter than
     * the reader's half window comes back whole wherever the token stands
     * on it: the previous token's copy serves. */
    if (b->event_count > 1 && where.line == p->line_number &&
        p->line_len < RGN_LINE_HALF) {
        e->line = p->line_at;
        e->line_len = (uint32_t)p->line_len;
        e->caret = (uint32_t)(where.offset - p->line_offset);
        return e;
    }
    size_t caret;
    rgn_span line = rgn_reader_line(p->reader, where, &caret);
    e->line = keep_text(b, line);
    e->line_len = (uint32_t)(line.len < RECORD_TEXT_MAX ? line.len
                                                        : RECORD_TEXT_MAX);
    e->caret = (uint32_t)caret;
    p->line_at = e->line;
    p->line_offset = where.offset - caret;
    p->line_len = line.len;
    p->line_number = where.line;
    return e;
}

static void recorded(rgn_parallel *p);

/* RECORD adds the event e; DONE hands it on (in direct mode, straight to
 * the validator). */
#define RECORD(p, kind, where)                                              \
    event *e = add_event(p, kind, where);                                   \
    if (!e)                                                                 \
        return 0
#define DONE(p) recorded(p)

static int record_begin(void *user, rgn_location where)
{
    rgn_parallel *p = user;
    p->games++;
    p->game_event = p->recording->event_count;
    p->game_arena = p->recording->arena.len;
    RECORD(p, EV_BEGIN, where);
    e->value = (uint32_t)p->games; /* its number; wraps only past 4e9 games */
    DONE(p);
    return 0;
}

static int record_tag(void *user, rgn_span name, rgn_span value,
                      rgn_location where)
{
    rgn_parallel *p = user;
    RECORD(p, EV_TAG, where);
    e->text = keep_text(p->recording, name);
    e->text_len = (uint32_t)(name.len < RECORD_TEXT_MAX ? name.len
                                                        : RECORD_TEXT_MAX);
    e->text2 = keep_text(p->recording, value);
    e->text2_len = (uint32_t)(value.len < RECORD_TEXT_MAX ? value.len
                                                          : RECORD_TEXT_MAX);
    DONE(p);
    return 0;
}

static int record_number(void *user, unsigned number, bool black,
                         rgn_location where)
{
    rgn_parallel *p = user;
    RECORD(p, EV_NUMBER, where);
    e->value = number;
    e->black = black;
    DONE(p);
    return 0;
}

static int record_text(rgn_parallel *p, enum event_kind kind, rgn_span text,
                       rgn_location where)
{
    RECORD(p, kind, where);
    e->text = keep_text(p->recording, text);
    e->text_len = (uint32_t)(text.len < RECORD_TEXT_MAX ? text.len
                                                        : RECORD_TEXT_MAX);
    DONE(p);
    return 0;
}

static int record_move(void *user, rgn_span text, rgn_location where)
{
    return record_text(user, EV_MOVE, text, where);
}

static int record_nag(void *user, unsigned nag, rgn_location where)
{
    rgn_parallel *p = user;
    RECORD(p, EV_NAG, where);
    e->value = nag;
    DONE(p);
    return 0;
}

static int record_comment(void *user, rgn_span text, rgn_location where)
{
    (void)text; /* the validator does not read comments */
    return record_text(user, EV_COMMENT, (rgn_span){"", 0}, where);
}

static int record_open(void *user, rgn_location where)
{
    rgn_parallel *p = user;
    RECORD(p, EV_OPEN, where);
    DONE(p);
    return 0;
}

static int record_close(void *user, rgn_location where)
{
    rgn_parallel *p = user;
    RECORD(p, EV_CLOSE, where);
    DONE(p);
    return 0;
}

static int record_result(void *user, rgn_span text, rgn_location where)
{
    return record_text(user, EV_RESULT, text, where);
}

static void record_error(void *user, rgn_location where, const char *message)
{
    record_text(user, EV_ERROR, (rgn_span){message, strlen(message)}, where);
}

static void record_lenient(void *user, rgn_location where,
                           enum rgn_problem problem, const char *message)
{
    rgn_parallel *p = user;
    event *e = add_event(p, EV_LENIENT, where);
    if (!e)
        return;
    rgn_span text = {message, strlen(message)};
    e->value = (uint32_t)problem;
    e->text = keep_text(p->recording, text);
    e->text_len = (uint32_t)(text.len < RECORD_TEXT_MAX ? text.len
                                                        : RECORD_TEXT_MAX);
    DONE(p);
}

static void submit(rgn_parallel *p);

static void record_end(void *user, rgn_location where)
{
    rgn_parallel *p = user;
    if (!add_event(p, EV_END, where))
        return;
    recorded(p);
    if (p->recording->arena.len >= BATCH_BYTES)
        submit(p);
}

static const rgn_visitor recorder = {
    record_begin, record_tag, record_number, record_move, record_nag,
    record_comment, record_open, record_close, record_result, record_end,
    record_error, record_lenient,
};

/* ------------------------------------------------------------------ */
/* Replaying (worker threads)                                         */

typedef struct replay {
    batch *b;
    const event *current;
} replay;

static rgn_span replay_line(void *user, rgn_location where, size_t *caret)
{
    replay *r = user;
    const event *e = r->current;
    if (!e || e->where.offset != where.offset) {
        *caret = 0;
        return (rgn_span){"", 0};
    }
    *caret = e->caret;
    return (rgn_span){r->b->arena.data + e->line, e->line_len};
}

static size_t keep_note(batch *b, const char *text, size_t len)
{
    size_t at = b->notes.len;
    rgn_buffer_append(&b->notes, text, len);
    rgn_buffer_append(&b->notes, "", 1);
    return at;
}

static void keep_diagnostic(void *user, const rgn_diagnostic *d)
{
    replay *r = user;
    batch *b = r->b;
    if (b->diagnostic_count == b->diagnostic_capacity) {
        size_t capacity = b->diagnostic_capacity ? 2 * b->diagnostic_capacity : 16;
        kept_diagnostic *grown = realloc(b->diagnostics, capacity * sizeof *grown);
        if (!grown)
            return;
        b->diagnostics = grown;
        b->diagnostic_capacity = capacity;
    }
    kept_diagnostic *k = &b->diagnostics[b->diagnostic_count++];
    k->d = *d;
    k->message = keep_note(b, d->message, strlen(d->message));
    k->white = keep_note(b, d->white, strlen(d->white));
    k->black = keep_note(b, d->black, strlen(d->black));
    k->number = keep_note(b, d->move_number, strlen(d->move_number));
    k->move = keep_note(b, d->move.data, d->move.len);
    k->line = keep_note(b, d->line.data, d->line.len);
}

static rgn_span span_at(const batch *b, size_t at, size_t len)
{
    return (rgn_span){b->arena.data + at, len};
}

/* Gives one recorded event to a validator, as the reader would have:
 * after a callback asked to abandon the game, nothing until its end. */
static void replay_event(rgn_checker *v, replay *r, const event *e,
                         bool *abandoned)
{
    const rgn_visitor *visit = rgn_checker_visitor();
    const batch *b = r->b;
    r->current = e;
    if (e->kind == EV_END) {
        visit->end_game(v, e->where);
        *abandoned = false;
        return;
    }
    if (*abandoned && e->kind != EV_BEGIN)
        return;
    int stop = 0;
    switch ((enum event_kind)e->kind) {
    case EV_BEGIN:
        rgn_checker_number_next_game(v, e->value);
        stop = visit->begin_game(v, e->where);
        break;
    case EV_TAG:
        stop = visit->tag(v, span_at(b, e->text, e->text_len),
                          span_at(b, e->text2, e->text2_len), e->where);
        break;
    case EV_NUMBER:
        stop = visit->move_number(v, e->value, e->black, e->where);
        break;
    case EV_MOVE:
        stop = visit->move(v, span_at(b, e->text, e->text_len), e->where);
        break;
    case EV_NAG: stop = visit->nag(v, e->value, e->where); break;
    case EV_COMMENT:
        stop = visit->comment(v, span_at(b, e->text, e->text_len), e->where);
        break;
    case EV_OPEN: stop = visit->begin_variation(v, e->where); break;
    case EV_CLOSE: stop = visit->end_variation(v, e->where); break;
    case EV_RESULT:
        stop = visit->result(v, span_at(b, e->text, e->text_len), e->where);
        break;
    case EV_ERROR:
    case EV_LENIENT: {
        char message[RECORD_TEXT_MAX + 1];
        memcpy(message, b->arena.data + e->text, e->text_len);
        message[e->text_len] = '\0';
        if (e->kind == EV_ERROR)
            visit->error(v, e->where, message);
        else
            visit->lenient(v, e->where, (enum rgn_problem)e->value, message);
        break;
    }
    default:
        break;
    }
    if (stop)
        *abandoned = true;
}

static void replay_batch(batch *b, const rgn_validator_options *options)
{
    replay r = {b, NULL};
    rgn_validator_options mine = *options;
    mine.report = options->report ? keep_diagnostic : NULL;
    mine.user = &r;
    mine.jobs = 1;
    rgn_checker *v = rgn_checker_new(&mine);
    if (!v)
        return;
    rgn_checker_replay_setup(v, replay_line, &r);
    bool abandoned = false;
    for (size_t i = 0; i < b->event_count; i++)
        replay_event(v, &r, &b->events[i], &abandoned);
    b->counts = rgn_checker_counts(v);
    rgn_checker_free(v);
}

static void *worker(void *arg)
{
    rgn_parallel *p = arg;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->next_to_replay && !p->stopping)
            pthread_cond_wait(&p->work, &p->lock);
        if (!p->next_to_replay)
            break;
        batch *b = p->next_to_replay;
        p->next_to_replay = b->next;
        pthread_mutex_unlock(&p->lock);
        replay_batch(b, &p->options);
        pthread_mutex_lock(&p->lock);
        b->done = true;
        pthread_cond_broadcast(&p->finished);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

/* ------------------------------------------------------------------ */
/* Reporting in order (the calling thread)                            */

static void free_batch(batch *b)
{
    if (!b)
        return;
    rgn_buffer_free(&b->arena);
    rgn_buffer_free(&b->notes);
    free(b->events);
    free(b->diagnostics);
    free(b);
}

static void report_batch(rgn_parallel *p, batch *b)
{
    for (size_t i = 0; i < b->diagnostic_count; i++) {
        kept_diagnostic *k = &b->diagnostics[i];
        const char *notes = b->notes.data;
        k->d.message = notes + k->message;
        k->d.white = notes + k->white;
        k->d.black = notes + k->black;
        k->d.move_number = notes + k->number;
        k->d.move = (rgn_span){notes + k->move, strlen(notes + k->move)};
        k->d.line = (rgn_span){notes + k->line, strlen(notes + k->line)};
        p->options.report(p->options.user, &k->d);
    }
    p->counts.games += b->counts.games;
    p->counts.valid += b->counts.valid;
    p->counts.with_warnings += b->counts.with_warnings;
    p->counts.invalid += b->counts.invalid;
    p->counts.plies += b->counts.plies;
}

/* Reports finished batches from the oldest on; with wait, waits until
 * fewer than limit batches are in flight. */
static void drain(rgn_parallel *p, int limit)
{
    pthread_mutex_lock(&p->lock);
    for (;;) {
        batch *b = p->oldest;
        if (!b)
            break;
        if (!b->done) {
            if (p->in_flight < limit)
                break;
            pthread_cond_wait(&p->finished, &p->lock);
            continue;
        }
        p->oldest = b->next;
        if (!p->oldest)
            p->newest = NULL;
        p->in_flight--;
        pthread_mutex_unlock(&p->lock);
        report_batch(p, b);
        free_batch(b);
        pthread_mutex_lock(&p->lock);
    }
    pthread_mutex_unlock(&p->lock);
}

static batch *new_batch(uint64_t first_game)
{
    batch *b = calloc(1, sizeof *b);
    if (b)
        b->first_game = first_game;
    return b;
}

/* The events of the game being read, with their texts, moved out of the
 * batch being recorded into a batch of their own. */
static batch *split_game(rgn_parallel *p)
{
    batch *from = p->recording, *game = new_batch(p->games);
    if (!game)
        return NULL;
    for (size_t i = p->game_event; i < from->event_count; i++) {
        event e = from->events[i];
        e.text = keep_text(game, span_at(from, e.text, e.text_len));
        e.text2 = keep_text(game, span_at(from, e.text2, e.text2_len));
        e.line = keep_text(game, span_at(from, e.line, e.line_len));
        p->recording = game;
        event *copy = add_event_copy(p, &e);
        p->recording = from;
        if (!copy) {
            free_batch(game);
            return NULL;
        }
    }
    from->event_count = p->game_event;
    from->arena.len = p->game_arena;
    return game;
}

/* After each event: in direct mode it goes to the validator at once; a
 * game whose record grows too large switches to direct mode. */
static void recorded(rgn_parallel *p)
{
    if (!p->direct) {
        batch *b = p->recording;
        if (b->arena.len - p->game_arena +
                (b->event_count - p->game_event) * sizeof(event) <
            GAME_RECORD_MAX)
            return;
        rgn_validator_options options = p->options;
        options.jobs = 1;
        batch *game = split_game(p);
        if (!game || (!p->direct_validator &&
                      !(p->direct_validator = rgn_checker_new(&options)))) {
            free_batch(game);
            p->failed = true;
            return;
        }
        /* every game before this one is reported first */
        submit(p);
        drain(p, 1);
        free_batch(p->recording);
        p->recording = game;
        p->game_event = 0;
        p->game_arena = 0;
        p->direct = true;
        p->direct_abandoned = false;
    }
    batch *b = p->recording;
    replay r = {b, NULL};
    rgn_checker_replay_setup(p->direct_validator, replay_line, &r);
    for (size_t i = p->game_event; i < b->event_count; i++)
        replay_event(p->direct_validator, &r, &b->events[i],
                     &p->direct_abandoned);
    bool ended = b->events[b->event_count - 1].kind == EV_END;
    b->event_count = p->game_event;
    b->arena.len = p->game_arena;
    p->line_len = SIZE_MAX; /* the shared line may be gone */
    if (ended) {
        p->direct = false;
        p->recording->first_game = p->games + 1;
    }
}

/* Hands the batch being recorded (it ends with a game's end) to the
 * workers and starts a new one. */
static void submit(rgn_parallel *p)
{
    batch *b = p->recording;
    if (b->event_count == 0)
        return;
    batch *next = new_batch(p->games + 1);
    if (!next) {
        p->failed = true;
        return;
    }
    p->recording = next;
    drain(p, 2 * p->jobs); /* bounds the batches in flight */
    pthread_mutex_lock(&p->lock);
    b->next = NULL;
    if (p->newest)
        p->newest->next = b;
    else
        p->oldest = b;
    p->newest = b;
    if (!p->next_to_replay)
        p->next_to_replay = b;
    p->in_flight++;
    pthread_cond_signal(&p->work);
    pthread_mutex_unlock(&p->lock);
}

/* ------------------------------------------------------------------ */

rgn_parallel *rgn_parallel_new(const rgn_validator_options *options)
{
    rgn_parallel *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->options = *options;
    p->jobs = options->jobs;
    p->recording = new_batch(1);
    p->reader = rgn_reader_new(&recorder, p);
    p->threads = calloc((size_t)p->jobs, sizeof *p->threads);
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->finished, NULL);
    if (!p->recording || !p->reader || !p->threads) {
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
    if (rgn_reader_feed(p->reader, data, len) < 0)
        p->failed = true;
    drain(p, 2 * p->jobs);
    return p->failed ? -1 : 0;
}

int rgn_parallel_finish(rgn_parallel *p)
{
    if (rgn_reader_finish(p->reader) < 0)
        p->failed = true;
    submit(p);
    drain(p, 1); /* waits for every batch */
    return p->failed ? -1 : 0;
}

rgn_validation_counts rgn_parallel_counts(const rgn_parallel *p)
{
    rgn_validation_counts c = p->counts;
    if (p->direct_validator) {
        rgn_validation_counts d = rgn_checker_counts(p->direct_validator);
        c.games += d.games;
        c.valid += d.valid;
        c.with_warnings += d.with_warnings;
        c.invalid += d.invalid;
        c.plies += d.plies;
    }
    return c;
}

void rgn_parallel_free(rgn_parallel *p)
{
    if (!p)
        return;
    pthread_mutex_lock(&p->lock);
    p->stopping = true;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (int i = 0; i < p->thread_count; i++)
        pthread_join(p->threads[i], NULL);
    while (p->oldest) {
        batch *b = p->oldest;
        p->oldest = b->next;
        free_batch(b);
    }
    free_batch(p->recording);
    rgn_checker_free(p->direct_validator);
    rgn_reader_free(p->reader);
    free(p->threads);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->work);
    pthread_cond_destroy(&p->finished);
    free(p);
}
