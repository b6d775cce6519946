/*
 * write_json.c - games as JSON Lines, one game an object on one line,
 * described by grammar/rgn-game.schema.json.
 *
 * The parts of a game come in reading order, but an object's members
 * must each come once: a ply gathers its NAGs, comments and variations
 * (which may come in any order after it) until the next ply of its line
 * or the line's end, and is written then; the game's members are put
 * together when it ends.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "formats/writer.h"

/* One line of play (the main line, or a variation being read). */
typedef struct json_line {
    rgn_buffer plies;  /* the plies written so far, separated by commas */
    rgn_buffer before; /* comments before the line's first ply */
    bool open;         /* a ply is being gathered */
    int ply;           /* plies from the game's start */
    /* the open ply's parts: its move's fields, then what follows it */
    rgn_buffer move;
    rgn_buffer nags, comments, variations;
    char clock[WRITER_CLOCK_SIZE]; /* a JSON number, "" when none */
    char eval[WRITER_EVAL_SIZE];   /* a JSON number or {"mate":N}, "" */
} json_line;

typedef struct json_state {
    json_line lines[RGN_MAX_VARIATION_DEPTH + 1]; /* by depth */
    rgn_buffer tags;                              /* the members of "tags" */
    rgn_buffer more_tags; /* later tags of a name already in "tags" */
    rgn_buffer names;     /* the names in "tags", each ended by a NUL */
    rgn_buffer head;      /* "variant" and "start" */
    rgn_buffer invalid;   /* the Invalid tag's value, as a JSON string */
    rgn_buffer written;   /* the next move as written */
    bool has_written;
} json_state;

static json_state *state_of(rgn_writer *w) { return w->state; }

static void json_free(void *state)
{
    json_state *s = state;
    for (int d = 0; d <= RGN_MAX_VARIATION_DEPTH; d++) {
        json_line *l = &s->lines[d];
        rgn_buffer *parts[] = {&l->plies, &l->before,   &l->move,
                               &l->nags,  &l->comments, &l->variations};
        for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
            rgn_buffer_free(parts[i]);
    }
    rgn_buffer *own[] = {&s->tags, &s->more_tags, &s->names,
                         &s->head, &s->invalid,   &s->written};
    for (size_t i = 0; i < sizeof own / sizeof *own; i++)
        rgn_buffer_free(own[i]);
}

/* Appends from to out, a failure included. */
static void append(rgn_buffer *out, const rgn_buffer *from)
{
    if (from->failed)
        out->failed = true;
    if (from->len)
        rgn_buffer_append(out, from->data, from->len);
}

/* A comma before every element of a list but the first. */
static void separate(rgn_buffer *list)
{
    if (list->len)
        rgn_buffer_puts(list, ",");
}

static void string(rgn_buffer *out, const char *text)
{
    rgn_json_string(out, text, strlen(text), false);
}

/* ,"name":[list], when the list has anything. */
static void list_member(rgn_buffer *out, const char *name,
                        const rgn_buffer *list)
{
    if (!list->len && !list->failed)
        return;
    rgn_buffer_printf(out, ",\"%s\":[", name);
    append(out, list);
    rgn_buffer_puts(out, "]");
}

static void clear_line(json_line *l)
{
    rgn_buffer_reset(&l->plies);
    rgn_buffer_reset(&l->before);
    l->open = false;
}

static void json_begin_game(rgn_writer *w)
{
    json_state *s = state_of(w);
    clear_line(&s->lines[0]);
    s->lines[0].ply = 0;
    rgn_buffer_reset(&s->tags);
    rgn_buffer_reset(&s->more_tags);
    rgn_buffer_reset(&s->names);
    rgn_buffer_reset(&s->head);
    rgn_buffer_reset(&s->invalid);
    s->has_written = false;
}

/* Whether "tags" has a tag of this name already. */
static bool has_name(const json_state *s, rgn_span name)
{
    for (size_t at = 0; at < s->names.len;) {
        const char *known = s->names.data + at;
        size_t len = strlen(known);
        if (len == name.len && memcmp(known, name.data, len) == 0)
            return true;
        at += len + 1;
    }
    return false;
}

static void json_tag(rgn_writer *w, rgn_span name, rgn_span value)
{
    json_state *s = state_of(w);
    /* the reason of an invalid game (read, or the writer's mark of one
     * kept invalid) is a member of its own, as in the XML */
    if (name.len == 7 && memcmp(name.data, "Invalid", 7) == 0 &&
        !s->invalid.len) {
        rgn_json_string(&s->invalid, value.data, value.len, false);
        return;
    }
    /* a name once in "tags"; a later tag of the same name is kept in
     * "more_tags", in order, so that none is lost */
    rgn_buffer *list = has_name(s, name) ? &s->more_tags : &s->tags;
    separate(list);
    if (list == &s->more_tags)
        rgn_buffer_puts(list, "[");
    rgn_json_string(list, name.data, name.len, false);
    rgn_buffer_puts(list, list == &s->more_tags ? "," : ":");
    rgn_json_string(list, value.data, value.len, false);
    if (list == &s->more_tags)
        rgn_buffer_puts(list, "]");
    else {
        rgn_buffer_append(&s->names, name.data, name.len);
        rgn_buffer_append(&s->names, "", 1);
    }
}

static void json_start(rgn_writer *w, const rgn_position *start, bool has_fen)
{
    json_state *s = state_of(w);
    rgn_buffer_puts(&s->head, ",\"variant\":");
    string(&s->head, rgn_variant_name(rgn_position_variant(start)));
    if (has_fen) {
        char fen[512];
        rgn_position_fen(start, fen, sizeof fen);
        rgn_buffer_puts(&s->head, ",\"start\":");
        string(&s->head, fen);
    }
}

/* Writes the open ply of a line into its list of plies. */
static void close_ply(json_line *l)
{
    if (!l->open)
        return;
    separate(&l->plies);
    rgn_buffer_puts(&l->plies, "{");
    append(&l->plies, &l->move);
    list_member(&l->plies, "nags", &l->nags);
    if (l->clock[0])
        rgn_buffer_printf(&l->plies, ",\"clock\":%s", l->clock);
    if (l->eval[0])
        rgn_buffer_printf(&l->plies, ",\"eval\":%s", l->eval);
    list_member(&l->plies, "comments", &l->comments);
    list_member(&l->plies, "variations", &l->variations);
    rgn_buffer_puts(&l->plies, "}");
    l->open = false;
}

static void json_move_text(rgn_writer *w, rgn_span written)
{
    json_state *s = state_of(w);
    rgn_buffer_reset(&s->written);
    rgn_buffer_append(&s->written, written.data, written.len);
    s->has_written = true;
}

/* ,"name":"text" */
static void text_member(rgn_buffer *out, const char *name, const char *text,
                        size_t len)
{
    rgn_buffer_printf(out, ",\"%s\":", name);
    rgn_json_string(out, text, len, false);
}

static void json_move(rgn_writer *w, rgn_position *before, rgn_move move,
                      const char *san)
{
    json_state *s = state_of(w);
    json_line *l = &s->lines[w->depth];
    close_ply(l);
    l->open = true;
    rgn_buffer_reset(&l->move);
    rgn_buffer_reset(&l->nags);
    rgn_buffer_reset(&l->comments);
    rgn_buffer_reset(&l->variations);
    l->clock[0] = l->eval[0] = '\0';

    rgn_buffer *out = &l->move;
    /* counted from the game's start position, as everywhere in rgn */
    rgn_buffer_printf(out, "\"ply\":%d", ++l->ply);
    if (s->has_written)
        text_member(out, "written", s->written.data, s->written.len);
    else
        text_member(out, "written", san, strlen(san));
    s->has_written = false;
    text_member(out, "san", san, strlen(san));
    char text[512];
    size_t len = rgn_move_lan(before, move, text, sizeof text);
    text_member(out, "lan", text, len);
    len = rgn_move_coord(before, move, text, sizeof text);
    text_member(out, "coord", text, len);
    if (w->options.json_fen) {
        rgn_undo undo;
        writer_play(before, move, &undo);
        rgn_position_fen(before, text, sizeof text);
        writer_take_back(before, move, &undo);
        text_member(out, "fen", text, strlen(text));
    }
    /* the comments before the line's first ply come with it */
    if (w->depth > 0 && l->before.len) {
        list_member(out, "comments_before", &l->before);
        rgn_buffer_reset(&l->before);
    }
}

static void json_nag(rgn_writer *w, unsigned nag)
{
    json_line *l = &state_of(w)->lines[w->depth];
    if (!l->open) { /* no move to go with: kept as the comment "$N" */
        char text[16];
        snprintf(text, sizeof text, "$%u", nag);
        separate(&l->before);
        string(&l->before, text);
        return;
    }
    separate(&l->nags);
    rgn_buffer_printf(&l->nags, "%u", nag);
}

static void json_comment(rgn_writer *w, rgn_span text)
{
    json_line *l = &state_of(w)->lines[w->depth];
    if (!l->open) {
        separate(&l->before);
        rgn_json_string(&l->before, text.data, text.len, false);
        return;
    }
    rgn_buffer rest = {0};
    if (writer_take_commands(text, l->clock, l->eval, &rest)) {
        if (rest.failed)
            l->comments.failed = true;
        if (rest.len) {
            separate(&l->comments);
            rgn_json_string(&l->comments, rest.data, rest.len, false);
        }
    } else {
        separate(&l->comments);
        rgn_json_string(&l->comments, text.data, text.len, false);
    }
    rgn_buffer_free(&rest);
}

static void json_begin_variation(rgn_writer *w)
{
    json_state *s = state_of(w);
    json_line *l = &s->lines[w->depth];
    clear_line(l);
    /* a variation replaces the move just made */
    l->ply = s->lines[w->depth - 1].ply - 1;
}

static void json_end_variation(rgn_writer *w)
{
    json_state *s = state_of(w);
    json_line *l = &s->lines[w->depth];
    json_line *parent = &s->lines[w->depth - 1];
    close_ply(l);
    /* comments of a variation without a move: kept as a ply of their own */
    if (l->before.len) {
        separate(&l->plies);
        rgn_buffer_puts(&l->plies, "{\"comments_before\":[");
        append(&l->plies, &l->before);
        rgn_buffer_puts(&l->plies, "]}");
    }
    /* the reader lets a variation follow only a move; were there none, it
     * would still be kept, among the comments before the line */
    rgn_buffer *into = parent->open ? &parent->variations : &parent->before;
    separate(into);
    rgn_buffer_puts(into, "[");
    append(into, &l->plies);
    rgn_buffer_puts(into, "]");
}

static void json_end_game(rgn_writer *w, rgn_span result,
                          const rgn_diagnostic *error)
{
    json_state *s = state_of(w);
    (void)error; /* its reason came as the Invalid tag */
    rgn_writer_close_variations(w);
    json_line *main = &s->lines[0];
    close_ply(main);
    rgn_buffer *out = &w->game;
    rgn_buffer_printf(out, "{\"game\":%llu", (unsigned long long)w->number);
    if (w->has_origin) { /* where it was read, as rgn list names it */
        rgn_buffer_puts(out, ",\"file\":");
        string(out, writer_input(w));
        rgn_buffer_printf(out, ",\"offset\":%llu",
                          (unsigned long long)w->origin.offset);
    }
    if (s->head.len)
        append(out, &s->head);
    else /* stopped before its rules were known */
        rgn_buffer_puts(out, ",\"variant\":null");
    rgn_buffer_puts(out, ",\"tags\":{");
    append(out, &s->tags);
    rgn_buffer_puts(out, "}");
    list_member(out, "more_tags", &s->more_tags);
    list_member(out, "comments", &main->before);
    rgn_buffer_puts(out, ",\"moves\":[");
    append(out, &main->plies);
    rgn_buffer_puts(out, "]");
    text_member(out, "result", result.data, result.len);
    if (s->invalid.len) {
        rgn_buffer_puts(out, ",\"invalid\":");
        append(out, &s->invalid);
    }
    rgn_buffer_puts(out, "}\n");
    if (s->names.failed || s->written.failed)
        out->failed = true;
}

const writer_format rgn_json_format = {
    .state_size = sizeof(json_state),
    .names_variant = true, /* "variant"; "tags" are as written */
    .free_state = json_free,
    .begin_game = json_begin_game,
    .tag = json_tag,
    .start = json_start,
    .move_text = json_move_text,
    .move = json_move,
    .nag = json_nag,
    .comment = json_comment,
    .begin_variation = json_begin_variation,
    .end_variation = json_end_variation,
    .end_game = json_end_game,
};
