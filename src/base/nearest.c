/*
 * nearest.c - "did you mean": of the names known, the one nearest to a
 * name a person gave that is none of them (rgn_nearest).
 */
#include <ctype.h>
#include <string.h>

#include "rgn.h"

/* The longest name compared; a longer one is near nothing. */
#define LONGEST 32

/* The edit distance of a and b, case aside: insertions, deletions,
 * substitutions and swaps of two neighbours ("hmtl"). */
static size_t distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > LONGEST || lb > LONGEST)
        return 99;
    size_t d[LONGEST + 1][LONGEST + 1];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int ai = tolower((unsigned char)a[i - 1]);
            int bj = tolower((unsigned char)b[j - 1]);
            size_t best = d[i - 1][j - 1] + (ai != bj);
            if (d[i - 1][j] + 1 < best)
                best = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < best)
                best = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && ai == tolower((unsigned char)b[j - 2]) &&
                bj == tolower((unsigned char)a[i - 2]) &&
                d[i - 2][j - 2] + 1 < best)
                best = d[i - 2][j - 2] + 1;
            d[i][j] = best;
        }
    return d[la][lb];
}

void rgn_nearest_init(rgn_nearest *nearest, const char *given)
{
    nearest->given = given;
    nearest->best = NULL;
    nearest->distance = 3; /* more than any near name */
}

void rgn_nearest_offer(rgn_nearest *nearest, const char *candidate)
{
    if (!candidate || !nearest->given)
        return;
    size_t d = distance(nearest->given, candidate);
    /* two edits in a long name, one in a short one ("png" is not near
     * "svg") */
    size_t most = strlen(candidate) > 4 ? 2 : 1;
    if (d <= most && d < nearest->distance) {
        nearest->distance = d;
        nearest->best = candidate;
    }
}

const char *rgn_nearest_name(const char *given, const char *const *candidates)
{
    rgn_nearest nearest;
    rgn_nearest_init(&nearest, given);
    for (; candidates && *candidates; candidates++)
        rgn_nearest_offer(&nearest, *candidates);
    return nearest.best;
}
