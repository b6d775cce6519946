/*
 * writer.h - what the exporters share (private). A writer is one game
 * sink (writer.c) over one format: the writer numbers the games, follows
 * the variation depth, keeps the current game's output and decides
 * whether a game is written; the format (a write_*.c) only writes, into
 * a state of its own that no other file sees.
 */
#ifndef RGN_WRITER_H
#define RGN_WRITER_H

#include "base/buffer.h"
#include "rules/rule_set.h"

/* One output format, as its write_*.c exports it. Each part is given
 * the writer, whose state is the format's own; a part the format does
 * not need is NULL. */
typedef struct writer_format {
    size_t state_size;   /* the state, zeroed when the writer is made
                            (0: none) */
    bool main_line_only; /* the moves of variations are not passed on */
    /* the format says each game's rule set itself: the writer passes no
     * Variant tag for a game read as another rule set than the tagless */
    bool names_variant;
    int (*begin_document)(rgn_writer *w); /* -1 when it cannot start */
    int (*end_document)(rgn_writer *w);   /* -1 when a write failed */
    void (*free_state)(void *state);      /* what the state holds */
    /* between games: the memory the state keeps only for the next game
     * let go (writer_let_go); NULL: none */
    void (*let_go)(void *state);

    void (*begin_game)(rgn_writer *w);
    /* just after begin_game, when the game's origin is known:
     * w->origin, and writer_input(w) for its input */
    void (*origin)(rgn_writer *w);
    /* also called just before end_game with an invalid game's Invalid
     * tag, the mark that makes it read as invalid again */
    void (*tag)(rgn_writer *w, rgn_span name, rgn_span value);
    void (*start)(rgn_writer *w, const rgn_position *start, bool has_fen);
    /* just before move: the move as the input writes it */
    void (*move_text)(rgn_writer *w, rgn_span written);
    void (*move)(rgn_writer *w, rgn_position *before, rgn_move move,
                 const char *san);
    void (*nag)(rgn_writer *w, unsigned nag);
    void (*comment)(rgn_writer *w, rgn_span text);
    void (*begin_variation)(rgn_writer *w); /* w->depth is the new line's */
    void (*end_variation)(rgn_writer *w);   /* w->depth is the ending line's */
    /* Only for a game to be written (valid, or --keep-invalid): error is
     * where an invalid one stops, and its result is then as written ("*"
     * when there is none); the rest of its text came before as a
     * comment. */
    void (*end_game)(rgn_writer *w, rgn_span result,
                     const rgn_diagnostic *error);
} writer_format;

struct rgn_writer {
    rgn_writer_options options;
    const writer_format *format;
    void *state; /* the format's own */
    FILE *out;
    bool write_failed;
    char why[128];   /* the first failure's reason, for rgn_writer_finish */
    rgn_buffer game; /* the current game's output */
    uint64_t games;  /* games begun, over all inputs */
    uint64_t number; /* the current game's number among them */
    uint64_t next_number; /* rgn_writer_number_next's, 0 when none */
    int depth;            /* variation depth */
    bool variant_tag;     /* the game has a Variant tag */
    char *input;          /* the last input event's name, NULL when none */
    bool has_origin;      /* the sink was told the current game's origin */
    rgn_location origin;  /* and this is it */
};

/* Records a failure, of which rgn_writer_finish reports the first: why,
 * or (NULL) the reason errno gives, "a write failed" when it is 0 (so
 * errno is cleared before the call that failed). */
void writer_fail(rgn_writer *w, const char *why);

/* Between games, the memory a writer keeps for the next game let go
 * (its buffers, grown to the largest game): a writer of one part of
 * many (select/split.c) costs little while it waits. */
void writer_let_go(rgn_writer *w);

/* The input's name, as the formats write it: "-" when none was set. */
const char *writer_input(const rgn_writer *w);

extern const writer_format rgn_text_format;  /* RGN and LAN: write_rgn.c */
extern const writer_format rgn_coord_format; /* write_coord.c */
extern const writer_format rgn_fen_format;   /* write_fen.c */
extern const writer_format rgn_xml_format;   /* write_xml.c */
extern const writer_format rgn_html_format;  /* write_html.c */
extern const writer_format rgn_json_format;  /* write_json.c */

/* The first [%clk] and [%eval] commands of a comment after a ply
 * (comment_commands.c), for the ply's clock and eval (each "" until
 * one is read, then left as it is): the clock "H:MM:SS[.f]" as seconds, a
 * JSON number; the evaluation "0.23", "-1.5" (pawns) or "#-3" (mate in
 * so many moves, negative for Black) as a JSON number or {"mate":N}.
 * rest gets the text without the commands taken, trimmed. Returns whether
 * a command was taken. */
#define WRITER_CLOCK_SIZE 40
#define WRITER_EVAL_SIZE 48
bool writer_take_commands(rgn_span text, char *clock, char *eval,
                          rgn_buffer *rest);

/* The one sink of every writer (writer.c). */
extern const rgn_game_sink rgn_writer_game_sink;

/* Plays a move on the position a sink was given, for as long as the sink
 * needs the position after it; writer_take_back restores it exactly (a
 * sink must leave its "before" position as it was). No position is
 * copied. */
static inline void writer_play(rgn_position *pos, rgn_move move, rgn_undo *undo)
{
    rgn_rules_make(pos, move, undo);
}

static inline void writer_take_back(rgn_position *pos, rgn_move move,
                                    const rgn_undo *undo)
{
    rgn_rules_unmake(pos, move, undo);
}

/* Ends the variations still open (a game stopped by an error inside
 * one), as the format's end_variation ends each. */
void rgn_writer_close_variations(rgn_writer *writer);


/* "stopped at line 9, column 13: MESSAGE", for --keep-invalid */
void rgn_stop_note(const rgn_diagnostic *error, char *buf, size_t size);

#endif
