/*
 * fuzz_db_tags.c - libFuzzer target for the reader of the database's
 * tags blob (db_tags_read) on any text. When it takes the text, the tags
 * it read are written again (db_tags_begin, db_tags_add, db_tags_end),
 * and that object must be read again, to the same names and values when
 * they were UTF-8 (the writer replaces a byte that is not, as the
 * database never holds one: the validator hands over UTF-8 only).
 */
#include <stdlib.h>
#include <string.h>

#include "base/utf8.h"
#include "db/db.h"

/* The names and values read, each followed by its length. */
typedef struct tags {
    rgn_buffer all;
    rgn_buffer json; /* written again */
    size_t count;
    bool utf8; /* every text read is UTF-8 */
} tags;

static bool is_utf8(rgn_span text)
{
    const unsigned char *s = (const unsigned char *)text.data;
    for (size_t i = 0; i < text.len;) {
        int n = s[i] < 0x80 ? 1 : rgn_utf8_length(s + i, text.len - i);
        if (n <= 0)
            return false;
        i += (size_t)n;
    }
    return true;
}

static void keep(rgn_buffer *out, rgn_span text)
{
    rgn_buffer_append(out, text.data, text.len);
    rgn_buffer_append(out, (const char *)&text.len, sizeof text.len);
}

static void on_tag(void *user, rgn_span name, rgn_span value)
{
    tags *t = user;
    if (name.data[name.len] != '\0' || value.data[value.len] != '\0')
        abort(); /* the texts are NUL-terminated */
    t->utf8 = t->utf8 && is_utf8(name) && is_utf8(value);
    keep(&t->all, name);
    keep(&t->all, value);
    db_tags_add(&t->json, name, value);
    t->count++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tags first = {.utf8 = true}, second = {.utf8 = true};
    db_tags_begin(&first.json);
    if (db_tags_read((const char *)data, size, on_tag, &first) == 0) {
        db_tags_end(&first.json);
        if (db_tags_read(first.json.data, first.json.len, on_tag, &second) != 0)
            abort(); /* what db_tags_add writes is read */
        if (!second.utf8)
            abort(); /* and is UTF-8 */
        if (first.utf8 && !first.all.failed && !second.all.failed &&
            (first.count != second.count || first.all.len != second.all.len ||
             (first.all.len &&
              memcmp(first.all.data, second.all.data, first.all.len))))
            abort(); /* and read as it was */
    }
    rgn_buffer_free(&first.all);
    rgn_buffer_free(&first.json);
    rgn_buffer_free(&second.all);
    rgn_buffer_free(&second.json);
    return 0;
}
