/* mapped.c - reading a file mapped into memory. */
#define _DEFAULT_SOURCE /* madvise */
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/mapped.h"

void rgn_mapped_release(const char *from, const char *to)
{
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = ((uintptr_t)from + page - 1) & ~(page - 1);
    uintptr_t last = (uintptr_t)to & ~(page - 1);
    if (last > first)
        madvise((void *)first, last - first, MADV_DONTNEED);
}

int rgn_mapped_feed(const char *data, uint64_t from, uint64_t size,
                    uint64_t block,
                    int (*feed)(void *target, const char *data, size_t len),
                    bool (*done)(const void *target), void *target)
{
    while (from < size && !(done && done(target))) {
        uint64_t end = (from / block + 1) * block;
        if (end > size)
            end = size;
        int rc = feed(target, data + from, (size_t)(end - from));
        if (rc)
            return rc;
        rgn_mapped_release(data + from, data + end);
        from = end;
    }
    return 0;
}
