/*
 * test_output.c - atomic output files (rgn_output): a commit writes the
 * target and keeps its mode, a discard or a failed write leaves the old
 * target as it was and no temporary file, a link is written through,
 * the temporary file is removed on request (as a signal handler does),
 * a pipe or a device is written directly,
 * and an output that is one of the inputs is found by any name.
 */
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rgn.h"

static char dir[64];
static char path[128];

static int make_dir(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/rgn_test_output.XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/out.txt", dir);
    return 0;
}

static int remove_dir(void **state)
{
    (void)state;
    DIR *d = opendir(dir);
    struct dirent *e;
    char name[512];
    while (d && (e = readdir(d)))
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0) {
            snprintf(name, sizeof name, "%s/%s", dir, e->d_name);
            unlink(name);
        }
    if (d)
        closedir(d);
    return rmdir(dir);
}

/* The number of files in dir. */
static int files(void)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static void write_file(const char *name, const char *text, mode_t mode)
{
    FILE *f = fopen(name, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
    assert_int_equal(chmod(name, mode), 0);
}

static void expect_file(const char *name, const char *want)
{
    char got[64] = {0};
    FILE *f = fopen(name, "r");
    assert_non_null(f);
    size_t n = fread(got, 1, sizeof got - 1, f);
    fclose(f);
    assert_int_equal(n, strlen(want));
    assert_string_equal(got, want);
}

static void commit_keeps_mode(void **state)
{
    (void)state;
    write_file(path, "old\n", 0640);
    rgn_error error;
    rgn_output *output = rgn_output_open(path, &error);
    assert_non_null(output);
    assert_int_equal(files(), 2); /* the target and the temporary file */
    const char *temp = rgn_output_temporary_path(output);
    assert_non_null(strstr(temp, "/.out.txt."));
    fputs("new\n", rgn_output_file(output));
    expect_file(path, "old\n"); /* untouched until the commit */
    assert_int_equal(rgn_output_commit(output, &error), 0);
    rgn_output_free(output);
    expect_file(path, "new\n");
    struct stat st;
    assert_int_equal(stat(path, &st), 0);
    assert_int_equal(st.st_mode & 07777, 0640);
    assert_int_equal(files(), 1);
}

static void discard_leaves_nothing(void **state)
{
    (void)state;
    rgn_error error;
    rgn_output *output = rgn_output_open(path, &error);
    assert_non_null(output);
    fputs("never\n", rgn_output_file(output));
    rgn_output_discard(output);
    rgn_output_free(output);
    assert_int_equal(files(), 0);
    output = rgn_output_open(path, &error); /* freed without an end */
    assert_non_null(output);
    rgn_output_free(output);
    assert_int_equal(files(), 0);
}

static void failed_write_keeps_target(void **state)
{
    (void)state;
    write_file(path, "old\n", 0600);
    rgn_error error;
    rgn_output *output = rgn_output_open(path, &error);
    assert_non_null(output);
    FILE *out = rgn_output_file(output);
    fputs("new\n", out);
    close(fileno(out)); /* every write from now on fails */
    assert_int_equal(rgn_output_commit(output, &error), -1);
    char want[256];
    snprintf(want, sizeof want, "cannot write %s: %s", path, strerror(EBADF));
    assert_string_equal(error.message, want);
    rgn_output_free(output);
    expect_file(path, "old\n");
    assert_int_equal(files(), 1);
}

static void hold_and_resume(void **state)
{
    (void)state;
    rgn_error error;
    rgn_output *output = rgn_output_open(path, &error);
    assert_non_null(output);
    fputs("one\n", rgn_output_file(output));
    assert_int_equal(rgn_output_hold(output, &error), 0);
    assert_null(rgn_output_file(output));
    assert_int_equal(access(path, F_OK), -1); /* not yet written */
    assert_int_equal(rgn_output_resume(output, &error), 0);
    fputs("two\n", rgn_output_file(output));
    assert_int_equal(rgn_output_hold(output, &error), 0);
    /* a held output is committed from its temporary file */
    assert_int_equal(rgn_output_commit(output, &error), 0);
    rgn_output_free(output);
    expect_file(path, "one\ntwo\n");
    assert_int_equal(files(), 1);
}

static void link_written_through(void **state)
{
    (void)state;
    char link[160];
    snprintf(link, sizeof link, "%s/link", dir);
    write_file(path, "old\n", 0644);
    assert_int_equal(symlink("out.txt", link), 0);
    rgn_error error;
    rgn_output *output = rgn_output_open(link, &error);
    assert_non_null(output);
    fputs("new\n", rgn_output_file(output));
    assert_int_equal(rgn_output_commit(output, &error), 0);
    rgn_output_free(output);
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    expect_file(path, "new\n");
    /* the link names an input by another name */
    const char *inputs[] = {"-", path};
    assert_int_equal(rgn_output_input_of(link, inputs, 2), 1);
    assert_int_equal(rgn_output_input_of(link, inputs, 1), -1);
    assert_int_equal(rgn_output_input_of("-", inputs, 2), -1);
    unlink(link);
}

static void temporary_removed(void **state)
{
    (void)state;
    rgn_error error;
    rgn_output *output = rgn_output_open(path, &error);
    assert_non_null(output);
    assert_int_equal(files(), 1);
    rgn_output_remove_temporary(output); /* as a signal handler does */
    assert_int_equal(files(), 0);
    rgn_output_remove_temporary(NULL);
    rgn_output_free(output);
}

/* A target that is no regular file (a pipe here; a device such as
 * /dev/null alike) is written directly, not replaced by a file. */
static void pipe_written_directly(void **state)
{
    (void)state;
    assert_int_equal(mkfifo(path, 0600), 0);
    int reader = open(path, O_RDONLY | O_NONBLOCK);
    assert_true(reader >= 0);
    rgn_error error;
    rgn_output *output = rgn_output_open(path, &error);
    assert_non_null(output);
    assert_string_equal(rgn_output_temporary_path(output), "");
    fputs("through\n", rgn_output_file(output));
    assert_int_equal(rgn_output_commit(output, &error), 0);
    rgn_output_free(output);
    char got[16] = {0};
    assert_int_equal(read(reader, got, sizeof got - 1), 8);
    assert_string_equal(got, "through\n");
    close(reader);
    struct stat st;
    assert_int_equal(lstat(path, &st), 0);
    assert_true(S_ISFIFO(st.st_mode));
    assert_int_equal(files(), 1);
}

static void errors_say_why(void **state)
{
    (void)state;
    rgn_error error;
    assert_null(rgn_output_open(dir, &error));
    char want[256];
    snprintf(want, sizeof want, "cannot write %s: %s", dir, strerror(EISDIR));
    assert_string_equal(error.message, want);
    char missing[160];
    snprintf(missing, sizeof missing, "%s/no/such.txt", dir);
    assert_null(rgn_output_open(missing, &error));
    snprintf(want, sizeof want, "cannot create a file beside %s: %s", missing,
             strerror(ENOENT));
    assert_string_equal(error.message, want);
    assert_int_equal(files(), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(commit_keeps_mode, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(discard_leaves_nothing, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(failed_write_keeps_target, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(hold_and_resume, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(link_written_through, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(temporary_removed, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(pipe_written_directly, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(errors_say_why, make_dir, remove_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
