/*
 * test_escape.c - the library's ways of making text safe for an output
 * (base/escape.c, base/json.c), each checked on the inputs where its
 * former copies differed, with the expected bytes written by hand: a
 * control character, a byte that is no UTF-8, NUL, tab and line breaks,
 * the characters HTML and CSV and JSON quote.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/escape.h"
#include "rgn.h"

#define TEXT(s) s, sizeof s - 1 /* a literal with its NULs */

static void expect(rgn_buffer *out, const char *want, size_t len)
{
    assert_false(out->failed);
    assert_int_equal(out->len, len);
    assert_memory_equal(out->data, want, len);
    rgn_buffer_free(out);
    *out = (rgn_buffer){0};
}

static void safe(void **state)
{
    (void)state;
    rgn_buffer out = {0};
    rgn_append_safe(&out,
                    TEXT("a\tb\nc\rd\0e\x01"
                         "f\x7f"
                         "g\xe9h\xc2\x85i"),
                    false);
    expect(&out, TEXT("a b c d e\xEF\xBF\xBD"
                      "f\xEF\xBF\xBD"
                      "g\xEF\xBF\xBDh"
                      "\xEF\xBF\xBD\xEF\xBF\xBDi")); /* byte by byte */
    rgn_append_safe(&out, TEXT("\xc3\xa9t\xc3\xa9 \xef\xbf\xbf<"), false);
    expect(&out,
           TEXT("\xc3\xa9t\xc3\xa9 \xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD<"));
    rgn_append_safe(&out, TEXT("\xc3\xa9t\xc3\xa9\x01"), true);
    expect(&out, TEXT("?t??"));
    /* a character cut short at the end */
    rgn_append_safe(&out, TEXT("x\xe2\x99"), false);
    expect(&out, TEXT("x\xEF\xBF\xBD\xEF\xBF\xBD"));
}

static void html(void **state)
{
    (void)state;
    rgn_buffer out = {0};
    rgn_append_html(&out, TEXT("<a href=\"x\">R&D</a> '\xc3\xa9'"));
    expect(&out, TEXT("&lt;a href=&quot;x&quot;&gt;R&amp;D&lt;/a&gt; "
                      "'\xc3\xa9'"));
    /* made safe as well: the page is XML too */
    rgn_append_html(&out, TEXT("E\x01v\tA\0&"));
    expect(&out, TEXT("E\xEF\xBF\xBDv A &amp;"));
    rgn_append_html(&out, TEXT(""));
    assert_int_equal(out.len, 0);
}

static void csv(void **state)
{
    (void)state;
    rgn_buffer out = {0};
    rgn_append_csv(&out, TEXT("plain text; 'x'\t<y>"));
    expect(&out, TEXT("plain text; 'x'\t<y>"));
    rgn_append_csv(&out, TEXT("Smith, J"));
    expect(&out, TEXT("\"Smith, J\""));
    rgn_append_csv(&out, TEXT("say \"hi\""));
    expect(&out, TEXT("\"say \"\"hi\"\"\""));
    rgn_append_csv(&out, TEXT("a\r\nb"));
    expect(&out, TEXT("\"a\r\nb\""));
    rgn_append_csv(&out, TEXT("\""));
    expect(&out, TEXT("\"\"\"\""));
    rgn_append_csv(&out, TEXT(""));
    assert_int_equal(out.len, 0);
    /* the length says where the field ends, not a NUL */
    rgn_append_csv(&out, "a,b", 1);
    expect(&out, TEXT("a"));
}

static void json(void **state)
{
    (void)state;
    char *data = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&data, &size);
    assert_non_null(out);
    assert_int_equal(rgn_json_write_string(
                         out, TEXT("a\"b\\c\nd\te\rf\x01g\x7f\xe9</h>"), NULL),
                     0);
    fclose(out);
    const char want[] = "\"a\\\"b\\\\c\\nd\\te\\rf\\u0001g\x7f\\ufffd</h>\"";
    assert_int_equal(size, sizeof want - 1);
    assert_memory_equal(data, want, size);
    free(data);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(safe),
        cmocka_unit_test(html),
        cmocka_unit_test(csv),
        cmocka_unit_test(json),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
