/* board_string.c - what the position-string readers and writers share. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "notation/board_string.h"

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
    snprintf(err->message, sizeof err->message,
             "%s field %d (%s), column %d: %s", format, field, field_name,
             err->column, text);
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

int rgn_fen_read_board(const rgn_fen_board *b, const char *fen,
                       const char **cursor, rgn_error *err)
{
    const char *p = fen, *rank_start = p;
    int rank = b->ranks - 1, file = 0;
    for (;;) {
        char c = *p;
        if (c == '/' || c == ' ' || c == '\0') {
            if (file != b->files)
                return rgn_fen_reject(err, b->format, 1, "board", fen,
                                      rank_start,
                                      "rank %d is %d squares wide, expected %d",
                                      rank + 1, file, b->files);
            if (c != '/')
                break;
            if (rank == 0)
                return rgn_fen_reject(err, b->format, 1, "board", fen, p,
                                      "more than %d ranks", b->ranks);
            rank--;
            file = 0;
            rank_start = ++p;
            continue;
        }
        if (c >= '1' && c <= '9') {
            const char *digits = p;
            int empty = 0;
            if (b->digits == RGN_DIGITS_NUMBER)
                while (*p >= '0' && *p <= '9' && empty <= b->files)
                    empty = empty * 10 + (*p++ - '0');
            else
                while (*p >= '1' && *p <= '9')
                    empty += *p++ - '0';
            if (file + empty > b->files)
                return rgn_fen_reject(err, b->format, 1, "board", fen, digits,
                                      "rank %d is more than %d squares wide",
                                      rank + 1, b->files);
            if (b->empties &&
                b->empties(b->context, fen, digits, file, empty, rank, err) < 0)
                return -1;
            file += empty;
            continue;
        }
        if (file >= b->files)
            return rgn_fen_reject(err, b->format, 1, "board", fen, p,
                                  "rank %d is more than %d squares wide",
                                  rank + 1, b->files);
        if (b->square(b->context, fen, &p, file, rank, err) < 0)
            return -1;
        file++;
    }
    if (rank != 0)
        return rgn_fen_reject(err, b->format, 1, "board", fen, p,
                              "%d ranks, expected %d", b->ranks - rank,
                              b->ranks);
    *cursor = p;
    return 0;
}

int rgn_fen_read_side(const char *format, const char *fen, const char **cursor,
                      const char **side_at, rgn_error *err)
{
    const char *p = *cursor;
    if (*p != ' ')
        return rgn_fen_reject(err, format, 2, "side to move", fen, p,
                              "missing");
    p++;
    if ((*p != 'w' && *p != 'b') || (p[1] != ' ' && p[1] != '\0'))
        return rgn_fen_reject(err, format, 2, "side to move", fen, p,
                              "expected 'w' or 'b'");
    *side_at = p;
    *cursor = p + 1;
    return *p == 'w' ? RGN_WHITE : RGN_BLACK;
}
