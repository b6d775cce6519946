/*
 * registry.c - the list of rule sets, looked up by name or alias. A new
 * game is one line here (and its folder beside this file).
 */
#include <ctype.h>
#include <stdbool.h>

#include "rules/variant.h"

extern const struct rgn_variant rgn_rotary_variant;
extern const struct rgn_variant rgn_rollerball_variant;
extern const struct rgn_variant rgn_rotationary_variant;
extern const struct rgn_variant rgn_rotationary_wrap_variant;

/* The first is the default: the game of a record without a Variant tag. */
static const struct rgn_variant *const variants[] = {
    &rgn_rotary_variant,
    &rgn_rollerball_variant,
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
