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

static void on_begin_game(void *user, uint64_t number)
{
    rgn_writer *w = user;
    (void)number; /* numbered over all inputs, not per input */
    w->number = ++w->games;
    w->depth = 0;
    rgn_buffer_reset(&w->tags);
    rgn_buffer_reset(&w->movetext);
    w->layout = (text_layout){.out = &w->movetext};
    w->chain_len = 0;
    w->need_number = true;
    w->after_move = false;
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    rgn_writer *w = user;
    rgn_buffer_append(&w->tags, name.data, name.len);
    rgn_buffer_append(&w->tags, "", 1);
    rgn_buffer_append(&w->tags, value.data, value.len);
    rgn_buffer_append(&w->tags, "", 1);
}

/* The chain comment waits until the move's glyph and NAGs are written, so
 * that a glyph still joins its move as without --chains. */
static void write_comment(rgn_writer *w, rgn_span text);

static void flush_chain(rgn_writer *w)
{
    if (w->chain_len) {
        size_t len = w->chain_len;
        w->chain_len = 0;
        write_comment(w, (rgn_span){w->chain, len});
    }
}

static void on_move(void *user, rgn_position *before, rgn_move move,
                    const char *san)
{
    rgn_writer *w = user;
    char word[80];
    flush_chain(w);
    int fullmove = rgn_position_fullmove(before);
    if (rgn_position_side(before) == RGN_WHITE) {
        int n = snprintf(word, sizeof word, "%d.", fullmove);
        put_word(&w->layout, word, (size_t)n);
    } else if (w->need_number) {
        int n = snprintf(word, sizeof word, "%d...", fullmove);
        put_word(&w->layout, word, (size_t)n);
    }
    if (w->options.format == RGN_FORMAT_LAN) {
        size_t len = rgn_move_lan(before, move, word, sizeof word);
        put_word(&w->layout, word, len);
    } else {
        put_word(&w->layout, san, strlen(san));
    }
    w->need_number = false;
    w->after_move = true;
    rgn_turn turns[RGN_MAX_TURNS];
    int count = w->options.chains ? rgn_move_chain(before, move, turns) : 0;
    if (count) { /* "{b3>S b2>W a2>S}", rgn(5), ROTATIONARY */
        size_t n = 0;
        for (int i = 0; i < count; i++) {
            char cell[8];
            rgn_square_name(rgn_position_variant(before), turns[i].square,
                            cell);
            n += (size_t)snprintf(w->chain + n, sizeof w->chain - n,
                                  "%s%s>%s", i ? " " : "", cell,
                                  rgn_direction_name(turns[i].facing));
        }
        w->chain_len = n;
    }
}

static void on_nag(void *user, unsigned nag)
{
    rgn_writer *w = user;
    if (w->after_move && nag >= 1 && nag <= 6) {
        join_word(&w->layout, glyphs[nag]);
    } else {
        char word[8];
        int n = snprintf(word, sizeof word, "$%u", nag);
        put_word(&w->layout, word, (size_t)n);
    }
    w->after_move = false;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static void write_comment(rgn_writer *w, rgn_span text)
{
    text_layout *t = &w->layout;
    w->after_move = false;
    w->need_number = true;
    if (memchr(text.data, '}', text.len)) {
        /* braces cannot hold a '}': a ';' comment to the line's end can */
        put_word(t, ";", 1);
        commit_pending(t);
        for (size_t i = 0; i < text.len; i++)
            rgn_buffer_append(t->out, is_space(text.data[i]) ? " " : text.data + i,
                              1);
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

static void on_comment(void *user, rgn_span text)
{
    flush_chain(user);
    write_comment(user, text);
}

static void on_begin_variation(void *user)
{
    rgn_writer *w = user;
    flush_chain(w);
    w->depth++;
    begin_next_word_with(&w->layout, '(');
    w->need_number = true;
    w->after_move = false;
}

static void on_end_variation(void *user)
{
    rgn_writer *w = user;
    flush_chain(w);
    w->depth--;
    join_word(&w->layout, ")");
    w->need_number = true;
    w->after_move = false;
}

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

static void on_end_game(void *user, rgn_span result, const rgn_diagnostic *error)
{
    rgn_writer *w = user;
    flush_chain(w);
    if (error && !w->options.keep_invalid) {
        rgn_writer_end_game(w, false);
        return;
    }
    char result_text[16] = "*";
    if (!error) {
        snprintf(result_text, sizeof result_text, "%.*s", (int)result.len,
                 result.data);
    } else {
        /* close what the error left open, then say why it stops */
        for (; w->depth > 0; w->depth--)
            join_word(&w->layout, ")");
        char note[700];
        rgn_stop_note(error, note, sizeof note);
        on_comment(w, (rgn_span){note, strlen(note)});
    }
    put_word(&w->layout, result_text, strlen(result_text));
    end_line(&w->layout);

    rgn_buffer *out = &w->game;
    for (int i = 0; i < ROSTER_SIZE; i++) {
        const char *value = find_tag(&w->tags, roster[i]);
        if (i == ROSTER_SIZE - 1)
            value = result_text;
        write_tag(out, roster[i], value ? value : roster_default[i]);
    }
    /* the other tags, and any second tag of a roster name, in input order */
    bool seen[ROSTER_SIZE] = {false};
    for (size_t i = 0; i < w->tags.len;) {
        const char *name = w->tags.data + i;
        const char *value = name + strlen(name) + 1;
        i = (size_t)(value + strlen(value) + 1 - w->tags.data);
        bool first_of_roster = false;
        for (int r = 0; r < ROSTER_SIZE; r++)
            if (strcmp(name, roster[r]) == 0 && !seen[r])
                seen[r] = first_of_roster = true;
        if (!first_of_roster)
            write_tag(out, name, value);
    }
    rgn_buffer_puts(out, "\n");
    rgn_buffer_append(out, w->movetext.data, w->movetext.len);
    rgn_buffer_puts(out, "\n");
    if (w->tags.failed || w->movetext.failed)
        out->failed = true;
    rgn_writer_end_game(w, true);
}

const rgn_game_sink rgn_text_sink = {
    .begin_game = on_begin_game,
    .tag = on_tag,
    .move = on_move,
    .nag = on_nag,
    .comment = on_comment,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .end_game = on_end_game,
};
