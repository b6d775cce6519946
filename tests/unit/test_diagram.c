/*
 * test_diagram.c - diagrams through the library: SVG that libxml2 parses,
 * with a fin for exactly each direction a piece moves in, pointing that
 * way on the page (turned round by flip); sizes; escaped user text; the
 * text formats' defaults. The text pictures themselves are golden files
 * (tests/e2e/diagram/).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "rgn.h"

#define INITIAL                                                                \
    "r>S7r>S/1s>Na>St>Nk>NEt>Na>Ss>N1/ppppppppp/9/9/9/PPPPPPPPP/"              \
    "1S>NA>NT>SK>NET>SA>NS>N1/R>N7R>N w 0 1"
/* every orientation of every piece, both colours */
#define ORIENTATIONS                                                           \
    "r>Nr>NEr>Er>SEr>Sr>SWr>Wr>NWk>N/a>Na>NEa>Ea>SEa>Sa>SWa>Wa>NWq>NE/"        \
    "t>Nt>NEt>Et>SEt>St>SWt>Wt>NWs>E/s>Ns>NEs>SEp5/9/"                         \
    "P1P1Q>NS>SES>NES>N1/T>NT>NET>ET>SET>ST>SWT>WT>NWS>E/"                     \
    "A>NA>NEA>EA>SEA>SA>SWA>WA>NWQ>N/R>NR>NER>ER>SER>SR>SWR>WR>NWK>NE w 0 1"

static rgn_position *position(const char *fen)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"), NULL);
    assert_non_null(pos);
    rgn_error err;
    if (rgn_position_set_fen(pos, fen, &err) != 0)
        fail_msg("%s: %s", fen, err.message);
    return pos;
}

static xmlDocPtr parse_svg(const char *svg, size_t len)
{
    xmlDocPtr doc = xmlReadMemory(svg, (int)len, "diagram.svg", NULL,
                                  XML_PARSE_NONET | XML_PARSE_NOERROR |
                                      XML_PARSE_NOWARNING);
    if (!doc)
        fail_msg("the SVG is not well-formed XML");
    xmlNodePtr root = xmlDocGetRootElement(doc);
    assert_non_null(root);
    assert_string_equal((const char *)root->name, "svg");
    assert_non_null(root->ns);
    assert_string_equal((const char *)root->ns->href,
                        "http://www.w3.org/2000/svg");
    return doc;
}

static char *prop(xmlNodePtr node, const char *name)
{
    return (char *)xmlGetProp(node, (const xmlChar *)name);
}

static double number_prop(xmlNodePtr node, const char *name)
{
    char *value = prop(node, name);
    assert_non_null(value);
    double n = strtod(value, NULL);
    xmlFree(value);
    return n;
}

static bool has_class(xmlNodePtr node, const char *word)
{
    char *value = prop(node, "class");
    bool found = false;
    if (value) {
        size_t n = strlen(word);
        for (char *p = value; (p = strstr(p, word)) != NULL; p += n)
            if ((p == value || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
                found = true;
    }
    xmlFree(value);
    return found;
}

static bool is_element(xmlNodePtr node, const char *name)
{
    return node->type == XML_ELEMENT_NODE &&
           strcmp((const char *)node->name, name) == 0;
}

static int square_named(const rgn_variant *v, const char *name)
{
    for (int f = 0; f < rgn_variant_files(v); f++)
        for (int r = 0; r < rgn_variant_ranks(v); r++) {
            int sq = rgn_square_at(v, f, r);
            char buf[8];
            if (sq < 0)
                continue;
            rgn_square_name(v, sq, buf);
            if (strcmp(buf, name) == 0)
                return sq;
        }
    return -1;
}

static int sign(double x) { return x > 0.5 ? 1 : x < -0.5 ? -1 : 0; }

/* Board steps of N, NE, ... */
static const int step_file[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int step_rank[8] = {1, 1, 0, -1, -1, -1, 0, 1};

typedef struct piece_check {
    const rgn_position *pos;
    bool flip;
    int pieces;
    double king_fin, other_fin; /* the longest fin seen of each */
} piece_check;

/* One <g class="piece ..."> against the position. */
static void check_piece(piece_check *c, xmlNodePtr g)
{
    const rgn_variant *v = rgn_position_variant(c->pos);
    char *name = prop(g, "data-square");
    assert_non_null(name);
    int sq = square_named(v, name);
    assert_true(sq >= 0);
    int colour;
    char letter = rgn_position_piece(c->pos, sq, &colour, NULL);
    assert_true(letter != 0);
    assert_true(has_class(g, colour == RGN_WHITE ? "white" : "black"));
    double cx = 0, cy = 0;
    bool circle = false, text = false;
    for (xmlNodePtr n = g->children; n; n = n->next) {
        if (is_element(n, "circle")) {
            cx = number_prop(n, "cx");
            cy = number_prop(n, "cy");
            circle = true;
        } else if (is_element(n, "text")) {
            xmlChar *content = xmlNodeGetContent(n);
            char want[2] = {letter, 0};
            assert_string_equal((const char *)content, want);
            xmlFree(content);
            text = true;
        }
    }
    assert_true(circle && text);
    unsigned fins = 0;
    for (xmlNodePtr n = g->children; n; n = n->next) {
        if (!is_element(n, "polygon") || !has_class(n, "fin"))
            continue;
        char *dir = prop(n, "data-direction");
        assert_non_null(dir);
        int d = rgn_direction_parse(dir, strlen(dir));
        xmlFree(dir);
        assert_true(d >= 0);
        assert_false(fins & (1u << d));
        fins |= 1u << d;
        /* the fin's tip is its second point */
        char *points = prop(n, "points");
        double x[3], y[3];
        assert_int_equal(sscanf(points, "%lf,%lf %lf,%lf %lf,%lf", &x[0], &y[0],
                                &x[1], &y[1], &x[2], &y[2]),
                         6);
        xmlFree(points);
        int want_dx = c->flip ? -step_file[d] : step_file[d];
        int want_dy = c->flip ? step_rank[d] : -step_rank[d];
        if (sign(x[1] - cx) != want_dx || sign(y[1] - cy) != want_dy)
            fail_msg("%s: the %s fin points (%g, %g) on the page", name,
                     rgn_direction_name(d), x[1] - cx, y[1] - cy);
        double reach = (x[1] - cx) * (x[1] - cx) + (y[1] - cy) * (y[1] - cy);
        if (letter == 'K' && reach > c->king_fin)
            c->king_fin = reach;
        if (letter != 'K' && reach > c->other_fin)
            c->other_fin = reach;
    }
    assert_int_equal(fins, rgn_position_directions(c->pos, sq));
    xmlFree(name);
    c->pieces++;
}

static void walk(piece_check *c, xmlNodePtr node)
{
    for (xmlNodePtr n = node; n; n = n->next) {
        if (is_element(n, "g") && has_class(n, "piece"))
            check_piece(c, n);
        else if (n->type == XML_ELEMENT_NODE)
            walk(c, n->children);
    }
}

static void check_fins(const char *fen, bool flip)
{
    rgn_position *pos = position(fen);
    rgn_diagram_options opt = {.size = sizeof opt};
    opt.format = RGN_DIAGRAM_SVG;
    opt.flip = flip;
    size_t len;
    char *svg = rgn_diagram_render(pos, &opt, &len, NULL);
    assert_non_null(svg);
    assert_int_equal(strlen(svg), len);
    xmlDocPtr doc = parse_svg(svg, len);
    piece_check c = {pos, flip, 0, 0, 0};
    walk(&c, xmlDocGetRootElement(doc));
    int occupied = 0;
    for (int f = 0; f < 9; f++)
        for (int r = 0; r < 9; r++)
            occupied +=
                rgn_position_piece(
                    pos, rgn_square_at(rgn_variant_find("Rotary"), f, r), NULL,
                    NULL) != 0;
    assert_int_equal(c.pieces, occupied);
    assert_true(c.king_fin > 0 && c.king_fin < c.other_fin);
    xmlFreeDoc(doc);
    free(svg);
    rgn_position_free(pos);
}

static void test_fins_of_the_initial_position(void **state)
{
    (void)state;
    check_fins(INITIAL, false);
    check_fins(INITIAL, true);
}

static void test_fins_of_every_orientation(void **state)
{
    (void)state;
    check_fins(ORIENTATIONS, false);
    check_fins(ORIENTATIONS, true);
}

static xmlNodePtr child(xmlNodePtr node, const char *name)
{
    for (xmlNodePtr n = node->children; n; n = n->next)
        if (is_element(n, name))
            return n;
    return NULL;
}

static void test_title_is_escaped(void **state)
{
    (void)state;
    rgn_position *pos = position(INITIAL);
    rgn_diagram_options opt = {.size = sizeof opt};
    opt.format = RGN_DIAGRAM_SVG;
    /* markup, quotes, a control character, bytes that are no UTF-8, a
     * surrogate, and good UTF-8 */
    opt.title = "<b>Tal & \"Petrosian\" 'x'</b>\x01\xff\xc3(\xed\xa0\x80\n"
                "caf\xc3\xa9 ]]> &amp;";
    const char *want = "<b>Tal & \"Petrosian\" 'x'</b>\xEF\xBF\xBD\xEF\xBF\xBD"
                       "\xEF\xBF\xBD(\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD "
                       "caf\xc3\xa9 ]]> &amp;";
    size_t len;
    char *svg = rgn_diagram_render(pos, &opt, &len, NULL);
    assert_non_null(svg);
    xmlDocPtr doc = parse_svg(svg, len);
    xmlNodePtr root = xmlDocGetRootElement(doc);
    xmlNodePtr title = child(root, "title");
    assert_non_null(title);
    xmlChar *text = xmlNodeGetContent(title);
    assert_string_equal((const char *)text, want);
    xmlFree(text);
    /* and the visible title */
    bool seen = false;
    for (xmlNodePtr n = root->children; n; n = n->next)
        if (is_element(n, "text") && has_class(n, "title")) {
            text = xmlNodeGetContent(n);
            assert_string_equal((const char *)text, want);
            xmlFree(text);
            seen = true;
        }
    assert_true(seen);
    xmlFreeDoc(doc);
    free(svg);
    rgn_position_free(pos);
}

static void svg_size(rgn_diagram_options *opt, int *width, int *height)
{
    rgn_position *pos = position(INITIAL);
    size_t len;
    char *svg = rgn_diagram_render(pos, opt, &len, NULL);
    assert_non_null(svg);
    xmlDocPtr doc = parse_svg(svg, len);
    xmlNodePtr root = xmlDocGetRootElement(doc);
    *width = (int)number_prop(root, "width");
    *height = (int)number_prop(root, "height");
    xmlFreeDoc(doc);
    free(svg);
    rgn_position_free(pos);
}

static void test_sizes(void **state)
{
    (void)state;
    rgn_diagram_options opt = {.size = sizeof opt};
    opt.format = RGN_DIAGRAM_SVG;
    int w, h;
    svg_size(&opt, &w, &h);
    assert_int_equal(w, RGN_DIAGRAM_DEFAULT_SIZE);
    assert_int_equal(h, RGN_DIAGRAM_DEFAULT_SIZE); /* a square board */
    opt.width = 1000;
    opt.no_coordinates = true;
    svg_size(&opt, &w, &h);
    assert_int_equal(w, 1000);
    assert_int_equal(h, 1000);
    opt.title = "A title";
    svg_size(&opt, &w, &h);
    assert_int_equal(w, 1000);
    assert_true(h > 1000);
    /* out of range */
    rgn_position *pos = position(INITIAL);
    opt.width = RGN_DIAGRAM_MIN_SIZE - 1;
    assert_null(rgn_diagram_render(pos, &opt, NULL, NULL));
    opt.width = RGN_DIAGRAM_MAX_SIZE + 1;
    assert_null(rgn_diagram_render(pos, &opt, NULL, NULL));
    opt.width = -5;
    rgn_error error = {0};
    assert_null(rgn_diagram_render(pos, &opt, NULL, &error));
    assert_string_equal(error.message,
                        "an SVG width of -5 pixels (from 64 to 16384)");
    assert_int_equal(rgn_diagram_write(pos, &opt, stdout, NULL), -1);
    rgn_position_free(pos);
}

static void test_text_defaults(void **state)
{
    (void)state;
    rgn_position *pos = position(INITIAL);
    /* no options: ASCII with coordinates */
    char *text = rgn_diagram_render(pos, NULL, NULL, NULL);
    assert_non_null(text);
    assert_non_null(strstr(text, "\n1  R^   .    .  "));
    assert_non_null(strstr(text, "K"));
    assert_null(strstr(text, "\033"));
    for (const char *p = text; *p; p++)
        assert_true((unsigned char)*p < 0x80);
    free(text);
    rgn_diagram_options opt = {.size = sizeof opt};
    opt.format = RGN_DIAGRAM_UNICODE;
    text = rgn_diagram_render(pos, &opt, NULL, NULL);
    assert_non_null(strstr(text, "R\xE2\x86\x90\xE2\x86\x91\xE2\x86\x92"));
    assert_null(strstr(text, "\033"));
    free(text);
    opt.color = true;
    text = rgn_diagram_render(pos, &opt, NULL, NULL);
    assert_non_null(strstr(text, "\033["));
    free(text);
    rgn_position_free(pos);
}

static void test_marks_off_the_board_are_left_out(void **state)
{
    (void)state;
    rgn_position *pos = position(INITIAL);
    rgn_move move = {200, 201, 0, 0, 0, 0};
    int squares[2] = {-1, 999};
    rgn_diagram_arrow arrows[1] = {{-3, 500}};
    rgn_diagram_options opt = {.size = sizeof opt};
    opt.last_move = &move;
    opt.highlights = squares;
    opt.highlight_count = 2;
    opt.arrows = arrows;
    opt.arrow_count = 1;
    for (int format = RGN_DIAGRAM_ASCII; format <= RGN_DIAGRAM_SVG; format++) {
        opt.format = (enum rgn_diagram_format)format;
        size_t len;
        char *out = rgn_diagram_render(pos, &opt, &len, NULL);
        assert_non_null(out);
        assert_null(strstr(out, "Last move"));
        assert_null(strstr(out, "Marked"));
        assert_null(strstr(out, "class=\"last-move\""));
        assert_null(strstr(out, "class=\"highlights\""));
        assert_null(strstr(out, "class=\"arrows\""));
        free(out);
    }
    rgn_position_free(pos);
}

/* Options carry their size (rgn.h, "Errors"): a caller built before the
 * later fields were added passes a smaller struct, whose missing fields
 * take their defaults; the bytes beyond its size are never read. */
static void test_options_of_an_older_caller(void **state)
{
    (void)state;
    rgn_position *pos = position(INITIAL);
    rgn_diagram_options whole = {.size = sizeof whole,
                                 .format = RGN_DIAGRAM_SVG};
    char *want = rgn_diagram_render(pos, &whole, NULL, NULL);
    assert_non_null(want);
    /* an older struct ending before width: what lies beyond is junk */
    rgn_diagram_options older;
    memset(&older, 0xA5, sizeof older);
    older.size = offsetof(rgn_diagram_options, width);
    older.format = RGN_DIAGRAM_SVG;
    older.flip = older.no_coordinates = older.color = false;
    char *got = rgn_diagram_render(pos, &older, NULL, NULL);
    assert_non_null(got);
    assert_string_equal(got, want);
    free(got);
    free(want);
    rgn_position_free(pos);
}

static void test_options_without_a_size_are_refused(void **state)
{
    (void)state;
    rgn_position *pos = position(INITIAL);
    rgn_error error = {0};
    rgn_diagram_options opt = {.format = RGN_DIAGRAM_SVG};
    assert_null(rgn_diagram_render(pos, &opt, NULL, &error));
    assert_string_equal(error.message, "rgn_diagram_options: size is 0 "
                                       "(set it to sizeof the struct)");
    assert_int_equal(rgn_diagram_write(pos, &opt, stdout, &error), -1);
    opt.size = sizeof(size_t); /* not even its format */
    assert_null(rgn_diagram_render(pos, &opt, NULL, &error));
    char want[128];
    snprintf(want, sizeof want,
             "rgn_diagram_options: size %zu is too small (at least %zu)",
             sizeof(size_t),
             offsetof(rgn_diagram_options, format) +
                 sizeof(enum rgn_diagram_format));
    assert_string_equal(error.message, want);
    /* a newer caller's struct: taken when its extra bytes are zero (their
     * defaults), refused when they ask for what this library lacks */
    struct {
        rgn_diagram_options known;
        int later_field;
    } newer;
    memset(&newer, 0, sizeof newer); /* padding too */
    newer.known.size = sizeof newer;
    char *text = rgn_diagram_render(pos, &newer.known, NULL, &error);
    assert_non_null(text);
    free(text);
    newer.later_field = 1;
    assert_null(rgn_diagram_render(pos, &newer.known, NULL, &error));
    snprintf(want, sizeof want,
             "rgn_diagram_options: size %zu has fields this librgn does not "
             "know (it knows %zu bytes)",
             sizeof newer, sizeof(rgn_diagram_options));
    assert_string_equal(error.message, want);
    rgn_position_free(pos);
}

static void test_write_matches_render(void **state)
{
    (void)state;
    rgn_position *pos = position(ORIENTATIONS);
    rgn_diagram_options opt = {.size = sizeof opt};
    opt.format = RGN_DIAGRAM_SVG;
    opt.flip = true;
    size_t len;
    char *svg = rgn_diagram_render(pos, &opt, &len, NULL);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(rgn_diagram_write(pos, &opt, f, NULL), 0);
    assert_int_equal(ftell(f), (long)len);
    rewind(f);
    char *back = malloc(len + 1);
    assert_int_equal(fread(back, 1, len, f), len);
    assert_memory_equal(back, svg, len);
    fclose(f);
    free(back);
    free(svg);
    rgn_position_free(pos);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fins_of_the_initial_position),
        cmocka_unit_test(test_fins_of_every_orientation),
        cmocka_unit_test(test_title_is_escaped),
        cmocka_unit_test(test_sizes),
        cmocka_unit_test(test_text_defaults),
        cmocka_unit_test(test_marks_off_the_board_are_left_out),
        cmocka_unit_test(test_write_matches_render),
        cmocka_unit_test(test_options_of_an_older_caller),
        cmocka_unit_test(test_options_without_a_size_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
