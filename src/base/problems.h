/* problems.h - what the library says of each problem kind beyond rgn.h
 * (private). */
#ifndef RGN_PROBLEMS_H
#define RGN_PROBLEMS_H

#include "rgn.h"

/* A kind of problem: its stable code for scripts, its severity, and for
 * the lenient readings what the warning says of the move text it
 * accepted ("is in long algebraic form"; "" for other kinds). The
 * generic kinds are rows of one table here; a game's own kinds are rows
 * of its rule set's table. */
typedef struct rgn_problem_kind {
    const char *code;
    enum rgn_severity severity;
    const char *text;
} rgn_problem_kind;

/* The row of a generic kind; NULL for a number beyond them. */
const rgn_problem_kind *rgn_generic_problem(enum rgn_problem problem);

/* The text of a generic kind ("" beyond them). */
const char *rgn_problem_text(enum rgn_problem problem);

#endif
