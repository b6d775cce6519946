/*
 * json.h - writing JSON strings (RFC 8259), private: the one escaper of
 * the library's JSON output.
 */
#ifndef RGN_JSON_H
#define RGN_JSON_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buffer.h"

/* Appends text (len bytes of UTF-8) to out as a JSON string, quotes
 * included: '"' and '\\' escaped, control characters as \n, \t, \r or
 * \u00XX, and a byte that is not well-formed UTF-8 as \ufffd (the
 * replacement character), so that the output is always valid JSON;
 * html_safe: '<', '&' and the '>' of "]]>" as \u00XX too, for a string
 * inside the script of a page read as HTML or as XML. */
void rgn_json_string(rgn_buffer *out, const char *text, size_t len,
                     bool html_safe);

#endif
