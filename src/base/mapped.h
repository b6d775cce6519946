/*
 * mapped.h - reading a file mapped into memory (private): feeding it in
 * blocks and letting go of the pages read, so that the memory a read
 * uses does not grow with the file.
 */
#ifndef RGN_MAPPED_H
#define RGN_MAPPED_H

#include <stdbool.h>
#include <stdint.h>

/* Feeds data[from, size) to feed in blocks that end at multiples of
 * block bytes, until done says enough (done may be NULL); with release,
 * data is a read-only mapping of a file, and the pages fed are let go a
 * few megabytes at a time (touched again, they are read again from the
 * file). 0, or the first non-zero that feed returned. */
int rgn_mapped_feed(const char *data, uint64_t from, uint64_t size,
                    uint64_t block, bool release,
                    int (*feed)(void *target, const char *data, size_t len),
                    bool (*done)(const void *target), void *target);

/* Lets the whole pages in [from, to) of a read-only mapping of a file
 * go (memory of the program's own would be zeroed). */
void rgn_mapped_release(const char *from, const char *to);

#endif
