/*
 * lines.h - counting the lines of a stretch of text (private), for
 * locations outside the lexer, which counts them as it reads.
 */
#ifndef RGN_LINES_H
#define RGN_LINES_H

#include <stdbool.h>
#include <stddef.h>

/* The LF bytes in data[0..len). */
size_t rgn_count_newlines(const char *data, size_t len);

/* The line ends in data[0..len) as the lexer counts them: LF, CRLF (one)
 * and a lone CR. A CR that ends data counts as a lone one. */
size_t rgn_count_line_ends(const char *data, size_t len);

/* The same for data that goes on from earlier text: *after_cr says that
 * the byte before data was a CR (so that an LF at data's start ends no
 * line of its own), and is set for the data that follows. */
size_t rgn_count_line_ends_from(const char *data, size_t len, bool *after_cr);

#endif
