/*
 * perft_table.c - reads the perft tables of tests/perft/ (perft_table.h).
 */
#include "perft_table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rgn.h"

/* The text between *at and the next ';' (or the end), blanks trimmed;
 * *at moves past the ';'. NULL when the line has no more fields. */
static char *field(char **at)
{
    if (!*at)
        return NULL;
    char *start = *at, *end = strchr(start, ';');
    *at = end ? end + 1 : NULL;
    if (end)
        *end = '\0';
    while (*start == ' ' || *start == '\t')
        start++;
    size_t n = strlen(start);
    while (n > 0 && strchr(" \t\r\n", start[n - 1]))
        start[--n] = '\0';
    return start;
}

/* Fills e from the fields of one line; 0, or -1 after a message. */
static int parse(char *line, perft_entry *e)
{
    char *at = line, *game = field(&at), *position = field(&at),
         *depth = field(&at), *count = field(&at), *slow = field(&at);
    char *end;
    if (!count || field(&at)) {
        fprintf(stderr, "%s: want GAME; POSITION; DEPTH; COUNT[; slow]\n",
                e->where);
        return -1;
    }
    e->depth = (int)strtol(depth, &end, 10);
    if (*end || e->depth < 0) {
        fprintf(stderr, "%s: bad depth \"%s\"\n", e->where, depth);
        return -1;
    }
    e->count = strtoull(count, &end, 10);
    if (*end || !*count) {
        fprintf(stderr, "%s: bad count \"%s\"\n", e->where, count);
        return -1;
    }
    e->slow = slow && strcmp(slow, "slow") == 0;
    if (slow && !e->slow) {
        fprintf(stderr, "%s: a fifth field is \"slow\" or nothing\n", e->where);
        return -1;
    }
    const rgn_variant *v = rgn_variant_find(game);
    if (!v || strlen(game) >= sizeof e->game) {
        fprintf(stderr, "%s: unknown game \"%s\"\n", e->where, game);
        return -1;
    }
    strcpy(e->game, game);
    /* the position, checked by the library, and written out for `start` */
    rgn_position *pos = rgn_position_new(v, NULL);
    if (!pos)
        abort(); /* out of memory */
    rgn_error err;
    memset(&err, 0, sizeof err);
    e->start = strcmp(position, "start") == 0;
    int bad = pos == NULL;
    if (!bad && e->start)
        bad = rgn_position_fen(pos, e->position, sizeof e->position) >=
              sizeof e->position;
    else if (!bad && strlen(position) < sizeof e->position) {
        strcpy(e->position, position);
        bad = rgn_position_set_fen(pos, position, &err) != 0;
    } else
        bad = 1;
    if (bad)
        fprintf(stderr, "%s: bad position \"%s\": %s\n", e->where, position,
                err.message[0] ? err.message : "too long");
    rgn_position_free(pos);
    return bad ? -1 : 0;
}

int perft_table_read(const char *path, perft_entry **entries, int *count)
{
    FILE *in = fopen(path, "r");
    if (!in) {
        perror(path);
        return -1;
    }
    char line[1024];
    int number = 0, failed = 0;
    while (fgets(line, sizeof line, in)) {
        number++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = '\0';
        if (strspn(line, " \t\r\n") == strlen(line))
            continue;
        perft_entry *grown = realloc(*entries, sizeof **entries * (*count + 1));
        if (!grown) {
            failed = 1;
            break;
        }
        *entries = grown;
        perft_entry *e = &grown[*count];
        memset(e, 0, sizeof *e);
        snprintf(e->where, sizeof e->where, "%s:%d", path, number);
        if (parse(line, e) == 0)
            (*count)++;
        else
            failed = 1;
    }
    fclose(in);
    return failed ? -1 : 0;
}

bool perft_entry_runs(const perft_entry *e)
{
    return !e->slow || getenv("RGN_SLOW_TESTS") != NULL;
}
