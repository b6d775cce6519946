/*
 * write_html.c - all the games as one standalone HTML page: a game viewer
 * (html/head.html and html/viewer.js, embedded as html_page.c, hold its
 * fixed layout, style and script).
 *
 * Every position comes from the library: each game is a JSON block of
 * nodes, one per ply of the main line and of every variation, each with
 * its position string, the pieces on the board and the last move. The
 * pictures are the SVG diagram's own parts (diagram_svg_board and
 * friends), drawn once per page: for each rule set the board without
 * pieces and the last move's marks, for each kind of piece (rule set,
 * letter, side, orientation, direction set) the piece; both for White
 * and for Black at the bottom. A node names the kind on each square, so
 * the page stays small and the script only puts pictures in place.
 *
 * The page's numbering: game G is the G-th game begun over all inputs
 * (as rgn fen --game), node 0 is the start, and main-line ply N is the
 * N-th move from the start of the movetext (as rgn fen --ply).
 *
 * Each game is also written as markup, a section of its own: its tags as
 * a table and its moves as text (each move a link to its fragment, the
 * clocks and evaluations of [%clk] and [%eval] comments shown as such),
 * so that the page reads without its script and can be indexed; the
 * script puts a game's moves into the viewer when it shows the game.
 *
 * All text in JSON is escaped so that no '<', '>' or '&' is left: a
 * comment holding "</script>" stays inside its block, and the page is
 * well-formed XML as well as HTML.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/escape.h"
#include "base/json.h"
#include "diagram/diagram.h"
#include "formats/writer.h"

extern const char rgn_html_head[];
extern const char rgn_html_script[];

#define MAX_PAGE_VARIANTS 64

typedef struct html_kind {
    int variant;
    char letter;
    int colour, orientation;
    unsigned directions;
} html_kind;

typedef struct html_page {
    /* the rule sets met, and for each its pictures (a JSON object) */
    const rgn_variant *variants[MAX_PAGE_VARIANTS];
    rgn_buffer variant_json[MAX_PAGE_VARIANTS];
    int variant_count;
    /* the kinds of piece met, and their pictures (JSON arrays) */
    html_kind *kinds;
    size_t kind_count, kind_capacity;
    rgn_buffer kind_json;

    /* the current game */
    int variant; /* index, or -1 before its start */
    rgn_buffer tags, nodes, text;
    rgn_buffer tag_pairs; /* each tag as "NAME\0VALUE\0" */
    rgn_buffer moves;     /* the moves as markup */
    int plies;            /* main-line plies so far */
    bool need_number;     /* the next move is numbered even for Black */
    bool spaced;          /* the next item of the moves needs a space */
    int *parents;         /* node -> parent node */
    size_t node_count, node_capacity;
    int current; /* the last node of the line being read */
    int saved[RGN_MAX_VARIATION_DEPTH + 1];
    bool failed;
} html_page;

static html_page *page_of(rgn_writer *w) { return w->state; }

/* ------------------------------------------------------------------ */
/* JSON                                                               */

/* A JSON string of the text, made safe for the page's script. */
static void json_string(rgn_buffer *out, const char *text, size_t len)
{
    rgn_buffer safe = {0};
    rgn_append_safe(&safe, text, len, false);
    if (safe.failed)
        out->failed = true;
    rgn_json_string(out, safe.data, safe.len, true);
    rgn_buffer_free(&safe);
}

static void json_cstring(rgn_buffer *out, const char *text)
{
    json_string(out, text, strlen(text));
}

/* A number with at most two decimals, whatever the locale. */
static void json_number(rgn_buffer *out, double value)
{
    long hundredths = lround(value * 100.0);
    const char *sign = hundredths < 0 ? "-" : "";
    if (hundredths < 0)
        hundredths = -hundredths;
    if (hundredths % 100 == 0)
        rgn_buffer_printf(out, "%s%ld", sign, hundredths / 100);
    else
        rgn_buffer_printf(out, "%s%ld.%02ld", sign, hundredths / 100,
                          hundredths % 100);
}

/* ------------------------------------------------------------------ */
/* Markup                                                             */

static void html_ctext(rgn_buffer *out, const char *text)
{
    rgn_append_html(out, text, strlen(text));
}

bool rgn_language_tag_valid(const char *text)
{
    size_t run = 0, subtags = 0;
    for (const char *c = text;; c++) {
        if (*c == '-' || *c == '\0') {
            if (run == 0 || run > 8)
                return false;
            subtags++;
            run = 0;
            if (*c == '\0')
                return true;
        } else if (isalpha((unsigned char)*c) ||
                   (subtags > 0 && isdigit((unsigned char)*c))) {
            run++;
        } else {
            return false;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Pictures                                                           */

static void view_of(diagram_view *view, rgn_diagram_options *options,
                    const rgn_position *position, bool flip)
{
    memset(options, 0, sizeof *options);
    options->size = sizeof *options;
    options->format = RGN_DIAGRAM_SVG;
    options->flip = flip;
    diagram_view_init(view, position, options);
}

/* Appends a picture part as a JSON string. */
static void json_picture(html_page *p, rgn_buffer *out, int rc, rgn_buffer *svg)
{
    if (rc < 0 || svg->failed || !svg->data) {
        p->failed = true;
        rgn_buffer_puts(out, "\"\"");
    } else {
        json_string(out, svg->data, svg->len);
    }
    rgn_buffer_free(svg);
}

/* The index of the position's rule set, its pictures drawn the first
 * time; -1 when there are too many. */
static int page_variant(html_page *p, const rgn_position *position)
{
    const rgn_variant *variant = rgn_position_variant(position);
    for (int i = 0; i < p->variant_count; i++)
        if (p->variants[i] == variant)
            return i;
    if (p->variant_count == MAX_PAGE_VARIANTS)
        return -1;
    int index = p->variant_count++;
    p->variants[index] = variant;
    rgn_buffer *out = &p->variant_json[index];
    int files = rgn_variant_files(variant), ranks = rgn_variant_ranks(variant);
    int first = -1; /* a square to draw the marks on */
    for (int r = 0; r < ranks && first < 0; r++)
        for (int f = 0; f < files && first < 0; f++)
            first = rgn_square_at(variant, f, r);
    rgn_buffer_puts(out, "{\"name\":");
    json_cstring(out, rgn_variant_name(variant));
    rgn_buffer_printf(out, ",\"files\":%d,\"ranks\":%d,\"players\":%d", files,
                      ranks, rgn_variant_players(variant));
    /* the name of each point of the grid, rank by rank; holes as null */
    rgn_buffer_puts(out, ",\"squares\":[");
    for (int r = 0; r < ranks; r++)
        for (int f = 0; f < files; f++) {
            int square = rgn_square_at(variant, f, r);
            char name[8];
            if (square >= 0)
                rgn_square_name(variant, square, name);
            rgn_buffer_printf(
                out, "%s%s%s%s", r || f ? "," : "", square >= 0 ? "\"" : "",
                square >= 0 ? name : "null", square >= 0 ? "\"" : "");
        }
    rgn_buffer_puts(out, "]");
    static const char *const parts[] = {"board", "mark", "rotation", "centers"};
    for (int part = 0; part < 4; part++) {
        rgn_buffer_printf(out, ",\"%s\":[", parts[part]);
        for (int flip = 0; flip < 2; flip++) {
            diagram_view view;
            rgn_diagram_options options;
            view_of(&view, &options, position, flip);
            rgn_buffer svg = {0};
            if (flip)
                rgn_buffer_puts(out, ",");
            if (part == 0) {
                json_picture(p, out, diagram_svg_board(&view, &svg), &svg);
            } else if (part < 3) {
                json_picture(p, out,
                             diagram_svg_mark(&view, first, part == 2, &svg),
                             &svg);
            } else {
                /* x and y of each point of the grid, rank by rank; holes
                 * as null */
                rgn_buffer_puts(out, "[");
                for (int r = 0; r < ranks; r++)
                    for (int f = 0; f < files; f++) {
                        if (r || f)
                            rgn_buffer_puts(out, ",");
                        int square = rgn_square_at(variant, f, r);
                        double x, y;
                        if (square < 0 ||
                            diagram_svg_center(&view, square, &x, &y) < 0) {
                            rgn_buffer_puts(out, "null,null");
                            continue;
                        }
                        json_number(out, x);
                        rgn_buffer_puts(out, ",");
                        json_number(out, y);
                    }
                rgn_buffer_puts(out, "]");
            }
        }
        rgn_buffer_puts(out, "]");
    }
    rgn_buffer_puts(out, "}");
    if (out->failed)
        p->failed = true;
    return index;
}

/* The index of the kind of the piece on a square, its pictures drawn the
 * first time it is met. */
static long page_kind(html_page *p, const rgn_position *position, int square)
{
    html_kind kind = {p->variant, 0, 0, 0, 0};
    kind.letter =
        rgn_position_piece(position, square, &kind.colour, &kind.orientation);
    kind.directions = rgn_position_directions(position, square);
    for (size_t i = 0; i < p->kind_count; i++) {
        const html_kind *k = &p->kinds[i];
        if (k->variant == kind.variant && k->letter == kind.letter &&
            k->colour == kind.colour && k->orientation == kind.orientation &&
            k->directions == kind.directions)
            return (long)i;
    }
    if (p->kind_count == p->kind_capacity) {
        size_t capacity = p->kind_capacity ? 2 * p->kind_capacity : 64;
        html_kind *kinds = realloc(p->kinds, capacity * sizeof *kinds);
        if (!kinds) {
            p->failed = true;
            return -1;
        }
        p->kinds = kinds;
        p->kind_capacity = capacity;
    }
    p->kinds[p->kind_count] = kind;
    rgn_buffer *out = &p->kind_json;
    rgn_buffer_printf(out, "%s[%d", p->kind_count ? ",\n" : "", kind.variant);
    for (int flip = 0; flip < 2; flip++) {
        diagram_view view;
        rgn_diagram_options options;
        view_of(&view, &options, position, flip);
        view.figures = true; /* familiar figures for chess's pieces */
        rgn_buffer svg = {0};
        rgn_buffer_puts(out, ",");
        json_picture(p, out, diagram_svg_piece(&view, square, &svg), &svg);
    }
    rgn_buffer_puts(out, "]");
    return (long)p->kind_count++;
}

/* The characters that name kinds: one for the first 64, '~' and two for
 * the next 4096; '.' is an empty square or a hole. */
static const char kind_digits[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/* The pieces of a position as a JSON string: a kind for each point of the
 * grid, rank by rank from the first, file by file. */
static void json_board(html_page *p, rgn_buffer *out, const rgn_position *pos)
{
    const rgn_variant *variant = rgn_position_variant(pos);
    int files = rgn_variant_files(variant), ranks = rgn_variant_ranks(variant);
    rgn_buffer_puts(out, "\"");
    for (int r = 0; r < ranks; r++)
        for (int f = 0; f < files; f++) {
            int square = rgn_square_at(variant, f, r);
            long kind = -1;
            if (square >= 0 && rgn_position_piece(pos, square, NULL, NULL))
                kind = page_kind(p, pos, square);
            char text[4] = ".";
            if (kind >= 64 + 64 * 64) {
                p->failed = true; /* more kinds than a page can name */
            } else if (kind >= 64) {
                text[0] = '~';
                text[1] = kind_digits[(kind - 64) / 64];
                text[2] = kind_digits[(kind - 64) % 64];
            } else if (kind >= 0) {
                text[0] = kind_digits[kind];
            }
            rgn_buffer_puts(out, text);
        }
    rgn_buffer_puts(out, "\"");
}

/* A square as the index of its grid point (rank * files + file). */
static int grid_index(const rgn_variant *variant, int square)
{
    return rgn_square_rank(variant, square) * rgn_variant_files(variant) +
           rgn_square_file(variant, square);
}

/* ------------------------------------------------------------------ */
/* The game                                                           */

/* Appends a node: [parent, san, move number, side, position, pieces,
 * from, to, rotation]; returns its index. */
static int add_node(html_page *p, int parent, const char *san, int number,
                    int side, const rgn_position *pos, const rgn_move *move)
{
    if (p->node_count == p->node_capacity) {
        size_t capacity = p->node_capacity ? 2 * p->node_capacity : 256;
        int *parents = realloc(p->parents, capacity * sizeof *parents);
        if (!parents) {
            p->failed = true;
            return 0;
        }
        p->parents = parents;
        p->node_capacity = capacity;
    }
    int index = (int)p->node_count++;
    p->parents[index] = parent;
    rgn_buffer *out = &p->nodes;
    rgn_buffer_printf(out, "%s[%d,", index ? ",\n" : "", parent);
    json_cstring(out, san);
    rgn_buffer_printf(out, ",%d,%d,", number, side);
    char fen[512];
    rgn_position_fen(pos, fen, sizeof fen);
    json_cstring(out, fen);
    rgn_buffer_puts(out, ",");
    json_board(p, out, pos);
    const rgn_variant *variant = rgn_position_variant(pos);
    if (move)
        rgn_buffer_printf(out, ",%d,%d,%d]", grid_index(variant, move->from),
                          grid_index(variant, move->to),
                          move->from == move->to);
    else
        rgn_buffer_puts(out, ",-1,-1,0]");
    return index;
}

/* A token of the movetext: a node's index, a comment, a NAG, "(" or ")". */
static void token(html_page *p, const char *text)
{
    rgn_buffer_printf(&p->text, "%s%s", p->text.len ? "," : "", text);
}

/* Starts an item of the moves' markup: a space after the one before. */
static void moves_item(html_page *p)
{
    if (p->spaced)
        rgn_buffer_puts(&p->moves, " ");
    p->spaced = true;
}

/* The glyphs of the common NAGs (the rest are shown as $N). */
static const struct {
    unsigned nag;
    const char *glyph;
} nag_glyphs[] = {
    {1, "!"},        {2, "?"},        {3, "!!"},       {4, "??"},
    {5, "!?"},       {6, "?!"},       {7, "\u25a1"},   {10, "="},
    {13, "\u221e"},  {14, "\u2a72"},  {15, "\u2a71"},  {16, "\u00b1"},
    {17, "\u2213"},  {18, "+\u2212"}, {19, "\u2212+"}, {22, "\u2a00"},
    {23, "\u2a00"},  {32, "\u27f3"},  {33, "\u27f3"},  {36, "\u2192"},
    {37, "\u2192"},  {40, "\u2191"},  {41, "\u2191"},  {132, "\u21c6"},
    {133, "\u21c6"}, {138, "\u2295"}, {139, "\u2295"}, {140, "\u2206"},
    {145, "RR"},     {146, "N"},
};

static void html_begin_game(rgn_writer *w)
{
    html_page *p = page_of(w);
    p->variant = -1;
    rgn_buffer_reset(&p->tags);
    rgn_buffer_reset(&p->tag_pairs);
    rgn_buffer_reset(&p->nodes);
    rgn_buffer_reset(&p->text);
    rgn_buffer_reset(&p->moves);
    p->node_count = 0;
    p->current = 0;
    p->plies = 0;
    p->need_number = true;
    p->spaced = false;
}

static void html_tag(rgn_writer *w, rgn_span name, rgn_span value)
{
    html_page *p = page_of(w);
    rgn_buffer_puts(&p->tags, p->tags.len ? ",[" : "[");
    json_string(&p->tags, name.data, name.len);
    rgn_buffer_puts(&p->tags, ",");
    json_string(&p->tags, value.data, value.len);
    rgn_buffer_puts(&p->tags, "]");
    rgn_span parts[2] = {name, value};
    for (int i = 0; i < 2; i++) {
        for (size_t k = 0; k < parts[i].len; k++) /* a NUL ends a part */
            rgn_buffer_append(&p->tag_pairs,
                              parts[i].data[k] ? parts[i].data + k : " ", 1);
        rgn_buffer_append(&p->tag_pairs, "", 1);
    }
}

static void html_start(rgn_writer *w, const rgn_position *start, bool has_fen)
{
    (void)has_fen;
    html_page *p = page_of(w);
    p->variant = page_variant(p, start);
    if (p->variant < 0)
        return;
    p->current = add_node(p, -1, "", rgn_position_fullmove(start),
                          rgn_position_side(start), start, NULL);
}

static void html_move(rgn_writer *w, rgn_position *before, rgn_move move,
                      const char *san)
{
    html_page *p = page_of(w);
    if (p->variant < 0)
        return;
    rgn_position after;
    rgn_position_copy(&after, before);
    rgn_position_play(&after, move);
    /* a null move ("--") moves no piece: no squares to mark */
    int number = rgn_position_fullmove(before);
    int side = rgn_position_side(before);
    p->current = add_node(p, p->current, san, number, side, &after,
                          rgn_move_is_null(move) ? NULL : &move);
    char text[24];
    snprintf(text, sizeof text, "%d", p->current);
    token(p, text);

    /* the markup: "12. Nf3" or "12... Nf6" after a break, one link to
     * the move's fragment (main-line ply, or node inside a variation):
     * one element a move, for pages of many games */
    rgn_buffer *m = &p->moves;
    moves_item(p);
    char fragment[48];
    if (w->depth == 0)
        snprintf(fragment, sizeof fragment, "g%llup%d",
                 (unsigned long long)w->number, ++p->plies);
    else
        snprintf(fragment, sizeof fragment, "g%llun%d",
                 (unsigned long long)w->number, p->current);
    rgn_buffer_printf(m,
                      "<a class=\"move\" href=\"#%s\" id=\"%s\" "
                      "data-node=\"%d\">",
                      fragment, fragment, p->current);
    bool solo = rgn_variant_players(p->variants[p->variant]) == 1;
    if (solo || side == RGN_WHITE)
        rgn_buffer_printf(m, "%d. ", number);
    else if (p->need_number)
        rgn_buffer_printf(m, "%d... ", number);
    html_ctext(m, san);
    rgn_buffer_puts(m, "</a>");
    p->need_number = false;
}

static void html_nag(rgn_writer *w, unsigned nag)
{
    html_page *p = page_of(w);
    char text[32];
    snprintf(text, sizeof text, "{\"g\":%u}", nag);
    token(p, text);
    /* joined to the move before it */
    const char *glyph = NULL;
    for (size_t i = 0; i < sizeof nag_glyphs / sizeof nag_glyphs[0]; i++)
        if (nag_glyphs[i].nag == nag)
            glyph = nag_glyphs[i].glyph;
    rgn_buffer_printf(&p->moves, "<span class=\"nag\" title=\"$%u\">", nag);
    if (glyph)
        rgn_buffer_puts(&p->moves, glyph);
    else
        rgn_buffer_printf(&p->moves, " $%u", nag);
    rgn_buffer_puts(&p->moves, "</span>");
}

/* A clock of [%clk] (seconds, as writer_take_commands reads it) as
 * H:MM:SS, with its fraction. */
static void clock_markup(rgn_buffer *m, const char *seconds)
{
    char *fraction;
    unsigned long whole = strtoul(seconds, &fraction, 10);
    rgn_buffer_printf(m,
                      "<span class=\"clock\" title=\"Clock\">%lu:%02lu:%02lu"
                      "%s</span>",
                      whole / 3600, whole / 60 % 60, whole % 60, fraction);
}

/* An evaluation of [%eval] (a JSON number or {"mate":N}) as "+0.35" or
 * "#-3", its node and value in data- attributes for the evaluation bar. */
static void eval_markup(rgn_buffer *m, int node, const char *eval)
{
    char shown[WRITER_EVAL_SIZE + 2];
    const char *mate = strchr(eval, ':');
    if (mate)
        snprintf(shown, sizeof shown, "#%.*s", (int)strcspn(mate + 1, "}"),
                 mate + 1);
    else
        snprintf(shown, sizeof shown, "%s%s",
                 eval[0] == '-' || strspn(eval, "0.") == strlen(eval) ? ""
                                                                      : "+",
                 eval);
    rgn_buffer_printf(m,
                      "<span class=\"eval\" title=\"Evaluation\" "
                      "data-node=\"%d\" data-eval=\"%s\">%s</span>",
                      node, mate ? shown : eval, shown);
}

static void html_comment(rgn_writer *w, rgn_span text)
{
    html_page *p = page_of(w);
    token(p, "{\"c\":");
    json_string(&p->text, text.data, text.len);
    rgn_buffer_puts(&p->text, "}");

    char clock[WRITER_CLOCK_SIZE] = "", eval[WRITER_EVAL_SIZE] = "";
    rgn_buffer rest = {0};
    rgn_span shown = text;
    if (writer_take_commands(text, clock, eval, &rest))
        shown = (rgn_span){rest.data, rest.len};
    if (rest.failed)
        p->moves.failed = true;
    if (clock[0]) {
        moves_item(p);
        clock_markup(&p->moves, clock);
    }
    if (eval[0]) {
        moves_item(p);
        eval_markup(&p->moves, p->current, eval);
    }
    if (shown.len) {
        moves_item(p);
        rgn_buffer_puts(&p->moves, "<span class=\"comment\">");
        rgn_append_html(&p->moves, shown.data, shown.len);
        rgn_buffer_puts(&p->moves, "</span>");
        p->need_number = true;
    }
    rgn_buffer_free(&rest);
}

static void html_begin_variation(rgn_writer *w)
{
    html_page *p = page_of(w);
    p->saved[w->depth - 1] = p->current;
    /* an alternative to the line's last move: it starts where that did */
    if (p->current > 0 && (size_t)p->current < p->node_count)
        p->current = p->parents[p->current];
    token(p, "\"(\"");
    moves_item(p);
    rgn_buffer_puts(&p->moves, "<span class=\"variation\">(");
    p->spaced = false;
    p->need_number = true;
}

static void html_end_variation(rgn_writer *w)
{
    html_page *p = page_of(w);
    p->current = p->saved[w->depth - 1];
    token(p, "\")\"");
    rgn_buffer_puts(&p->moves, ")</span>");
    p->spaced = true;
    p->need_number = true;
}

/* The value of the game's first tag called name with a value, or NULL. */
static const char *tag_value(const html_page *p, const char *name)
{
    const char *at = p->tag_pairs.data, *end = at + p->tag_pairs.len;
    while (at && at < end) {
        const char *value = at + strlen(at) + 1;
        if (strcmp(at, name) == 0 && *value)
            return value;
        at = value + strlen(value) + 1;
    }
    return NULL;
}

/* The game's section: heading, tags as a table (the seven-tag roster
 * first, then the others in their order, each name once), the error of
 * an invalid game, and the moves. Inside <noscript>: a browser that runs
 * the script reads it as text, not as elements (a page of many games is
 * ready sooner), and the script makes elements of one game's at a time. */
static void record_markup(rgn_writer *w, rgn_buffer *out, rgn_span result,
                          const char *error)
{
    static const char *const roster[] = {"Event", "Site",  "Date",  "Round",
                                         "White", "Black", "Result"};
    const size_t roster_count = sizeof roster / sizeof roster[0];
    html_page *p = page_of(w);
    const char *white = tag_value(p, "White"), *black = tag_value(p, "Black");
    rgn_buffer_printf(out,
                      "<noscript><div class=\"record\" id=\"g%llu\">\n<h2>",
                      (unsigned long long)w->number);
    html_ctext(out, white ? white : "?");
    rgn_buffer_puts(out, " \u2013 ");
    html_ctext(out, black ? black : "?");
    rgn_buffer_puts(out, "</h2>\n<table class=\"tags\"><tbody>");
    for (size_t i = 0; i < roster_count; i++) {
        const char *value = tag_value(p, roster[i]);
        if (value) {
            rgn_buffer_printf(out, "<tr><th>%s</th><td>", roster[i]);
            html_ctext(out, value);
            rgn_buffer_puts(out, "</td></tr>");
        }
    }
    const char *at = p->tag_pairs.data, *end = at + p->tag_pairs.len;
    for (; at && at < end; at += strlen(at) + 1, at += strlen(at) + 1) {
        const char *value = at + strlen(at) + 1;
        bool shown = false;
        for (size_t i = 0; i < roster_count; i++)
            shown |= strcmp(at, roster[i]) == 0;
        if (shown || tag_value(p, at) != value)
            continue; /* a roster tag, or not the name's first value */
        rgn_buffer_puts(out, "<tr><th>");
        html_ctext(out, at);
        rgn_buffer_puts(out, "</th><td>");
        html_ctext(out, value);
        rgn_buffer_puts(out, "</td></tr>");
    }
    rgn_buffer_puts(out, "</tbody></table>\n");
    if (error) {
        rgn_buffer_puts(out, "<p class=\"error\">");
        html_ctext(out, error);
        rgn_buffer_puts(out, "</p>\n");
    }
    rgn_buffer_puts(out, "<div class=\"moves-text\"><div class=\"line\">");
    if (p->moves.len)
        rgn_buffer_append(out, p->moves.data, p->moves.len);
    rgn_buffer_puts(out, p->spaced ? " <span class=\"result\">"
                                   : "<span class=\"result\">");
    rgn_append_html(out, result.data, result.len);
    rgn_buffer_puts(out, "</span></div></div>\n</div></noscript>\n");
}

static void html_end_game(rgn_writer *w, rgn_span result,
                          const rgn_diagnostic *error)
{
    html_page *p = page_of(w);
    rgn_writer_close_variations(w);
    rgn_buffer *out = &w->game;
    rgn_buffer_printf(out,
                      "<script type=\"application/json\" "
                      "class=\"rgn-game\">{\"number\":%llu,\"variant\":%d,"
                      "\"tags\":[",
                      (unsigned long long)w->number, p->variant);
    if (p->tags.len)
        rgn_buffer_append(out, p->tags.data, p->tags.len);
    rgn_buffer_puts(out, "],\"result\":");
    json_string(out, result.data, result.len);
    rgn_buffer_puts(out, ",\"error\":");
    char note[700];
    const char *reason = NULL;
    if (error) {
        rgn_stop_note(error, note, sizeof note);
        reason = strncmp(note, "rgn: ", 5) == 0 ? note + 5 : note;
        json_cstring(out, reason);
    } else {
        rgn_buffer_puts(out, "null");
    }
    rgn_buffer_puts(out, ",\"nodes\":[\n");
    if (p->nodes.len)
        rgn_buffer_append(out, p->nodes.data, p->nodes.len);
    rgn_buffer_puts(out, "],\n\"text\":[");
    if (p->text.len)
        rgn_buffer_append(out, p->text.data, p->text.len);
    rgn_buffer_puts(out, "]}</script>\n");
    record_markup(w, out, result, reason);
    if (p->tags.failed || p->nodes.failed || p->text.failed ||
        p->tag_pairs.failed || p->moves.failed)
        out->failed = true;
}

/* ------------------------------------------------------------------ */
/* The document                                                       */

/* The page's head and the body's fixed start: head.html with its marks
 * @LANG@, @TITLE@ and @PREFACE@ filled in. */
static int html_begin_document(rgn_writer *w)
{
    const rgn_writer_options *o = &w->options;
    const char *lang =
        o->lang && rgn_language_tag_valid(o->lang) ? o->lang : "en";
    rgn_buffer out = {0};
    const char *at = rgn_html_head, *mark;
    while ((mark = strchr(at, '@')) != NULL) {
        rgn_buffer_append(&out, at, (size_t)(mark - at));
        if (strncmp(mark, "@LANG@", 6) == 0) {
            rgn_buffer_puts(&out, lang);
            at = mark + 6;
        } else if (strncmp(mark, "@TITLE@", 7) == 0) {
            html_ctext(&out, o->title ? o->title : "Games");
            at = mark + 7;
        } else if (strncmp(mark, "@PREFACE@", 9) == 0) {
            if (o->preface) /* trusted: the caller's own markup */
                rgn_buffer_puts(&out, o->preface);
            at = mark + 9;
        } else {
            rgn_buffer_puts(&out, "@");
            at = mark + 1;
        }
    }
    rgn_buffer_puts(&out, at);
    int rc =
        out.failed || fwrite(out.data, 1, out.len, w->out) != out.len ? -1 : 0;
    rgn_buffer_free(&out);
    return rc;
}

static int html_end_document(rgn_writer *w)
{
    html_page *p = page_of(w);
    rgn_buffer out = {0};
    rgn_buffer_puts(&out, "</div>\n"); /* the games' sections */
    rgn_buffer_puts(&out, "<script type=\"application/json\" "
                          "id=\"rgn-pictures\">{\"variants\":[");
    for (int i = 0; i < p->variant_count; i++) {
        rgn_buffer_puts(&out, i ? ",\n" : "\n");
        rgn_buffer_append(&out, p->variant_json[i].data,
                          p->variant_json[i].len);
    }
    rgn_buffer_puts(&out, "],\n\"kinds\":[\n");
    if (p->kind_json.len)
        rgn_buffer_append(&out, p->kind_json.data, p->kind_json.len);
    rgn_buffer_puts(&out, "]}</script>\n");
    rgn_buffer_puts(&out, rgn_html_script);
    int rc = out.failed || p->failed ||
                     fwrite(out.data, 1, out.len, w->out) != out.len
                 ? -1
                 : 0;
    rgn_buffer_free(&out);
    return rc;
}

static void html_free(void *state)
{
    html_page *p = state;
    for (int i = 0; i < p->variant_count; i++)
        rgn_buffer_free(&p->variant_json[i]);
    free(p->kinds);
    rgn_buffer_free(&p->kind_json);
    rgn_buffer_free(&p->tags);
    rgn_buffer_free(&p->nodes);
    rgn_buffer_free(&p->text);
    rgn_buffer_free(&p->tag_pairs);
    rgn_buffer_free(&p->moves);
    free(p->parents);
}

const writer_format rgn_html_format = {
    .state_size = sizeof(html_page),
    .begin_document = html_begin_document,
    .end_document = html_end_document,
    .free_state = html_free,
    .begin_game = html_begin_game,
    .tag = html_tag,
    .start = html_start,
    .move = html_move,
    .nag = html_nag,
    .comment = html_comment,
    .begin_variation = html_begin_variation,
    .end_variation = html_end_variation,
    .end_game = html_end_game,
};
