/*
 * test_reader.c - the streaming RGN reader (rgn(5), Files to Movetext,
 * grammar/rgn.ebnf).
 *
 * A recording visitor turns the callbacks into a text trace such as
 * "begin|tag Event=x|num 1|move e4|nag 1|result 1-0|end". Every input is
 * read three ways (in one piece, 1 byte at a time, in 7-byte chunks) and
 * must give the same trace, and the same rgn_reader_line answers, each
 * way. Locations are written L:C (line:column).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "notation/lexer.h"
#include "notation/reader.h"
#include "rgn.h"

/* ------------------------------------------------------------------ */
/* The recording visitor                                              */

typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void text_add(text *t, const char *data, size_t n)
{
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 256;
        while (cap < t->len + n + 1)
            cap *= 2;
        t->s = realloc(t->s, cap);
        assert_non_null(t->s);
        t->cap = cap;
    }
    memcpy(t->s + t->len, data, n);
    t->len += n;
    t->s[t->len] = '\0';
}

typedef struct recorder {
    rgn_reader *reader;
    text trace;          /* the callbacks */
    text lines;          /* rgn_reader_line at each callback */
    bool locations;      /* write @L:C after every item */
    bool no_lines;       /* do not fill lines (for huge inputs) */
    const char *stop_at; /* return 1 from the callback whose item starts so */
} recorder;

/* Adds one item (printf-like) to the trace; returns the callback's
 * answer. Line ends in texts are shown as \n and \r. */
static int item(recorder *rec, rgn_location where, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (rec->trace.len)
        text_add(&rec->trace, "|", 1);
    size_t start = rec->trace.len;
    for (const char *p = buf; *p; p++) {
        if (*p == '\n')
            text_add(&rec->trace, "\\n", 2);
        else if (*p == '\r')
            text_add(&rec->trace, "\\r", 2);
        else
            text_add(&rec->trace, p, 1);
    }
    if (rec->locations) {
        snprintf(buf, sizeof buf, "@%lu:%lu", (unsigned long)where.line,
                 (unsigned long)where.column);
        text_add(&rec->trace, buf, strlen(buf));
    }
    if (!rec->no_lines) {
        size_t caret = 99999;
        rgn_span line = rgn_reader_line(rec->reader, where, &caret);
        snprintf(buf, sizeof buf, "%lu:%lu:%lu ", (unsigned long)where.offset,
                 (unsigned long)where.line, (unsigned long)where.column);
        text_add(&rec->lines, buf, strlen(buf));
        text_add(&rec->lines, line.data, line.len);
        snprintf(buf, sizeof buf, " ^%lu\n", (unsigned long)caret);
        text_add(&rec->lines, buf, strlen(buf));
    }
    return rec->stop_at && strncmp(rec->trace.s + start, rec->stop_at,
                                   strlen(rec->stop_at)) == 0;
}

#define SPAN(s) (int)(s).len, (s).data

static int on_begin(void *u, rgn_location w) { return item(u, w, "begin"); }
static int on_tag(void *u, rgn_span name, rgn_span value, rgn_location w)
{
    return item(u, w, "tag %.*s=%.*s", SPAN(name), SPAN(value));
}
static int on_number(void *u, unsigned n, bool black, rgn_location w)
{
    return item(u, w, "num %u%s", n, black ? "..." : "");
}
static int on_move(void *u, rgn_span t, rgn_location w)
{
    return item(u, w, "move %.*s", SPAN(t));
}
static int on_nag(void *u, unsigned nag, rgn_location w)
{
    return item(u, w, "nag %u", nag);
}
static int on_comment(void *u, rgn_span t, rgn_location w)
{
    if (t.len > 200)
        return item(u, w, "comment (%lu bytes)", (unsigned long)t.len);
    return item(u, w, "comment {%.*s}", SPAN(t));
}
static int on_open(void *u, rgn_location w) { return item(u, w, "("); }
static int on_close(void *u, rgn_location w) { return item(u, w, ")"); }
static int on_result(void *u, rgn_span t, rgn_location w)
{
    return item(u, w, "result %.*s", SPAN(t));
}
static void on_end(void *u, rgn_location w) { item(u, w, "end"); }
static void on_error(void *u, rgn_location w, const char *message)
{
    item(u, w, "error %lu:%lu %s", (unsigned long)w.line,
         (unsigned long)w.column, message);
}

static void on_lenient(void *u, rgn_location w, enum rgn_problem problem,
                       const char *message)
{
    item(u, w, "lenient %s %lu:%lu %s", rgn_problem_code(problem),
         (unsigned long)w.line, (unsigned long)w.column, message);
}

static void on_skipped(void *u, rgn_span t, bool cut, rgn_span result,
                       rgn_location w)
{
    if (t.len > 200) /* a long text by its ends and its length */
        item(u, w, "skipped {%.20s...%.20s (%zu bytes)}%s %.*s", t.data,
             t.data + t.len - 20, t.len, cut ? " cut" : "", SPAN(result));
    else
        item(u, w, "skipped {%.*s}%s %.*s", SPAN(t), cut ? " cut" : "",
             SPAN(result));
}

static const rgn_visitor recording = {
    on_begin, on_tag,    on_number, on_move,  on_nag,     on_comment, on_open,
    on_close, on_result, on_end,    on_error, on_lenient, on_skipped,
};

/* Reads input in chunks of the given size (0: in one piece). */
static void read_in_chunks(recorder *rec, const char *input, size_t len,
                           size_t chunk)
{
    rec->trace.len = rec->lines.len = 0;
    text_add(&rec->trace, "", 0);
    text_add(&rec->lines, "", 0);
    rec->reader = rgn_reader_new(&recording, rec);
    assert_non_null(rec->reader);
    if (chunk == 0)
        chunk = len ? len : 1;
    for (size_t at = 0; at < len; at += chunk) {
        size_t n = len - at < chunk ? len - at : chunk;
        assert_int_equal(rgn_reader_feed(rec->reader, input + at, n), 0);
    }
    assert_int_equal(rgn_reader_finish(rec->reader), 0);
}

/* Reads input three ways and checks each trace against expected; returns
 * the reader's buffer capacity (the largest of the three). */
static size_t check_with(recorder *rec, const char *input, size_t len,
                         const char *expected)
{
    static const size_t chunks[] = {0, 1, 7};
    char *first_lines = NULL;
    size_t capacity = 0;
    for (size_t k = 0; k < 3; k++) {
        read_in_chunks(rec, input, len, chunks[k]);
        size_t c = rgn_reader_buffer_capacity(rec->reader);
        if (c > capacity)
            capacity = c;
        rgn_reader_free(rec->reader);
        rec->reader = NULL;
        if (strcmp(rec->trace.s, expected) != 0)
            print_error("chunk size %lu\n", (unsigned long)chunks[k]);
        assert_string_equal(rec->trace.s, expected);
        if (k == 0) {
            first_lines = malloc(rec->lines.len + 1);
            assert_non_null(first_lines);
            memcpy(first_lines, rec->lines.s, rec->lines.len + 1);
        } else {
            if (strcmp(rec->lines.s, first_lines) != 0)
                print_error("lines differ at chunk size %lu\n",
                            (unsigned long)chunks[k]);
            assert_string_equal(rec->lines.s, first_lines);
        }
    }
    free(first_lines);
    free(rec->trace.s);
    free(rec->lines.s);
    memset(rec, 0, sizeof *rec);
    return capacity;
}

static size_t check_len(const char *input, size_t len, const char *expected)
{
    recorder rec = {0};
    return check_with(&rec, input, len, expected);
}

/* For string literals, which may hold NUL bytes. */
#define CHECK(input, expected) check_len(input, sizeof(input) - 1, expected)

static size_t check_located(const char *input, size_t len, const char *expected)
{
    recorder rec = {0};
    rec.locations = true;
    return check_with(&rec, input, len, expected);
}

#define CHECK_AT(input, expected)                                              \
    check_located(input, sizeof(input) - 1, expected)

/* ------------------------------------------------------------------ */
/* Tags                                                               */

static void test_tags_with_escapes(void **state)
{
    (void)state;
    CHECK("[Event \"a \\\"quoted\\\" word\"]\n"
          "[Site \"back\\\\slash\"]\n"
          "[Odd \"kept\\n as written\"]\n"
          "[ White \t \"spaced\" ]\n"
          "[Black \"\"]\n"
          "[Round_2 \"\xc3\xa9t\xc3\xa9\"]\n"
          "\n"
          "1. e4 *\n",
          "begin|tag Event=a \"quoted\" word|tag Site=back\\slash"
          "|tag Odd=kept\\n as written|tag White=spaced|tag Black="
          "|tag Round_2=\xc3\xa9t\xc3\xa9|num 1|move e4|result *|end");
}

static void test_tag_errors(void **state)
{
    (void)state;
    /* each broken tag section is skipped with its movetext */
    CHECK("[Event \"x]\n[Site \"y\"]\n1. e4 *\n\n[Event \"ok\"]\n*\n",
          "begin|error 1:11 line ends inside a tag value (missing '\"'?)"
          "|skipped {\\n[Site \"y\"]\\n1. e4 } *|end|begin|tag Event=ok|"
          "result *|end");
    CHECK("[1x \"v\"]\n1. e4 *\n\n[Event \"ok\"]\n*\n",
          "begin|error 1:2 a tag name (a letter, then letters, digits or"
          " '_') must follow '['|skipped {1x \"v\"]\\n1. e4 } *|end|begi"
          "n|tag Event=ok|result *|end");
    CHECK("[Event x]\n*\n[Event \"ok\"]\n*\n",
          "begin|error 1:8 a tag value in double quotes must follow the "
          "tag name|skipped {x]\\n} *|end|begin|tag Event=ok|result *|en"
          "d");
    CHECK("[Event \"x\" junk]\n*\n",
          "begin|error 1:12 ']' must close the tag after its value|skipp"
          "ed {junk]\\n} *|end");
}

/* Quotes inside a value, unescaped, as PGN in the wild has them: read
 * as part of the value when a later quote closes the tag, with a notice;
 * else the first quote closes it, as before. */
static void test_tag_inner_quotes(void **state)
{
    (void)state;
    CHECK("[White \"\"Mephisto\"\"]\n[Black \"a \"b\" c\" ]\n*\n",
          "begin|lenient unescaped-quote 1:9 a '\"' inside a tag value must be "
          "written \\\"; "
          "read as part of the value|tag White=\"Mephisto\""
          "|lenient unescaped-quote 2:11 a '\"' inside a tag value must be "
          "written \\\"; "
          "read as part of the value|tag Black=a \"b\" c|result *|end");
    /* no later quote closes it: the first one did */
    CHECK("[Event \"x\" \"y]\n*\n",
          "begin|error 1:12 ']' must close the tag after its value|skipp"
          "ed {\"y]\\n} *|end");
    /* the line shown at an inner quote well into a long tag is the same
     * however the input comes: the tag waits until the line there is in */
    char input[300], expected[600];
    snprintf(
        input, sizeof input, "[Event \"%.92s\"%.100s\"] {%.40s}\n*\n",
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"
        "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
        "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz");
    snprintf(
        expected, sizeof expected,
        "begin|lenient unescaped-quote 1:101 a '\"' inside a tag value must be "
        "written \\\"; read as part of the value|tag Event=%.*s|comment {%.40s}"
        "|result *|end",
        193, input + 8, input + 205);
    check_len(input, strlen(input), expected);
}

/* "e.p." after a move, spaced, with or without its last dot: read as
 * nothing, with a notice; "e" alone stays a move text */
static void test_en_passant_mark(void **state)
{
    (void)state;
    CHECK("1. exd6 e.p. Kd7 2. e4 e.p 3. e *\n",
          "begin|num 1|move exd6|lenient en-passant-mark 1:9 'e.p.' is not "
          "SAN: an en passant capture is written as a plain pawn capture; "
          "'e.p.' is ignored|move Kd7|num 2|move e4|lenient en-passant-mark "
          "1:24 'e.p.' is not SAN: an en passant capture is written as a "
          "plain pawn capture; 'e.p.' is ignored|num 3|move e|result *|end");
}

static void test_tag_inside_movetext(void **state)
{
    (void)state;
    /* at the start of a line after movetext: the next game begins there */
    CHECK("[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 *\n",
          "begin|tag Event=a|num 1|move e4|move e5"
          "|error 3:1 tag inside movetext; missing result?|end"
          "|begin|tag Event=b|num 1|move d4|result *|end");
    /* inside a line: skipped, with the rest of its game */
    CHECK("[Event \"a\"]\n1. e4 [Site \"x\"] e5 *\n[Event \"b\"]\n*\n",
          "begin|tag Event=a|num 1|move e4|error 2:7 tag inside movetext"
          "; missing result?|skipped {[Site \"x\"] e5 } *|end|begin|tag "
          "Event=b|result *|end");
}

/* ------------------------------------------------------------------ */
/* Movetext                                                           */

static void test_move_numbers(void **state)
{
    (void)state;
    CHECK("1. e4 e5 2.Sb6 Sb4 3 . d4 3... d5 4 e4 5.. f5 6...f6 7 ... g6 "
          "12.e4 *",
          "begin|num 1|move e4|move e5|num 2|move Sb6|move Sb4|num 3"
          "|move d4|num 3...|move d5|num 4|move e4|num 5...|move f5"
          "|num 6...|move f6|num 7...|move g6|num 12|move e4|result *|end");
    /* digits followed by letters at once are a move ("1b2" in
     * Rollerball), not a number and a move */
    CHECK("1e4 *", "begin|move 1e4|result *|end");
    CHECK("1. 1b2 2b1 *", "begin|num 1|move 1b2|move 2b1|result *|end");
    CHECK("1. e4 ... e5 *",
          "begin|num 1|move e4|error 1:7 '.' without a move number befor"
          "e it|skipped {... e5 } *|end");
    CHECK("1234567890. e4 *",
          "begin|error 1:1 move number too large|skipped {1234567890. e4"
          " } *|end");
}

static void test_moves_as_written(void **state)
{
    (void)state;
    CHECK("1. Sb2-b6 Rb2>NE 2. e9=Q>NE# Sxb7>e 3. Rixa5 dxe4+ e3e4 "
          "b2b6ne O-O *",
          "begin|num 1|move Sb2-b6|move Rb2>NE|num 2|move e9=Q>NE#"
          "|move Sxb7>e|num 3|move Rixa5|move dxe4+|move e3e4|move b2b6ne"
          "|move O-O|result *|end");
}

/* What older programs write: a promotion in parentheses or after a
 * slash belongs to its move; a null move is "--" or "@@@@" ("Z0" is a
 * move like any other); another run of '-' or '@' is no token, and a
 * parenthesis that is no promotion opens a variation. */
static void test_moves_of_other_programs(void **state)
{
    (void)state;
    CHECK("1. a8(Q)+ a1/Q 2. b8(N) (2. -- Z0) @@@@ *",
          "begin|num 1|move a8(Q)+|move a1/Q|num 2|move b8(N)|(|num 2"
          "|move --|move Z0|)|move @@@@|result *|end");
    CHECK("1. e4 (e5) 2. a8(Qb) *",
          "begin|num 1|move e4|(|move e5|)|num 2|move a8|(|move Qb|)"
          "|result *|end");
    CHECK("1. e4 - e5 *",
          "begin|num 1|move e4|error 1:7 unexpected character '-'|skippe"
          "d {- e5 } *|end");
    CHECK("1. e4 --- *",
          "begin|num 1|move e4|error 1:7 unexpected character '-'|skippe"
          "d {--- } *|end");
    CHECK("1. e4 @@@ *",
          "begin|num 1|move e4|error 1:7 unexpected character '@'|skippe"
          "d {@@@ } *|end");
}

static void test_results(void **state)
{
    (void)state;
    CHECK("e4 1-0 e4 0-1 e4 1/2-1/2 e4 *",
          "begin|move e4|result 1-0|end|begin|move e4|result 0-1|end"
          "|begin|move e4|result 1/2-1/2|end|begin|move e4|result *|end");
    /* a result needs no space before a comment or a parenthesis */
    CHECK("e4 1-0{after}", "begin|move e4|result 1-0|end|begin"
                           "|comment {after}|end");
    CHECK("e4 1-O\n",
          "begin|move e4|error 1:4 '1-O' is not a result (1-0, 0-1, 1/2-"
          "1/2 or *) nor a move|skipped {1-O} |end");
    CHECK("e4 1/2 *",
          "begin|move e4|error 1:4 '1/2' is not a result (1-0, 0-1, 1/2-"
          "1/2 or *) nor a move|skipped {1/2 } *|end");
    /* a result inside a variation goes to the visitor, and ends nothing */
    CHECK("1. e4 (1. d4 1-0) e5 0-1",
          "begin|num 1|move e4|(|num 1|move d4|result 1-0|)|move e5"
          "|result 0-1|end");
    /* tags, then the result: a game without moves */
    CHECK("[Event \"x\"]\n\n*\n", "begin|tag Event=x|result *|end");
}

static void test_comments(void **state)
{
    (void)state;
    CHECK("[Event \"x\"]\n{before} 1. e4 {two\nlines} e5 ; to the end }\n"
          "2. d4 {} {a;b} *",
          "begin|tag Event=x|comment {before}|num 1|move e4"
          "|comment {two\\nlines}|move e5|comment { to the end }}|num 2"
          "|move d4|comment {}|comment {a;b}|result *|end");
    /* before the first tag, a comment belongs to the game */
    CHECK("{intro}\n; more\n[Event \"x\"]\n{c} [Site \"y\"]\n*\n",
          "begin|comment {intro}|comment { more}|tag Event=x|comment {c}"
          "|tag Site=y|result *|end");
    /* comments between games go with the next game; after the last game
     * they end a game of comments only, which is not an error */
    CHECK("* {between} e4 * {trailing}\n; last\n",
          "begin|result *|end|begin|comment {between}|move e4|result *|end"
          "|begin|comment {trailing}|comment { last}|end");
    /* ; at the end of the input, CRLF kept out of the text */
    CHECK("e4 ;x\r\n* ;y", "begin|move e4|comment {x}|result *|end"
                           "|begin|comment {y}|end");
}

static void test_nags_and_glyphs(void **state)
{
    (void)state;
    CHECK("1. e4! e5? 2. Sb6!! Sb4?? 3. d4!? d5?! 4. f4+! $0 $255 $017 f5 "
          "! *",
          "begin|num 1|move e4|nag 1|move e5|nag 2|num 2|move Sb6|nag 3"
          "|move Sb4|nag 4|num 3|move d4|nag 5|move d5|nag 6|num 4"
          "|move f4+|nag 1|nag 0|nag 255|nag 17|move f5|nag 1|result *|end");
    CHECK("e4 $256 *",
          "begin|move e4|error 1:4 NAG '$256' out of range (0 to 255)|sk"
          "ipped {$256 } *|end");
    CHECK("e4 $x *",
          "begin|move e4|error 1:4 '$' must be followed by a number (a N"
          "AG)|skipped {$x } *|end");
    CHECK("e4!!! *",
          "begin|move e4|error 1:3 unknown move suffix '!!!' (one of ! ?"
          " !! ?? !? ?!)|skipped {!!! } *|end");
}

static void test_nested_variations(void **state)
{
    (void)state;
    CHECK("1. e4 (1. d4 d5 (1... c5 2. c4 (2. Sb6)) 2. c4) (1. f4) e5 "
          "2. d4 *",
          "begin|num 1|move e4|(|num 1|move d4|move d5|(|num 1...|move c5"
          "|num 2|move c4|(|num 2|move Sb6|)|)|num 2|move c4|)|(|num 1"
          "|move f4|)|move e5|num 2|move d4|result *|end");
    CHECK("1. e4 ) e5 *\n",
          "begin|num 1|move e4|error 1:7 ')' without a matching '('|skip"
          "ped {) e5 } *|end");
}

static void test_several_games(void **state)
{
    (void)state;
    CHECK("[Event \"1\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n\n"
          "[Event \"2\"]\n\n1. d4 d5 0-1\n"
          "[Event \"3\"]\n1/2-1/2\n"
          "1. f4 *\n",
          "begin|tag Event=1|tag Result=1-0|num 1|move e4|result 1-0|end"
          "|begin|tag Event=2|num 1|move d4|move d5|result 0-1|end"
          "|begin|tag Event=3|result 1/2-1/2|end"
          "|begin|num 1|move f4|result *|end");
}

/* Blocks of tags that no movetext follows (pairings): a block at a
 * resynchronisation point that begins with a tag the block before it
 * has ends the game; one of new tags (a tag section spaced out) does
 * not, nor a repeated tag on the next line. */
static void test_tags_only(void **state)
{
    (void)state;
    CHECK("[Event \"e\"]\n[White \"a\"]\n\n[Event \"e\"]\r\n[White \"b\"]"
          "\r\n\r\n[Event \"e\"]\n[White \"c\"]\n\n1. e4 *\n\n[Event \"f\"]",
          "begin|tag Event=e|tag White=a|end"
          "|begin|tag Event=e|tag White=b|end"
          "|begin|tag Event=e|tag White=c|num 1|move e4|result *|end"
          "|begin|tag Event=f|end");
    CHECK("[Event \"e\"]\n\n[Site \"s\"]\n{c}\n[Date \"d\"]\n[Event \"e\"]\n*",
          "begin|tag Event=e|tag Site=s|comment {c}|tag Date=d|tag Event=e"
          "|result *|end");
    /* a block that repeats a tag of an earlier block only */
    CHECK("[Event \"e\"]\n\n[Site \"s\"]\n\n[Event \"e\"]\n*",
          "begin|tag Event=e|tag Site=s|tag Event=e|result *|end");
    /* a comment between the blocks is in the first one's tag section */
    CHECK("[Event \"e\"]\n\n{c}\n[Event \"f\"]\n*",
          "begin|tag Event=e|comment {c}|end|begin|tag Event=f|result *|end");
}

/* ------------------------------------------------------------------ */
/* Files: BOM, line ends, escape lines, empty input                   */

static void test_empty_input(void **state)
{
    (void)state;
    CHECK("", "");
    CHECK(" \n\r\n\t\n", "");
    CHECK("\xef\xbb\xbf", "");
    CHECK("% only an escape line", "");
}

static void test_bom(void **state)
{
    (void)state;
    CHECK_AT("\xef\xbb\xbf[Event \"x\"]\n1. e4 *",
             "begin@1:1|tag Event=x@1:1|num 1@2:1|move e4@2:4"
             "|result *@2:7|end@2:7");
    /* only at the very start */
    CHECK("e4 \xef\xbb\xbf *",
          "begin|move e4|error 1:4 unexpected character '\xef"
          "\xbb"
          "\xbf"
          ""
          "' (U+FEFF)|skipped {\xef"
          "\xbb"
          "\xbf"
          " } *|end");
    /* a proper beginning of a BOM that is not one */
    CHECK("\xef\xbb",
          "begin|error 1:1 unexpected character '\\xEF'|skipped {\xef"
          ""
          "\xbb"
          "} |end");
}

static void test_line_ends(void **state)
{
    (void)state;
    const char *expected =
        "begin@1:1|tag Event=x@1:1|comment {a}@3:1|num 1@4:1|move e4@4:4"
        "|comment { z}@4:7|move e5@5:1|result *@5:4|end@5:4";
    CHECK_AT("[Event \"x\"]\n\n{a}\n1. e4 ; z\ne5 *\n", expected);
    CHECK_AT("[Event \"x\"]\r\n\r\n{a}\r\n1. e4 ; z\r\ne5 *\r\n", expected);
    CHECK_AT("[Event \"x\"]\r\r{a}\r1. e4 ; z\re5 *\r", expected);
    /* CRLF split by a chunk boundary counts once; LF CR counts twice */
    CHECK_AT("{a}\n\re4 *", "begin@1:1|comment {a}@1:1|move e4@3:1"
                            "|result *@3:4|end@3:4");
}

static void test_escape_lines(void **state)
{
    (void)state;
    CHECK("%rgn 1\n[Event \"x\"]\n%junk ] ) {\n1. e4\n% e5\n1-0\n%end",
          "begin|tag Event=x|num 1|move e4|result 1-0|end");
    /* only at the start of a line, and not inside a comment */
    CHECK("e4 {\n%kept\n} %x *",
          "begin|move e4|comment {\\n%kept\\n}|error 3:3 unexpected char"
          "acter '%'|skipped {%x } *|end");
}

/* ------------------------------------------------------------------ */
/* Broken input                                                       */

static void test_truncated(void **state)
{
    (void)state;
    CHECK("[Event \"x\"]\n1. e4 e5",
          "begin|tag Event=x|num 1|move e4|move e5"
          "|error 2:9 file ends inside a game (no result)|end");
    CHECK("[Event \"x\"]\n1. e4 {unfinished\n",
          "begin|tag Event=x|num 1|move e4|error 2:7 file ends inside a "
          "comment (missing '}'?)|skipped {{unfinished} |end");
    CHECK("[Event \"x\"]\n1. e4 (1. d4 (1. f4) \n",
          "begin|tag Event=x|num 1|move e4|(|num 1|move d4|(|num 1|move f4"
          "|)|error 3:1 file ends inside a variation (the '(' at 2:7 is not "
          "closed)|end");
    CHECK("[Event \"x\"]\n[Site \"y",
          "begin|tag Event=x|error 2:1 file ends inside a tag|skipped {["
          "Site \"y} |end");
    /* tags alone: a game without moves (test_tags_only) */
    CHECK("[Event \"x\"]\n", "begin|tag Event=x|end");
    CHECK("1. e4 2", "begin|num 1|move e4|num 2"
                     "|error 1:8 file ends inside a game (no result)|end");
    CHECK("{\xc3",
          "begin|error 1:1 file ends inside a comment (missing '}'?)|ski"
          "pped {{\xc3"
          "} |end");
}

static void test_binary_junk_then_good_game(void **state)
{
    (void)state;
    CHECK("\x00\x01\xff\xfe\x7f junk ]]\n\x80\x81\n[Event \"ok\"]\n1. e4 e5 "
          "1-0\n",
          "begin|error 1:1 unexpected character '\\x00'|skipped {} |end|"
          "begin|tag Event=ok|num 1|move e4|move e5|result 1-0|end");
    CHECK("[Event \"a\"]\n1. e4 ] e5 *\n\n[Event \"b\"]\n[Site \"c\"]\n*\n",
          "begin|tag Event=a|num 1|move e4|error 2:7 unexpected characte"
          "r ']'|skipped {] e5 } *|end|begin|tag Event=b|tag Site=c|resu"
          "lt *|end");
    CHECK("e4 \x01\n",
          "begin|move e4|error 1:4 unexpected character '\\x01'|skipped "
          "{\x01"
          "} |end");
    CHECK("e4 \xc3\xa9 *", "begin|move e4|error 1:4 unexpected character '\xc3"
                           "\xa9"
                           "'"
                           " (U+00E9)|skipped {\xc3"
                           "\xa9"
                           " } *|end");
}

static void test_invalid_utf8(void **state)
{
    (void)state;
    /* valid text: columns count characters */
    CHECK_AT("{\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80} e4 *",
             "begin@1:1|comment {\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80}@1:1"
             "|move e4@1:7|result *@1:10|end@1:10");
    CHECK("e4 {bad \xc3\x28 here} *\n\n[Event \"next\"]\n*\n",
          "begin|move e4|error 1:9 invalid UTF-8 in comment|skipped {\xc3"
          ""
          "( here} } *|end|begin|tag Event=next|result *|end");
    CHECK("[Event \"caf\xe9\"]\n*\n",
          "begin|error 1:12 invalid UTF-8 in tag value|skipped {\xe9"
          "\""
          "]\\n} *|end");
    CHECK("e4 ; \xc0\xaf overlong\n*",
          "begin|move e4|error 1:6 invalid UTF-8 in comment|skipped {\xc0"
          ""
          "\xaf"
          " overlong\\n} *|end");
    CHECK("e4 {\xed\xa0\x80 surrogate} *",
          "begin|move e4|error 1:5 invalid UTF-8 in comment|skipped {\xed"
          ""
          "\xa0"
          "\x80"
          " surrogate} } *|end");
    CHECK("e4 {\xf4\x90\x80\x80 too high} *",
          "begin|move e4|error 1:5 invalid UTF-8 in comment|skipped {\xf4"
          ""
          "\x90"
          "\x80"
          "\x80"
          " too high} } *|end");
    CHECK("e4 {ab\x80} *",
          "begin|move e4|error 1:7 invalid UTF-8 in comment|skipped {\x80"
          ""
          "} } *|end");
    CHECK("e4 {\xe2\x82} *",
          "begin|move e4|error 1:5 invalid UTF-8 in comment|skipped "
          "{\xe2\x82} } *|end");
    CHECK("e4 ;\xe2\x82",
          "begin|move e4|error 1:5 invalid UTF-8 in comment|skipped "
          "{\xe2\x82} |end");
}

static void test_callback_abandons_game(void **state)
{
    (void)state;
    const char *input = "[Event \"1\"]\n[Variant \"Other\"]\n[Site \"s\"]\n"
                        "1. e4 e5 *\n\n[Event \"2\"]\n1. d4 *\n";
    recorder rec = {0};
    rec.stop_at = "tag Variant";
    check_with(&rec, input, strlen(input),
               "begin|tag Event=1|tag Variant=Other"
               "|skipped {[Variant \"Other\"]\\n[Site \"s\"]\\n1. e4 e5 } *|end"
               "|begin|tag Event=2|num 1|move d4|result *|end");
    rec.stop_at = "begin";
    check_with(&rec, input, strlen(input),
               "begin|skipped {[Event \"1\"]\\n[Variant \"Other\"]\\n"
               "[Site \"s\"]\\n1. e4 e5 } *|end"
               "|begin|skipped {[Event \"2\"]\\n1. d4 } *|end");
    rec.stop_at = "num 1";
    check_with(&rec, input, strlen(input),
               "begin|tag Event=1|tag Variant=Other|tag Site=s|num 1"
               "|skipped {1. e4 e5 } *|end"
               "|begin|tag Event=2|num 1|skipped {1. d4 } *|end");
    /* a result at depth 0 ends the game anyway: the next one is read */
    rec.stop_at = "result";
    check_with(&rec, "e4 * d4 *", 9,
               "begin|move e4|result *|end|begin|move d4|result *|end");
    /* an abandoned game ends at its own result (not inside a variation),
     * so a following game without tags is still read */
    rec.stop_at = "move e4";
    const char *tagless = "[Event \"1\"]\n1. e4 (1. d4 *) e5 1-0\n\n"
                          "1. c4 c5 *\n";
    check_with(&rec, tagless, strlen(tagless),
               "begin|tag Event=1|num 1|move e4"
               "|skipped {1. e4 (1. d4 *) e5 } 1-0|end"
               "|begin|num 1|move c4|move c5|result *|end");
    /* the text of a game given up is handed over up to where it stops */
    rec.stop_at = "move e5";
    check_with(&rec, "1. e4 e5 {x} 2. Nf3", 19,
               "begin|num 1|move e4|move e5|skipped {e5 {x} 2. Nf3} |end");
}

/* ------------------------------------------------------------------ */
/* Limits                                                             */

/* Builds a string by repeating unit count times between head and tail. */
static char *repeat(const char *head, const char *unit, size_t count,
                    const char *tail, size_t *len)
{
    size_t h = strlen(head), u = strlen(unit), t = strlen(tail);
    *len = h + u * count + t;
    char *s = malloc(*len + 1);
    assert_non_null(s);
    memcpy(s, head, h);
    for (size_t k = 0; k < count; k++)
        memcpy(s + h + k * u, unit, u);
    memcpy(s + h + u * count, tail, t + 1);
    return s;
}

static void test_deep_nesting(void **state)
{
    (void)state;
    size_t len;
    char *input = repeat("[Event \"deep\"]\n1. e4 ", "(", 10000,
                         " e5 *\n\n[Event \"ok\"]\n1. d4 *\n", &len);
    size_t exp_len;
    char *expected = repeat("begin|tag Event=deep|num 1|move e4", "|(",
                            RGN_MAX_VARIATION_DEPTH,
                            "|error 2:263 variations nested deeper than 256"
                            "|skipped {((((((((((((((((((((...(((((((((((((((("
                            " e5  (9748 bytes)} *"
                            "|end|begin|tag Event=ok|num 1|move d4|result *"
                            "|end",
                            &exp_len);
    check_len(input, len, expected);
    free(input);
    free(expected);
}

static void test_huge_comment(void **state)
{
    (void)state;
    size_t len;
    char *input = repeat("[Event \"big\"]\n1. e4 {", "0123456789abcdef\n",
                         300000, "} e5 1-0\n\n[Event \"ok\"]\n1. d4 *\n", &len);
    size_t capacity =
        check_len(input, len,
                  "begin|tag Event=big|num 1|move e4|error 2:7 comment longer "
                  "than 1048576 bytes|skipped {} cut |end|begin|tag Event=ok"
                  "|num 1|move d4|result *|end");
    assert_true(len > 5000000);
    assert_true(capacity <= 2 * (size_t)RGN_MAX_TOKEN);
    free(input);

    /* exactly the limit is accepted */
    input = repeat("e4 {", "x", RGN_MAX_TOKEN, "} *", &len);
    check_len(input, len, "begin|move e4|comment (1048576 bytes)|result *|end");
    free(input);
    /* and a token of more is not */
    input = repeat("e4 ", "a", RGN_MAX_TOKEN + 1, " *", &len);
    check_len(input, len,
              "begin|move e4|error 1:4 token longer than 1048576 bytes"
              "|skipped {} cut |end");
    free(input);
    input = repeat("[Event \"", "a", RGN_MAX_TOKEN, "\"]\n*", &len);
    check_len(input, len,
              "begin|error 1:1 tag longer than 1048576 bytes"
              "|skipped {} cut |end");
    free(input);
}

typedef struct long_line {
    rgn_reader *reader;
    unsigned moves;
    size_t line_len, caret;
    char at_caret[3];
} long_line;

static int count_move(void *u, rgn_span text, rgn_location where)
{
    long_line *ll = u;
    (void)text;
    if (++ll->moves == 100000) {
        rgn_span line = rgn_reader_line(ll->reader, where, &ll->caret);
        ll->line_len = line.len;
        memcpy(ll->at_caret, line.data + ll->caret, 2);
    }
    return 0;
}

static void test_million_character_line(void **state)
{
    (void)state;
    size_t len;
    char *input = repeat("[Event \"long\"]\n1. ", "Sb2 ", 250000, "*\n", &len);
    assert_true(len > 1000000);
    static const size_t chunks[] = {0, 1, 7, 4096};
    for (size_t k = 0; k < 4; k++) {
        long_line ll = {0};
        rgn_visitor v = {0};
        v.move = count_move;
        ll.reader = rgn_reader_new(&v, &ll);
        size_t chunk = chunks[k] ? chunks[k] : len;
        for (size_t at = 0; at < len; at += chunk)
            assert_int_equal(
                rgn_reader_feed(ll.reader, input + at,
                                len - at < chunk ? len - at : chunk),
                0);
        assert_int_equal(rgn_reader_finish(ll.reader), 0);
        assert_int_equal(ll.moves, 250000);
        /* the line comes back as a window around the move */
        assert_int_equal(ll.line_len, 2 * RGN_LINE_HALF);
        assert_int_equal(ll.caret, RGN_LINE_HALF);
        assert_memory_equal(ll.at_caret, "Sb", 2);
        /* and the reader never held the whole line */
        assert_true(rgn_reader_buffer_capacity(ll.reader) <= 256 * 1024);
        rgn_reader_free(ll.reader);
    }
    size_t exp_len;
    char *expected = repeat("begin|tag Event=long|num 1", "|move Sb2", 250000,
                            "|result *|end", &exp_len);
    recorder rec = {0};
    rec.no_lines = true;
    check_with(&rec, input, len, expected);
    free(expected);
    free(input);
}

/* ------------------------------------------------------------------ */
/* rgn_reader_line                                                    */

typedef struct line_probe {
    rgn_reader *reader;
    char line[300];
    size_t caret;
    const char *want; /* the move to look at */
} line_probe;

static int probe_move(void *u, rgn_span text, rgn_location where)
{
    line_probe *p = u;
    if (text.len == strlen(p->want) &&
        memcmp(text.data, p->want, text.len) == 0) {
        rgn_span line = rgn_reader_line(p->reader, where, &p->caret);
        memcpy(p->line, line.data, line.len);
        p->line[line.len] = '\0';
    }
    return 0;
}

static void probe(const char *input, const char *want, size_t chunk,
                  const char *line, size_t caret)
{
    line_probe p = {0};
    rgn_visitor v = {0};
    v.move = probe_move;
    p.want = want;
    p.reader = rgn_reader_new(&v, &p);
    size_t len = strlen(input);
    if (chunk == 0)
        chunk = len;
    for (size_t at = 0; at < len; at += chunk)
        rgn_reader_feed(p.reader, input + at,
                        len - at < chunk ? len - at : chunk);
    rgn_reader_finish(p.reader);
    assert_string_equal(p.line, line);
    assert_int_equal(p.caret, caret);
    rgn_reader_free(p.reader);
}

static void test_reader_line(void **state)
{
    (void)state;
    for (size_t chunk = 0; chunk < 4; chunk++) {
        probe("[Event \"x\"]\r\n1. e4 e5 2. Sb6 *\r\n", "Sb6", chunk,
              "1. e4 e5 2. Sb6 *", 12);
        probe("\xef\xbb\xbf"
              "e4 {\xc3\xa9t\xc3\xa9} d4 *",
              "d4", chunk, "e4 {\xc3\xa9t\xc3\xa9} d4 *", 11);
        probe("\xef\xbb\xbf"
              "e4 d4",
              "e4", chunk, "e4 d4", 0);
    }
    /* the line of a syntax error, with the caret on it */
    recorder rec = {0};
    read_in_chunks(&rec, "[Event \"x\"]\n1. e4 ] e5 *\n", 25, 1);
    assert_string_equal(
        rec.lines.s,
        "0:1:1 [Event \"x\"] ^0\n0:1:1 [Event \"x\"] ^0\n12:2:1 1. e4 "
        "] e5 * ^0\n15:2:4 1. e4 ] e5 * ^3\n18:2:7 1. e4 ] e5 * ^6\n18"
        ":0:0 1. e4 ] e5 * ^6\n18:2:7 1. e4 ] e5 * ^6\n");
    rgn_reader_free(rec.reader);
    free(rec.trace.s);
    free(rec.lines.s);
}

/* rgn_reader_keep_line: a move's line, asked for at the result, after
 * far more input than the buffer holds has gone by */
typedef struct kept_probe {
    rgn_reader *reader;
    bool keep;
    rgn_location move;
    char line[300];
    size_t caret;
} kept_probe;

static int kept_move(void *u, rgn_span text, rgn_location where)
{
    kept_probe *p = u;
    if (text.len == 4 && memcmp(text.data, "Qh4+", 4) == 0) {
        p->move = where;
        if (p->keep)
            rgn_reader_keep_line(p->reader, where.offset);
    }
    return 0;
}

static int kept_result(void *u, rgn_span text, rgn_location where)
{
    (void)text, (void)where;
    kept_probe *p = u;
    rgn_span line = rgn_reader_line(p->reader, p->move, &p->caret);
    memcpy(p->line, line.data, line.len);
    p->line[line.len] = '\0';
    rgn_reader_keep_line(p->reader, UINT64_MAX);
    return 0;
}

static void read_kept(kept_probe *p, const char *input, size_t len)
{
    rgn_visitor v = {0};
    v.move = kept_move;
    v.result = kept_result;
    p->reader = rgn_reader_new(&v, p);
    for (size_t at = 0; at < len; at += 4096)
        rgn_reader_feed(p->reader, input + at,
                        len - at < 4096 ? len - at : 4096);
    rgn_reader_finish(p->reader);
    rgn_reader_free(p->reader);
}

static void test_kept_line(void **state)
{
    (void)state;
    size_t len;
    char *input =
        repeat("1. f3 e5 2. g4 Qh4+\n", "{c}\n", 100000, "0-1\n", &len);
    kept_probe kept = {.keep = true}, gone = {.keep = false};
    read_kept(&kept, input, len);
    assert_string_equal(kept.line, "1. f3 e5 2. g4 Qh4+");
    assert_int_equal(kept.caret, 15);
    /* without it, the line has left the buffer */
    read_kept(&gone, input, len);
    assert_string_equal(gone.line, "");
    free(input);
}

static void test_misuse(void **state)
{
    (void)state;
    rgn_reader *r = rgn_reader_new(NULL, NULL);
    assert_int_equal(rgn_reader_feed(r, "[Event \"x\"] e4 (", 16), 0);
    assert_int_equal(rgn_reader_finish(r), 0);
    assert_int_equal(rgn_reader_finish(r), 0);
    assert_int_equal(rgn_reader_feed(r, "e4", 2), -1);
    rgn_reader_free(r);
    rgn_reader_free(NULL);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tags_with_escapes),
        cmocka_unit_test(test_tag_errors),
        cmocka_unit_test(test_tag_inner_quotes),
        cmocka_unit_test(test_en_passant_mark),
        cmocka_unit_test(test_tag_inside_movetext),
        cmocka_unit_test(test_move_numbers),
        cmocka_unit_test(test_moves_as_written),
        cmocka_unit_test(test_moves_of_other_programs),
        cmocka_unit_test(test_results),
        cmocka_unit_test(test_comments),
        cmocka_unit_test(test_nags_and_glyphs),
        cmocka_unit_test(test_nested_variations),
        cmocka_unit_test(test_several_games),
        cmocka_unit_test(test_tags_only),
        cmocka_unit_test(test_empty_input),
        cmocka_unit_test(test_bom),
        cmocka_unit_test(test_line_ends),
        cmocka_unit_test(test_escape_lines),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_binary_junk_then_good_game),
        cmocka_unit_test(test_invalid_utf8),
        cmocka_unit_test(test_callback_abandons_game),
        cmocka_unit_test(test_deep_nesting),
        cmocka_unit_test(test_huge_comment),
        cmocka_unit_test(test_million_character_line),
        cmocka_unit_test(test_reader_line),
        cmocka_unit_test(test_kept_line),
        cmocka_unit_test(test_misuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
