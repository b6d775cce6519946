/* buffer.c - a growable byte buffer. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buffer.h"

static bool reserve(rgn_buffer *b, size_t more)
{
    if (b->failed)
        return false;
    if (b->len + more + 1 <= b->capacity)
        return true;
    size_t capacity = b->capacity ? b->capacity : 256;
    while (capacity < b->len + more + 1)
        capacity *= 2;
    char *grown = realloc(b->data, capacity);
    if (!grown) {
        b->failed = true;
        return false;
    }
    b->data = grown;
    b->capacity = capacity;
    return true;
}

void rgn_buffer_reserve(rgn_buffer *b, size_t more) { reserve(b, more); }

void rgn_buffer_append(rgn_buffer *b, const char *text, size_t len)
{
    if (!reserve(b, len) || len == 0) /* text may be NULL when len is 0 */
        return;
    memcpy(b->data + b->len, text, len);
    b->len += len;
    b->data[b->len] = '\0';
}

void rgn_buffer_puts(rgn_buffer *b, const char *text)
{
    rgn_buffer_append(b, text, strlen(text));
}

void rgn_buffer_printf(rgn_buffer *b, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (n < 0 || !reserve(b, (size_t)n))
        return;
    va_start(args, format);
    vsnprintf(b->data + b->len, (size_t)n + 1, format, args);
    va_end(args);
    b->len += (size_t)n;
}

void rgn_buffer_reset(rgn_buffer *b)
{
    b->len = 0;
    b->failed = false;
    if (b->data)
        b->data[0] = '\0';
}

void rgn_buffer_free(rgn_buffer *b)
{
    free(b->data);
    *b = (rgn_buffer){0};
}
