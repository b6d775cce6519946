/*
 * json.c - writing JSON strings. Runs of characters that need no escape
 * are appended in one call (most tag values are one such run).
 */
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

void rgn_json_string(rgn_buffer *out, const char *text, size_t len,
                     bool html_safe)
{
    const unsigned char *bytes = (const unsigned char *)text;
    rgn_buffer_append(out, "\"", 1);
    size_t run = 0; /* where the run of plain characters began */
    for (size_t i = 0; i < len;) {
        unsigned char c = bytes[i];
        if (c >= 0x20 && c < 0x80 && c != '"' && c != '\\' &&
            !(html_safe && html_unsafe(bytes, i))) {
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
