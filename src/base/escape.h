/*
 * escape.h - text made safe for the library's outputs (private), each
 * way once: text safe to show (and that XML allows), HTML and XML text
 * and attribute values, CSV fields. JSON strings are json.h's.
 */
#ifndef RGN_ESCAPE_H
#define RGN_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buffer.h"

/* Appends len bytes of text to out, made safe: a byte that is not
 * well-formed UTF-8, a control character and the code points XML
 * forbids (U+FFFE, U+FFFF) become U+FFFD (or '?' when ascii_only, which
 * also replaces every non-ASCII character); NUL, tab and line breaks
 * become spaces. */
void rgn_append_safe(rgn_buffer *out, const char *text, size_t len,
                     bool ascii_only);

/* Appends len bytes of text to out as HTML or XML text or an attribute's
 * value (in double quotes): made safe as rgn_append_safe, with '<', '>',
 * '&' and '"' as entities. */
void rgn_append_html(rgn_buffer *out, const char *text, size_t len);

/* Appends len bytes of text to out as a CSV field (RFC 4180): as it is,
 * unless it holds a comma, a quote or a line break; then in quotes, its
 * quotes doubled. */
void rgn_append_csv(rgn_buffer *out, const char *text, size_t len);

#endif
