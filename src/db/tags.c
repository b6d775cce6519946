/*
 * tags.c - a game's tags as the database keeps them: one JSON object,
 * the tags in their order, so that SQL reads them with SQLite's JSON
 * functions (json_extract(tags, '$.White')), and its reader, which takes
 * any text (the file may have been edited, or damaged).
 */
#include <string.h>

#include "base/json.h"
#include "db/db.h"

void db_tags_begin(rgn_buffer *out) { rgn_buffer_append(out, "{", 1); }

void db_tags_add(rgn_buffer *out, rgn_span name, rgn_span value)
{
    if (out->len > 1)
        rgn_buffer_append(out, ",", 1);
    rgn_json_string(out, name.data, name.len, false);
    rgn_buffer_append(out, ":", 1);
    rgn_json_string(out, value.data, value.len, false);
}

void db_tags_end(rgn_buffer *out) { rgn_buffer_append(out, "}", 1); }

typedef struct json_reader {
    const char *at, *end;
    rgn_buffer text; /* the string being read, unescaped */
} json_reader;

static void skip_space(json_reader *r)
{
    while (r->at < r->end && (*r->at == ' ' || *r->at == '\t' ||
                              *r->at == '\n' || *r->at == '\r'))
        r->at++;
}

static bool eat(json_reader *r, char c)
{
    skip_space(r);
    if (r->at < r->end && *r->at == c) {
        r->at++;
        return true;
    }
    return false;
}

static int hex4(json_reader *r)
{
    if (r->end - r->at < 4)
        return -1;
    int value = 0;
    for (int i = 0; i < 4; i++) {
        char c = *r->at++;
        int digit = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
        if (digit < 0)
            return -1;
        value = value * 16 + digit;
    }
    return value;
}

static void put_utf8(rgn_buffer *out, unsigned cp)
{
    char bytes[4];
    size_t n;
    if (cp < 0x80) {
        bytes[0] = (char)cp;
        n = 1;
    } else if (cp < 0x800) {
        bytes[0] = (char)(0xC0 | cp >> 6);
        bytes[1] = (char)(0x80 | (cp & 0x3F));
        n = 2;
    } else if (cp < 0x10000) {
        bytes[0] = (char)(0xE0 | cp >> 12);
        bytes[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        bytes[2] = (char)(0x80 | (cp & 0x3F));
        n = 3;
    } else {
        bytes[0] = (char)(0xF0 | cp >> 18);
        bytes[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
        bytes[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
        bytes[3] = (char)(0x80 | (cp & 0x3F));
        n = 4;
    }
    rgn_buffer_append(out, bytes, n);
}

/* An escape after its backslash. */
static bool read_escape(json_reader *r)
{
    if (r->at >= r->end)
        return false;
    char c = *r->at++;
    const char *plain = strchr("\"\\/bfnrt", c);
    if (plain && c) {
        static const char meaning[] = "\"\\/\b\f\n\r\t";
        rgn_buffer_append(&r->text, &meaning[plain - "\"\\/bfnrt"], 1);
        return true;
    }
    if (c != 'u')
        return false;
    int cp = hex4(r);
    if (cp < 0)
        return false;
    if (cp >= 0xD800 && cp < 0xDC00) { /* a surrogate pair */
        if (r->end - r->at < 2 || r->at[0] != '\\' || r->at[1] != 'u')
            return false;
        r->at += 2;
        int low = hex4(r);
        if (low < 0xDC00 || low >= 0xE000)
            return false;
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    } else if (cp >= 0xDC00 && cp < 0xE000)
        return false;
    put_utf8(&r->text, (unsigned)cp);
    return true;
}

/* A string into r->text (NUL-terminated, for the span). */
static bool read_string(json_reader *r)
{
    rgn_buffer_reset(&r->text);
    if (!eat(r, '"'))
        return false;
    for (;;) {
        const char *run = r->at;
        while (r->at < r->end && *r->at != '"' && *r->at != '\\' &&
               (unsigned char)*r->at >= 0x20)
            r->at++;
        rgn_buffer_append(&r->text, run, (size_t)(r->at - run));
        if (r->at >= r->end || (unsigned char)*r->at < 0x20)
            return false;
        if (*r->at++ == '"')
            break;
        if (!read_escape(r))
            return false;
    }
    rgn_buffer_append(&r->text, "", 1);
    return !r->text.failed;
}

int db_tags_read(const char *json, size_t len,
                 void (*each)(void *user, rgn_span name, rgn_span value),
                 void *user)
{
    json_reader r = {json, json + len, {0}};
    rgn_buffer name = {0};
    bool ok = eat(&r, '{');
    if (ok && !eat(&r, '}')) {
        do {
            ok = read_string(&r);
            if (!ok)
                break;
            rgn_buffer_reset(&name);
            rgn_buffer_append(&name, r.text.data, r.text.len);
            ok = !name.failed && eat(&r, ':') && read_string(&r);
            if (!ok)
                break;
            each(user, (rgn_span){name.data, name.len - 1},
                 (rgn_span){r.text.data, r.text.len - 1});
        } while (eat(&r, ','));
        ok = ok && eat(&r, '}');
    }
    skip_space(&r);
    ok = ok && r.at == r.end;
    rgn_buffer_free(&r.text);
    rgn_buffer_free(&name);
    return ok ? 0 : -1;
}
