/*
 * damage.c - damages a game file the same way for the same seed, for
 * tests that compare runs over broken input (jobs_same.sh): deletes runs
 * of bytes, inserts the pieces that trouble a reader (braces,
 * parentheses, tag brackets, empty lines, results, CRLF, byte order
 * marks, NUL, random ASCII), drops closing braces and results.
 * Usage: damage SEED EDITS < in > out
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state;

static uint64_t next_random(void) /* xorshift64 */
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static size_t below(size_t n) { return n ? (size_t)(next_random() % n) : 0; }

static char *data;
static size_t len, cap;

static void insert(size_t at, const char *piece, size_t n)
{
    if (len + n > cap) {
        cap = 2 * (len + n);
        data = realloc(data, cap);
        if (!data)
            exit(2);
    }
    memmove(data + at + n, data + at, len - at);
    memcpy(data + at, piece, n);
    len += n;
}

static void delete (size_t at, size_t n)
{
    if (n > len - at)
        n = len - at;
    memmove(data + at, data + at + n, len - at - n);
    len -= n;
}

/* The first occurrence of what at or after from, len if none. */
static size_t find(size_t from, const char *what)
{
    size_t n = strlen(what);
    for (size_t i = from; i + n <= len; i++)
        if (memcmp(data + i, what, n) == 0)
            return i;
    return len;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fputs("usage: damage SEED EDITS < in > out\n", stderr);
        return 2;
    }
    state = strtoull(argv[1], NULL, 10) * 2654435761u + 1;
    long edits = atol(argv[2]);
    char block[1 << 16];
    size_t got;
    while ((got = fread(block, 1, sizeof block, stdin)) > 0)
        insert(len, block, got);
    static const char *const pieces[] = {
        "{",
        "}",
        "(",
        ")",
        "[",
        "]",
        "\n",
        "\n\n",
        "\r\n",
        "\r",
        "\n\n[Event \"x\"]\n",
        "1-0",
        "*",
        "\xEF\xBB\xBF",
        ";",
        "%",
        "\"",
        "\\",
        "$",
        "12.",
        "e4",
        "\xC3\xA9",
        "{\n\n[Event \"c\"]\n\n",
    };
    size_t piece_count = sizeof pieces / sizeof pieces[0];
    for (long e = 0; e < edits && len > 0; e++) {
        size_t at = below(len), found;
        switch (below(6)) {
        case 0: delete (at, 1 + below(40)); break;
        case 1: {
            const char *piece = pieces[below(piece_count)];
            insert(at, piece, strlen(piece));
            break;
        }
        case 2:
            if ((found = find(at, "}")) < len)
                delete (found, 1);
            break;
        case 3: /* a game without its result */
            if ((found = find(at, "\n\n[")) < len) {
                size_t space = found;
                while (space > 0 && data[space - 1] != ' ')
                    space--;
                if (space > 0)
                    delete (space, found - space);
            }
            break;
        case 4: {
            char junk[8];
            size_t n = 1 + below(sizeof junk);
            for (size_t k = 0; k < n; k++)
                junk[k] = (char)below(128); /* NUL included */
            insert(at, junk, n);
            break;
        }
        default: /* a comment opened twice */
            if ((found = find(at, "{")) < len)
                insert(found, "{", 1);
            break;
        }
    }
    fwrite(data, 1, len, stdout);
    free(data);
    return 0;
}
