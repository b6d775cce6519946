/*
 * test_file_read.c - a file read whole (rgn_file_read): its bytes, NUL
 * bytes in them included, and a NUL after them; an empty file; a file
 * larger than the first block read; and each failure, said as "PATH:
 * WHY": no such file, a directory.
 *
 * usage: test_file_read WORK_DIR
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

static const char *work;

/* Writes len bytes of text to WORK/name; the path in path. */
static void write_file(char *path, size_t size, const char *name,
                       const char *text, size_t len)
{
    snprintf(path, size, "%s/%s", work, name);
    FILE *out = fopen(path, "wb");
    assert_non_null(out);
    assert_int_equal(fwrite(text, 1, len, out), len);
    assert_int_equal(fclose(out), 0);
}

static void test_read(void **state)
{
    (void)state;
    char path[8300];
    static const char text[] = "001 a\0b\n";
    write_file(path, sizeof path, "small", text, sizeof text - 1);
    size_t len = 99;
    char *got = rgn_file_read(path, &len, NULL);
    assert_non_null(got);
    assert_int_equal(len, 8);
    assert_memory_equal(got, text, 9); /* the NUL after them too */
    free(got);
    write_file(path, sizeof path, "empty", "", 0);
    got = rgn_file_read(path, &len, NULL);
    assert_non_null(got);
    assert_int_equal(len, 0);
    assert_int_equal(got[0], 0);
    free(got);
    /* 100,000 bytes: several blocks of the growing buffer */
    char *big = malloc(100000);
    assert_non_null(big);
    for (size_t i = 0; i < 100000; i++)
        big[i] = (char)('a' + i % 26);
    write_file(path, sizeof path, "big", big, 100000);
    got = rgn_file_read(path, &len, NULL);
    assert_non_null(got);
    assert_int_equal(len, 100000);
    assert_memory_equal(got, big, 100000);
    assert_int_equal(got[100000], 0);
    free(got);
    free(big);
}

static void test_failures(void **state)
{
    (void)state;
    char path[8300], message[8400];
    rgn_error error = {0};
    size_t len = 99;
    snprintf(path, sizeof path, "%s/none", work);
    assert_null(rgn_file_read(path, &len, &error));
    assert_int_equal(len, 0);
    snprintf(message, sizeof message, "%s: No such file or directory", path);
    assert_string_equal(error.message, message);
    len = 99;
    assert_null(rgn_file_read(work, &len, &error));
    assert_int_equal(len, 0);
    snprintf(message, sizeof message, "%s: Is a directory", work);
    assert_string_equal(error.message, message);
    assert_null(rgn_file_read(path, &len, NULL)); /* error may be NULL */
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_file_read WORK_DIR\n");
        return 2;
    }
    work = argv[1];
    char command[8300];
    snprintf(command, sizeof command, "mkdir -p '%s'", work);
    if (system(command) != 0)
        return 2;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read),
        cmocka_unit_test(test_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
