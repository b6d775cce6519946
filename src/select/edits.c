/*
 * edits.c - the changes a replay makes to a game (rgn_edits): parts
 * stripped, tags set, players renamed, comments and tags added, results
 * fixed, and the options a program names them by. This file keeps what
 * was asked for; game.c's replay applies it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buffer.h"
#include "base/errors.h"
#include "select/select.h"

rgn_edits *rgn_edits_new(rgn_error *error)
{
    rgn_edits *edits = calloc(1, sizeof(rgn_edits));
    if (!edits)
        rgn_fail(error, "out of memory");
    return edits;
}

void rgn_edits_free(rgn_edits *edits)
{
    if (!edits)
        return;
    for (size_t i = 0; i < edits->tag_count; i++) {
        free(edits->tags[i].name);
        free(edits->tags[i].value);
    }
    free(edits->tags);
    for (size_t i = 0; i < edits->player_count; i++) {
        free(edits->players[i].spelling);
        free(edits->players[i].name);
    }
    free(edits->players);
    free(edits);
}

static int fail(rgn_error *error, const char *message)
{
    error->column = 0;
    snprintf(error->message, sizeof error->message, "%s", message);
    return -1;
}

static char *copy(const char *text, size_t len)
{
    char *c = malloc(len + 1);
    if (c) {
        memcpy(c, text, len);
        c[len] = '\0';
    }
    return c;
}

int rgn_edits_strip(rgn_edits *edits, const char *what, rgn_error *error)
{
    static const char *const names[] = {"comments", "variations", "nags",
                                        "clocks"};
    for (unsigned i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(what, names[i]) == 0) {
            edits->strip |= 1u << i; /* enum strip's order */
            return 0;
        }
    return fail(error, "is none of comments, variations, nags, clocks");
}

int rgn_edits_set_tag(rgn_edits *edits, const char *assignment,
                      rgn_error *error)
{
    const char *equals = strchr(assignment, '=');
    if (!equals || equals == assignment)
        return fail(error, "is no NAME=VALUE");
    size_t name_len = (size_t)(equals - assignment);
    for (size_t i = 0; i < name_len; i++) {
        char c = assignment[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
              (c >= '0' && c <= '9') || c == '_'))
            return fail(error, "a tag's name is letters, digits and '_' only");
    }
    static const char *const refused[] = {"FEN", "SetUp", "Variant", "Result"};
    for (unsigned i = 0; i < sizeof refused / sizeof *refused; i++)
        if (strlen(refused[i]) == name_len &&
            memcmp(refused[i], assignment, name_len) == 0)
            return fail(error, "this tag says how the game reads (FEN, "
                               "SetUp, Variant) or ends (Result: "
                               "--fix-result): it is not set");
    tag_setting *tags =
        realloc(edits->tags, (edits->tag_count + 1) * sizeof *tags);
    if (!tags)
        return fail(error, "out of memory");
    edits->tags = tags;
    tag_setting *t = &tags[edits->tag_count];
    t->name = copy(assignment, name_len);
    t->value = copy(equals + 1, strlen(equals + 1));
    if (!t->name || !t->value) {
        free(t->name);
        free(t->value);
        return fail(error, "out of memory");
    }
    edits->tag_count++;
    return 0;
}

static int by_spelling(const void *a, const void *b)
{
    const player_spelling *x = a, *y = b;
    int c = strcmp(x->spelling, y->spelling);
    /* equal spellings in the order of their lines */
    return c ? c : (x->line > y->line) - (x->line < y->line);
}

static int line_error(rgn_error *error, unsigned line, const char *what)
{
    error->column = 0;
    snprintf(error->message, sizeof error->message, "line %u: %s", line, what);
    return -1;
}

int rgn_edits_rename_players(rgn_edits *edits, const char *text, size_t len,
                             rgn_error *error)
{
    unsigned line = 0;
    for (size_t at = 0; at < len;) {
        line++;
        const char *start = text + at;
        const char *end = memchr(start, '\n', len - at);
        size_t n = end ? (size_t)(end - start) : len - at;
        at += n + (end != NULL);
        if (n && start[n - 1] == '\r')
            n--;
        if (n == 0 || start[0] == '#')
            continue;
        if (memchr(start, '\0', n))
            return line_error(error, line, "holds a NUL byte");
        const char *tab = memchr(start, '\t', n);
        if (!tab)
            return line_error(error, line, "is no SPELLING<TAB>NAME (no tab)");
        size_t spelling_len = (size_t)(tab - start);
        size_t name_len = n - spelling_len - 1;
        if (spelling_len == 0 || name_len == 0)
            return line_error(error, line,
                              "is no SPELLING<TAB>NAME (an empty column)");
        if (memchr(tab + 1, '\t', name_len))
            return line_error(error, line,
                              "is no SPELLING<TAB>NAME (more than one tab)");
        player_spelling *players = realloc(
            edits->players, (edits->player_count + 1) * sizeof *players);
        if (!players)
            return fail(error, "out of memory");
        edits->players = players;
        player_spelling *p = &players[edits->player_count];
        p->spelling = copy(start, spelling_len);
        p->name = copy(tab + 1, name_len);
        p->line = line;
        if (!p->spelling || !p->name) {
            free(p->spelling);
            free(p->name);
            return fail(error, "out of memory");
        }
        edits->player_count++;
    }
    if (edits->player_count > 1) /* no table to sort before the first */
        qsort(edits->players, edits->player_count, sizeof *edits->players,
              by_spelling);
    for (size_t i = 1; i < edits->player_count; i++)
        if (strcmp(edits->players[i - 1].spelling,
                   edits->players[i].spelling) == 0) {
            char what[200];
            snprintf(what, sizeof what,
                     "spells a name that line %u spells already",
                     edits->players[i - 1].line);
            return line_error(error, edits->players[i].line, what);
        }
    return 0;
}

void rgn_edits_add(rgn_edits *edits, unsigned flags) { edits->flags |= flags; }

/* Each option's name, what it takes and, for a flag, its edit. */
static const struct {
    const char *name;
    enum rgn_edit_value takes;
    unsigned flag;
} edit_options[RGN_EDIT_OPTION_COUNT] = {
    [RGN_EDIT_OPTION_STRIP] = {"strip", RGN_EDIT_TEXT, 0},
    [RGN_EDIT_OPTION_SET_TAG] = {"set-tag", RGN_EDIT_TEXT, 0},
    [RGN_EDIT_OPTION_ADD_PLYCOUNT] = {"add-plycount", RGN_EDIT_FLAG,
                                      RGN_EDIT_PLYCOUNT},
    [RGN_EDIT_OPTION_ADD_FEN_COMMENTS] = {"add-fen-comments", RGN_EDIT_FLAG,
                                          RGN_EDIT_FEN_COMMENTS},
    [RGN_EDIT_OPTION_RENAME_PLAYERS] = {"rename-players", RGN_EDIT_FILE, 0},
    [RGN_EDIT_OPTION_FIX_RESULT] = {"fix-result", RGN_EDIT_FLAG,
                                    RGN_EDIT_FIX_RESULT},
};

const char *rgn_edit_option_name(enum rgn_edit_option option)
{
    return (unsigned)option < RGN_EDIT_OPTION_COUNT ? edit_options[option].name
                                                    : NULL;
}

enum rgn_edit_value rgn_edit_option_takes(enum rgn_edit_option option)
{
    return (unsigned)option < RGN_EDIT_OPTION_COUNT ? edit_options[option].takes
                                                    : RGN_EDIT_FLAG;
}

/* The players' spellings of the file at path: 0, or -1 with error (the
 * system's reason when the file cannot be read). */
static int rename_players_file(rgn_edits *edits, const char *path,
                               rgn_error *error)
{
    FILE *in = fopen(path, "rb");
    if (!in)
        return fail(error, strerror(errno));
    rgn_buffer text = {0};
    char block[4096];
    size_t got;
    while ((got = fread(block, 1, sizeof block, in)) > 0)
        rgn_buffer_append(&text, block, got);
    int reason = ferror(in) ? (errno ? errno : EIO) : 0;
    fclose(in);
    int rc = reason ? fail(error, strerror(reason))
             : text.failed
                 ? fail(error, "out of memory")
                 : rgn_edits_rename_players(edits, text.data, text.len, error);
    rgn_buffer_free(&text);
    return rc;
}

int rgn_edits_option(rgn_edits *edits, enum rgn_edit_option option,
                     const char *value, rgn_error *error)
{
    if ((unsigned)option >= RGN_EDIT_OPTION_COUNT)
        return rgn_fail(error, "%d is no rgn_edit_option", (int)option);
    bool flag = edit_options[option].takes == RGN_EDIT_FLAG;
    if (flag != !value)
        return rgn_fail(error, flag ? "takes no value" : "takes a value");
    switch (option) {
    case RGN_EDIT_OPTION_STRIP: return rgn_edits_strip(edits, value, error);
    case RGN_EDIT_OPTION_SET_TAG: return rgn_edits_set_tag(edits, value, error);
    case RGN_EDIT_OPTION_RENAME_PLAYERS:
        return rename_players_file(edits, value, error);
    default: rgn_edits_add(edits, edit_options[option].flag); return 0;
    }
}

void rgn_edits_report(rgn_edits *edits,
                      void (*report)(void *user, const rgn_diagnostic *note),
                      void *user)
{
    edits->report = report;
    edits->user = user;
}

const char *edits_player(const rgn_edits *edits, rgn_span spelling)
{
    size_t low = 0, high = edits->player_count;
    while (low < high) {
        size_t mid = low + (high - low) / 2;
        const char *s = edits->players[mid].spelling;
        size_t len = strlen(s);
        int c =
            memcmp(s, spelling.data, len < spelling.len ? len : spelling.len);
        if (c == 0)
            c = (len > spelling.len) - (len < spelling.len);
        if (c == 0)
            return edits->players[mid].name;
        if (c < 0)
            low = mid + 1;
        else
            high = mid;
    }
    return NULL;
}

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

bool edits_strip_clocks(rgn_span text, rgn_buffer *out)
{
    static const char command[] = "[%clk";
    const size_t command_len = sizeof command - 1;
    rgn_buffer_reset(out);
    size_t i = 0;
    while (i < text.len) {
        const char *close = NULL;
        if (text.len - i > command_len &&
            memcmp(text.data + i, command, command_len) == 0 &&
            (is_space(text.data[i + command_len]) ||
             text.data[i + command_len] == ']'))
            close = memchr(text.data + i, ']', text.len - i);
        if (!close) {
            rgn_buffer_append(out, text.data + i, 1);
            i++;
            continue;
        }
        /* the command and the space after it go */
        i = (size_t)(close - text.data) + 1;
        while (i < text.len && is_space(text.data[i]))
            i++;
    }
    while (out->len && is_space(out->data[out->len - 1]))
        out->len--;
    size_t lead = 0;
    while (lead < out->len && is_space(out->data[lead]))
        lead++;
    return lead < out->len;
}
