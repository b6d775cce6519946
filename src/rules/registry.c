/*
 * registry.c - the list of rule sets, looked up by name or alias, and the
 * numbers of the games' own problem kinds. A new game is one line here
 * (and its folder beside this file).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "rules/variant.h"

extern const struct rgn_variant rgn_rotary_variant;
extern const struct rgn_variant rgn_rollerball_variant;
extern const struct rgn_variant rgn_rotary_chess_variant;
extern const struct rgn_variant rgn_chess_variant;
extern const struct rgn_variant rgn_chess960_variant;
extern const struct rgn_variant rgn_rotationary_variant;
extern const struct rgn_variant rgn_rotationary_wrap_variant;

/* The first is the default: the game of a record without a Variant tag. */
static const struct rgn_variant *const variants[] = {
    &rgn_rotary_variant,           &rgn_rollerball_variant,
    &rgn_rotary_chess_variant,     &rgn_chess_variant,
    &rgn_chess960_variant,         &rgn_rotationary_variant,
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
        for (const char *const *alias = variants[i]->aliases; alias && *alias;
             alias++)
            if (same_name(*alias, name))
                return variants[i];
    }
    return NULL;
}

const char *rgn_variant_nearest(const char *name)
{
    rgn_nearest nearest;
    rgn_nearest_init(&nearest, name);
    for (size_t i = 0; i < VARIANT_COUNT; i++) {
        rgn_nearest_offer(&nearest, variants[i]->name);
        for (const char *const *alias = variants[i]->aliases; alias && *alias;
             alias++)
            rgn_nearest_offer(&nearest, *alias);
    }
    return nearest.best;
}

/* Appends to buf (size bytes) at *len as snprintf writes, *len counting
 * what was needed. */
static void append(char *buf, size_t size, size_t *len, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
static void append(char *buf, size_t size, size_t *len, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    int wrote = vsnprintf(*len < size ? buf + *len : NULL,
                          *len < size ? size - *len : 0, format, args);
    va_end(args);
    if (wrote > 0)
        *len += (size_t)wrote;
}

size_t rgn_variant_describe(const rgn_variant *v, char *buf, size_t size)
{
    size_t len = 0;
    if (size)
        *buf = '\0';
    append(buf, size, &len, "%s", v->name);
    const char *sep = " (also ";
    for (const char *const *alias = v->aliases; alias && *alias;
         alias++, sep = ", ")
        append(buf, size, &len, "%s%s", sep, *alias);
    if (v->aliases && *v->aliases)
        append(buf, size, &len, ")");
    append(buf, size, &len, ": %s; %dx%d, %s%s%s", v->summary,
           rgn_variant_files(v), rgn_variant_ranks(v),
           v->players == 1 ? "one player" : "two players",
           rgn_variant_needs_setup(v) ? ", set-up required" : "",
           v == rgn_variant_default() ? "; the default" : "");
    return len;
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
    static const char *const compressions[] = {"gz", "zst", "bz2", "xz"};
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

/* ------------------------------------------------------------------ */
/* The games' own problem kinds                                       */

/* Whether the variant at index is the first of the list with its table
 * of problems (rule sets that share a table share its numbers). */
static bool first_with_table(size_t index)
{
    const rgn_problem_kind *table = variants[index]->problems;
    if (!table)
        return false;
    for (size_t i = 0; i < index; i++)
        if (variants[i]->problems == table)
            return false;
    return true;
}

static int table_size(const rgn_problem_kind *table)
{
    int n = 0;
    while (table && table[n].code)
        n++;
    return n;
}

/* The number of a table's first kind: the generic kinds come first, then
 * each table in the order of the list. */
static enum rgn_problem first_of(const rgn_problem_kind *table)
{
    int number = RGN_PROBLEM_COUNT;
    for (size_t i = 0; i < VARIANT_COUNT; i++)
        if (first_with_table(i)) {
            if (variants[i]->problems == table)
                break;
            number += table_size(variants[i]->problems);
        }
    return (enum rgn_problem)number;
}

int rgn_variant_problem_count(const rgn_variant *variant)
{
    return table_size(variant->problems);
}

enum rgn_problem rgn_variant_problem(const rgn_variant *variant, int index)
{
    return (enum rgn_problem)(first_of(variant->problems) + index);
}

enum rgn_problem rgn_problem_of(const rgn_variant *variant,
                                enum rgn_problem problem)
{
    if (problem < RGN_PROBLEM_COUNT)
        return problem;
    return rgn_variant_problem(variant, (int)(problem - RGN_PROBLEM_COUNT));
}

/* The row of any kind, generic or a game's; NULL for no kind. */
static const rgn_problem_kind *kind_of(enum rgn_problem problem)
{
    if (problem < RGN_PROBLEM_COUNT)
        return rgn_generic_problem(problem);
    int index = (int)(problem - RGN_PROBLEM_COUNT);
    for (size_t i = 0; i < VARIANT_COUNT; i++)
        if (first_with_table(i)) {
            int n = table_size(variants[i]->problems);
            if (index < n)
                return &variants[i]->problems[index];
            index -= n;
        }
    return NULL;
}

const char *rgn_problem_code(enum rgn_problem problem)
{
    const rgn_problem_kind *kind = kind_of(problem);
    return kind ? kind->code : "unknown";
}

enum rgn_severity rgn_problem_severity(enum rgn_problem problem)
{
    const rgn_problem_kind *kind = kind_of(problem);
    return kind ? kind->severity : RGN_ERROR;
}
