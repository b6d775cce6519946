/*
 * test_sort.c - base/sort.c's heap sort against the C library's qsort,
 * an independent route: random arrays of ints (many equal values),
 * every length up to 300; and arrays of indexes sorted by keys reached
 * through the context, whose order among equal keys may differ from
 * qsort's, so that the keys in order and the set of indexes are compared.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/sort.h"

/* A small generator of its own, so that the arrays are the same on
 * every C library. */
static uint32_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(*state >> 33);
}

static int ints_qsort(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int ints_context(const void *context, const void *a, const void *b)
{
    assert_ptr_equal(context, &ints_context);
    return ints_qsort(a, b);
}

static void ints(void **state)
{
    (void)state;
    uint64_t seed = 38;
    enum { MAX = 300 };
    int mine[MAX], theirs[MAX];
    for (int round = 0; round < 4; round++)
        for (size_t n = 0; n <= MAX; n++) {
            /* round 0 has values from 0 to 3: mostly ties */
            uint32_t range = round == 0 ? 4 : round == 1 ? 100 : 1u << 31;
            for (size_t i = 0; i < n; i++)
                mine[i] = theirs[i] = (int)(next_random(&seed) % range) -
                                      (round == 3 ? (1 << 30) : 0);
            if (round == 2) { /* in the reverse order already */
                qsort(mine, n, sizeof *mine, ints_qsort);
                for (size_t i = 0; i < n; i++)
                    theirs[i] = mine[n - 1 - i];
                memcpy(mine, theirs, n * sizeof *mine);
            }
            rgn_sort(mine, n, sizeof *mine, ints_context, &ints_context);
            qsort(theirs, n, sizeof *theirs, ints_qsort);
            assert_memory_equal(mine, theirs, n * sizeof *mine);
        }
}

/* Elements of an odd size, sorted by a key in a table the context
 * gives: the way the tournament sorts its players. */
typedef struct element {
    int index;
    char tag[9];
} element;

static const double *qsort_keys; /* the test's own qsort needs one */

static int by_key_qsort(const void *a, const void *b)
{
    double x = qsort_keys[((const element *)a)->index];
    double y = qsort_keys[((const element *)b)->index];
    return (x < y) - (x > y); /* the highest first */
}

static int by_key(const void *context, const void *a, const void *b)
{
    const double *keys = context;
    double x = keys[((const element *)a)->index];
    double y = keys[((const element *)b)->index];
    return (x < y) - (x > y);
}

static void by_context(void **state)
{
    (void)state;
    uint64_t seed = 7;
    enum { MAX = 200 };
    double keys[MAX] = {0}; /* gcc 12 warns when n is 0 */
    element mine[MAX], theirs[MAX];
    for (size_t n = 0; n <= MAX; n++) {
        for (size_t i = 0; i < n; i++) {
            keys[i] = (double)(next_random(&seed) % 16) / 2;
            memset(&mine[i], 0, sizeof mine[i]);
            mine[i].index = (int)i;
            memset(mine[i].tag, 'a' + (int)(i % 26), sizeof mine[i].tag - 1);
            theirs[i] = mine[i];
        }
        rgn_sort(mine, n, sizeof *mine, by_key, keys);
        qsort_keys = keys;
        qsort(theirs, n, sizeof *theirs, by_key_qsort);
        int seen[MAX] = {0};
        for (size_t i = 0; i < n; i++) {
            assert_true(keys[mine[i].index] == keys[theirs[i].index]);
            /* each element moved whole */
            assert_int_equal(mine[i].tag[0], 'a' + mine[i].index % 26);
            assert_int_equal(mine[i].tag[7], 'a' + mine[i].index % 26);
            seen[mine[i].index]++;
        }
        for (size_t i = 0; i < n; i++)
            assert_int_equal(seen[i], 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(ints),
        cmocka_unit_test(by_context),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
