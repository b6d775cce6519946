/*
 * comment_commands.c - the [%clk] and [%eval] commands of a comment
 * (lichess's and ChessBase's), read for the formats that show them as
 * fields (JSON) or as clocks and an evaluation bar (HTML).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats/writer.h"

/* The digits at *p, moved past: how many (none past max_len). */
static size_t digits(const char **p, size_t max_len)
{
    size_t n = 0;
    while (n < max_len && isdigit((unsigned char)(*p)[n]))
        n++;
    *p += n;
    return n;
}

/* Writes the digits of [from, from + len) as a JSON integer: no leading
 * zero but the last. */
static void integer(char *out, size_t size, const char *from, size_t len)
{
    while (len > 1 && *from == '0')
        from++, len--;
    snprintf(out, size, "%.*s", (int)len, from);
}

/* "H:MM:SS" or "H:MM:SS.f" (text, len) as seconds, a JSON number in
 * out; false if it is no clock. */
static bool read_clock(const char *text, size_t len, char *out, size_t size)
{
    const char *p = text, *end = text + len;
    unsigned long parts[3];
    for (int i = 0; i < 3; i++) {
        const char *from = p;
        size_t n = digits(&p, (size_t)(end - p));
        if (n == 0 || n > (i ? 2 : 6))
            return false;
        parts[i] = strtoul(from, NULL, 10);
        if (i < 2 && (p == end || *p++ != ':'))
            return false;
    }
    const char *fraction = p;
    size_t fraction_len = 0;
    if (p < end && *p == '.') {
        fraction = ++p;
        fraction_len = digits(&p, (size_t)(end - p));
        if (fraction_len == 0)
            return false;
    }
    if (p != end || parts[1] > 59 || parts[2] > 59)
        return false;
    unsigned long seconds = parts[0] * 3600 + parts[1] * 60 + parts[2];
    if (fraction_len)
        snprintf(out, size, "%lu.%.*s", seconds, (int)fraction_len, fraction);
    else
        snprintf(out, size, "%lu", seconds);
    return true;
}

/* "0.23", "-1.5", "+3" (pawns) or "#-3", "#3" (mate in so many moves, a
 * negative number for Black) as a JSON number or {"mate":N}; false if it
 * is no evaluation. */
static bool read_eval(const char *text, size_t len, char *out, size_t size)
{
    const char *p = text, *end = text + len;
    bool mate = p < end && *p == '#';
    if (mate)
        p++;
    bool minus = p < end && *p == '-';
    if (p < end && (*p == '-' || *p == '+'))
        p++;
    const char *whole = p;
    size_t whole_len = digits(&p, 12);
    const char *fraction = p;
    size_t fraction_len = 0;
    if (!mate && p < end && *p == '.') {
        fraction = ++p;
        fraction_len = digits(&p, 12);
        if (fraction_len == 0)
            return false;
    }
    if (p != end || (whole_len == 0 && fraction_len == 0))
        return false;
    char number[16];
    if (whole_len)
        integer(number, sizeof number, whole, whole_len);
    else
        strcpy(number, "0");
    if (mate)
        snprintf(out, size, "{\"mate\":%s%s}", minus ? "-" : "", number);
    else if (fraction_len)
        snprintf(out, size, "%s%s.%.*s", minus ? "-" : "", number,
                 (int)fraction_len, fraction);
    else
        snprintf(out, size, "%s%s", minus ? "-" : "", number);
    return true;
}

/* The command "[%NAME ARGUMENT]" at text (len bytes): the length of the
 * whole, and the argument; 0 when there is none. */
static size_t command_at(const char *text, size_t len, const char *name,
                         rgn_span *argument)
{
    size_t name_len = strlen(name);
    /* white space after the name: a line of RGN may break there */
    if (len < name_len + 4 || text[0] != '[' || text[1] != '%' ||
        memcmp(text + 2, name, name_len) != 0 ||
        !isspace((unsigned char)text[2 + name_len]))
        return 0;
    const char *from = text + 3 + name_len;
    const char *close = memchr(from, ']', len - 3 - name_len);
    if (!close)
        return 0;
    while (from < close && isspace((unsigned char)*from))
        from++;
    size_t arg_len = (size_t)(close - from);
    while (arg_len && isspace((unsigned char)from[arg_len - 1]))
        arg_len--;
    *argument = (rgn_span){from, arg_len};
    return (size_t)(close - text) + 1;
}

bool writer_take_commands(rgn_span text, char *clock, char *eval,
                          rgn_buffer *rest)
{
    bool taken = false;
    for (size_t i = 0; i < text.len;) {
        rgn_span argument;
        size_t len = 0;
        const char *at = text.data + i;
        if (!clock[0] &&
            (len = command_at(at, text.len - i, "clk", &argument)) &&
            read_clock(argument.data, argument.len, clock, WRITER_CLOCK_SIZE))
            ;
        else if (!eval[0] &&
                 (len = command_at(at, text.len - i, "eval", &argument)) &&
                 read_eval(argument.data, argument.len, eval, WRITER_EVAL_SIZE))
            ;
        else
            len = 0;
        if (len) {
            taken = true;
            i += len;
            /* the space on both sides of the command becomes one */
            while (i < text.len && isspace((unsigned char)text.data[i]) &&
                   (!rest->len ||
                    isspace((unsigned char)rest->data[rest->len - 1])))
                i++;
            continue;
        }
        rgn_buffer_append(rest, at, 1);
        i++;
    }
    while (rest->len && isspace((unsigned char)rest->data[rest->len - 1]))
        rest->len--;
    size_t lead = 0;
    while (lead < rest->len && isspace((unsigned char)rest->data[lead]))
        lead++;
    if (lead) { /* rest->data is NULL when nothing was kept */
        memmove(rest->data, rest->data + lead, rest->len - lead);
        rest->len -= lead;
    }
    return taken;
}
