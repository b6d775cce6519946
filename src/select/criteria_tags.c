/*
 * criteria_tags.c - the tag criteria of rgn select (--tag NAME OP VALUE):
 * reading them, and judging one tag's value against one.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation/date.h"
#include "select/criteria.h"

static bool ends_with(const char *name, const char *suffix)
{
    size_t n = strlen(name), s = strlen(suffix);
    return n >= s && strcmp(name + n - s, suffix) == 0;
}

/* A date as the range of days it can be (notation/date.c). */
static bool read_date(const char *text, size_t len, long *lo, long *hi)
{
    return rgn_date_read(text, len, NULL, lo, hi) != RGN_DATE_NONE;
}

/* An integer with an optional sign, nothing around it. */
static bool read_number(const char *text, size_t len, long *value)
{
    size_t at = 0;
    bool negative = len > 0 && (text[0] == '-' || text[0] == '+');
    if (negative)
        at++;
    if (at == len || len - at > 9)
        return false;
    long n = 0;
    for (; at < len; at++) {
        if (!isdigit((unsigned char)text[at]))
            return false;
        n = n * 10 + (text[at] - '0');
    }
    *value = text[0] == '-' ? -n : n;
    return true;
}

/* A round "3" or "3.2" (round 3, board 2): numbers joined by dots. */
static int read_round(const char *text, size_t len, long *parts)
{
    int count = 0;
    size_t at = 0;
    while (at < len && count < ROUND_PARTS) {
        size_t start = at;
        while (at < len && text[at] != '.')
            at++;
        if (!read_number(text + start, at - start, &parts[count]) ||
            !isdigit((unsigned char)text[start]))
            return 0;
        count++;
        if (at < len && ++at == len)
            return 0; /* a dot at the end */
    }
    return at == len ? count : 0;
}

static const struct {
    const char *text;
    enum tag_op op;
} operators[] = {
    /* longest first: "=~" before "=" */
    {"=~", TAG_REGEX}, {"<=", TAG_LE},      {">=", TAG_GE}, {"!=", TAG_NE},
    {"=", TAG_EQ},     {"~", TAG_CONTAINS}, {"<", TAG_LT},  {">", TAG_GT},
};

static bool is_name_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

/* The C library compiles a repetition by copying what it repeats: a
 * repetition of a repetition ("a++", "(a{9}){9}{9}") grows without
 * bound. A regular expression is refused when a repetition follows
 * another directly, or when the counts of nested repetitions multiply
 * past REGEX_COPIES (each of "+", "*", "?" counting 2). */
#define REGEX_COPIES 1000
#define REGEX_DEPTH 32

static bool regex_too_large(const char *re)
{
    /* the largest product of counts inside each open group */
    long inside[REGEX_DEPTH + 1] = {1};
    int depth = 0;
    long last = 1; /* the product of the atom just read */
    bool after_repeat = false;
    for (const char *p = re; *p; p++) {
        long copies = 0;
        if (*p == '\\' && p[1]) {
            p++;
            last = 1;
        } else if (*p == '[') { /* a bracket expression is one atom */
            const char *q = p + 1;
            if (*q == '^')
                q++;
            if (*q == ']')
                q++;
            while (*q && *q != ']')
                q++;
            p = *q ? q : q - 1;
            last = 1;
        } else if (*p == '(') {
            if (depth == REGEX_DEPTH)
                return true;
            inside[++depth] = 1;
            after_repeat = false;
            continue;
        } else if (*p == ')' && depth > 0) {
            last = inside[depth--];
        } else if (*p == '*' || *p == '+' || *p == '?') {
            copies = 2;
        } else if (*p == '{') {
            char *end;
            long lo = strtol(p + 1, &end, 10), hi = lo;
            if (*end == ',')
                hi = end[1] == '}' ? lo + 1 : strtol(end + 1, &end, 10);
            copies = (hi > lo ? hi : lo) + 1;
            const char *close = strchr(p, '}');
            if (close)
                p = close;
        } else
            last = 1;
        if (copies) {
            if (after_repeat || copies > REGEX_COPIES)
                return true;
            last *= copies;
            after_repeat = true;
        } else
            after_repeat = false;
        if (last > REGEX_COPIES)
            return true;
        if (last > inside[depth])
            inside[depth] = last;
    }
    return false;
}

int tag_test_parse(tag_test *t, const char *text, rgn_error *error)
{
    memset(t, 0, sizeof *t);
    size_t name_len = 0;
    while (is_name_char(text[name_len]))
        name_len++;
    if (name_len == 0)
        return criteria_fail(error, "no tag name before the operator");
    const char *at = text + name_len;
    size_t i = 0, n = sizeof operators / sizeof operators[0];
    while (i < n && strncmp(at, operators[i].text, strlen(operators[i].text)))
        i++;
    if (i == n)
        return criteria_fail(error, "no operator after the tag name (one of "
                                    "= ~ =~ < <= > >= !=)");
    t->op = operators[i].op;
    const char *value = at + strlen(operators[i].text);
    t->name = strndup(text, name_len);
    t->value = strdup(value);
    if (!t->name || !t->value) {
        tag_test_free(t);
        return criteria_fail(error, "out of memory");
    }
    t->len = strlen(value);
    if (strcmp(t->name, "Player") == 0)
        t->pseudo = PSEUDO_PLAYER;
    else if (strcmp(t->name, "Elo") == 0)
        t->pseudo = PSEUDO_ELO;
    else if (strcmp(t->name, "EloDiff") == 0)
        t->pseudo = PSEUDO_ELO_DIFF;
    if (rgn_date_tag(t->name, strlen(t->name)))
        t->kind = TAG_DATE;
    else if (ends_with(t->name, "Elo") || t->pseudo == PSEUDO_ELO_DIFF)
        t->kind = TAG_NUMBER;
    else if (strcmp(t->name, "Round") == 0)
        t->kind = TAG_ROUND;

    int status = 0;
    if (t->op == TAG_REGEX && regex_too_large(value))
        status = criteria_fail(error,
                               "regular expression too large: a repetition "
                               "of a repetition, or counts whose product "
                               "passes %d",
                               REGEX_COPIES);
    else if (t->op == TAG_REGEX) {
        int code = regcomp(&t->regex, value, REG_EXTENDED | REG_NOSUB);
        if (code != 0) {
            char why[200];
            regerror(code, &t->regex, why, sizeof why);
            status =
                criteria_fail(error, "malformed regular expression: %s", why);
        } else
            t->compiled = true;
    } else if (t->op >= TAG_LT && t->kind == TAG_DATE) {
        if (!read_date(value, t->len, &t->lo, &t->hi))
            status = criteria_fail(
                error,
                "'%s' is no date (YYYY.MM.DD, YYYY.MM or YYYY, '?' "
                "for unknown digits, '/' or '-' for '.')",
                value);
    } else if (t->op >= TAG_LT && t->kind == TAG_NUMBER) {
        if (!read_number(value, t->len, &t->lo))
            status = criteria_fail(error, "'%s' is no number", value);
    } else if (t->op >= TAG_LT && t->kind == TAG_ROUND) {
        t->round_parts = read_round(value, t->len, t->round);
        if (t->round_parts == 0)
            status = criteria_fail(
                error, "'%s' is no round (3, or 3.2 for board 2)", value);
    } else if (t->op == TAG_EQ && t->pseudo == PSEUDO_ELO_DIFF &&
               !read_number(value, t->len, &t->lo))
        status = criteria_fail(error, "'%s' is no number", value);
    if (status < 0)
        tag_test_free(t);
    return status;
}

void tag_test_free(tag_test *t)
{
    if (t->compiled)
        regfree(&t->regex);
    free(t->name);
    free(t->value);
    memset(t, 0, sizeof *t);
}

static bool names_equal(const char *name, const char *tag, size_t len)
{
    return strlen(name) == len && memcmp(name, tag, len) == 0;
}

bool tag_test_applies(const tag_test *t, const char *name, size_t len)
{
    switch (t->pseudo) {
    case PSEUDO_PLAYER:
        return names_equal("White", name, len) ||
               names_equal("Black", name, len);
    case PSEUDO_ELO:
        return names_equal("WhiteElo", name, len) ||
               names_equal("BlackElo", name, len);
    case PSEUDO_ELO_DIFF: return false; /* the matcher computes it from both */
    default: return names_equal(t->name, name, len);
    }
}

/* Whether text contains what, ASCII letters in any case. */
static bool contains_folded(const char *text, size_t len, const char *what,
                            size_t what_len)
{
    if (what_len == 0)
        return true;
    for (size_t i = 0; i + what_len <= len; i++) {
        size_t j = 0;
        while (j < what_len && tolower((unsigned char)text[i + j]) ==
                                   tolower((unsigned char)what[j]))
            j++;
        if (j == what_len)
            return true;
    }
    return false;
}

/* -1, 0 or 1 as a is before, equal to or after b. */
static int compare_long(long a, long b) { return (a > b) - (a < b); }

static bool order_holds(enum tag_op op, int order)
{
    switch (op) {
    case TAG_LT: return order < 0;
    case TAG_LE: return order <= 0;
    case TAG_GT: return order > 0;
    case TAG_GE: return order >= 0;
    default: return false;
    }
}

/* A date comparison holds when it holds for every day the game's date
 * can be, the value standing for its first day (>=, <) or last (<=, >). */
static bool date_holds(const tag_test *t, long lo, long hi)
{
    switch (t->op) {
    case TAG_LT: return hi < t->lo;
    case TAG_LE: return hi <= t->hi;
    case TAG_GT: return lo > t->hi;
    case TAG_GE: return lo >= t->lo;
    default: return false;
    }
}

/* Rounds compare part by part over the parts the value gives: "3"
 * stands for every board of round 3. */
static int compare_round(const tag_test *t, const long *parts, int count)
{
    for (int i = 0; i < t->round_parts; i++) {
        if (i >= count)
            return -1;
        int order = compare_long(parts[i], t->round[i]);
        if (order != 0)
            return order;
    }
    return 0;
}

bool tag_test_holds_number(const tag_test *t, long number)
{
    if (t->op == TAG_EQ || t->op == TAG_NE)
        return number == t->lo;
    return order_holds(t->op, compare_long(number, t->lo));
}

bool tag_test_holds(const tag_test *t, const char *value, size_t len)
{
    switch (t->op) {
    case TAG_EQ:
    case TAG_NE: return len == t->len && memcmp(value, t->value, len) == 0;
    case TAG_CONTAINS: return contains_folded(value, len, t->value, t->len);
    case TAG_REGEX: return regexec(&t->regex, value, 0, NULL, 0) == 0;
    default: break;
    }
    switch (t->kind) {
    case TAG_DATE: {
        long lo, hi;
        return read_date(value, len, &lo, &hi) && date_holds(t, lo, hi);
    }
    case TAG_NUMBER: {
        long n;
        return read_number(value, len, &n) && tag_test_holds_number(t, n);
    }
    case TAG_ROUND: {
        long parts[ROUND_PARTS];
        int count = read_round(value, len, parts);
        return count > 0 && order_holds(t->op, compare_round(t, parts, count));
    }
    default: {
        size_t common = len < t->len ? len : t->len;
        int order = memcmp(value, t->value, common);
        if (order == 0)
            order = compare_long((long)len, (long)t->len);
        return order_holds(t->op, order);
    }
    }
}
