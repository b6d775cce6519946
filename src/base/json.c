/*
 * json.c - writing JSON strings. Runs of characters that need no escape
 * are appended in one call (most tag values are one such run).
 */
#include <string.h>

#include "base/errors.h"
#include "base/json.h"

#include "rgn.h"

#include "base/utf8.h"

/* Whether the byte at i must be escaped in a script of a page that is
 * read as HTML and as XML: '<' (no "</script" or "<!--" for HTML) and
 * '&' (an entity for XML) always; '>' only after ']', where it would
 * close "]]>" for XML. Rotary's position strings are full of '>', which
 * escaped took six bytes each: a fifth of a page of games. */
static bool html_unsafe(const unsigned char *bytes, size_t i)
{
    unsigned char c = bytes[i];
    return c == '<' || c == '&' || (c == '>' && i > 0 && bytes[i - 1] == ']');
}

/* Whether a byte is written as it is: printable ASCII but the quote
 * and the backslash (and, html_safe, what html_unsafe says). */
static bool plain_byte(unsigned char c)
{
    return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

/* A text of plain bytes alone (nearly every tag), between its quotes in
 * one write: true, or false when it holds another byte. */
static bool put_plain(rgn_buffer *out, const unsigned char *bytes, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (!plain_byte(bytes[i]))
            return false;
    rgn_buffer_reserve(out, len + 2);
    if (out->failed)
        return true;
    char *at = out->data + out->len;
    *at++ = '"';
    if (len) /* bytes may be NULL when the text is empty */
        memcpy(at, bytes, len);
    at[len] = '"';
    out->len += len + 2;
    out->data[out->len] = '\0';
    return true;
}

void rgn_json_string(rgn_buffer *out, const char *text, size_t len,
                     bool html_safe)
{
    const unsigned char *bytes = (const unsigned char *)text;
    if (!html_safe && put_plain(out, bytes, len))
        return;
    rgn_buffer_append(out, "\"", 1);
    size_t run = 0; /* where the run of plain characters began */
    for (size_t i = 0; i < len;) {
        unsigned char c = bytes[i];
        if (plain_byte(c) && !(html_safe && html_unsafe(bytes, i))) {
            i++;
            continue;
        }
        int length = c < 0x80 ? 1 : rgn_utf8_length(bytes + i, len - i);
        if (length > 1) {
            i += (size_t)length;
            continue;
        }
        rgn_buffer_append(out, text + run, i - run);
        if (length <= 0)
            rgn_buffer_puts(out, "\\ufffd");
        else if (c == '"' || c == '\\')
            rgn_buffer_printf(out, "\\%c", c);
        else if (c == '\n')
            rgn_buffer_puts(out, "\\n");
        else if (c == '\t')
            rgn_buffer_puts(out, "\\t");
        else if (c == '\r')
            rgn_buffer_puts(out, "\\r");
        else
            rgn_buffer_printf(out, "\\u%04x", c);
        run = ++i;
    }
    if (len > run) /* text may be NULL when it is empty */
        rgn_buffer_append(out, text + run, len - run);
    rgn_buffer_append(out, "\"", 1);
}

int rgn_json_write_string(FILE *out, const char *text, size_t len,
                          rgn_error *error)
{
    rgn_buffer quoted = {0};
    rgn_json_string(&quoted, text, len, false);
    int rc = 0;
    if (quoted.failed)
        rc = rgn_fail(error, "out of memory");
    else if (fwrite(quoted.data, 1, quoted.len, out) != quoted.len)
        rc = rgn_fail(error, "a JSON string could not be written");
    rgn_buffer_free(&quoted);
    return rc;
}
