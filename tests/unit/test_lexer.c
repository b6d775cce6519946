/*
 * test_lexer.c - the tokenizer's own quick paths (lexer.c), below what
 * test_reader sees: a path that classes bytes otherwise than char_class
 * would lex the same text differently depending on how much of it is
 * buffered; so would a line shown differently.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "notation/lexer.h"

/* The length of the first token of data (n bytes, all of the input). */
static size_t first_token_length(const char *data, size_t n)
{
    rgn_lexer lx;
    rgn_token tok;
    rgn_lexer_init(&lx);
    assert_int_equal(rgn_lexer_append(&lx, data, n, 0), 0);
    rgn_lexer_finish(&lx);
    assert_int_equal(rgn_lexer_next(&lx, &tok), RGN_TOK_MOVE);
    size_t len = tok.text_len;
    rgn_lexer_free(&lx);
    return len;
}

/* A move goes on over letters, digits and - = > + # (grammar/rgn.ebnf,
 * move character) and ends at any other byte, whether 16 bytes follow
 * (the masked path) or the input ends after it (the byte-wise path). */
static void test_move_characters(void **state)
{
    (void)state;
    for (unsigned c = 0; c < 256; c++) {
        int in_move = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                      (c >= '0' && c <= '9') ||
                      (c != 0 && strchr("-=>+#", (int)c) != NULL);
        size_t expected = in_move ? 3 : 1;
        char text[32];
        memset(text, ' ', sizeof text);
        text[0] = 'a';
        text[1] = (char)c;
        text[2] = 'b';
        assert_int_equal(first_token_length(text, sizeof text), expected);
        assert_int_equal(first_token_length(text, 3), expected);
    }
}

/* The move number at the start of data (n bytes, all of the input) as
 * number * 100 + its dots, whether they come with it or as a token of
 * their own; -1 when it is no move number. */
static long long first_number(const char *data, size_t n)
{
    rgn_lexer lx;
    rgn_token tok;
    rgn_lexer_init(&lx);
    assert_int_equal(rgn_lexer_append(&lx, data, n, 0), 0);
    rgn_lexer_finish(&lx);
    long long number = -1;
    if (rgn_lexer_next(&lx, &tok) == RGN_TOK_NUMBER) {
        number = (long long)tok.value * 100 + tok.dots;
        if (!tok.dots && rgn_lexer_next(&lx, &tok) == RGN_TOK_DOTS)
            number += tok.value;
    }
    rgn_lexer_free(&lx);
    return number;
}

/* A move number reads the same near the end of the input (the scanner)
 * as with more bytes after it (the quick path, which leaves the last
 * ten bytes to the scanner). */
static void test_move_numbers(void **state)
{
    (void)state;
    static const char *const numbers[] = {
        "1.",  "12.", "7...",       "40 ",          "123456789.",
        "3..", "9 .", "1234567890", "999999999...", "12-",
    };
    for (size_t k = 0; k < sizeof numbers / sizeof numbers[0]; k++) {
        char text[40];
        memset(text, ' ', sizeof text);
        size_t len = strlen(numbers[k]);
        memcpy(text, numbers[k], len);
        long long far = first_number(text, sizeof text);
        for (size_t n = len; n < sizeof text; n++)
            assert_int_equal(first_number(text, n), far);
    }
    char text[40];
    memset(text, ' ', sizeof text);
    memcpy(text, "12... e4", 8);
    assert_int_equal(first_number(text, sizeof text), 1203);
    memcpy(text, "123456789.", 10);
    assert_int_equal(first_number(text, sizeof text), 12345678901LL);
}

/* The length of the line shown around offset 0 when the first `fed`
 * bytes of data are all the lexer has been given yet. */
static size_t shown_line_length(const char *data, size_t fed)
{
    rgn_lexer lx;
    rgn_token tok;
    rgn_lexer_init(&lx);
    assert_int_equal(rgn_lexer_append(&lx, data, fed, 0), 0);
    assert_int_equal(rgn_lexer_next(&lx, &tok), RGN_TOK_MOVE);
    size_t len = rgn_lexer_line(&lx, tok.where.offset, NULL).len;
    rgn_lexer_free(&lx);
    return len;
}

/* A line cut at RGN_LINE_HALF bytes is cut before a character that
 * straddles the limit, whether the byte after the limit is buffered yet
 * or not: the line shown must not depend on how the input was fed (one
 * thread and a chunk of the parallel validator feed it differently). */
static void test_line_cut_at_a_character(void **state)
{
    (void)state;
    char data[RGN_LINE_HALF + 16];
    memset(data, 'a', sizeof data);
    memcpy(data, "e4 ", 3);
    data[RGN_LINE_HALF - 1] = (char)0xC3; /* an e with acute accent */
    data[RGN_LINE_HALF] = (char)0xA9;
    data[sizeof data - 1] = '\n';
    assert_int_equal(shown_line_length(data, sizeof data), RGN_LINE_HALF - 1);
    assert_int_equal(shown_line_length(data, RGN_LINE_HALF), RGN_LINE_HALF - 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_characters),
        cmocka_unit_test(test_move_numbers),
        cmocka_unit_test(test_line_cut_at_a_character),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
