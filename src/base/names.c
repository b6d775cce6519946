/*
 * names.c - looking a name up among an enum's names (names.h).
 */
#include <stdio.h>
#include <string.h>

#include "base/names.h"

void rgn_names_list(char *out, size_t size, const char *const *names,
                    size_t count)
{
    size_t n = 0;
    const char *sep = "";
    if (size)
        *out = '\0';
    for (size_t i = 0; i < count && n < size; i++) {
        if (!names[i])
            continue;
        int wrote = snprintf(out + n, size - n, "%s%s", sep, names[i]);
        if (wrote < 0)
            break;
        n += (size_t)wrote;
        sep = ", ";
    }
}

int rgn_names_parse(const char *const *names, size_t count, const char *what,
                    const char *name, rgn_error *error)
{
    for (size_t i = 0; name && i < count; i++)
        if (names[i] && strcmp(name, names[i]) == 0)
            return (int)i;
    if (!error)
        return -1;
    char list[200];
    rgn_names_list(list, sizeof list, names, count);
    error->column = 0;
    snprintf(error->message, sizeof error->message,
             "unknown %s '%.40s' (expected one of %s)", what, name ? name : "",
             list);
    return -1;
}

const char *rgn_names_at(const char *const *names, size_t count, int index)
{
    return index >= 0 && (size_t)index < count ? names[index] : NULL;
}
