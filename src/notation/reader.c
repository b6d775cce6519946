/*
 * reader.c - the streaming RGN reader: rgn_reader_* of rgn.h.
 *
 * The lexer (lexer.c) turns the bytes into tokens; this file is the
 * parser, a push parser: it is handed one token at a time and keeps its
 * place in the grammar (grammar/rgn.ebnf, part 1) in a few fields: where
 * it is in a game (state), the variation depth, and a move number waiting
 * for its dots. It never recurses, so the depth of the input cannot
 * exhaust the stack. The comment above each handler names the rules it
 * implements.
 *
 * Offsets: the lexer's are those of the text it is fed, which is longer
 * than the input where bytes were read as Latin-1 (notation/latin1.c);
 * the buffer is read by them. Every location handed to the visitor is
 * turned into the input's when its token is lexed (the offset map), and
 * rgn_reader_line turns it back.
 *
 * A token is handed to the parser only once the line it starts on is
 * buffered up to its end or RGN_LINE_HALF bytes on (or the input has
 * ended), so that rgn_reader_line gives the same answer during a callback
 * whatever the chunks the input came in.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buffer.h"
#include "base/util.h"
#include "notation/latin1.h"
#include "notation/lexer.h"
#include "notation/reader.h"
#include "rgn.h"

/* Input is copied into the lexer's buffer at most this much at a time. */
#define FEED_CHUNK ((size_t)1 << 16)

enum game_state {
    OUTSIDE, /* between games */
    HEAD,    /* in a game, before its movetext: tags and comments */
    MOVES    /* in a game's movetext */
};

struct rgn_reader {
    rgn_visitor visitor;
    void *user;
    rgn_lexer lexer;

    rgn_token token; /* the token lexed and not yet handed to the parser */
    bool held;       /* (waiting for the rest of its line) */
    /* the token's where and a tag's inner quote, as text offsets (its
     * locations hold the input's) */
    uint64_t at, quote_at;
    /* the text's offsets to the input's; NULL while they are the same
     * (no byte read as Latin-1 yet) */
    rgn_offset_map *map;

    enum game_state state;
    /* A callback gave the game up: its tokens are still read by the same
     * rules, so that it ends where it would have ended had no callback
     * given it up (also at a syntax error, which resynchronises); but no
     * callback hears of them. */
    bool quiet;
    /* The text of a game given up, from the element it was given up at,
     * kept in the lexer's buffer for the visitor's skipped callback (up
     * to RGN_MAX_TOKEN bytes: capture_cut when more) */
    bool capturing, capture_cut;
    uint64_t capture_from;   /* a text offset */
    uint64_t capture_origin; /* and the input's */
    /* A syntax error skipped to the next game: the game ends where the
     * skipping stops, so that its rest is kept too (error_where: the
     * error's place, where the game is said to end). */
    bool end_at_resync;
    rgn_location error_where;
    uint64_t error_at; /* its text offset */
    /* the kinds of the last token handed over and of the one before it
     * (for element_at) */
    enum rgn_tok last_kind, kind_before;
    bool content; /* the game has a tag or movetext, not only comments */
    /* the names of the tags since the last one at a resynchronisation
     * point (that one included), each its length and its bytes, as many
     * as fit */
    char block[1024];
    size_t block_len;
    bool block_full;
    unsigned depth;
    rgn_location open[RGN_MAX_VARIATION_DEPTH]; /* the open '(' */

    /* A move number waits for the next token: dots make it "12." or
     * "12...". Its line is kept for rgn_reader_line. */
    bool number_held;
    unsigned number;
    rgn_location number_where;
    uint64_t number_at; /* its text offset */
    rgn_saved_line number_line;

    /* the line of a token handed out before, that the visitor still
     * needs (rgn_reader_keep_line) */
    bool kept;
    rgn_saved_line kept_line;

    rgn_buffer scratch; /* unescaped tag values */

    /* rgn_reader_read_latin1: the input goes through it, and where its
     * first byte read as Latin-1 was */
    rgn_latin1 *latin1;
    bool latin1_seen;
    rgn_location latin1_first;

    /* rgn_reader_set_window: a game that begins before window_from is
     * read by the same rules but not handed over (hidden, and quiet);
     * the first that begins at or after window_to stops the reader */
    bool windowed, hidden, stopped;
    uint64_t window_from, window_to, stopped_at;
    bool origin_met; /* the game's first token but comments has come */

    bool finished, broken, busy;
    /* process hands out no more tokens: the input has ended, or broken or
     * stopped is set (one test a token) */
    bool halted;
};

#define CALL(r, callback, ...)                                                 \
    ((r)->visitor.callback && !(r)->quiet                                      \
         ? (r)->visitor.callback((r)->user, __VA_ARGS__)                       \
         : 0)

/* ------------------------------------------------------------------ */
/* Ending games                                                       */

/* Hands the text of a game given up to the visitor, up to end (its result
 * or where it stops). */
static void hand_skipped(rgn_reader *r, uint64_t end, rgn_span result)
{
    if (!r->capturing)
        return;
    if (r->hidden) {
        r->capturing = false;
        return;
    }
    r->capturing = false;
    rgn_span text = {"", 0};
    if (!r->capture_cut && end > r->capture_from)
        text = rgn_lexer_span(&r->lexer, r->capture_from,
                              (size_t)(end - r->capture_from));
    rgn_location from = {r->capture_origin, 0, 0};
    r->visitor.skipped(r->user, text, r->capture_cut, result, from);
}

/* The game ends at where, the text offset at (as far as its text goes). */
static void end_game(rgn_reader *r, rgn_location where, uint64_t at)
{
    hand_skipped(r, at, (rgn_span){"", 0});
    r->state = OUTSIDE;
    r->depth = 0;
    r->number_held = false;
    r->quiet = false;
    bool hidden = r->hidden;
    r->hidden = r->stopped;
    if (r->visitor.end_game && !hidden)
        r->visitor.end_game(r->user, where);
}

/* A callback asked to abandon the game: the rest of it is read quietly
 * (see quiet), and its text from the element given up at is kept for
 * the skipped callback. */
static void start_capture(rgn_reader *r, uint64_t from, uint64_t origin)
{
    r->capturing = true;
    r->capture_cut = false;
    r->capture_from = from;
    r->capture_origin = origin;
}

/* The text offset of the element being handed over (the token's): its
 * move number's for a move and for dots. Asked only when a game is given
 * up, not worked out for every token. */
static uint64_t element_at(const rgn_reader *r)
{
    enum rgn_tok kind = r->token.kind;
    bool numbered =
        r->kind_before == RGN_TOK_NUMBER || r->kind_before == RGN_TOK_DOTS;
    return kind == RGN_TOK_DOTS || (numbered && kind == RGN_TOK_MOVE)
               ? r->number_at
               : r->at;
}

static void abandon(rgn_reader *r)
{
    if (r->quiet)
        return;
    r->quiet = true;
    if (r->visitor.skipped) {
        uint64_t element = element_at(r);
        start_capture(r, element,
                      element == r->at ? r->token.where.offset
                                       : r->number_where.offset);
    }
}

/* game = ... ; the game begins at its first token. */
static void begin(rgn_reader *r, rgn_location where)
{
    if (r->state != OUTSIDE)
        return;
    r->state = HEAD;
    r->content = false;
    r->depth = 0;
    r->number_held = false;
    r->origin_met = false;
    if (CALL(r, begin_game, where))
        abandon(r);
}

/* The game's first token but comments (its origin, where a validator's
 * sink says it begins) is at where: with a window, the game is hidden
 * from here on, or stops the reader. */
static void at_origin(rgn_reader *r, rgn_location where)
{
    if (r->origin_met)
        return;
    r->origin_met = true;
    if (r->windowed &&
        (where.offset < r->window_from || where.offset >= r->window_to)) {
        r->hidden = r->quiet = true;
        r->stopped = where.offset >= r->window_to;
        r->stopped_at = where.offset;
        if (r->stopped)
            r->halted = true;
    }
}

/* A syntax error at the token handed over (where): report it in its game
 * (begun here if need be), end the game, and resynchronise (the lexer
 * already does after its own errors and at the end of the input). */
static void syntax_error(rgn_reader *r, rgn_location where, const char *message,
                         bool skip)
{
    begin(r, where);
    at_origin(r, where);
    if (r->visitor.error && !r->quiet)
        r->visitor.error(r->user, where, message);
    if (skip && r->visitor.skipped) {
        if (!r->capturing)
            start_capture(r, r->at, where.offset);
        r->quiet = true;
        r->end_at_resync = true;
        r->error_where = where;
        r->error_at = r->at;
    } else {
        end_game(r, where, r->at);
    }
    if (skip)
        rgn_lexer_skip(&r->lexer);
}

/* The game a syntax error skipped ends where the next begins (at
 * next_game): its text up to there is handed over, a result that ends
 * it split off as its result. */
static void end_skipped_game(rgn_reader *r, uint64_t next_game)
{
    r->end_at_resync = false;
    if (next_game - r->capture_from > RGN_MAX_TOKEN)
        r->capture_cut = true; /* however the input came in */
    if (r->capturing && !r->capture_cut && next_game > r->capture_from) {
        rgn_span text = rgn_lexer_span(&r->lexer, r->capture_from,
                                       (size_t)(next_game - r->capture_from));
        size_t end = text.len, word;
        while (end > 0 && isspace((unsigned char)text.data[end - 1]))
            end--;
        for (word = end; word > 0; word--)
            if (isspace((unsigned char)text.data[word - 1]))
                break;
        const char *last = text.data + word;
        if (rgn_is_final_result(last, end - word) ||
            (end - word == 1 && *last == '*')) {
            rgn_span result = {text.data + word, end - word};
            hand_skipped(r, r->capture_from + word, result);
        } else {
            hand_skipped(r, r->capture_from + end, (rgn_span){"", 0});
        }
    }
    end_game(r, r->error_where, r->error_at);
}

/* ------------------------------------------------------------------ */
/* The rules                                                          */

/* move number indication = move number, [ dots ] ;
 * dots == 1 is White's number, more is Black's. Inline: nearly every
 * move number comes with its dots and is flushed at once. */
static inline void flush_number(rgn_reader *r, bool black)
{
    /* still held during the call, for rgn_reader_line */
    if (CALL(r, move_number, r->number, black, r->number_where))
        abandon(r);
    r->number_held = false;
}

/* enter_movetext, the first time in a game (or after its tags). */
static RGN_NOINLINE void enter_movetext_first(rgn_reader *r,
                                              const rgn_location *where)
{
    if (r->state == OUTSIDE || !r->origin_met) {
        begin(r, *where);
        at_origin(r, *where);
    }
    r->state = MOVES;
    r->content = true;
}

/* Enters a game's movetext (beginning the game if need be). Every move
 * asks: once the game is in its movetext and has met its origin, there is
 * nothing to do. */
static inline void enter_movetext(rgn_reader *r, const rgn_location *where)
{
    /* content is true already: begin resets it with state */
    if (r->state != MOVES || !r->origin_met)
        enter_movetext_first(r, where);
}

/* Unescapes a tag value (\" and \\) into the scratch buffer. */
static bool unescape(rgn_reader *r, rgn_span *value)
{
    rgn_buffer_reset(&r->scratch);
    rgn_buffer_reserve(&r->scratch, value->len);
    if (r->scratch.failed)
        return false;
    char *out = r->scratch.data;
    size_t n = 0;
    for (size_t i = 0; i < value->len; i++) {
        char c = value->data[i];
        if (c == '\\' && i + 1 < value->len &&
            (value->data[i + 1] == '"' || value->data[i + 1] == '\\'))
            c = value->data[++i];
        out[n++] = c;
    }
    value->data = out;
    value->len = n;
    return true;
}

/* tag section = { tag | comment } ;
 * A tag after the movetext has begun is an error; when it stands at a
 * resynchronisation point it then begins the next game. */
/* Whether the block of tags read last has a tag of that name. */
static bool block_has(const rgn_reader *r, rgn_span name)
{
    for (size_t at = 0; at < r->block_len;) {
        size_t len = (unsigned char)r->block[at];
        if (len == name.len && memcmp(r->block + at + 1, name.data, len) == 0)
            return true;
        at += 1 + len;
    }
    return false;
}

/* Notes a tag's name in the block, while there is room (a name longer
 * than 255 bytes is no roster tag's). */
static void block_add(rgn_reader *r, rgn_span name)
{
    if (r->block_full || name.len > 255 ||
        r->block_len + 1 + name.len > sizeof r->block) {
        r->block_full = true;
        return;
    }
    r->block[r->block_len] = (char)(unsigned char)name.len;
    memcpy(r->block + r->block_len + 1, name.data, name.len);
    r->block_len += 1 + name.len;
}

static void on_tag(rgn_reader *r, const rgn_token *t)
{
    if (r->state == MOVES) {
        syntax_error(r, t->where, "tag inside movetext; missing result?",
                     !t->at_resync);
        if (!t->at_resync)
            return;
    }
    rgn_span name = rgn_lexer_span(&r->lexer, t->name, t->name_len);
    if (t->at_resync) {
        /* a block of tags at a resynchronisation point that begins with
         * a tag the block before it has ends a tag section that no
         * movetext followed: a game without moves (a file of pairings).
         * Only that block is asked, which a reader started at its start
         * has read too (range.c) */
        if (r->state == HEAD && r->content && block_has(r, name))
            end_game(r, t->where, r->at);
        r->block_len = 0;
        r->block_full = false;
    }
    block_add(r, name);
    begin(r, t->where);
    at_origin(r, t->where);
    r->content = true;
    rgn_span value = rgn_lexer_span(&r->lexer, t->text, t->text_len);
    if (t->escaped && !unescape(r, &value)) {
        r->broken = r->halted = true;
        return;
    }
    if (t->inner_quote.line && r->visitor.lenient && !r->quiet)
        r->visitor.lenient(r->user, t->inner_quote, RGN_W_TAG_QUOTE,
                           "a '\"' inside a tag value must be written \\\"; "
                           "read as part of the value");
    if (CALL(r, tag, name, value, t->where))
        abandon(r);
}

/* comment, anywhere: before a game's first tag it belongs to the game */
static void on_comment(rgn_reader *r, const rgn_token *t)
{
    begin(r, t->where);
    if (CALL(r, comment, rgn_lexer_span(&r->lexer, t->text, t->text_len),
             t->where))
        abandon(r);
}

/* move number indication: the number waits for the next token, which
 * may be its dots; dots the lexer read with it settle it at once */
static inline void on_number(rgn_reader *r, const rgn_token *t)
{
    enter_movetext(r, &t->where);
    r->number_held = true;
    r->number_line.offset = t->where.offset;
    r->number_line.saved = false;
    r->number = t->value;
    r->number_where = t->where;
    r->number_at = r->at;
    if (t->dots)
        flush_number(r, t->dots >= 2);
}

/* element = move | nag | ... */
/* "e.p." after a move: not SAN, read as nothing (an en passant capture
 * is written as a plain pawn capture) */
static void on_en_passant_mark(rgn_reader *r, const rgn_token *t)
{
    enter_movetext(r, &t->where);
    if (r->visitor.lenient && !r->quiet)
        r->visitor.lenient(r->user, t->where, RGN_W_EN_PASSANT_MARK,
                           "'e.p.' is not SAN: an en passant capture is "
                           "written as a plain pawn capture; 'e.p.' is "
                           "ignored");
}

static inline void on_move_or_nag(rgn_reader *r, const rgn_token *t)
{
    enter_movetext(r, &t->where);
    int stop =
        t->kind == RGN_TOK_MOVE
            ? CALL(r, move, rgn_lexer_span(&r->lexer, t->text, t->text_len),
                   t->where)
            : CALL(r, nag, t->value, t->where);
    if (stop)
        abandon(r);
}

/* variation = "(", { element | result }, ")" ; at most
 * RGN_MAX_VARIATION_DEPTH deep */
static void on_open(rgn_reader *r, const rgn_token *t)
{
    enter_movetext(r, &t->where);
    if (r->depth == RGN_MAX_VARIATION_DEPTH) {
        char message[64];
        snprintf(message, sizeof message, "variations nested deeper than %d",
                 RGN_MAX_VARIATION_DEPTH);
        syntax_error(r, t->where, message, true);
        return;
    }
    r->open[r->depth++] = t->where;
    if (CALL(r, begin_variation, t->where))
        abandon(r);
}

static void on_close(rgn_reader *r, const rgn_token *t)
{
    if (r->depth == 0) {
        syntax_error(r, t->where, "')' without a matching '('", true);
        return;
    }
    r->depth--;
    if (CALL(r, end_variation, t->where))
        abandon(r);
}

/* game termination = result ; a result inside a variation is handed to
 * the visitor (which decides) and does not end anything. */
static void on_result(rgn_reader *r, const rgn_token *t)
{
    enter_movetext(r, &t->where);
    int stop = CALL(r, result, rgn_lexer_span(&r->lexer, t->text, t->text_len),
                    t->where);
    if (r->depth > 0) {
        if (stop)
            abandon(r);
        return;
    }
    hand_skipped(r, r->at, rgn_lexer_span(&r->lexer, t->text, t->text_len));
    end_game(r, t->where, r->at);
}

/* file = { game }, [ trailing comments ] ; at the end of the input */
static void on_eof(rgn_reader *r, const rgn_token *t)
{
    if (r->state == OUTSIDE)
        return;
    if (!r->content || r->state == HEAD) {
        /* only comments, or tags without moves: not an error here (the
         * validator warns of the latter) */
        end_game(r, t->where, r->at);
        return;
    }
    if (r->depth > 0) {
        char message[96];
        rgn_location open = r->open[r->depth - 1];
        snprintf(message, sizeof message,
                 "file ends inside a variation (the '(' at %lu:%lu is not "
                 "closed)",
                 (unsigned long)open.line, (unsigned long)open.column);
        syntax_error(r, t->where, message, false);
    } else {
        syntax_error(r, t->where, "file ends inside a game (no result)", false);
    }
}

static void on_tag(rgn_reader *r, const rgn_token *t);

/* A token spoilt: a game it begins begins where the token does (a tag
 * whose line ends inside its value begins its game at its '[', as the
 * tag would have), so that a reader started at a line before it agrees. */
static void on_error(rgn_reader *r, const rgn_token *t)
{
    begin(r, t->begins);
    at_origin(r, t->begins);
    syntax_error(r, t->where, t->message, true);
}

/* Hands a token to the rule it starts. */
static void handle(rgn_reader *r, const rgn_token *t)
{
    r->kind_before = r->last_kind;
    r->last_kind = t->kind;
    if (t->kind == RGN_TOK_DOTS) {
        if (r->number_held)
            flush_number(r, t->value >= 2);
        else
            syntax_error(r, t->where, "'.' without a move number before it",
                         true);
        return;
    }
    if (r->number_held)
        flush_number(r, false);

    /* the common kinds, without the jump table */
    if (t->kind == RGN_TOK_MOVE) {
        on_move_or_nag(r, t);
        return;
    }
    if (t->kind == RGN_TOK_NUMBER) {
        on_number(r, t);
        return;
    }
    switch (t->kind) {
    case RGN_TOK_EOF:
        on_eof(r, t);
        r->halted = true;
        break;
    /* the lexer skips to the next game already */
    case RGN_TOK_ERROR: on_error(r, t); break;
    case RGN_TOK_TAG: on_tag(r, t); break;
    case RGN_TOK_COMMENT: on_comment(r, t); break;
    case RGN_TOK_NUMBER: on_number(r, t); break;
    case RGN_TOK_MOVE:
    case RGN_TOK_NAG: on_move_or_nag(r, t); break;
    case RGN_TOK_EN_PASSANT: on_en_passant_mark(r, t); break;
    case RGN_TOK_OPEN: on_open(r, t); break;
    case RGN_TOK_CLOSE: on_close(r, t); break;
    case RGN_TOK_RESULT: on_result(r, t); break;
    default: break;
    }
}

/* ------------------------------------------------------------------ */
/* Driving                                                            */

/* The line holding offset is buffered to its end (or RGN_LINE_HALF bytes
 * on): the token there may be handed out. */
static bool line_ready(const rgn_reader *r, uint64_t offset)
{
    const rgn_lexer *lx = &r->lexer;
    return lx->last_break > offset || lx->eof ||
           lx->base + lx->len - offset >= RGN_LINE_HALF;
}

/* The token just lexed, with a map: its locations made the input's. */
static void input_offsets(rgn_reader *r)
{
    rgn_token *t = &r->token;
    t->where.offset = rgn_offset_map_input(r->map, r->at);
    if (t->kind == RGN_TOK_ERROR)
        t->begins.offset = rgn_offset_map_input(r->map, t->begins.offset);
    if (t->kind == RGN_TOK_TAG && t->inner_quote.line) {
        r->quote_at = t->inner_quote.offset;
        t->inner_quote.offset = rgn_offset_map_input(r->map, r->quote_at);
    }
}

/* The text offset of a tag's inner quote. */
static uint64_t quote_at(const rgn_reader *r)
{
    return r->map ? r->quote_at : r->token.inner_quote.offset;
}

/* The token just lexed, with an offset map or after a syntax error that
 * skipped to the next game (rare: kept out of the loop below). */
static RGN_NOINLINE void lexed_after_map_or_error(rgn_reader *r)
{
    /* where its text begins: a token spoilt, before its error */
    uint64_t begins =
        r->token.kind == RGN_TOK_ERROR ? r->token.begins.offset : r->at;
    if (r->map)
        input_offsets(r);
    if (r->end_at_resync)
        end_skipped_game(r, begins);
}

static void process(rgn_reader *r)
{
    /* a token lexed by an earlier call may wait for the rest of its line */
    bool lexed = r->held;
    r->held = false;
    for (;;) {
        if (!lexed) {
            if (rgn_lexer_next(&r->lexer, &r->token) == RGN_TOK_NONE)
                return;
            r->at = r->token.where.offset;
            if (__builtin_expect(r->map || r->end_at_resync, 0))
                lexed_after_map_or_error(r);
        }
        lexed = false;
        /* a tag's warning about an inner quote shows the line there (later
         * on the tag's line: ready, it is ready at the tag too); a move
         * waits until what follows it shows whether the input ends there
         * (rgn_reader_move_ends_input) */
        enum rgn_tok kind = r->token.kind;
        if (!line_ready(r, r->at) ||
            (kind == RGN_TOK_TAG && r->token.inner_quote.line &&
             !line_ready(r, quote_at(r))) ||
            (kind == RGN_TOK_MOVE &&
             rgn_lexer_only_space_left(&r->lexer) < 0)) {
            r->held = true; /* till more input comes */
            return;
        }
        handle(r, &r->token);
        if (r->halted)
            return;
    }
}

/* The first text offset of the token held or being lexed. */
static uint64_t token_from(const rgn_reader *r)
{
    uint64_t keep = rgn_lexer_keep(&r->lexer);
    return r->held && r->at < keep ? r->at : keep;
}

/* The line window before it: the first offset a location handed out from
 * now on (or rgn_reader_line) may have. */
static uint64_t line_window_from(const rgn_reader *r)
{
    uint64_t keep = token_from(r);
    return keep > RGN_LINE_HALF ? keep - RGN_LINE_HALF : 0;
}

/* The first text offset the buffer must keep: the line window, or the
 * text of a game given up. */
static uint64_t keep_from(rgn_reader *r)
{
    if (r->capturing && !r->capture_cut) {
        if (token_from(r) - r->capture_from <= RGN_MAX_TOKEN)
            return r->capture_from; /* the game's text stays */
        r->capture_cut = true;
    }
    return line_window_from(r);
}

rgn_reader *rgn_reader_new(const rgn_visitor *visitor, void *user)
{
    rgn_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    if (visitor)
        r->visitor = *visitor;
    r->user = user;
    rgn_lexer_init(&r->lexer);
    r->state = OUTSIDE;
    return r;
}

void rgn_reader_free(rgn_reader *r)
{
    if (!r)
        return;
    rgn_lexer_free(&r->lexer);
    rgn_buffer_free(&r->scratch);
    rgn_latin1_free(r->latin1);
    free(r);
}

void rgn_saved_line_take(rgn_saved_line *line, const rgn_reader *r,
                         uint64_t offset)
{
    rgn_span text =
        rgn_reader_line(r, (rgn_location){.offset = offset}, &line->caret);
    line->len = text.len < sizeof line->text ? text.len : sizeof line->text;
    memcpy(line->text, text.data, line->len);
    line->offset = offset;
    line->saved = true;
}

bool rgn_saved_line_at(const rgn_saved_line *line, uint64_t offset,
                       rgn_span *text, size_t *caret)
{
    if (!line->saved || line->offset != offset)
        return false;
    *text = (rgn_span){line->text, line->len};
    if (caret)
        *caret = line->caret;
    return true;
}

/* Saves a line that waits to be saved before the buffer moves on: it was
 * complete when its token was handed out, and the buffer has not moved
 * since. */
static void save_line(rgn_reader *r, rgn_saved_line *line)
{
    if (!line->saved)
        rgn_saved_line_take(line, r, line->offset);
}

/* The input as UTF-8, to the lexer. */
static int feed_utf8(void *user, const char *data, size_t len)
{
    rgn_reader *r = user;
    while (len > 0 && !r->broken && !r->stopped) {
        size_t n = len < FEED_CHUNK ? len : FEED_CHUNK;
        if (r->number_held)
            save_line(r, &r->number_line);
        if (r->kept)
            save_line(r, &r->kept_line);
        /* no location before the line window is turned any more (a
         * game's text kept for the skipped callback is not read by it) */
        uint64_t window = line_window_from(r);
        if (rgn_lexer_append(&r->lexer, data, n, keep_from(r)) != 0) {
            r->broken = r->halted = true;
            break;
        }
        if (r->map)
            rgn_offset_map_forget(r->map, window);
        data += n;
        len -= n;
        process(r);
    }
    return r->broken ? -1 : 0;
}

static int note_latin1(void *user, rgn_location where)
{
    rgn_reader *r = user;
    r->latin1_seen = true;
    r->latin1_first = where;
    /* the text is the input up to here: offsets are turned from now on */
    rgn_reader_map_offsets(r, rgn_latin1_map(r->latin1));
    return 0;
}

int rgn_reader_read_latin1(rgn_reader *r)
{
    if (!r->latin1) {
        rgn_latin1_target target = {feed_utf8, note_latin1, r};
        r->latin1 = rgn_latin1_new(&target);
        if (!r->latin1)
            return -1;
        rgn_latin1_start_at(r->latin1, r->lexer.base, r->lexer.line);
    }
    return 0;
}

bool rgn_reader_latin1_seen(const rgn_reader *r, rgn_location *first)
{
    if (r->latin1_seen && first)
        *first = r->latin1_first;
    return r->latin1_seen;
}

int rgn_reader_feed(rgn_reader *r, const char *data, size_t len)
{
    if (!r || r->broken || r->finished || r->busy)
        return -1;
    r->busy = true;
    if (r->latin1)
        rgn_latin1_feed(r->latin1, data, len);
    else
        feed_utf8(r, data, len);
    r->busy = false;
    return r->broken ? -1 : 0;
}

int rgn_reader_finish(rgn_reader *r)
{
    if (!r || r->broken || r->busy)
        return -1;
    if (r->finished)
        return 0;
    r->busy = true;
    if (r->latin1)
        rgn_latin1_finish(r->latin1); /* a character cut at the end */
    r->finished = true;
    if (!r->broken && !r->stopped) {
        rgn_lexer_finish(&r->lexer);
        process(r);
    }
    r->busy = false;
    return r->broken ? -1 : 0;
}

rgn_span rgn_reader_line(const rgn_reader *r, rgn_location where, size_t *caret)
{
    rgn_span line;
    if ((r->number_held &&
         rgn_saved_line_at(&r->number_line, where.offset, &line, caret)) ||
        (r->kept &&
         rgn_saved_line_at(&r->kept_line, where.offset, &line, caret)))
        return line;
    uint64_t at = where.offset;
    if (r->map)
        at = rgn_offset_map_text(r->map, at);
    return rgn_lexer_line(&r->lexer, at, caret);
}

void rgn_reader_keep_line(rgn_reader *r, uint64_t offset)
{
    r->kept = offset != UINT64_MAX;
    r->kept_line.offset = offset;
    r->kept_line.saved = false;
}

void rgn_reader_start_at(rgn_reader *r, uint64_t offset, uint32_t line)
{
    rgn_lexer *lx = &r->lexer;
    lx->base = offset;
    lx->line = line;
    lx->bom_checked = true;
    /* the byte before offset ends a line (the first byte of that line,
     * line_first, matters only to a '[' at the start of this one, a
     * resynchronisation point either way) */
    lx->last_break = offset;
    if (r->latin1)
        rgn_latin1_start_at(r->latin1, offset, line);
}

void rgn_reader_map_offsets(rgn_reader *r, rgn_offset_map *map)
{
    /* a token held keeps its offsets, the text's and the input's so far */
    r->quote_at = r->token.inner_quote.offset;
    r->map = map;
}

void rgn_reader_set_window(rgn_reader *r, uint64_t from, uint64_t to)
{
    r->windowed = true;
    r->window_from = from;
    r->window_to = to;
}

void rgn_reader_read_range(rgn_reader *r, const rgn_range *range)
{
    if (range->start > 0) /* else it looks for a byte order mark */
        rgn_reader_start_at(r, range->start, range->start_line);
    rgn_reader_set_window(r, range->from, range->to);
}

bool rgn_reader_stopped(const rgn_reader *r, uint64_t *where)
{
    if (r->stopped)
        *where = r->stopped_at;
    return r->stopped;
}

bool rgn_reader_owns(const rgn_reader *r, uint64_t offset)
{
    if (!r->windowed)
        return true;
    if (r->stopped)
        return false;
    if (r->state != OUTSIDE && r->origin_met)
        return !r->hidden;
    return offset >= r->window_from && offset < r->window_to;
}

bool rgn_reader_between_games(const rgn_reader *r, uint32_t *line)
{
    const rgn_lexer *lx = &r->lexer;
    /* the lexer keeps nothing of a token (it is between tokens, in an
     * escape line or skipping to the next game), has scanned every byte
     * and stands at the start of a line (so not in an escape line) */
    bool lexer_idle = rgn_lexer_keep(lx) == lx->base + lx->pos &&
                      lx->pos == lx->len && lx->bol && !lx->eof;
    *line = lx->line;
    return lexer_idle && r->state == OUTSIDE && !r->held && !r->number_held &&
           !r->quiet && !r->broken && !r->busy;
}

bool rgn_reader_move_ends_input(const rgn_reader *r)
{
    return rgn_lexer_only_space_left(&r->lexer) == 1;
}

size_t rgn_reader_buffer_capacity(const rgn_reader *r)
{
    return r->lexer.cap + r->scratch.capacity;
}
