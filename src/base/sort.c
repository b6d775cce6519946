/*
 * sort.c - a heap sort with a context for its comparison.
 */
#include "base/sort.h"

static void swap(unsigned char *a, unsigned char *b, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        unsigned char c = a[i];
        a[i] = b[i];
        b[i] = c;
    }
}

/* Moves the element at root down the heap of count elements until both
 * its children sort before it. */
static void sift_down(unsigned char *base, size_t root, size_t count,
                      size_t size, rgn_compare compare, const void *context)
{
    for (;;) {
        size_t child = 2 * root + 1;
        if (child >= count)
            return;
        if (child + 1 < count && compare(context, base + child * size,
                                         base + (child + 1) * size) < 0)
            child++;
        if (compare(context, base + root * size, base + child * size) >= 0)
            return;
        swap(base + root * size, base + child * size, size);
        root = child;
    }
}

void rgn_sort(void *base, size_t count, size_t size, rgn_compare compare,
              const void *context)
{
    unsigned char *bytes = base;
    if (count < 2)
        return;
    for (size_t i = count / 2; i-- > 0;)
        sift_down(bytes, i, count, size, compare, context);
    for (size_t end = count - 1; end > 0; end--) {
        swap(bytes, bytes + end * size, size);
        sift_down(bytes, 0, end, size, compare, context);
    }
}
