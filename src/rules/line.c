/*
 * line.c - a line of moves as a person types it ("1. e4 e5 2. Nf3"),
 * played from a position: move numbers are passed over, each other word
 * is a move text read by rgn_san_resolve.
 */
#include <stdio.h>
#include <string.h>

#include "base/errors.h"
#include "rgn.h"

int rgn_position_play_line(rgn_position *position, const char *line,
                           rgn_error *error)
{
    const char *at = line;
    while (*at) {
        while (*at == ' ' || *at == '\t' || *at == '\n')
            at++;
        size_t len = strcspn(at, " \t\n");
        if (!len)
            break;
        /* "12." and "12..." are move numbers, and so is a bare "12" */
        bool number = at[0] >= '0' && at[0] <= '9' &&
                      (at[len - 1] == '.' || strspn(at, "0123456789.") == len);
        if (!number) {
            rgn_move move;
            unsigned warnings;
            enum rgn_problem problem;
            rgn_error why;
            if (rgn_san_resolve(position, at, len, &move, &warnings, &problem,
                                &why) < 0) {
                rgn_fail(error, "'%.*s': %s", (int)(len > 60 ? 60 : len), at,
                         why.message);
                if (error)
                    error->column = (int)(at - line) + 1;
                return -1;
            }
            rgn_position_play(position, move);
        }
        at += len;
    }
    return 0;
}
