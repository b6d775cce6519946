/*
 * test_destination.c - where the games selected go (rgn_destination):
 * written by a writer, the invalid ones only with keep_invalid; listed a
 * record a game, numbered as the selection says; only counted; into a
 * splitter's parts, kept only when no game failed, the first failure
 * told once and returned by every call after it; the options refused.
 * The expected texts are the games' moves in coordinates and the
 * records' fields, written by hand.
 */
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

/* Three games: the second is invalid (e5 is no first move of White). */
static const char games_text[] =
    "[Event \"A\"]\n[Variant \"Chess\"]\n\n1. e4 *\n\n"
    "[Event \"B\"]\n[Variant \"Chess\"]\n\n1. e5 *\n\n"
    "[Event \"C\"]\n[Variant \"Chess\"]\n\n1. d4 d5 *\n\n";

/* A destination and where its first failure goes. */
typedef struct delivery {
    rgn_destination *destination;
    rgn_error *error;
} delivery;

/* Hands a game to the delivery user as selected game number (index: the
 * same), the third matched at ply 1. */
static int deliver(const rgn_game *game, uint64_t number, void *user)
{
    delivery *to = user;
    rgn_selection selection = {number, number, number == 3 ? 1 : -1, 0};
    return rgn_destination_game(to->destination, game, &selection, to->error);
}

/* Hands every game to d: the first failure's code (and error). */
static int deliver_all(rgn_destination *d, rgn_error *error)
{
    delivery to = {d, error};
    return unit_each_game("games.pgn", games_text, deliver, &to);
}

/* What options write of the three games (NULL: new refused them). */
static char *delivered(const rgn_destination_options *options)
{
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    assert_non_null(out);
    rgn_error error;
    rgn_destination *d = rgn_destination_new(options, out, &error);
    if (d) {
        assert_int_equal(deliver_all(d, &error), 0);
        assert_int_equal(rgn_destination_finish(d, true, &error), 0);
        rgn_destination_free(d);
    }
    fclose(out);
    if (!d)
        free(text);
    return d ? text : NULL;
}

static void written(void **state)
{
    (void)state;
    rgn_writer_options coord = {.size = sizeof coord,
                                .format = RGN_FORMAT_COORD};
    rgn_destination_options options = {.size = sizeof options,
                                       .writing = &coord};
    char *text = delivered(&options);
    assert_string_equal(text, "e2e4 *\nd2d4 d7d5 *\n");
    free(text);
    /* the mark after the ply the selection names, in RGN */
    rgn_writer_options rgn = {.size = sizeof rgn};
    options.writing = &rgn;
    options.mark = true;
    text = delivered(&options);
    assert_non_null(strstr(text, "1. d4 {rgn: matched here} 1... d5 *"));
    assert_null(strstr(text, "1. e4 {"));
    free(text);
}

static void listed(void **state)
{
    (void)state;
    rgn_list_options tsv = {
        .size = sizeof tsv, .format = RGN_LIST_TSV, .columns = "game,Event"};
    rgn_destination_options options = {.size = sizeof options, .listing = &tsv};
    char *text = delivered(&options);
    assert_string_equal(text, "game\tEvent\n1\tA\n3\tC\n");
    free(text);
    /* the invalid game too, as the writer would write it */
    rgn_writer_options keep = {.size = sizeof keep, .keep_invalid = true};
    options.writing = &keep;
    text = delivered(&options);
    assert_string_equal(text, "game\tEvent\n1\tA\n2\tB\n3\tC\n");
    free(text);
    /* a column the lister refuses */
    tsv.columns = "game,,Event";
    assert_null(delivered(&options));
}

static void counted(void **state)
{
    (void)state;
    rgn_error error;
    rgn_destination_options unsized = {.mark = true};
    assert_null(rgn_destination_new(&unsized, NULL, &error));
    assert_non_null(strstr(error.message, "rgn_destination_options"));
    /* no options, no output: only counted */
    rgn_destination *d = rgn_destination_new(NULL, NULL, &error);
    assert_non_null(d);
    assert_int_equal(deliver_all(d, &error), 0);
    assert_int_equal(rgn_destination_finish(d, true, &error), 0);
    rgn_destination_free(d);
}

static int told;
static char told_message[256];

static void on_failure(void *user, const rgn_error *error)
{
    (void)user;
    told++;
    snprintf(told_message, sizeof told_message, "%s", error->message);
}

/* Refuses the second part. */
static int refuse_second(void *user, const char *path, rgn_error *error)
{
    int *parts = user;
    (void)path;
    if (++*parts < 2)
        return 0;
    snprintf(error->message, sizeof error->message, "refused");
    return -1;
}

static void split(void **state)
{
    (void)state;
    char dir[64] = "/tmp/rgn_test_destination.XXXXXX", pattern[128];
    assert_non_null(mkdtemp(dir));
    snprintf(pattern, sizeof pattern, "%s/%%n.txt", dir);
    rgn_writer_options coord = {.size = sizeof coord,
                                .format = RGN_FORMAT_COORD};
    int parts = 0;
    rgn_splitter_options splitting = {.size = sizeof splitting,
                                      .pattern = pattern,
                                      .every = 1,
                                      .writing = &coord,
                                      .check = refuse_second,
                                      .user = &parts};
    rgn_error error;
    rgn_splitter *splitter = rgn_splitter_new(&splitting, &error);
    assert_non_null(splitter);
    rgn_list_options tsv = {.size = sizeof tsv, .format = RGN_LIST_TSV};
    rgn_destination_options options = {.size = sizeof options,
                                       .writing = &coord,
                                       .listing = &tsv,
                                       .split = splitter,
                                       .report = on_failure};
    assert_null(rgn_destination_new(&options, NULL, &error));
    assert_non_null(strstr(error.message, "not both"));
    options.listing = NULL;
    rgn_destination *d = rgn_destination_new(&options, NULL, &error);
    assert_non_null(d);
    /* the third game's part is the second: refused, told once */
    assert_int_equal(deliver_all(d, &error), -1);
    assert_string_equal(error.message, "refused");
    assert_int_equal(told, 1);
    assert_string_equal(told_message, "refused");
    /* the first failure again, and no part kept */
    assert_int_equal(rgn_destination_finish(d, true, &error), -1);
    assert_string_equal(error.message, "refused");
    assert_int_equal(told, 1);
    rgn_destination_free(d);
    rgn_splitter_free(splitter);
    char first[160];
    snprintf(first, sizeof first, "%s/1.txt", dir);
    assert_int_equal(access(first, F_OK), -1);
    assert_int_equal(rmdir(dir), 0); /* empty: no temporary file left */
}

static void write_failed(void **state)
{
    (void)state;
    FILE *full = fopen("/dev/full", "w"); /* every write fails: ENOSPC */
    assert_non_null(full);
    rgn_writer_options coord = {.size = sizeof coord,
                                .format = RGN_FORMAT_COORD};
    rgn_destination_options options = {.size = sizeof options,
                                       .writing = &coord};
    rgn_error error;
    rgn_destination *d = rgn_destination_new(&options, full, &error);
    assert_non_null(d);
    assert_int_equal(deliver_all(d, &error), 0);
    assert_int_equal(rgn_destination_finish(d, true, &error), -1);
    assert_string_equal(error.message,
                        "cannot write the games: No space left on device");
    rgn_destination_free(d);
    fclose(full);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(written),      cmocka_unit_test(listed),
        cmocka_unit_test(counted),      cmocka_unit_test(split),
        cmocka_unit_test(write_failed),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
