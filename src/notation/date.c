/*
 * date.c - the value of a date tag read as the days it can be (date.h).
 */
#include <string.h>

#include "notation/date.h"

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* A month or a day at text[*at]: one or two digits, or one or two '?'
 * (unknown: -1). Moves *at past it; false when there is none. */
static bool read_part(const char *text, size_t len, size_t *at, long *value,
                      size_t *width)
{
    size_t n = 0;
    bool unknown = *at < len && text[*at] == '?';
    long v = 0;
    while (*at + n < len && n < 3 &&
           (unknown ? text[*at + n] == '?' : is_digit(text[*at + n]))) {
        v = v * 10 + (text[*at + n] - '0');
        n++;
    }
    if (n == 0 || n > 2)
        return false;
    *at += n;
    *value = unknown ? -1 : v;
    *width = n;
    return true;
}

enum rgn_date_form rgn_date_read(const char *text, size_t len,
                                 char pgn[RGN_DATE_SIZE], long *lo, long *hi)
{
    /* the year: four characters, digits then '?' (19??, ????) */
    if (len < 4)
        return RGN_DATE_NONE;
    long year_lo = 0, year_hi = 0;
    bool unknown = false;
    for (int i = 0; i < 4; i++) {
        if (text[i] == '?')
            unknown = true;
        else if (unknown || !is_digit(text[i]))
            return RGN_DATE_NONE;
        year_lo = year_lo * 10 + (unknown ? 0 : text[i] - '0');
        year_hi = year_hi * 10 + (unknown ? 9 : text[i] - '0');
    }
    long parts[2] = {-1, -1};
    size_t widths[2] = {2, 2}, at = 4;
    int count = 0;
    char separator = '.';
    for (; count < 2 && at < len; count++) {
        char c = text[at++];
        if (count == 0 && (c == '.' || c == '/' || c == '-'))
            separator = c;
        else if (c != separator)
            return RGN_DATE_NONE;
        if (!read_part(text, len, &at, &parts[count], &widths[count]))
            return RGN_DATE_NONE;
    }
    if (at != len || (parts[0] >= 0 && (parts[0] < 1 || parts[0] > 12)) ||
        (parts[1] >= 0 && (parts[1] < 1 || parts[1] > 31)))
        return RGN_DATE_NONE;
    if (year_lo == 0 && year_hi == 9999) { /* ????: any day */
        *lo = 0;
        *hi = 99991231;
    } else {
        *lo = year_lo * 10000 + (parts[0] < 0 ? 1 : parts[0]) * 100 +
              (parts[0] < 0 || parts[1] < 0 ? 1 : parts[1]);
        *hi = year_hi * 10000 + (parts[0] < 0 ? 12 : parts[0]) * 100 +
              (parts[0] < 0 || parts[1] < 0 ? 31 : parts[1]);
    }
    bool other = separator != '.' || (count > 0 && widths[0] == 1) ||
                 (count > 1 && widths[1] == 1);
    if (!other)
        return RGN_DATE_PGN;
    if (pgn) {
        memcpy(pgn, text, 4);
        size_t n = 4;
        for (int i = 0; i < count; i++) {
            pgn[n++] = '.';
            if (parts[i] < 0) {
                pgn[n++] = '?';
                pgn[n++] = '?';
            } else {
                pgn[n++] = (char)('0' + parts[i] / 10);
                pgn[n++] = (char)('0' + parts[i] % 10);
            }
        }
        pgn[n] = '\0';
    }
    return RGN_DATE_OTHER;
}

bool rgn_date_tag(const char *name, size_t len)
{
    return len >= 4 && memcmp(name + len - 4, "Date", 4) == 0;
}
