/*
 * test_input_cut.c - a plain file cut into pieces that begin at games
 * (rgn_input_cut): three games of 25 bytes each, at bytes 0, 25 and 50
 * and lines 1, 5 and 9 (counted by hand), cut by part size and by
 * number of parts, with and without lines; an empty file; and each
 * failure: no such file, a directory, a compressed file, a zip archive,
 * a device, wrong options.
 *
 * usage: test_input_cut INPUTS_DIR WORK_DIR (INPUTS_DIR: tests/e2e/inputs)
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
#include "unit_helpers.h"

static const char *inputs, *work;
static char three[4096], empty[4096];

/* Each game: 12 + 1 + 11 + 1 bytes, four lines. */
#define GAME(EVENT) "[Event \"" EVENT "\"]\n\n1. e4 e6 *\n\n"

static void write_file(const char *path, const char *text)
{
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    assert_int_equal(fwrite(text, 1, strlen(text), out), strlen(text));
    assert_int_equal(fclose(out), 0);
}

static int setup(void **state)
{
    (void)state;
    snprintf(three, sizeof three, "%s/three.rgn", work);
    snprintf(empty, sizeof empty, "%s/empty.rgn", work);
    write_file(three, GAME("A") GAME("B") GAME("C"));
    write_file(empty, "");
    return 0;
}

/* Cuts path as options say and checks the pieces, count of them, as
 * triples from, to, line. */
static void check_cut(const char *path, const rgn_cut_options *options,
                      const uint64_t *expected, size_t count)
{
    rgn_piece *pieces = NULL;
    size_t got = 99;
    rgn_error error = {0};
    int rc = rgn_input_cut(path, options, &pieces, &got, &error);
    if (rc < 0)
        fail_msg("%s", error.message);
    assert_int_equal(got, count);
    for (size_t i = 0; i < count; i++) {
        assert_int_equal(pieces[i].from, expected[3 * i]);
        assert_int_equal(pieces[i].to, expected[3 * i + 1]);
        assert_int_equal(pieces[i].line, expected[3 * i + 2]);
    }
    free(pieces);
}

static void test_by_size(void **state)
{
    (void)state;
    /* 30: the first origin at or after 30 is 50; none after 60 */
    rgn_cut_options o = {.size = sizeof o, .part_size = 30, .lines = true};
    const uint64_t thirty[] = {0, 50, 1, 50, 75, 9};
    check_cut(three, &o, thirty, 2);
    /* 10: a cut at 25 (met from 10 and 20) and one at 50 (from 30) */
    o.part_size = 10;
    const uint64_t ten[] = {0, 25, 1, 25, 50, 5, 50, 75, 9};
    check_cut(three, &o, ten, 3);
    /* without lines, each line is 0 */
    o.lines = false;
    const uint64_t no_lines[] = {0, 25, 0, 25, 50, 0, 50, 75, 0};
    check_cut(three, &o, no_lines, 3);
    /* a part as large as the file: one piece */
    o.part_size = 75;
    const uint64_t whole[] = {0, 75, 0};
    check_cut(three, &o, whole, 1);
}

static void test_by_parts(void **state)
{
    (void)state;
    /* 3 parts of 25 bytes: a cut at each game */
    rgn_cut_options o = {.size = sizeof o, .parts = 3, .lines = true};
    const uint64_t parts3[] = {0, 25, 1, 25, 50, 5, 50, 75, 9};
    check_cut(three, &o, parts3, 3);
    /* 2 parts of 38 bytes (75 / 2 rounded up): a cut at 50 */
    o.parts = 2;
    const uint64_t parts2[] = {0, 50, 1, 50, 75, 9};
    check_cut(three, &o, parts2, 2);
    /* more parts than games: a piece a game */
    o.parts = 1000;
    check_cut(three, &o, parts3, 3);
    /* an empty file is one empty piece, on line 1 */
    o.parts = 4;
    const uint64_t nothing[] = {0, 0, 1};
    check_cut(empty, &o, nothing, 1);
}

/* rgn_input_cut fails on path with a message that holds text. */
static void check_failure(const char *path, const rgn_cut_options *options,
                          const char *text)
{
    rgn_piece *pieces = (rgn_piece *)&pieces;
    size_t count = 99;
    rgn_error error = {0};
    assert_int_equal(rgn_input_cut(path, options, &pieces, &count, &error), -1);
    assert_null(pieces);
    assert_int_equal(count, 0);
    if (!strstr(error.message, text))
        fail_msg("'%s' does not hold '%s'", error.message, text);
}

static void test_failures(void **state)
{
    (void)state;
    rgn_cut_options o = {.size = sizeof o, .parts = 2};
    char path[8300], message[8400];
    snprintf(path, sizeof path, "%s/none.rgn", work);
    snprintf(message, sizeof message,
             "cannot open %s: No such file or directory", path);
    check_failure(path, &o, message);
    snprintf(message, sizeof message, "cannot open %s: Is a directory", work);
    check_failure(work, &o, message);
    snprintf(path, sizeof path, "%s/blocked_path.rgn.xz", inputs);
    snprintf(message, sizeof message,
             "cannot read %s: a compressed file is read whole (decompress "
             "it first)",
             path);
    check_failure(path, &o, message);
    snprintf(path, sizeof path, "%s/two_members.zip", inputs);
    snprintf(message, sizeof message,
             "cannot read %s: a zip archive is read whole", path);
    check_failure(path, &o, message);
    check_failure("/dev/null", &o,
                  "cannot read /dev/null: not a regular file (a pipe or a "
                  "device is read whole)");
    /* one of parts and part_size, and a size set */
    rgn_cut_options both = {.size = sizeof both, .parts = 2, .part_size = 9};
    check_failure(three, &both, "give one of parts and part_size");
    rgn_cut_options neither = {.size = sizeof neither};
    check_failure(three, &neither, "give one of parts and part_size");
    check_failure(three, NULL, "give one of parts and part_size");
    rgn_cut_options unsized = {.parts = 2};
    check_failure(three, &unsized, "rgn_cut_options: size is 0");
}

int main(int argc, char **argv)
{
    if (unit_folders(argc, argv, "test_input_cut", &inputs, &work) < 0)
        return 2;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_by_size),
        cmocka_unit_test(test_by_parts),
        cmocka_unit_test(test_failures),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
