/*
 * reader.h - private: what the parallel validator (validate/parallel.c)
 * needs of a reader (reader.c) beyond rgn.h, to read a file in pieces on
 * several threads with the result of one reader over the whole.
 */
#ifndef RGN_READER_H
#define RGN_READER_H

#include <stdbool.h>
#include <stdint.h>

#include "rgn.h"

/* The input the new reader will be fed starts at this offset and line of
 * a larger input, at the start of a line that follows a line not
 * beginning with '[' (and not at the input's start: no byte order mark
 * is looked for). Before the first feed only. */
void rgn_reader_start_at(rgn_reader *reader, uint64_t offset, uint32_t line);

/* Whether the reader, after the input fed so far, is between games with
 * nothing pending: no game open, no token begun or waiting. If the input
 * fed so far ends with a line end (LF) after a line that does not begin
 * with '[' (nor with a byte order mark) and the rest begins with '[', a
 * reader started there with rgn_reader_start_at then reads the rest
 * exactly as this one will: the '[' is a resynchronisation point for
 * both. *line: the line the next byte is on. */
bool rgn_reader_between_games(const rgn_reader *reader, uint32_t *line);

#endif
