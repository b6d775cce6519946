/*
 * test_rotary_vs_reference.c - Rotary: the library's move generator against an
 * independent reference (reference_rotary.c), written from the rules
 * alone. For every position of the Rotary perft table
 * (tests/perft/rotary.txt, named on the command line) the sorted
 * coordinate move lists must be identical and perft must agree at every
 * depth up to 3; and the reference must reproduce the table's counts,
 * which checks the reference itself against the counts by hand.
 *
 * On a disagreement the test prints the position, the first differing
 * move and every move only one side generates, then goes on with the other
 * positions, so that one run shows every failing case.
 *
 *   test_rotary_vs_reference tests/perft/rotary.txt
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perft_table.h"
#include "reference_rotary.h"
#include "rgn.h"

#define MAX_LIST RGN_MAX_MOVES
/* the deepest perft compared: the reference is slow */
#define COMPARE_DEPTH 3

static const char *table_path;

typedef char move_text[16];

/* A fresh library position, or NULL (reported) if the library refuses the
 * string. */
static rgn_position *load(const char *name, const char *rfen)
{
    rgn_position *pos = rgn_position_new(rgn_variant_find("Rotary"));
    if (!pos) {
        print_error("%s: rgn_position_new failed\n", name);
        return NULL;
    }
    rgn_error err;
    memset(&err, 0, sizeof err);
    if (rgn_position_set_fen(pos, rfen, &err) != 0) {
        print_error("%s: library rejects \"%s\": column %d: %s\n", name, rfen,
                    err.column, err.message);
        rgn_position_free(pos);
        return NULL;
    }
    return pos;
}

static int cmp_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Compares the sorted depth-1 move lists; returns the number of problems
 * found (0 when they agree). */
static int compare_moves(const char *name, const char *rfen)
{
    move_text *ref = malloc(sizeof *ref * MAX_LIST);
    move_text *lib = malloc(sizeof *lib * MAX_LIST);
    rgn_move *moves = malloc(sizeof *moves * RGN_MAX_MOVES);
    assert_non_null(ref);
    assert_non_null(lib);
    assert_non_null(moves);
    int problems = 0;

    int nref = ref_moves(rfen, ref, MAX_LIST);
    rgn_position *pos = load(name, rfen);
    if (nref < 0 || nref > MAX_LIST) {
        print_error("%s: the reference rejects \"%s\"\n", name, rfen);
        problems++;
    }
    if (!pos)
        problems++;
    if (problems)
        goto done;

    int nlib = rgn_position_legal_moves(pos, moves);
    for (int i = 0; i < nlib; i++) {
        size_t len = rgn_move_coord(pos, moves[i], lib[i], sizeof lib[i]);
        if (len >= sizeof lib[i]) {
            print_error("%s: coordinate move %d too long\n", name, i);
            problems++;
            goto done;
        }
    }
    qsort(lib, (size_t)nlib, sizeof *lib, cmp_text);

    /* Walk both sorted lists together: what one lacks, the other has. */
    int i = 0, j = 0, shown_first = 0;
    while (i < nlib || j < nref) {
        int c = i >= nlib ? 1 : j >= nref ? -1 : strcmp(lib[i], ref[j]);
        if (c == 0) {
            i++, j++;
            continue;
        }
        if (!shown_first) {
            print_error("%s: move lists differ (library %d, reference %d) "
                        "in \"%s\"; first difference at index %d: library "
                        "\"%s\", reference \"%s\"\n",
                        name, nlib, nref, rfen, c < 0 ? i : j,
                        i < nlib ? lib[i] : "(end)",
                        j < nref ? ref[j] : "(end)");
            shown_first = 1;
        }
        if (c < 0)
            print_error("  only the library generates %s\n", lib[i++]);
        else
            print_error("  only the reference generates %s\n", ref[j++]);
        problems++;
    }
    /* Equal sorted lists but a duplicate on one side would still show up
     * above; a duplicate on both sides is a bug in both, caught here. */
    for (int k = 1; k < nlib; k++) {
        if (strcmp(lib[k], lib[k - 1]) == 0) {
            print_error("%s: library generates %s twice\n", name, lib[k]);
            problems++;
        }
    }

done:
    if (pos)
        rgn_position_free(pos);
    free(moves);
    free(lib);
    free(ref);
    return problems;
}

/* Compares perft at depths 1..depth, keeping the reference's counts in
 * ref_counts[1..depth]; also checks that rgn_perft leaves the position as
 * it found it. Returns the number of problems. */
static int compare_perft(const char *name, const char *rfen, int depth,
                         uint64_t *ref_counts)
{
    int problems = 0;
    for (int d = 1; d <= depth; d++) {
        rgn_position *pos = load(name, rfen);
        if (!pos)
            return problems + 1;
        char before[512], after[512];
        rgn_position_fen(pos, before, sizeof before);
        uint64_t lib = rgn_perft(pos, d);
        rgn_position_fen(pos, after, sizeof after);
        rgn_position_free(pos);
        uint64_t ref = ref_counts[d] = ref_perft(rfen, d);
        if (lib != ref) {
            print_error("%s: perft(%d) of \"%s\": library %llu, reference "
                        "%llu\n",
                        name, d, rfen, (unsigned long long)lib,
                        (unsigned long long)ref);
            problems++;
        }
        if (strcmp(before, after) != 0) {
            print_error("%s: rgn_perft(%d) changed the position from \"%s\" "
                        "to \"%s\"\n",
                        name, d, before, after);
            problems++;
        }
    }
    return problems;
}

/* Every position of the table, once; and every count of the table up to
 * COMPARE_DEPTH from the reference. */
static void test_table(void **state)
{
    (void)state;
    perft_entry *entries = NULL;
    int count = 0, problems = 0;
    assert_non_null(table_path);
    assert_int_equal(perft_table_read(table_path, &entries, &count), 0);
    assert_true(count > 0);
    uint64_t ref_counts[COMPARE_DEPTH + 1] = {0};
    for (int i = 0; i < count; i++) {
        const perft_entry *e = &entries[i];
        assert_string_equal(e->game, "Rotary");
        /* the table lists a position once per depth, one line after the
         * other */
        if (i == 0 || strcmp(e->position, entries[i - 1].position) != 0)
            problems += compare_moves(e->where, e->position) +
                        compare_perft(e->where, e->position, COMPARE_DEPTH,
                                      ref_counts);
        if (e->depth <= COMPARE_DEPTH && ref_counts[e->depth] != e->count) {
            print_error("%s: reference perft(%d) is %llu, the table says "
                        "%llu\n",
                        e->where, e->depth,
                        (unsigned long long)ref_counts[e->depth],
                        (unsigned long long)e->count);
            problems++;
        }
    }
    free(entries);
    assert_int_equal(problems, 0);
}

int main(int argc, char **argv)
{
    table_path = argc > 1 ? argv[1] : NULL;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
