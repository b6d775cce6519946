/* problems.h - what the library says of each problem kind beyond rgn.h
 * (private). */
#ifndef RGN_PROBLEMS_H
#define RGN_PROBLEMS_H

#include "rgn.h"

/* For a lenient reading (RGN_W_* of a move text): what it says of the
 * text it accepted ("is in long algebraic form"); "" for other kinds. */
const char *rgn_problem_text(enum rgn_problem problem);

#endif
