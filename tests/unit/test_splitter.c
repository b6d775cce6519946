/*
 * test_splitter.c - a stream of games written into files named by a
 * pattern (rgn_splitter): the parts named by the pattern (%n, %{TAG}),
 * each holding its games in input order, none in place before the
 * finish; a part refused (or a finish without keep) leaves no file at
 * all, nor a temporary one; a pattern that names every part alike is
 * refused with a message that says so. The expected contents are the
 * games' moves in coordinates, written by hand.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <unistd.h>

#include "rgn.h"
#include "unit_helpers.h"

/* Five games: Events A B A C B, first moves e4 d4 c4 Nf3 g3. */
static const char games_text[] =
    "[Event \"A\"]\n[Variant \"Chess\"]\n\n1. e4 *\n\n"
    "[Event \"B\"]\n[Variant \"Chess\"]\n\n1. d4 *\n\n"
    "[Event \"A\"]\n[Variant \"Chess\"]\n\n1. c4 *\n\n"
    "[Event \"C\"]\n[Variant \"Chess\"]\n\n1. Nf3 *\n\n"
    "[Event \"B\"]\n[Variant \"Chess\"]\n\n1. g3 *\n\n";

static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/rgn_test_splitter.XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

/* The names in dir that do not start with '.' (no temporary file),
 * sorted, each followed by a space. */
static void names(char *out, size_t size)
{
    struct dirent **list;
    int n = scandir(dir, &list, NULL, alphasort);
    assert_true(n >= 0);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (list[i]->d_name[0] != '.') {
            strncat(out, list[i]->d_name, size - strlen(out) - 2);
            strcat(out, " ");
        }
        free(list[i]);
    }
    free(list);
}

/* The files in dir, temporary ones too. */
static int entries(void)
{
    struct dirent **list;
    int n = scandir(dir, &list, NULL, alphasort);
    assert_true(n >= 2);
    for (int i = 0; i < n; i++)
        free(list[i]);
    free(list);
    return n - 2; /* . and .. */
}

static int remove_dir(void **state)
{
    (void)state;
    struct dirent **list;
    int n = scandir(dir, &list, NULL, alphasort);
    for (int i = 0; i < n; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, list[i]->d_name);
        unlink(path);
        free(list[i]);
    }
    free(list);
    return rmdir(dir);
}

static void expect_file(const char *name, const char *want)
{
    char path[512], got[256] = {0};
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    size_t n = fread(got, 1, sizeof got - 1, f);
    fclose(f);
    assert_int_equal(n, strlen(want));
    assert_string_equal(got, want);
}

/* A splitter and where its first failure goes. */
typedef struct splitting {
    rgn_splitter *split;
    rgn_error *error;
    bool failed; /* nothing more is written */
} splitting;

/* Writes a game with split's own numbering, until one fails. */
static int split_one(const rgn_game *game, uint64_t number, void *user)
{
    (void)number;
    splitting *to = user;
    if (!to->failed &&
        rgn_splitter_game(to->split, game, 0, NULL, -1, to->error) < 0)
        to->failed = true;
    return to->failed ? -1 : 0;
}

/* Writes every game to split, the first failure's code (and error). */
static int split_all(rgn_splitter *split, rgn_error *error)
{
    splitting to = {split, error, false};
    return unit_each_game("games.pgn", games_text, split_one, &to);
}

static const rgn_writer_options coord = {.size = sizeof coord,
                                         .format = RGN_FORMAT_COORD};

static rgn_splitter *splitter(const char *pattern, uint64_t every,
                              const char *by)
{
    static char path[256]; /* the splitter keeps it */
    snprintf(path, sizeof path, "%s/%s", dir, pattern);
    rgn_splitter_options options = {.size = sizeof options,
                                    .pattern = path,
                                    .every = every,
                                    .by = by,
                                    .writing = &coord};
    rgn_error error;
    rgn_splitter *split = rgn_splitter_new(&options, &error);
    assert_non_null(split);
    return split;
}

static void by_event(void **state)
{
    (void)state;
    char listed[512];
    rgn_splitter *split = splitter("%n-%{Event}.txt", 0, "Event");
    rgn_error error;
    assert_int_equal(split_all(split, &error), 0);
    names(listed, sizeof listed);
    assert_string_equal(listed, ""); /* only temporary files so far */
    assert_int_equal(entries(), 3);
    assert_int_equal(rgn_splitter_finish(split, true, &error), 0);
    rgn_splitter_free(split);
    names(listed, sizeof listed);
    assert_string_equal(listed, "1-A.txt 2-B.txt 3-C.txt ");
    expect_file("1-A.txt", "e2e4 *\nc2c4 *\n");
    expect_file("2-B.txt", "d2d4 *\ng2g3 *\n");
    expect_file("3-C.txt", "g1f3 *\n");
}

static void every_two(void **state)
{
    (void)state;
    char listed[512];
    rgn_splitter *split = splitter("p%n.txt", 2, NULL);
    rgn_error error;
    assert_int_equal(split_all(split, &error), 0);
    assert_int_equal(rgn_splitter_finish(split, true, &error), 0);
    rgn_splitter_free(split);
    names(listed, sizeof listed);
    assert_string_equal(listed, "p1.txt p2.txt p3.txt ");
    expect_file("p1.txt", "e2e4 *\nd2d4 *\n");
    expect_file("p2.txt", "c2c4 *\ng1f3 *\n");
    expect_file("p3.txt", "g2g3 *\n");
}

/* Refuses the third part. */
static int refuse_third(void *user, const char *path, rgn_error *error)
{
    int *count = user;
    if (++*count < 3)
        return 0;
    snprintf(error->message, sizeof error->message, "refused %s",
             strrchr(path, '/') + 1);
    return -1;
}

static void failure_leaves_nothing(void **state)
{
    (void)state;
    char path[256];
    snprintf(path, sizeof path, "%s/%%{Event}.txt", dir);
    int count = 0;
    rgn_splitter_options options = {.size = sizeof options,
                                    .pattern = path,
                                    .by = "Event",
                                    .writing = &coord,
                                    .check = refuse_third,
                                    .user = &count};
    rgn_error error;
    rgn_splitter *split = rgn_splitter_new(&options, &error);
    assert_non_null(split);
    assert_int_equal(split_all(split, &error), -1);
    assert_string_equal(error.message, "refused C.txt");
    assert_int_equal(rgn_splitter_finish(split, true, &error), -1);
    assert_string_equal(error.message, "the split output has failed");
    rgn_splitter_free(split);
    assert_int_equal(entries(), 0);
    /* not kept: nothing either */
    split = splitter("p%n.txt", 2, NULL);
    assert_int_equal(split_all(split, &error), 0);
    assert_int_equal(rgn_splitter_finish(split, false, &error), 0);
    rgn_splitter_free(split);
    assert_int_equal(entries(), 0);
}

static void temporaries_removed(void **state)
{
    (void)state;
    rgn_splitter *split = splitter("p%n.txt", 1, NULL);
    rgn_error error;
    assert_int_equal(split_all(split, &error), 0);
    assert_int_equal(entries(), 5);
    rgn_splitter_remove_temporaries(split); /* as a signal handler does */
    assert_int_equal(entries(), 0);
    rgn_splitter_free(split);
    assert_int_equal(entries(), 0);
}

static void patterns_refused(void **state)
{
    (void)state;
    rgn_error error;
    rgn_splitter_options options = {.size = sizeof options,
                                    .pattern = "all.txt",
                                    .every = 2,
                                    .writing = &coord};
    assert_null(rgn_splitter_new(&options, &error));
    assert_string_equal(error.message, "pattern 'all.txt' names every part "
                                       "alike: every needs %n in it");
    options.every = 0;
    options.by = "Event";
    options.by_name = "--split-by";
    assert_null(rgn_splitter_new(&options, &error));
    assert_string_equal(error.message,
                        "pattern 'all.txt' names every part alike: "
                        "--split-by needs %n or %{TAG} in it");
    options.pattern = "%{Event}%x";
    options.pattern_name = "-o";
    assert_null(rgn_splitter_new(&options, &error));
    assert_string_equal(error.message, "-o '%{Event}%x': unknown %x (%n, "
                                       "%{TAG} and %% are known)");
    options.by = "no tag";
    assert_null(rgn_splitter_new(&options, &error));
    assert_string_equal(error.message,
                        "--split-by 'no tag' names no tag (letters, digits "
                        "and '_', then :full or nothing)");
    options.every = 3; /* and by: one of them */
    assert_null(rgn_splitter_new(&options, &error));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(by_event, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(every_two, make_dir, remove_dir),
        cmocka_unit_test_setup_teardown(failure_leaves_nothing, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(temporaries_removed, make_dir,
                                        remove_dir),
        cmocka_unit_test_setup_teardown(patterns_refused, make_dir, remove_dir),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
