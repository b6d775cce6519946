/*
 * test_write_html.c - the HTML page's options (rgn.h, rgn_writer_options:
 * title, lang, preface) and the games written as markup, through the
 * public API: games validated into an HTML writer.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "rgn.h"
#include "write_games.h"

static const char game[] =
    "[White \"Carlsen\"]\n[Black \"Nakamura\"]\n[Result \"1-0\"]\n\n"
    "1. e4 {[%clk 0:03:00] [%eval 0.35]} e5 2. Nf3 (2. Nc3 {a try}) "
    "2... Nc6 {[%eval #-3] a slip} 3. Bb5 $1 1-0\n";

/* The page of game written with options (format set here), to free. */
static char *page(rgn_writer_options options)
{
    options.format = RGN_FORMAT_HTML;
    return write_games(game, &options, NULL);
}

/* Where needle first is in text (it must be there). */
static size_t at(const char *text, const char *needle)
{
    const char *found = strstr(text, needle);
    if (!found)
        fail_msg("not in the page: %s", needle);
    return (size_t)(found - text);
}

static void test_preface_before_the_games(void **state)
{
    (void)state;
    static const char preface[] =
        "<table class=\"standings\"><tr><td><a href=\"#g1p3\">1-0</a>"
        "</td></tr></table>";
    char *out = page((rgn_writer_options){.size = sizeof(rgn_writer_options),
                                          .preface = preface,
                                          .title = "Club <night> & \"day\"",
                                          .lang = "nl-BE"});
    /* verbatim, at the top of the body: before the list, the viewer and
     * the game's own markup */
    size_t where = at(out, preface);
    assert_true(where > at(out, "<body>"));
    assert_true(where < at(out, "id=\"game-list\""));
    assert_true(where < at(out, "id=\"board\""));
    assert_true(where < at(out, "class=\"record\""));
    assert_true(where < at(out, "class=\"rgn-game\""));
    /* the title as text, in the title and the heading */
    at(out, "<title>Club &lt;night&gt; &amp; &quot;day&quot;</title>");
    at(out, "<h1>Club &lt;night&gt; &amp; &quot;day&quot;</h1>");
    at(out, "<html lang=\"nl-BE\">");
    free(out);
}

static void test_defaults(void **state)
{
    (void)state;
    char *out = page((rgn_writer_options){.size = sizeof(rgn_writer_options)});
    at(out, "<html lang=\"en\">");
    at(out, "<title>Games</title>");
    at(out, "<div class=\"preface\" id=\"preface\"></div>");
    free(out);
    /* a language that is no tag is not written into the page */
    out = page((rgn_writer_options){.size = sizeof(rgn_writer_options),
                                    .lang = "en\"><script>"});
    at(out, "<html lang=\"en\">");
    assert_null(strstr(out, "en\"><script>"));
    free(out);
}

static void test_language_tags(void **state)
{
    (void)state;
    assert_true(rgn_language_tag_valid("en"));
    assert_true(rgn_language_tag_valid("nl-BE"));
    assert_true(rgn_language_tag_valid("zh-Hant-TW"));
    assert_true(rgn_language_tag_valid("de-CH-1996"));
    assert_false(rgn_language_tag_valid(""));
    assert_false(rgn_language_tag_valid("en_US"));
    assert_false(rgn_language_tag_valid("en-"));
    assert_false(rgn_language_tag_valid("-en"));
    assert_false(rgn_language_tag_valid("en--US"));
    assert_false(rgn_language_tag_valid("1en"));
    assert_false(rgn_language_tag_valid("en-abcdefghi"));
    assert_false(rgn_language_tag_valid("en US"));
}

/* The games' data in the page's script: '<' and '&' escaped, and the
 * '>' of "]]>" (the page is read as XML too); any other '>' as it is,
 * since Rotary's position strings are full of them. */
static void test_script_escapes(void **state)
{
    (void)state;
    static const char hostile[] =
        "[Event \"a]]>b </script> <!-- & x > y\"]\n[Result \"*\"]\n\n1. e4 *\n";
    rgn_writer_options options = {.size = sizeof options,
                                  .format = RGN_FORMAT_HTML};
    char *out = write_games(hostile, &options, NULL);
    at(out,
       "[\"Event\",\"a]]\\u003eb \\u003c/script> \\u003c!-- \\u0026 x > y\"]");
    assert_null(strstr(out, "a]]>"));
    free(out);
}

/* The game's section: tags, moves as links to their fragments, clocks and
 * evaluations as such, the rest of a comment as text. */
static void test_moves_as_markup(void **state)
{
    (void)state;
    char *out = page((rgn_writer_options){.size = sizeof(rgn_writer_options)});
    /* inside <noscript>: elements only for a reader without the script */
    const char *record =
        out + at(out, "<noscript><div class=\"record\" id=\"g1\">");
    at(record, "<tr><th>White</th><td>Carlsen</td></tr>");
    at(record, "<a class=\"move\" href=\"#g1p1\" id=\"g1p1\" "
               "data-node=\"1\">1. e4</a>");
    at(record, "<span class=\"clock\" title=\"Clock\">0:03:00</span>");
    at(record, "data-node=\"1\" data-eval=\"0.35\">+0.35</span>");
    /* after a variation, Black's move is numbered again */
    at(record, "href=\"#g1n4\" id=\"g1n4\" data-node=\"4\">2. Nc3</a>");
    at(record, "<span class=\"comment\">a try</span>");
    at(record, "href=\"#g1p4\" id=\"g1p4\" data-node=\"5\">2... Nc6</a>");
    at(record, "data-node=\"5\" data-eval=\"#-3\">#-3</span>");
    at(record, "<span class=\"comment\">a slip</span>");
    at(record, "6\">3. Bb5</a><span class=\"nag\" title=\"$1\">!</span>");
    at(record, "<span class=\"result\">1-0</span>");
    at(record, "</div></noscript>");
    assert_null(strstr(record, "[%"));
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_preface_before_the_games),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_language_tags),
        cmocka_unit_test(test_moves_as_markup),
        cmocka_unit_test(test_script_escapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
