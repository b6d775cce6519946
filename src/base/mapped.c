/* mapped.c - reading a file mapped into memory, or read whole into
 * memory of its own (rgn_file_read). */
#define _DEFAULT_SOURCE /* madvise */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "base/errors.h"
#include "base/mapped.h"

#include "rgn.h"

/* Pages fed are let go this much at a time: each letting go costs a
 * system call, and with several threads a flush of the others' TLBs. */
#define RELEASE_STEP ((uint64_t)4 << 20)

void rgn_mapped_release(const char *from, const char *to)
{
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = ((uintptr_t)from + page - 1) & ~(page - 1);
    uintptr_t last = (uintptr_t)to & ~(page - 1);
    if (last > first)
        madvise((void *)first, last - first, MADV_DONTNEED);
}

int rgn_mapped_feed(const char *data, uint64_t from, uint64_t size,
                    uint64_t block, bool release,
                    int (*feed)(void *target, const char *data, size_t len),
                    bool (*done)(const void *target), void *target)
{
    uint64_t kept = from; /* the pages fed from here on are not let go */
    int rc = 0;
    while (rc == 0 && from < size && !(done && done(target))) {
        uint64_t end = (from / block + 1) * block;
        if (end > size)
            end = size;
        rc = feed(target, data + from, (size_t)(end - from));
        from = end;
        if (release && from - kept >= RELEASE_STEP) {
            rgn_mapped_release(data + kept, data + from);
            kept = from;
        }
    }
    if (release)
        rgn_mapped_release(data + kept, data + from);
    return rc;
}

char *rgn_file_read(const char *path, size_t *len, rgn_error *error)
{
    *len = 0;
    FILE *in = fopen(path, "rb");
    if (!in) {
        rgn_fail(error, "%s: %s", path, strerror(errno));
        return NULL;
    }
    char *text = NULL;
    size_t capacity = 0, got;
    do {
        if (*len + 1 >= capacity) {
            char *more = realloc(text, capacity = capacity * 2 + 4096);
            if (!more) {
                free(text);
                fclose(in);
                rgn_fail(error, "%s: out of memory", path);
                return NULL;
            }
            text = more;
        }
        got = fread(text + *len, 1, capacity - *len - 1, in);
        *len += got;
    } while (got > 0);
    /* a directory opens, and fails its first read */
    int why = ferror(in) ? (errno ? errno : EIO) : 0;
    fclose(in);
    if (why) {
        free(text);
        *len = 0;
        rgn_fail(error, "%s: %s", path, strerror(why));
        return NULL;
    }
    text[*len] = 0;
    return text;
}
