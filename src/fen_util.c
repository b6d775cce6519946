/* fen_util.c - what the position-string readers share. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>

#include "fen_util.h"

int rgn_fen_reject(rgn_error *err, const char *format, int field,
                   const char *field_name, const char *fen, const char *at,
                   const char *reason, ...)
{
    char text[160];
    va_list args;
    va_start(args, reason);
    vsnprintf(text, sizeof text, reason, args);
    va_end(args);
    err->column = (int)(at - fen) + 1;
    snprintf(err->message, sizeof err->message, "%s field %d (%s), column %d: %s",
             format, field, field_name, err->column, text);
    return -1;
}

int rgn_fen_read_number(const char **text, int max_digits, long *value)
{
    const char *p = *text;
    long n = 0;
    int digits = 0;
    while (isdigit((unsigned char)*p) && digits <= max_digits) {
        n = n * 10 + (*p++ - '0');
        digits++;
    }
    if (digits == 0 || digits > max_digits || (*p != ' ' && *p != '\0'))
        return -1;
    *text = p;
    *value = n;
    return 0;
}
