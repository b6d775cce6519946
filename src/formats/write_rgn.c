/*
 * write_rgn.c - canonical RGN (rgn(1), COMMANDS, convert --to rgn: the
 * writer's choices), and the same with moves in long algebraic form.
 *
 * The tag section is written last, when the game's result is known: the
 * roster first (its missing tags as "?"), then the other tags in their
 * input order. Comments are written with their white space runs as single
 * spaces, so that laying out again what was laid out changes nothing.
 */
#include <string.h>

#include "formats/writer.h"

#define LINE_WIDTH 79

/* Movetext laid out in words, lines of at most 79 characters. The last
 * word waits (pending) so that a glyph or ')' can still join it. */
typedef struct text_layout {
    rgn_buffer *out;
    size_t line_length;
    char pending[128];
    size_t pending_len;
    char prefix[8]; /* what the next word begins with: '(' or '{' */
    size_t prefix_len;
} text_layout;

typedef struct text_state {
    rgn_buffer tags; /* name, NUL, value, NUL, in input order */
    rgn_buffer movetext;
    text_layout layout;
    bool need_number; /* the next Black move needs "n..." */
    bool after_move;  /* the last word is a move: a glyph may join it */
    char chain[RGN_MAX_TURNS * 8]; /* --chains: the last move's turns, */
    size_t chain_len;              /* written after its glyph and NAGs */
} text_state;

static const char *const roster[] = {"Event", "Site",  "Date",  "Round",
                                     "White", "Black", "Result"};
static const char *const roster_default[] = {"?", "?", "????.??.??", "?",
                                             "?", "?", "*"};
#define ROSTER_SIZE 7

static const char *const glyphs[] = {"", "!", "?", "!!", "??", "!?", "?!"};

/* ------------------------------------------------------------------ */
/* Layout                                                             */

static void commit_pending(text_layout *t)
{
    if (!t->pending_len)
        return;
    if (t->line_length && t->line_length + 1 + t->pending_len > LINE_WIDTH) {
        rgn_buffer_append(t->out, "\n", 1);
        t->line_length = 0;
    }
    if (t->line_length) {
        rgn_buffer_append(t->out, " ", 1);
        t->line_length++;
    }
    rgn_buffer_append(t->out, t->pending, t->pending_len);
    t->line_length += t->pending_len;
    t->pending_len = 0;
}

static void put_word(text_layout *t, const char *word, size_t len)
{
    commit_pending(t);
    if (t->prefix_len + len < sizeof t->pending) {
        memcpy(t->pending, t->prefix, t->prefix_len);
        memcpy(t->pending + t->prefix_len, word, len);
        t->pending_len = t->prefix_len + len;
    } else {
        /* too long to wait: written at once, on a line of its own */
        if (t->line_length)
            rgn_buffer_append(t->out, "\n", 1);
        rgn_buffer_append(t->out, t->prefix, t->prefix_len);
        rgn_buffer_append(t->out, word, len);
        t->line_length = t->prefix_len + len;
    }
    t->prefix_len = 0;
}

/* Joins text to the last word ("!" to a move, ")" to a variation). */
static void join_word(text_layout *t, const char *text)
{
    size_t len = strlen(text);
    if (t->pending_len && t->pending_len + len < sizeof t->pending) {
        memcpy(t->pending + t->pending_len, text, len);
        t->pending_len += len;
        return;
    }
    commit_pending(t); /* the last word is out: join it there */
    rgn_buffer_append(t->out, text, len);
    t->line_length += len;
}

static void begin_next_word_with(text_layout *t, char c)
{
    if (t->prefix_len < sizeof t->prefix)
        t->prefix[t->prefix_len++] = c;
}

static void end_line(text_layout *t)
{
    commit_pending(t);
    rgn_buffer_append(t->out, "\n", 1);
    t->line_length = 0;
}

/* ------------------------------------------------------------------ */
/* Game parts                                                         */

static void text_begin_game(rgn_writer *w)
{
    text_state *s = w->state;
    rgn_buffer_reset(&s->tags);
    rgn_buffer_reset(&s->movetext);
    s->layout = (text_layout){.out = &s->movetext};
    s->chain_len = 0; /* a chain left by a game not written */
    s->need_number = true;
    s->after_move = false;
}

static void text_tag(rgn_writer *w, rgn_span name, rgn_span value)
{
    text_state *s = w->state;
    rgn_buffer_append(&s->tags, name.data, name.len);
    rgn_buffer_append(&s->tags, "", 1);
    rgn_buffer_append(&s->tags, value.data, value.len);
    rgn_buffer_append(&s->tags, "", 1);
}

/* The chain comment waits until the move's glyph and NAGs are written, so
 * that a glyph still joins its move as without --chains. */
static void write_comment(text_state *s, rgn_span text);

static void flush_chain(text_state *s)
{
    if (s->chain_len) {
        size_t len = s->chain_len;
        s->chain_len = 0;
        write_comment(s, (rgn_span){s->chain, len});
    }
}

/* Writes "12. " or "12... " (dots) into out, which has room for 24
 * bytes; returns its length. Not snprintf: this runs for every move, and
 * printf's machinery was a tenth of convert's time (bench/README.md). */
static size_t move_number(char *out, int number, const char *dots)
{
    char digits[12];
    size_t count = 0, n = 0;
    unsigned value = number > 0 ? (unsigned)number : 0;
    do
        digits[count++] = (char)('0' + value % 10);
    while ((value /= 10) && count < sizeof digits);
    while (count)
        out[n++] = digits[--count];
    size_t len = strlen(dots);
    memcpy(out + n, dots, len);
    return n + len;
}

static void text_move(rgn_writer *w, rgn_position *before, rgn_move move,
                      const char *san)
{
    text_state *s = w->state;
    char word[112];
    flush_chain(s);
    /* the move number and its move are one word: no line ends between */
    size_t n = 0;
    if (rgn_position_side(before) == RGN_WHITE)
        n = move_number(word, rgn_position_fullmove(before), ". ");
    else if (s->need_number)
        n = move_number(word, rgn_position_fullmove(before), "... ");
    if (w->options.format == RGN_FORMAT_LAN) {
        n += rgn_move_lan(before, move, word + n, sizeof word - n);
    } else {
        size_t len = strlen(san);
        if (len > sizeof word - 1 - n)
            len = sizeof word - 1 - n;
        memcpy(word + n, san, len);
        n += len;
    }
    put_word(&s->layout, word, n < sizeof word ? n : sizeof word - 1);
    s->need_number = false;
    s->after_move = true;
    rgn_turn turns[RGN_MAX_TURNS];
    int count = w->options.chains ? rgn_move_chain(before, move, turns) : 0;
    if (count) { /* "{b3>S b2>W a2>S}", rgn(5), ROTATIONARY */
        size_t n = 0;
        for (int i = 0; i < count; i++) {
            char cell[8];
            rgn_square_name(rgn_position_variant(before), turns[i].square,
                            cell);
            n += (size_t)snprintf(s->chain + n, sizeof s->chain - n, "%s%s>%s",
                                  i ? " " : "", cell,
                                  rgn_direction_name(turns[i].facing));
        }
        s->chain_len = n;
    }
}

static void text_nag(rgn_writer *w, unsigned nag)
{
    text_state *s = w->state;
    /* $n, as the PGN standard's export format says; --nag-glyphs joins
     * NAGs 1 to 6 to their move as ! ? !! ?? !? ?! */
    if (w->options.nag_glyphs && s->after_move && nag >= 1 && nag <= 6) {
        join_word(&s->layout, glyphs[nag]);
    } else {
        char word[8];
        int n = snprintf(word, sizeof word, "$%u", nag);
        put_word(&s->layout, word, (size_t)n);
    }
    s->after_move = false;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void write_comment(text_state *s, rgn_span text)
{
    text_layout *t = &s->layout;
    s->after_move = false;
    s->need_number = true;
    if (memchr(text.data, '}', text.len)) {
        /* braces cannot hold a '}': a ';' comment to the line's end can */
        put_word(t, ";", 1);
        commit_pending(t);
        for (size_t i = 0; i < text.len; i++)
            rgn_buffer_append(t->out,
                              is_space(text.data[i]) ? " " : text.data + i, 1);
        end_line(t);
        return;
    }
    /* its words, the first after '{', the last before '}' */
    size_t i = 0, words = 0;
    begin_next_word_with(t, '{');
    while (i < text.len) {
        while (i < text.len && is_space(text.data[i]))
            i++;
        size_t start = i;
        while (i < text.len && !is_space(text.data[i]))
            i++;
        if (i > start) {
            put_word(t, text.data + start, i - start);
            words++;
        }
    }
    if (words == 0) {
        t->prefix_len = 0;
        put_word(t, "{}", 2);
    } else {
        join_word(t, "}");
    }
}

static void text_comment(rgn_writer *w, rgn_span text)
{
    flush_chain(w->state);
    write_comment(w->state, text);
}

/* '(' before the next word, or ')' after the last: either way the next
 * move shows its number, and no glyph joins. */
static void parenthesis(rgn_writer *w, bool open)
{
    text_state *s = w->state;
    flush_chain(s);
    if (open)
        begin_next_word_with(&s->layout, '(');
    else
        join_word(&s->layout, ")");
    s->need_number = true;
    s->after_move = false;
}

static void text_begin_variation(rgn_writer *w) { parenthesis(w, true); }

static void text_end_variation(rgn_writer *w) { parenthesis(w, false); }

static void write_tag(rgn_buffer *out, const char *name, const char *value)
{
    rgn_buffer_printf(out, "[%s \"", name);
    for (const char *p = value; *p; p++) {
        if (*p == '"' || *p == '\\')
            rgn_buffer_append(out, "\\", 1);
        rgn_buffer_append(out, p, 1);
    }
    rgn_buffer_puts(out, "\"]\n");
}

/* The value of the first tag of that name, or NULL. */
static const char *find_tag(const rgn_buffer *tags, const char *name)
{
    for (size_t i = 0; i < tags->len;) {
        const char *tag = tags->data + i;
        const char *value = tag + strlen(tag) + 1;
        if (strcmp(tag, name) == 0)
            return value;
        i = (size_t)(value + strlen(value) + 1 - tags->data);
    }
    return NULL;
}

static void text_end_game(rgn_writer *w, rgn_span result,
                          const rgn_diagnostic *error)
{
    text_state *s = w->state;
    flush_chain(s);
    char result_text[16];
    snprintf(result_text, sizeof result_text, "%.*s", (int)result.len,
             result.data);
    if (error) /* its [Invalid] tag says why; close what it left open */
        rgn_writer_close_variations(w);
    put_word(&s->layout, result_text, strlen(result_text));
    end_line(&s->layout);

    rgn_buffer *out = &w->game;
    for (int i = 0; i < ROSTER_SIZE; i++) {
        const char *value = find_tag(&s->tags, roster[i]);
        /* the Result tag as written (an invalid game's, or one whose
         * game ends "*", keeps it), or the game's result */
        if (i == ROSTER_SIZE - 1 && !value)
            value = result_text;
        write_tag(out, roster[i], value ? value : roster_default[i]);
    }
    /* the other tags, and any second tag of a roster name, in input order */
    bool seen[ROSTER_SIZE] = {false};
    for (size_t i = 0; i < s->tags.len;) {
        const char *name = s->tags.data + i;
        const char *value = name + strlen(name) + 1;
        i = (size_t)(value + strlen(value) + 1 - s->tags.data);
        bool first_of_roster = false;
        for (int r = 0; r < ROSTER_SIZE; r++)
            if (strcmp(name, roster[r]) == 0 && !seen[r])
                seen[r] = first_of_roster = true;
        if (!first_of_roster)
            write_tag(out, name, value);
    }
    rgn_buffer_puts(out, "\n");
    rgn_buffer_append(out, s->movetext.data, s->movetext.len);
    rgn_buffer_puts(out, "\n");
    if (s->tags.failed || s->movetext.failed)
        out->failed = true;
}

static void text_free(void *state)
{
    text_state *s = state;
    rgn_buffer_free(&s->tags);
    rgn_buffer_free(&s->movetext);
}

const writer_format rgn_text_format = {
    .state_size = sizeof(text_state),
    .free_state = text_free,
    .let_go = text_free, /* its buffers, which the next game grows again */
    .begin_game = text_begin_game,
    .tag = text_tag,
    .move = text_move,
    .nag = text_nag,
    .comment = text_comment,
    .begin_variation = text_begin_variation,
    .end_variation = text_end_variation,
    .end_game = text_end_game,
};
