/*
 * registry.c - the list of rule sets, looked up by name or alias. A new
 * game is one line here (and its folder beside this file).
 */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "rules/variant.h"

extern const struct rgn_variant rgn_rotary_variant;
extern const struct rgn_variant rgn_rollerball_variant;
extern const struct rgn_variant rgn_rotary_chess_variant;
extern const struct rgn_variant rgn_chess_variant;
extern const struct rgn_variant rgn_rotationary_variant;
extern const struct rgn_variant rgn_rotationary_wrap_variant;

/* The first is the default: the game of a record without a Variant tag. */
static const struct rgn_variant *const variants[] = {
    &rgn_rotary_variant,
    &rgn_rollerball_variant,
    &rgn_rotary_chess_variant,
    &rgn_chess_variant,
    &rgn_rotationary_variant,
    &rgn_rotationary_wrap_variant,
};

#define VARIANT_COUNT (sizeof variants / sizeof variants[0])

size_t rgn_variant_count(void) { return VARIANT_COUNT; }

const rgn_variant *rgn_variant_at(size_t index)
{
    return index < VARIANT_COUNT ? variants[index] : NULL;
}

const rgn_variant *rgn_variant_default(void) { return variants[0]; }

/* Whether a name the user gave is the registered one: case does not
 * matter, and '-' or '_' stand for a space ("rotary-chess"), which is
 * easier to type in a shell. */
static bool same_name(const char *registered, const char *given)
{
    for (;; registered++, given++) {
        char a = *registered, b = *given;
        if (b == '-' || b == '_')
            b = ' ';
        if (tolower((unsigned char)a) != tolower((unsigned char)b))
            return false;
        if (!a)
            return true;
    }
}

const rgn_variant *rgn_variant_find(const char *name)
{
    for (size_t i = 0; i < VARIANT_COUNT; i++) {
        if (same_name(variants[i]->name, name))
            return variants[i];
        for (const char *const *alias = variants[i]->aliases;
             alias && *alias; alias++)
            if (same_name(*alias, name))
                return variants[i];
    }
    return NULL;
}

/* Whether name ends in "." ext, case aside; *stem_end is where that
 * suffix starts. */
static bool has_extension(const char *name, size_t len, const char *ext,
                          size_t *stem_end)
{
    size_t n = strlen(ext);
    if (len < n + 2 || name[len - n - 1] != '.')
        return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)name[len - n + i]) !=
            tolower((unsigned char)ext[i]))
            return false;
    *stem_end = len - n - 1;
    return true;
}

const rgn_variant *rgn_variant_for_file(const char *path)
{
    static const char *const compressions[] = {"gz", "zst", "bz2"};
    size_t len = strlen(path), stem;
    for (size_t i = 0; i < sizeof compressions / sizeof *compressions; i++)
        if (has_extension(path, len, compressions[i], &stem)) {
            len = stem;
            break;
        }
    for (size_t i = 0; i < VARIANT_COUNT; i++)
        if (variants[i]->file_extension &&
            has_extension(path, len, variants[i]->file_extension, &stem))
            return variants[i];
    return NULL;
}
