/*
 * names.h - the names of an enum's values, private: the one way the
 * library's parsers of names (criteria, formats, tournament systems,
 * tie-breaks) look a name up and say what it expected.
 */
#ifndef RGN_NAMES_H
#define RGN_NAMES_H

#include <stddef.h>

#include "rgn.h"

/* The index of name among the count names (a NULL name is skipped), or
 * -1 after an error (when error is not NULL) "unknown WHAT 'NAME'
 * (expected one of A, B, C)". */
int rgn_names_parse(const char *const *names, size_t count, const char *what,
                    const char *name, rgn_error *error);

/* The names (a NULL name skipped) joined by ", " into out (size bytes),
 * cut where it is full. */
void rgn_names_list(char *out, size_t size, const char *const *names,
                    size_t count);

/* names[index], or NULL when index is out of range. */
const char *rgn_names_at(const char *const *names, size_t count, int index);

#endif
