/*
 * write_xml.c - games as one XML document, described by grammar/rgn.rng,
 * written with libxml2's text writer (which does all the escaping).
 *
 * Each game is written by a text writer of its own into memory; when the
 * game ends it is copied into the document, or dropped if it is invalid
 * and is not to be kept. A <move> stays open until the next move of its
 * line, so that its NAGs, comments and variations (alternatives to it)
 * nest inside it.
 */
#include <errno.h>
#include <libxml/xmlwriter.h>
#include <string.h>

#include "formats/writer.h"

typedef struct xml_state {
    xmlTextWriterPtr doc;  /* the document */
    xmlTextWriterPtr game; /* the game, written into buffer */
    xmlBufferPtr buffer;
    bool move_open[RGN_MAX_VARIATION_DEPTH + 1]; /* a <move> open per depth */
    int line_ply[RGN_MAX_VARIATION_DEPTH +
                 1]; /* plies from the start, per depth */
    /* the game's Invalid tag (read, or the writer's mark of a game kept
     * invalid): written as <invalid> before the result, where the schema
     * has it */
    char invalid[700];
} xml_state;

static xml_state *state_of(rgn_writer *w) { return w->state; }

static xmlTextWriterPtr game_writer(rgn_writer *w) { return state_of(w)->game; }

static const xmlChar *X(const char *text) { return (const xmlChar *)text; }

/* The document goes to the writer's stream of the moment, which may
 * change (rgn_writer_set_output); NULL: nowhere, the output is given up. */
static int xml_write(void *context, const char *data, int len)
{
    rgn_writer *w = context;
    if (!w->out || len <= 0)
        return len;
    errno = 0;
    if (fwrite(data, 1, (size_t)len, w->out) == (size_t)len)
        return len;
    writer_fail(w, NULL); /* the system's reason, before libxml2's -1 */
    return -1;
}

static int xml_close(void *context)
{
    (void)context; /* the stream is its owner's to close */
    return 0;
}

static int xml_begin_document(rgn_writer *w)
{
    xml_state *s = state_of(w);
    xmlOutputBufferPtr output =
        xmlOutputBufferCreateIO(xml_write, xml_close, w, NULL);
    if (!output)
        return -1;
    xmlTextWriterPtr doc = xmlNewTextWriter(output);
    if (!doc)
        return -1;
    s->doc = doc;
    s->buffer = xmlBufferCreate();
    if (!s->buffer)
        return -1;
    xmlTextWriterSetIndent(doc, 1);
    if (xmlTextWriterStartDocument(doc, NULL, "UTF-8", NULL) < 0 ||
        xmlTextWriterStartElement(doc, X("rgn")) < 0 ||
        xmlTextWriterWriteAttribute(doc, X("version"), X("1")) < 0)
        return -1;
    return 0;
}

static int xml_end_document(rgn_writer *w)
{
    xmlTextWriterPtr doc = state_of(w)->doc;
    if (!doc)
        return -1;
    if (xmlTextWriterEndDocument(doc) < 0 || xmlTextWriterFlush(doc) < 0)
        return -1;
    return 0;
}

/* Drops the game being written, if any (one not to be written is left
 * until the next begins). */
static void drop_game(xml_state *s)
{
    if (s->game)
        xmlFreeTextWriter(s->game);
    s->game = NULL;
}

static void xml_free(void *state)
{
    xml_state *s = state;
    drop_game(s);
    if (s->doc)
        xmlFreeTextWriter(s->doc);
    if (s->buffer)
        xmlBufferFree(s->buffer);
}

static void attribute(rgn_writer *w, const char *name, const char *value)
{
    if (xmlTextWriterWriteAttribute(game_writer(w), X(name), X(value)) < 0)
        writer_fail(w, "out of memory");
}

static void start_element(rgn_writer *w, const char *name)
{
    if (xmlTextWriterStartElement(game_writer(w), X(name)) < 0)
        writer_fail(w, "out of memory");
}

static void end_element(rgn_writer *w)
{
    if (xmlTextWriterEndElement(game_writer(w)) < 0)
        writer_fail(w, "out of memory");
}

static void text_element(rgn_writer *w, const char *name, const char *text,
                         size_t len)
{
    start_element(w, name);
    if (xmlTextWriterWriteFormatString(game_writer(w), "%.*s", (int)len, text) <
        0)
        writer_fail(w, "out of memory");
    end_element(w);
}

static void close_move(rgn_writer *w)
{
    xml_state *s = state_of(w);
    if (s->move_open[w->depth]) {
        end_element(w);
        s->move_open[w->depth] = false;
    }
}

static void xml_begin_game(rgn_writer *w)
{
    xml_state *s = state_of(w);
    memset(s->move_open, 0, sizeof s->move_open);
    s->line_ply[0] = 0;
    s->invalid[0] = '\0'; /* a dropped game's is not the next one's */
    drop_game(s);
    xmlBufferEmpty(s->buffer);
    s->game = xmlNewTextWriterMemory(s->buffer, 0);
    if (!s->game) {
        writer_fail(w, "out of memory");
        return;
    }
    xmlTextWriterSetIndent(game_writer(w), 1);
    start_element(w, "game");
    char text[24];
    snprintf(text, sizeof text, "%llu", (unsigned long long)w->number);
    attribute(w, "number", text);
}

/* Where the game was read, as attributes of its <game>, which is still
 * open: nothing has been written inside it yet. */
static void xml_origin(rgn_writer *w)
{
    if (!game_writer(w))
        return;
    attribute(w, "file", writer_input(w));
    char text[24];
    snprintf(text, sizeof text, "%llu", (unsigned long long)w->origin.offset);
    attribute(w, "offset", text);
}

static void xml_tag(rgn_writer *w, rgn_span name, rgn_span value)
{
    if (!game_writer(w))
        return;
    if (name.len == 7 && memcmp(name.data, "Invalid", 7) == 0) {
        snprintf(state_of(w)->invalid, sizeof state_of(w)->invalid, "%.*s",
                 (int)value.len, value.data);
        return;
    }
    char name_text[256];
    snprintf(name_text, sizeof name_text, "%.*s", (int)name.len, name.data);
    start_element(w, "tag");
    attribute(w, "name", name_text);
    if (xmlTextWriterWriteFormatAttribute(game_writer(w), X("value"), "%.*s",
                                          (int)value.len, value.data) < 0)
        writer_fail(w, "out of memory");
    end_element(w);
}

static void xml_start(rgn_writer *w, const rgn_position *start, bool has_fen)
{
    if (!game_writer(w))
        return;
    start_element(w, "start");
    attribute(w, "variant", rgn_variant_name(rgn_position_variant(start)));
    if (has_fen) {
        char fen[512];
        rgn_position_fen(start, fen, sizeof fen);
        attribute(w, "fen", fen);
    }
    end_element(w);
}

/* The name of an orientation, or NULL for a piece without one. */
static const char *orientation_name(int orientation)
{
    return orientation >= 0 ? rgn_direction_name(orientation) : NULL;
}

/* A null move has no squares nor piece; with --xml-fen, its position. */
static void xml_null_move_fen(rgn_writer *w, rgn_position *before)
{
    if (!w->options.xml_fen)
        return;
    char text[512];
    rgn_undo undo;
    rgn_move null = rgn_null_move();
    writer_play(before, null, &undo);
    rgn_position_fen(before, text, sizeof text);
    attribute(w, "fen", text);
    writer_take_back(before, null, &undo);
}

static void xml_move(rgn_writer *w, rgn_position *before, rgn_move move,
                     const char *san)
{
    xml_state *s = state_of(w);
    if (!s->game)
        return;
    close_move(w);
    start_element(w, "move");
    s->move_open[w->depth] = true;

    const rgn_variant *v = rgn_position_variant(before);
    char text[512];
    /* counted from the game's start position, as everywhere in rgn */
    snprintf(text, sizeof text, "%d", ++s->line_ply[w->depth]);
    attribute(w, "ply", text);
    attribute(w, "side",
              rgn_position_side(before) == RGN_WHITE ? "white" : "black");
    attribute(w, "san", san);
    rgn_move_lan(before, move, text, sizeof text);
    attribute(w, "lan", text);
    if (rgn_move_is_null(move)) { /* "--": no piece moves */
        xml_null_move_fen(w, before);
        return;
    }
    rgn_square_name(v, move.from, text);
    attribute(w, "from", text);
    rgn_square_name(v, move.to, text);
    attribute(w, "to", text);
    int orientation_before;
    char piece[2] = {
        rgn_position_piece(before, move.from, NULL, &orientation_before), 0};
    attribute(w, "piece", piece);
    /* en passant takes the pawn beside the origin, not on the
     * destination */
    int taken = move.kind == RGN_MOVE_EN_PASSANT
                    ? rgn_square_at(v, rgn_square_file(v, move.to),
                                    rgn_square_rank(v, move.from))
                    : move.to;
    char captured[2] = {move.from != move.to
                            ? rgn_position_piece(before, taken, NULL, NULL)
                            : 0,
                        0};
    if (captured[0])
        attribute(w, "captured", captured);
    if (orientation_name(orientation_before))
        attribute(w, "orientation-before",
                  orientation_name(orientation_before));
    rgn_undo undo;
    writer_play(before, move, &undo); /* until the end: the position after */
    const rgn_position *after = before;
    int orientation_after;
    rgn_position_piece(after, move.to, NULL, &orientation_after);
    if (orientation_name(orientation_after))
        attribute(w, "orientation-after", orientation_name(orientation_after));
    if (move.promotion) {
        char promotion[2] = {rgn_variant_piece_letter(v, move.promotion), 0};
        attribute(w, "promotion", promotion);
    }
    if (rgn_position_in_check(after))
        attribute(w, "check",
                  rgn_position_status(before) == RGN_CHECKMATE ? "mate"
                                                               : "check");
    if (rgn_variant_players(v) == 1) /* a solitaire: goal reached? */
        attribute(w, "solved",
                  rgn_position_status(before) == RGN_SOLVED ? "yes" : "no");
    if (w->options.xml_fen) {
        rgn_position_fen(after, text, sizeof text);
        attribute(w, "fen", text);
    }
    writer_take_back(before, move, &undo);
    /* the chain of turns is worked out from the position before the move */
    rgn_turn turns[RGN_MAX_TURNS];
    int count = rgn_move_chain(before, move, turns);
    for (int i = 0; i < count; i++) {
        start_element(w, "turn");
        rgn_square_name(v, turns[i].square, text);
        attribute(w, "square", text);
        char letter[2] = {turns[i].piece, 0};
        attribute(w, "piece", letter);
        attribute(w, "facing", rgn_direction_name(turns[i].facing));
        end_element(w);
    }
}

static void xml_nag(rgn_writer *w, unsigned nag)
{
    if (!game_writer(w))
        return;
    char text[8];
    snprintf(text, sizeof text, "%u", nag);
    start_element(w, "nag");
    attribute(w, "value", text);
    end_element(w);
}

static void xml_comment(rgn_writer *w, rgn_span text)
{
    if (game_writer(w))
        text_element(w, "comment", text.data, text.len);
}

static void xml_begin_variation(rgn_writer *w)
{
    xml_state *s = state_of(w);
    if (!s->game)
        return;
    start_element(w, "variation");
    s->move_open[w->depth] = false;
    /* a variation replaces the move just made */
    s->line_ply[w->depth] = s->line_ply[w->depth - 1] - 1;
}

static void xml_end_variation(rgn_writer *w)
{
    if (!game_writer(w))
        return;
    close_move(w);
    end_element(w);
}

static void xml_end_game(rgn_writer *w, rgn_span result,
                         const rgn_diagnostic *error)
{
    xml_state *s = state_of(w);
    if (!s->game)
        return;
    /* a game kept invalid before has its note and mark already */
    if (error && error->problem != RGN_E_KEPT_INVALID) {
        char note[700];
        rgn_stop_note(error, note, sizeof note);
        text_element(w, "comment", note, strlen(note));
    }
    rgn_writer_close_variations(w);
    close_move(w);
    if (s->invalid[0])
        text_element(w, "invalid", s->invalid, strlen(s->invalid));
    s->invalid[0] = '\0';
    text_element(w, "result", result.data, result.len);
    end_element(w); /* game */
    if (xmlTextWriterFlush(s->game) < 0)
        writer_fail(w, "out of memory");
    drop_game(s);
    if (xmlTextWriterWriteRaw(s->doc, xmlBufferContent(s->buffer)) < 0)
        writer_fail(w, "out of memory");
    xmlBufferEmpty(s->buffer);
}

const writer_format rgn_xml_format = {
    .state_size = sizeof(xml_state),
    .begin_document = xml_begin_document,
    .end_document = xml_end_document,
    .free_state = xml_free,
    .begin_game = xml_begin_game,
    .origin = xml_origin,
    .tag = xml_tag,
    .start = xml_start,
    .move = xml_move,
    .nag = xml_nag,
    .comment = xml_comment,
    .begin_variation = xml_begin_variation,
    .end_variation = xml_end_variation,
    .end_game = xml_end_game,
};
