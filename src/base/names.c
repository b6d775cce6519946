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

/* The names of every family of formats, by enum value. */
static const char *const game_formats[] = {
    [RGN_FORMAT_RGN] = "rgn",     [RGN_FORMAT_LAN] = "lan",
    [RGN_FORMAT_COORD] = "coord", [RGN_FORMAT_FEN] = "fen",
    [RGN_FORMAT_XML] = "xml",     [RGN_FORMAT_HTML] = "html",
    [RGN_FORMAT_JSON] = "json",   [RGN_FORMAT_JSON + 1] = NULL,
};
static const char *const list_formats[] = {
    [RGN_LIST_TEXT] = "text",   [RGN_LIST_TSV] = "tsv",
    [RGN_LIST_CSV] = "csv",     [RGN_LIST_JSON] = "json",
    [RGN_LIST_JSON + 1] = NULL,
};
static const char *const tournament_formats[] = {
    [RGN_TOURNAMENT_TEXT] = "text", [RGN_TOURNAMENT_CSV] = "csv",
    [RGN_TOURNAMENT_JSON] = "json", [RGN_TOURNAMENT_HTML] = "html",
    [RGN_TOURNAMENT_TRF] = "trf",   [RGN_TOURNAMENT_TRF + 1] = NULL,
};
static const char *const *const families[RGN_FORMAT_FAMILIES] = {
    [RGN_GAME_FORMATS] = game_formats,
    [RGN_LIST_FORMATS] = list_formats,
    [RGN_TOURNAMENT_FORMATS] = tournament_formats,
};

const char *const *rgn_format_names(enum rgn_format_family family)
{
    return (int)family >= 0 && family < RGN_FORMAT_FAMILIES ? families[family]
                                                            : NULL;
}

int rgn_format_parse(enum rgn_format_family family, const char *name,
                     rgn_error *error)
{
    const char *const *names = rgn_format_names(family);
    if (!names) {
        if (error) {
            error->column = 0;
            snprintf(error->message, sizeof error->message,
                     "no family of formats numbered %d", (int)family);
        }
        return -1;
    }
    size_t count = 0;
    while (names[count])
        count++;
    return rgn_names_parse(names, count, "format", name, error);
}

const char *rgn_names_at(const char *const *names, size_t count, int index)
{
    return index >= 0 && (size_t)index < count ? names[index] : NULL;
}
