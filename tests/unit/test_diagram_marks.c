/*
 * test_diagram_marks.c - what a diagram marks as a person lists it
 * (src/diagram/marks.c: squares and arrows, read for their shape and
 * then on a board, and as the lists of rgn_diagram_options, read on the
 * board drawn) and the frames of every ply in a folder
 * (src/diagram/frames.c: the folder made, the frames' names, the stale
 * ones removed and the other files left).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "rgn.h"

static void squares_read(void **state)
{
    (void)state;
    const rgn_variant *chess = rgn_variant_find("chess");
    int squares[4];
    rgn_error error;
    /* the shape alone: no board, nothing written */
    assert_int_equal(
        rgn_diagram_read_squares(NULL, "e4,d5,z99", NULL, 4, &error), 3);
    assert_int_equal(
        rgn_diagram_read_squares(chess, "e4,d5", squares, 4, &error), 2);
    assert_int_equal(squares[0], rgn_square_parse(chess, "e4", 2));
    assert_int_equal(squares[1], rgn_square_parse(chess, "d5", 2));
    assert_int_not_equal(squares[0], squares[1]);
    /* misshapen items, too many, off the board */
    const char *const bad[] = {"",  "e4,", ",e4", "E4",    "e0",
                               "e", "4e",  "e4x", "a1234", "a1234567890123456"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (rgn_diagram_read_squares(NULL, bad[i], NULL, 4, &error) != -1)
            fail_msg("'%s' read as squares", bad[i]);
    assert_int_equal(
        rgn_diagram_read_squares(NULL, "a1,a2,a3", NULL, 2, &error), -1);
    assert_string_equal(error.message, "more than 2 squares");
    assert_int_equal(rgn_diagram_read_squares(NULL, "a100", NULL, 2, &error),
                     1);
    assert_int_equal(
        rgn_diagram_read_squares(chess, "e4,e9", squares, 4, &error), -1);
    assert_string_equal(error.message, "e9 is not a square of the Chess board");
    /* a board is read only into squares */
    assert_int_equal(rgn_diagram_read_squares(chess, "e4", NULL, 4, &error),
                     -1);
}

static void arrows_read(void **state)
{
    (void)state;
    const rgn_variant *chess = rgn_variant_find("chess");
    rgn_diagram_arrow arrows[2];
    rgn_error error;
    assert_int_equal(
        rgn_diagram_read_arrows(NULL, "b2-b6,e3-e4", NULL, 2, &error), 2);
    assert_int_equal(
        rgn_diagram_read_arrows(chess, "b2-b6,e3-e4", arrows, 2, &error), 2);
    assert_int_equal(arrows[0].from, rgn_square_parse(chess, "b2", 2));
    assert_int_equal(arrows[0].to, rgn_square_parse(chess, "b6", 2));
    assert_int_equal(arrows[1].from, rgn_square_parse(chess, "e3", 2));
    assert_int_equal(arrows[1].to, rgn_square_parse(chess, "e4", 2));
    const char *const bad[] = {"b2",       "b2b6",   "b2-",     "-b6",
                               "b2-b6-b7", "b2-b6,", "b2-b6,c3"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        if (rgn_diagram_read_arrows(NULL, bad[i], NULL, 4, &error) != -1)
            fail_msg("'%s' read as arrows", bad[i]);
    assert_int_equal(
        rgn_diagram_read_arrows(NULL, "a1-a2,a2-a3,a3-a4", NULL, 2, &error),
        -1);
    assert_int_equal(
        rgn_diagram_read_arrows(chess, "a1-a2,b2-z9", arrows, 2, &error), -1);
    assert_string_equal(error.message, "z9 is not a square of the Chess board");
}

static void touch(const char *dir, const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fclose(f);
}

static bool exists(const char *dir, const char *name)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return access(path, F_OK) == 0;
}

static void frames(void **state)
{
    (void)state;
    char top[64] = "/tmp/test_diagram_marks.XXXXXX";
    assert_non_null(mkdtemp(top));
    char dir[128], path[160];
    snprintf(dir, sizeof dir, "%s/a/b", top);
    rgn_error error;
    assert_int_equal(rgn_diagram_frames_folder(dir, &error), 0);
    assert_int_equal(rgn_diagram_frames_folder(dir, &error), 0); /* again */
    /* the names */
    int len =
        rgn_diagram_frame_path(path, sizeof path, dir, 7, RGN_DIAGRAM_SVG);
    assert_int_equal(len, (int)strlen(dir) + 9);
    assert_string_equal(path + strlen(dir), "/0007.svg");
    rgn_diagram_frame_path(path, sizeof path, dir, 12345, RGN_DIAGRAM_ASCII);
    assert_string_equal(path + strlen(dir), "/12345.txt");
    /* frames of 0..2 plies as SVG: the others and the text ones go */
    const char *const names[] = {"0000.svg", "0002.svg",  "0003.svg",
                                 "0001.txt", "12345.svg", "123.svg",
                                 "0001.png", "notes.txt", "1234567890.svg"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        touch(dir, names[i]);
    assert_int_equal(rgn_diagram_frames_prune(dir, 2, RGN_DIAGRAM_SVG, &error),
                     0);
    const bool kept[] = {true, true, false, false, false,
                         true, true, true,  true};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (exists(dir, names[i]) != kept[i])
            fail_msg("%s: %s", names[i], kept[i] ? "removed" : "kept");
    /* a file where a folder must be */
    snprintf(path, sizeof path, "%s/0000.svg/c", dir);
    assert_int_equal(rgn_diagram_frames_folder(path, &error), -1);
    assert_non_null(strstr(error.message, "0000.svg: Not a directory"));
    assert_int_equal(rgn_diagram_frames_folder("", &error), -1);
    snprintf(path, sizeof path, "%s/none", top);
    assert_int_equal(rgn_diagram_frames_prune(path, 0, RGN_DIAGRAM_SVG, &error),
                     -1);
    assert_memory_equal(error.message, "cannot read ", 12);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
    }
    rmdir(dir);
    snprintf(path, sizeof path, "%s/a", top);
    rmdir(path);
    rmdir(top);
}

/* The lists of rgn_diagram_options, read on the board drawn: the same
 * picture as the squares they name, given as squares. */
static void lists_in_options(void **state)
{
    (void)state;
    const rgn_variant *chess = rgn_variant_find("chess");
    rgn_position *pos = rgn_position_new(chess, NULL);
    assert_non_null(pos);
    const char *const highlights[] = {"e4", "d5,a1"};
    const char *const arrows[] = {"b2-b6"};
    rgn_diagram_options listed = {.size = sizeof listed,
                                  .format = RGN_DIAGRAM_SVG,
                                  .highlight_lists = highlights,
                                  .highlight_list_count = 2,
                                  .arrow_lists = arrows,
                                  .arrow_list_count = 1};
    rgn_error error;
    assert_int_equal(rgn_diagram_options_check(&listed, chess, &error), 0);
    const int squares[] = {rgn_square_parse(chess, "e4", 2),
                           rgn_square_parse(chess, "d5", 2),
                           rgn_square_parse(chess, "a1", 2)};
    const rgn_diagram_arrow arrow = {rgn_square_parse(chess, "b2", 2),
                                     rgn_square_parse(chess, "b6", 2)};
    rgn_diagram_options given = {.size = sizeof given,
                                 .format = RGN_DIAGRAM_SVG,
                                 .highlights = squares,
                                 .highlight_count = 3,
                                 .arrows = &arrow,
                                 .arrow_count = 1};
    char *from_lists = rgn_diagram_render(pos, &listed, NULL, &error);
    char *from_squares = rgn_diagram_render(pos, &given, NULL, &error);
    assert_non_null(from_lists);
    assert_non_null(from_squares);
    assert_string_equal(from_lists, from_squares);
    free(from_lists);
    /* given squares and lists together: the lists' marks after them */
    const char *const rest[] = {"d5,a1"};
    given.highlight_count = 1;
    given.highlight_lists = rest;
    given.highlight_list_count = 1;
    given.arrow_lists = NULL;
    given.arrow_list_count = 0;
    from_lists = rgn_diagram_render(pos, &given, NULL, &error);
    assert_non_null(from_lists);
    assert_string_equal(from_lists, from_squares);
    free(from_lists);
    free(from_squares);

    /* a square off the board: refused, by the check and the drawing */
    const char *const off[] = {"e4,e9"};
    listed.highlight_lists = off;
    listed.highlight_list_count = 1;
    assert_int_equal(rgn_diagram_options_check(&listed, chess, &error), -1);
    assert_string_equal(error.message, "e9 is not a square of the Chess board");
    assert_null(rgn_diagram_render(pos, &listed, NULL, &error));
    assert_string_equal(error.message, "e9 is not a square of the Chess board");
    /* without a board, the shapes alone */
    assert_int_equal(rgn_diagram_options_check(&listed, NULL, &error), 0);
    const char *const misshapen[] = {"e4,E4"};
    listed.highlight_lists = misshapen;
    assert_int_equal(rgn_diagram_options_check(&listed, NULL, &error), -1);
    assert_string_equal(error.message, "'E4' is not shaped as a square name (a "
                                       "file letter, then a rank)");
    /* more than RGN_DIAGRAM_MAX_MARKS squares in all */
    char many[RGN_DIAGRAM_MAX_MARKS * 3 + 8] = "a1";
    for (int n = 1; n < RGN_DIAGRAM_MAX_MARKS; n++)
        strcat(many, ",a1");
    const char *const full[] = {many, "a1"};
    listed.highlight_lists = full;
    assert_int_equal(rgn_diagram_options_check(&listed, chess, &error), 0);
    listed.highlight_list_count = 2;
    assert_int_equal(rgn_diagram_options_check(&listed, chess, &error), -1);
    assert_string_equal(error.message, "more than 256 squares");
    /* the options' own checks */
    listed.width = 10;
    assert_int_equal(rgn_diagram_options_check(&listed, chess, &error), -1);
    assert_string_equal(error.message,
                        "an SVG width of 10 pixels (from 64 to 16384)");
    rgn_position_free(pos);
}

/* The format a diagram file's name asks for, and its refusals. */
static void format_for_path(void **state)
{
    (void)state;
    rgn_error error;
    /* no name, or a name without an extension: the choice, else the
     * fallback */
    assert_int_equal(rgn_diagram_format_for_path(NULL, -1, RGN_DIAGRAM_UNICODE,
                                                 "-o", "--format", &error),
                     RGN_DIAGRAM_UNICODE);
    assert_int_equal(rgn_diagram_format_for_path("board", RGN_DIAGRAM_SVG,
                                                 RGN_DIAGRAM_ASCII, "-o",
                                                 "--format", &error),
                     RGN_DIAGRAM_SVG);
    assert_int_equal(rgn_diagram_format_for_path("dir.d/.profile", -1,
                                                 RGN_DIAGRAM_ASCII, "-o",
                                                 "--format", &error),
                     RGN_DIAGRAM_ASCII);
    /* .svg asks for SVG in any case, .txt for a text format */
    assert_int_equal(rgn_diagram_format_for_path("b.SVG", -1, RGN_DIAGRAM_ASCII,
                                                 "-o", "--format", &error),
                     RGN_DIAGRAM_SVG);
    assert_int_equal(rgn_diagram_format_for_path("b.txt", -1, RGN_DIAGRAM_ASCII,
                                                 "-o", "--format", &error),
                     RGN_DIAGRAM_ASCII);
    assert_int_equal(rgn_diagram_format_for_path("b.txt", RGN_DIAGRAM_UNICODE,
                                                 RGN_DIAGRAM_ASCII, "-o",
                                                 "--format", &error),
                     RGN_DIAGRAM_UNICODE);
    /* refusals */
    assert_int_equal(rgn_diagram_format_for_path("b.png", -1, RGN_DIAGRAM_ASCII,
                                                 "-o", "--format", &error),
                     -1);
    assert_string_equal(error.message,
                        "cannot write a .png file: -o takes a .svg or .txt "
                        "name (an SVG converts to PNG with e.g. rsvg-convert)");
    assert_int_equal(rgn_diagram_format_for_path("b.svg", RGN_DIAGRAM_UNICODE,
                                                 RGN_DIAGRAM_ASCII, "-o",
                                                 "--format", &error),
                     -1);
    assert_string_equal(error.message,
                        "-o b.svg is an SVG name, but --format unicode writes "
                        "text");
    assert_int_equal(rgn_diagram_format_for_path("b.txt", RGN_DIAGRAM_SVG,
                                                 RGN_DIAGRAM_ASCII, NULL, NULL,
                                                 &error),
                     -1);
    assert_string_equal(error.message, "the file b.txt is a text name, but "
                                       "the format svg writes SVG");
    assert_int_equal(rgn_diagram_format_for_path("b", 7, RGN_DIAGRAM_ASCII,
                                                 NULL, NULL, &error),
                     -1);
    assert_string_equal(error.message, "no diagram format 7");
    assert_int_equal(
        rgn_diagram_format_for_path("b", -1, -1, NULL, NULL, &error), -1);
    assert_string_equal(error.message, "no diagram format -1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(squares_read),     cmocka_unit_test(arrows_read),
        cmocka_unit_test(lists_in_options), cmocka_unit_test(frames),
        cmocka_unit_test(format_for_path),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
