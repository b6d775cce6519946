/*
 * board_string.h - what the position-string readers and writers share
 * (private): the form of a rejection, the reading of numbers and of the
 * side to move, and the board field, read and written.
 */
#ifndef RGN_BOARD_STRING_H
#define RGN_BOARD_STRING_H

#include <string.h>

#include "rgn.h"

/* Fills err with "FORMAT field N (NAME), column C: REASON" (C counts the
 * characters of the whole string from 1, at points into fen); returns -1. */
int rgn_fen_reject(rgn_error *err, const char *format, int field,
                   const char *field_name, const char *fen, const char *at,
                   const char *reason, ...)
    __attribute__((format(printf, 7, 8)));

/* Reads a decimal number of 1 to max_digits digits, without a sign, that
 * ends at a space or the end of the string, and moves *text past it;
 * leading zeros are read as digits (the caller refuses them where a form
 * forbids them). -1, leaving *text, if there is none. */
int rgn_fen_read_number(const char **text, int max_digits, long *value);

/* The board field (field 1) of a position string: ranks from the highest
 * down, separated by '/', files left to right, digits for a run of empty
 * squares. The walker checks the widths and the number of ranks; the rule
 * set reads each square's contents. */
typedef struct rgn_fen_board {
    const char *format; /* "RFEN", "position": the messages' first word */
    int files, ranks;
    /* how adjacent digits count: add up ("18" is nine squares: RFEN), or
     * form one decimal number ("12" is twelve: FEN of a board wider
     * than 9) */
    enum { RGN_DIGITS_ADD, RGN_DIGITS_NUMBER } digits;
    /* Reads what stands on (file, rank) from *p on, advancing *p; -1 after
     * filling err. */
    int (*square)(void *context, const char *fen, const char **p, int file,
                  int rank, rgn_error *err);
    /* Checks count empty squares from file on (digits at at); may be NULL. */
    int (*empties)(void *context, const char *fen, const char *at, int file,
                   int count, int rank, rgn_error *err);
    void *context;
} rgn_fen_board;

/* Field 2 after the board: a space, then 'w' or 'b' followed by a space
 * or the end. Returns the side (RGN_WHITE or RGN_BLACK) with *side_at
 * where it stands and *cursor just after it, or -1 after filling err. */
int rgn_fen_read_side(const char *format, const char *fen, const char **cursor,
                      const char **side_at, rgn_error *err);

/* Walks the board field of fen; on success *cursor is just after it. */
int rgn_fen_read_board(const rgn_fen_board *board, const char *fen,
                       const char **cursor, rgn_error *err);

/* Writes what stands on (file, rank) into out and returns its length; 0
 * for an empty square. */
typedef size_t (*rgn_fen_square_writer)(const void *context, int file, int rank,
                                        char *out);

/* Writes a count of empty squares (1 or more) in decimal: no printf on
 * this path, which runs for every square of every position written. */
static inline size_t rgn_fen_write_count(int count, char *out)
{
    if (count >= 10) {
        size_t n = rgn_fen_write_count(count / 10, out);
        out[n] = (char)('0' + count % 10);
        return n + 1;
    }
    out[0] = (char)('0' + count);
    return 1;
}

/* Writes the board field into out (room enough for every square's text,
 * the counts and the slashes): runs of empty squares as their count in
 * decimal ("12"), the longest runs possible. Returns the length. Inline,
 * so that the rule set's square writer is inlined into the loop: this
 * runs for every position a converter writes. */
static inline size_t rgn_fen_write_board(int files, int ranks,
                                         rgn_fen_square_writer square,
                                         const void *context, char *out)
{
    size_t n = 0;
    for (int rank = ranks - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < files; file++) {
            char text[16];
            size_t len = square(context, file, rank, text);
            if (len == 0) {
                empty++;
                continue;
            }
            if (empty)
                n += rgn_fen_write_count(empty, out + n);
            empty = 0;
            memcpy(out + n, text, len);
            n += len;
        }
        if (empty)
            n += rgn_fen_write_count(empty, out + n);
        if (rank > 0)
            out[n++] = '/';
    }
    out[n] = '\0';
    return n;
}


#endif
