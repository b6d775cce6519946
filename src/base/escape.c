/*
 * escape.c - safe text, HTML and XML text, CSV fields.
 */
#include "base/escape.h"

#include <string.h>

#include "base/utf8.h"

/* Length of the valid UTF-8 sequence at s (n bytes left) that XML allows
 * and that is no control character; 0 if there is none. */
static size_t safe_sequence(const unsigned char *s, size_t n)
{
    int len = rgn_utf8_length(s, n);
    if (len == 1)
        return s[0] >= 0x20 && s[0] < 0x7F ? 1 : 0;
    if (len <= 0)
        return 0;
    if (s[0] == 0xC2 && s[1] < 0xA0) /* C1 controls */
        return 0;
    if (s[0] == 0xEF && s[1] == 0xBF && s[2] >= 0xBE) /* U+FFFE, U+FFFF */
        return 0;
    return (size_t)len;
}

/* The safe text, with the entity of each of '<', '>', '&' and '"' when
 * html. */
static void append_safe(rgn_buffer *out, const char *text, size_t len,
                        bool ascii_only, bool html)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        size_t n = safe_sequence(s + i, len - i);
        if (n == 1 && html && strchr("<>&\"", s[i])) {
            rgn_buffer_puts(out, s[i] == '<'   ? "&lt;"
                                 : s[i] == '>' ? "&gt;"
                                 : s[i] == '&' ? "&amp;"
                                               : "&quot;");
            i++;
            continue;
        }
        if (n == 1 || (n > 1 && !ascii_only)) {
            rgn_buffer_append(out, text + i, n);
            i += n;
            continue;
        }
        if (s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\0')
            rgn_buffer_puts(out, " ");
        else
            rgn_buffer_puts(out, ascii_only ? "?" : "\xEF\xBF\xBD");
        i += n ? n : 1;
    }
}

void rgn_append_safe(rgn_buffer *out, const char *text, size_t len,
                     bool ascii_only)
{
    append_safe(out, text, len, ascii_only, false);
}

void rgn_append_html(rgn_buffer *out, const char *text, size_t len)
{
    append_safe(out, text, len, false, true);
}

void rgn_append_csv(rgn_buffer *out, const char *text, size_t len)
{
    bool quoted = false;
    for (size_t i = 0; i < len && !quoted; i++)
        quoted = text[i] == ',' || text[i] == '"' || text[i] == '\r' ||
                 text[i] == '\n';
    if (!quoted) {
        rgn_buffer_append(out, text, len);
        return;
    }
    rgn_buffer_append(out, "\"", 1);
    size_t run = 0; /* the first byte not yet appended */
    for (size_t i = 0; i < len; i++)
        if (text[i] == '"') {
            rgn_buffer_append(out, text + run, i + 1 - run);
            rgn_buffer_append(out, "\"", 1); /* the quote doubled */
            run = i + 1;
        }
    rgn_buffer_append(out, text + run, len - run);
    rgn_buffer_append(out, "\"", 1);
}
