/*
 * test_board_string.c - the board walker and writer that every position
 * string shares: counts of empty squares of any width, read by adding
 * digits (RFEN) or as one decimal number (FEN of boards wider than 9).
 * Expected texts and columns are written out by hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "notation/board_string.h"

/* A test board: 'x' marks a piece; grid[rank][file], rank 0 at the bottom. */
typedef struct grid {
    int files, ranks;
    char cell[12][12];
} grid;

static int read_cell(void *context, const char *fen, const char **p, int file,
                     int rank, rgn_error *err)
{
    grid *g = context;
    if (**p != 'x')
        return rgn_fen_reject(err, "FEN", 1, "board", fen, *p,
                              "unknown character '%c'", **p);
    g->cell[rank][file] = 'x';
    (*p)++;
    return 0;
}

static size_t write_cell(const void *context, int file, int rank, char *out)
{
    const grid *g = context;
    if (g->cell[rank][file] != 'x')
        return 0;
    out[0] = 'x';
    return 1;
}

static int read(grid *g, const char *text, int digits, rgn_error *err)
{
    rgn_fen_board board = {"FEN",     g->files, g->ranks, digits,
                           read_cell, NULL,     g};
    const char *cursor;
    return rgn_fen_read_board(&board, text, &cursor, err);
}

static void twelve_is_one_number(void **state)
{
    (void)state;
    grid g = {12, 2, {{0}}};
    rgn_error err;
    assert_int_equal(read(&g, "12/x10x", RGN_DIGITS_NUMBER, &err), 0);
    assert_int_equal(g.cell[0][0], 'x');
    assert_int_equal(g.cell[0][11], 'x');
    assert_int_equal(g.cell[1][5], 0);
    char out[64];
    assert_int_equal(rgn_fen_write_board(12, 2, write_cell, &g, out), 7);
    assert_string_equal(out, "12/x10x");
}

static void digits_add_up_in_rfen(void **state)
{
    (void)state;
    grid g = {9, 1, {{0}}};
    rgn_error err;
    /* "18" is one and eight, nine squares in all */
    assert_int_equal(read(&g, "18", RGN_DIGITS_ADD, &err), 0);
    /* the writer writes the longest run: "9" */
    char out[16];
    rgn_fen_write_board(9, 1, write_cell, &g, out);
    assert_string_equal(out, "9");
}

static void a_number_wider_than_the_rank_is_refused(void **state)
{
    (void)state;
    grid g = {12, 1, {{0}}};
    rgn_error err;
    assert_int_equal(read(&g, "13", RGN_DIGITS_NUMBER, &err), -1);
    assert_string_equal(err.message, "FEN field 1 (board), column 1: rank 1 "
                                     "is more than 12 squares wide");
    /* a long run of digits stops early instead of overflowing */
    assert_int_equal(read(&g, "99999999999999999999", RGN_DIGITS_NUMBER, &err),
                     -1);
    assert_int_equal(err.column, 1);
    assert_int_equal(read(&g, "x12", RGN_DIGITS_NUMBER, &err), -1);
    assert_int_equal(err.column, 2);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(twelve_is_one_number),
        cmocka_unit_test(digits_add_up_in_rfen),
        cmocka_unit_test(a_number_wider_than_the_rank_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
