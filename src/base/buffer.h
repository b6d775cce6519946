/*
 * buffer.h - a growable byte buffer (private). The writers build each
 * game in one before deciding whether it is written at all.
 */
#ifndef RGN_BUFFER_H
#define RGN_BUFFER_H

#include <stdbool.h>
#include <stddef.h>

typedef struct rgn_buffer {
    char *data;
    size_t len, capacity;
    bool failed; /* memory ran out: the contents are incomplete */
} rgn_buffer;

/* Makes room for `more` bytes, so that appending them does not move the
 * contents. */
void rgn_buffer_reserve(rgn_buffer *buffer, size_t more);
void rgn_buffer_append(rgn_buffer *buffer, const char *text, size_t len);
void rgn_buffer_puts(rgn_buffer *buffer, const char *text);
void rgn_buffer_printf(rgn_buffer *buffer, const char *format, ...)
    __attribute__((format(printf, 2, 3)));
void rgn_buffer_reset(rgn_buffer *buffer);
void rgn_buffer_free(rgn_buffer *buffer);

#endif
