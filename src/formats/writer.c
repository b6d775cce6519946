/*
 * writer.c - what every exporter shares and no format knows: the one
 * game sink of a writer. It numbers the games, follows the variation
 * depth, passes each part of a game on to the format, and writes the
 * game's output only when the game is to be written. formats.c chooses
 * the format.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "base/util.h"
#include "formats/writer.h"

#define UNCHECKED_PREFIX "rgn: not checked, after the error: "

static void on_begin_game(void *user, uint64_t number)
{
    rgn_writer *w = user;
    (void)number;                  /* numbered over all inputs, not per input */
    if (w->next_number > w->games) /* games left out before it */
        w->games = w->next_number - 1;
    w->next_number = 0;
    w->number = ++w->games;
    w->depth = 0;
    w->variant_tag = false;
    w->has_origin = false;
    if (w->format->begin_game)
        w->format->begin_game(w);
}

static void on_origin(void *user, rgn_location where)
{
    rgn_writer *w = user;
    w->has_origin = true;
    w->origin = where;
    if (w->format->origin)
        w->format->origin(w);
}

void writer_fail(rgn_writer *w, const char *why)
{
    if (w->write_failed)
        return; /* the first failure is the one to tell */
    w->write_failed = true;
    if (!why)
        why = errno ? strerror(errno) : "a write failed";
    snprintf(w->why, sizeof w->why, "%s", why);
}

const char *writer_input(const rgn_writer *w)
{
    return w->input ? w->input : "-";
}

/* The sink's input event: the name is copied, for it names the games
 * until the next one. */
static void on_input(void *user, const char *name)
{
    rgn_writer *w = user;
    if (w->input && name && strcmp(w->input, name) == 0)
        return; /* the same input: most calls, one a game */
    free(w->input);
    w->input = NULL;
    if (name && !(w->input = strdup(name)))
        writer_fail(w, "out of memory"); /* the game would be misnamed */
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    rgn_writer *w = user;
    if (name.len == 7 && memcmp(name.data, "Variant", 7) == 0)
        w->variant_tag = true;
    if (w->format->tag)
        w->format->tag(w, name, value);
}

static void on_start(void *user, const rgn_position *start, bool has_fen)
{
    rgn_writer *w = user;
    const rgn_variant *variant = rgn_position_variant(start);
    const rgn_variant *tagless =
        w->options.tagless ? w->options.tagless : rgn_variant_default();
    if (!w->variant_tag && variant != tagless && w->format->tag &&
        !w->format->names_variant) {
        /* the game was read as another game by an option or its file's
         * name: written out, it says so, or it would read as another */
        const char *name = rgn_variant_name(variant);
        w->format->tag(w, (rgn_span){"Variant", 7},
                       (rgn_span){name, strlen(name)});
    }
    if (w->format->start)
        w->format->start(w, start, has_fen);
}

static void on_move(void *user, rgn_position *before, rgn_move move,
                    const char *san)
{
    rgn_writer *w = user;
    if (w->format->move && (w->depth == 0 || !w->format->main_line_only))
        w->format->move(w, before, move, san);
}

static void on_move_text(void *user, rgn_span written)
{
    rgn_writer *w = user;
    if (w->format->move_text && (w->depth == 0 || !w->format->main_line_only))
        w->format->move_text(w, written);
}

static void on_nag(void *user, unsigned nag)
{
    rgn_writer *w = user;
    if (w->format->nag)
        w->format->nag(w, nag);
}

static void on_comment(void *user, rgn_span text)
{
    rgn_writer *w = user;
    if (w->format->comment)
        w->format->comment(w, text);
}

static void on_begin_variation(void *user)
{
    rgn_writer *w = user;
    w->depth++;
    if (w->format->begin_variation)
        w->format->begin_variation(w);
}

static void on_end_variation(void *user)
{
    rgn_writer *w = user;
    if (w->depth == 0)
        return;
    if (w->format->end_variation)
        w->format->end_variation(w);
    w->depth--;
}

void rgn_writer_number_next(rgn_writer *writer, uint64_t number)
{
    writer->next_number = number;
}

void rgn_writer_close_variations(rgn_writer *w)
{
    while (w->depth > 0)
        on_end_variation(w);
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The rest of a game kept invalid, in a comment that says it was not
 * checked. */
static void on_unchecked(void *user, rgn_span text, bool cut)
{
    rgn_writer *w = user;
    if (!w->options.keep_invalid || !w->format->comment)
        return;
    rgn_writer_close_variations(w);
    rgn_buffer note = {0};
    if (cut)
        rgn_buffer_puts(&note, "rgn: the rest of the game, longer than "
                               "rgn reads in one piece, is not kept");
    else {
        while (text.len && is_space(text.data[text.len - 1]))
            text.len--;
        rgn_buffer_puts(&note, UNCHECKED_PREFIX);
        /* as written, but for control characters and bytes that are no
         * UTF-8 (a syntax error may stand in the text; no format can hold
         * them: XML refuses them), each written as '?' */
        const unsigned char *bytes = (const unsigned char *)text.data;
        for (size_t i = 0; i < text.len;) {
            int len = rgn_utf8_length(bytes + i, text.len - i);
            bool control =
                len == 1 && ((bytes[i] < 0x20 && !is_space((char)bytes[i])) ||
                             bytes[i] == 0x7f);
            if (len <= 0 || control) {
                rgn_buffer_append(&note, "?", 1);
                i++;
            } else {
                rgn_buffer_append(&note, text.data + i, (size_t)len);
                i += (size_t)len;
            }
        }
    }
    if (note.failed)
        w->game.failed = true;
    else
        w->format->comment(w, (rgn_span){note.data, note.len});
    rgn_buffer_free(&note);
}

/* "7. Bb5: MESSAGE (line 9, column 13)": an Invalid tag's value. */
static void invalid_reason(const rgn_diagnostic *error, char *buf, size_t size)
{
    if (error->move.len)
        snprintf(buf, size, "%s %.*s: %s (line %u, column %u)",
                 error->move_number, (int)error->move.len, error->move.data,
                 error->message, error->where.line, error->where.column);
    else
        snprintf(buf, size, "%s (line %u, column %u)", error->message,
                 error->where.line, error->where.column);
}

static void on_end_game(void *user, rgn_span result,
                        const rgn_diagnostic *error)
{
    rgn_writer *w = user;
    bool write = !error || w->options.keep_invalid;
    /* no result written, or a format that cannot say that the rest was
     * not checked: the game is open */
    if (error && (!result.len || !w->format->comment))
        result = (rgn_span){"*", 1};
    if (write && error && error->problem != RGN_E_KEPT_INVALID &&
        w->format->tag) {
        /* the mark that makes the game read as invalid again */
        char reason[700];
        invalid_reason(error, reason, sizeof reason);
        w->format->tag(w, (rgn_span){"Invalid", 7},
                       (rgn_span){reason, strlen(reason)});
    }
    if (write && w->format->end_game)
        w->format->end_game(w, result, error);
    errno = 0;
    if (w->game.failed)
        writer_fail(w, "out of memory");
    else if (write && w->game.len &&
             fwrite(w->game.data, 1, w->game.len, w->out) != w->game.len)
        writer_fail(w, NULL);
    rgn_buffer_reset(&w->game);
}

const rgn_game_sink rgn_writer_game_sink = {
    .input = on_input,
    .begin_game = on_begin_game,
    .origin = on_origin,
    .tag = on_tag,
    .start = on_start,
    .move = on_move,
    .move_text = on_move_text,
    .nag = on_nag,
    .comment = on_comment,
    .begin_variation = on_begin_variation,
    .end_variation = on_end_variation,
    .unchecked = on_unchecked,
    .end_game = on_end_game,
};

void rgn_stop_note(const rgn_diagnostic *error, char *buf, size_t size)
{
    snprintf(buf, size, "rgn: the game stops here, at line %u, column %u: %s",
             error->where.line, error->where.column, error->message);
}
