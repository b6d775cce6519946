/*
 * criteria.h - what the files of the criteria share (private): the
 * criteria as read from their options (criteria.c, criteria_tags.c,
 * criteria_positions.c) and what the matcher (matcher.c) keeps of a game
 * while it is read.
 */
#ifndef RGN_CRITERIA_H
#define RGN_CRITERIA_H

#include <regex.h>
#include <stdarg.h>
#include <stdio.h>

#include "rgn.h"

/* ------------------------------------------------------------------ */
/* Tags (criteria_tags.c)                                             */

enum tag_op {
    TAG_EQ,
    TAG_NE,
    TAG_CONTAINS,
    TAG_REGEX,
    TAG_LT,
    TAG_LE,
    TAG_GT,
    TAG_GE
};
/* How a comparison reads the values: by the tag's name. */
enum tag_kind { TAG_TEXT, TAG_DATE, TAG_NUMBER, TAG_ROUND };
/* Names that stand for either side's tag, or for both. */
enum tag_pseudo { PSEUDO_NONE, PSEUDO_PLAYER, PSEUDO_ELO, PSEUDO_ELO_DIFF };

#define ROUND_PARTS 6

typedef struct tag_test {
    char *name; /* the tag as given, NUL-terminated */
    enum tag_pseudo pseudo;
    enum tag_op op;
    enum tag_kind kind;
    char *value; /* as given, NUL-terminated */
    size_t len;
    regex_t regex; /* TAG_REGEX */
    bool compiled;
    long lo, hi; /* a date's range (YYYYMMDD), a number (lo) */
    long round[ROUND_PARTS];
    int round_parts;
    int group; /* tests of the same tag form a group */
} tag_test;

/* Reads "NAME OP VALUE" into test (name, op, kind, value parsed): 0, or
 * -1 with error->message. */
int tag_test_parse(tag_test *test, const char *text, rgn_error *error);
void tag_test_free(tag_test *test);
/* Whether a tag of the game named name (a pseudo-tag's real ones
 * included) is one test looks at. */
bool tag_test_applies(const tag_test *test, const char *name, size_t len);
/* Whether value (NUL-terminated, len bytes) satisfies the test's
 * operator, TAG_NE read as TAG_EQ (its negation is the caller's). */
bool tag_test_holds(const tag_test *test, const char *value, size_t len);
/* The same for a number (EloDiff's). */
bool tag_test_holds_number(const tag_test *test, long number);

/* ------------------------------------------------------------------ */
/* Positions (criteria_positions.c)                                   */

enum target_kind {
    TARGET_POSITION, /* --position: a whole position string */
    TARGET_PATTERN,  /* --pattern: pieces on squares */
    TARGET_MOVES,    /* --moves: the position a line from the start reaches */
    TARGET_MATERIAL  /* --material: pieces of each side */
};

/* A count of one piece letter of a material signature. */
typedef struct material_count {
    char letter; /* upper case */
    int min, max;
} material_count;

#define MATERIAL_LETTERS 16

typedef struct material_sig {
    material_count side[2][MATERIAL_LETTERS];
    int counts[2];
    /* -1: either colour; else the colour of side[0] */
    int first_color;
} material_sig;

typedef struct target {
    enum target_kind kind;
    char *text; /* as given */
    int group;  /* targets of the same group are ORed */
    material_sig material;
} target;

/* Reads a material signature: 0, or -1 with error->message. */
int material_parse(material_sig *sig, const char *text, rgn_error *error);
/* Whether some rule set reads the target's text (a position string, a
 * board, a line of moves): 0, or -1 with error->message saying what is
 * wrong for the default game. */
int target_check(const target *t, rgn_error *error);

/* The kinds of piece a position can hold (RGN_TYPE's range). */
#define RGN_TYPES 16

/* A square of a pattern and what must stand there. */
typedef struct pattern_square {
    int square;
    uint8_t piece;   /* colour and type */
    int orientation; /* canonical; -1: any */
} pattern_square;

/* A target as read for one rule set. */
typedef struct target_ready {
    bool usable;            /* the rule set reads it (else it never matches) */
    rgn_position *position; /* TARGET_POSITION, TARGET_MOVES */
    uint64_t key;
    pattern_square *squares; /* TARGET_PATTERN */
    int count;
    /* TARGET_MATERIAL: the counts side s may have of each type (max -1:
     * no bound) */
    int min[2][RGN_TYPES], max[2][RGN_TYPES];
} target_ready;

/* Every target of the criteria as read for one rule set (a matcher keeps
 * one per rule set it has met). */
typedef struct variant_targets {
    const rgn_variant *variant; /* NULL: not prepared */
    uint16_t squares[512];      /* the board's squares */
    int square_count;
    target_ready *ready; /* one per target */
} variant_targets;

struct rgn_criteria;
/* 0, or -1 when memory runs out (free it then too). */
int variant_targets_prepare(variant_targets *vt, const struct rgn_criteria *c,
                            const rgn_variant *variant);
void variant_targets_free(variant_targets *vt, int target_count);
/* The number of pieces of each colour and type on pos's board. */
void material_count_position(const variant_targets *vt, const rgn_position *pos,
                             int counts[2][RGN_TYPES]);
/* Whether pos matches the target (counts: material_count_position's,
 * read only by material targets). */
bool target_holds(const target *t, const target_ready *ready,
                  const variant_targets *vt, const rgn_position *pos,
                  const int counts[2][RGN_TYPES]);

/* Fills error->message (column 0); returns -1. Inline, as every file
 * of the criteria uses it. */
__attribute__((format(printf, 2, 3))) static inline int
criteria_fail(rgn_error *error, const char *format, ...)
{
    if (!error)
        return -1;
    va_list args;
    va_start(args, format);
    error->column = 0;
    vsnprintf(error->message, sizeof error->message, format, args);
    va_end(args);
    return -1;
}

/* ------------------------------------------------------------------ */
/* The criteria (criteria.c)                                          */

enum shape_end {
    END_MATE,
    END_STALEMATE,
    END_REPETITION,
    END_FIFTY,
    END_INSUFFICIENT,
    END_UNFINISHED,
    END_KINDS
};
enum shape_has {
    HAS_COMMENTS,
    HAS_VARIATIONS,
    HAS_NAGS,
    HAS_CLOCKS,
    HAS_KINDS
};

typedef struct number_range {
    uint64_t min, max;
} number_range;

struct rgn_criteria {
    tag_test *tags;
    int tag_count, tag_groups;
    target *targets;
    int target_count, target_groups;
    int material_plies;
    int min_plies, max_plies; /* max -1: no bound */
    bool ends[END_KINDS];
    bool has[HAS_KINDS];
    bool promotion, underpromotion, setup, valid, invalid, in_variations;
    char promotion_letters[8]; /* --promotion=PIECE, upper case */
    int promotion_letter_count;
    number_range *games;
    int game_ranges;
    bool any_moves; /* a criterion other than tags and numbers */
};

#endif
