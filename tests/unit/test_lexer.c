/*
 * test_lexer.c - the tokenizer's own quick paths (lexer.c), below what
 * test_reader sees: a path that classes bytes otherwise than char_class
 * would lex the same text differently depending on how much of it is
 * buffered.
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_move_characters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
