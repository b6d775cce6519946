/*
 * writer.h - what the exporters share (private): each format is a game
 * sink over struct rgn_writer, which holds the current game's output and
 * writes it, or not, when the game ends.
 */
#ifndef RGN_WRITER_H
#define RGN_WRITER_H

#include "base/buffer.h"
#include "rules/variant.h"

/* Movetext laid out in words, lines of at most 79 characters. The last
 * word waits (pending) so that a glyph or ')' can still join it. */
typedef struct text_layout {
    rgn_buffer *out;
    size_t line_length;
    char pending[128];
    size_t pending_len;
    char prefix[8]; /* what the next word begins with: '(' or '{' */
    size_t prefix_len;
} text_layout;

struct rgn_writer {
    rgn_writer_options options;
    FILE *out;
    bool write_failed;
    rgn_buffer game; /* the current game's output */
    uint64_t games;  /* games begun, over all inputs */
    uint64_t number; /* the current game's number among them */
    int depth;       /* variation depth */

    /* RGN and LAN */
    rgn_buffer tags;     /* name, NUL, value, NUL, in input order */
    rgn_buffer movetext;
    text_layout layout;
    bool need_number;    /* the next Black move needs "n..." */
    bool after_move;     /* the last word is a move: a glyph may join it */
    char chain[RGN_MAX_TURNS * 8]; /* --chains: the last move's turns, */
    size_t chain_len;              /* written after its glyph and NAGs */

    /* coordinates and RFEN: the main line's plies */
    int ply;

    /* XML */
    void *xml; /* the document's xmlTextWriterPtr */
    void *xml_game; /* the game's xmlTextWriterPtr, writing into xml_buffer */
    void *xml_buffer;
    bool move_open[RGN_MAX_VARIATION_DEPTH + 1]; /* a <move> open per depth */
    int line_ply[RGN_MAX_VARIATION_DEPTH + 1]; /* plies from the start, per depth */

    /* HTML */
    void *html; /* the page's state: write_html.c */
};

extern const rgn_game_sink rgn_text_sink;  /* RGN and LAN: write_rgn.c */
extern const rgn_game_sink rgn_coord_sink; /* write_coord.c */
extern const rgn_game_sink rgn_fen_sink;   /* write_fen.c */
extern const rgn_game_sink rgn_xml_sink;   /* write_xml.c */
extern const rgn_game_sink rgn_html_sink;  /* write_html.c */

/* Plays a move on the position a sink was given, for as long as the sink
 * needs the position after it; writer_take_back restores it exactly (a
 * sink must leave its "before" position as it was). No position is
 * copied. */
static inline void writer_play(rgn_position *pos, rgn_move move,
                               rgn_undo *undo)
{
    pos->variant->make(pos, move, undo);
}

static inline void writer_take_back(rgn_position *pos, rgn_move move,
                                    const rgn_undo *undo)
{
    pos->variant->unmake(pos, move, undo);
}

/* Sink parts for formats that follow only the main line (w->depth 0). */
void rgn_main_line_begin_game(void *writer, uint64_t number);
void rgn_main_line_begin_variation(void *writer);
void rgn_main_line_end_variation(void *writer);

/* Writes the game's output if it is to be written, and forgets it. */
void rgn_writer_end_game(rgn_writer *writer, bool write);

int rgn_xml_begin_document(rgn_writer *writer);
int rgn_xml_end_document(rgn_writer *writer);
void rgn_xml_free(rgn_writer *writer);

int rgn_html_begin_document(rgn_writer *writer);
int rgn_html_end_document(rgn_writer *writer);
void rgn_html_free(rgn_writer *writer);

/* "stopped at line 9, column 13: MESSAGE", for --keep-invalid */
void rgn_stop_note(const rgn_diagnostic *error, char *buf, size_t size);

#endif
