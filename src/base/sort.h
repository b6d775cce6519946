/*
 * sort.h - sorting an array with a context for its comparison (private).
 * qsort's comparison sees only the two elements, so a comparison that
 * needs more (a tournament's players, a ranking's keys) would reach it
 * through file-scope state, and two threads sorting at once would race;
 * qsort_r is not portable (glibc's and the BSDs' differ, and a
 * WebAssembly C library may lack it).
 */
#ifndef RGN_SORT_H
#define RGN_SORT_H

#include <stddef.h>

/* Negative, 0 or positive as a sorts before, with or after b. */
typedef int (*rgn_compare)(const void *context, const void *a, const void *b);

/* Sorts count elements of size bytes at base into the order compare
 * gives, passing it context. A heap sort: no memory taken, n log n
 * comparisons at worst, and not stable, so that elements that compare
 * equal may come in any order (give compare a last key that tells every
 * element apart when the order must be one). */
void rgn_sort(void *base, size_t count, size_t size, rgn_compare compare,
              const void *context);

#endif
