/*
 * read_xml.c - reads the XML that write_xml.c writes (grammar/rgn.rng)
 * with libxml2's streaming reader, and hands its games to the validator
 * as if they were RGN, with locations at XML lines.
 *
 * Untrusted input: no network (XML_PARSE_NONET), no DTD loading, no
 * entity substitution, libxml2's size limits kept (no XML_PARSE_HUGE),
 * and any document type declaration is refused outright: without one no
 * entity can be declared, so neither external entities nor entity bombs
 * can do harm. The reader streams, so memory stays bounded.
 */
#include <libxml/xmlreader.h>
#include <stdio.h>
#include <string.h>

#include "base/buffer.h"
#include "validate/validate.h"

typedef struct xml_source {
    xmlTextReaderPtr reader;
    const rgn_visitor *visitor;
    void *user;
    bool in_game;
    bool abandoned;  /* the visitor gave the game up: skip to </game> */
    bool collecting; /* inside <comment> or <result>: gather its text */
    rgn_buffer text;
    rgn_location text_where;
    char error[300]; /* libxml2's first complaint */
    rgn_location error_where;
} xml_source;

/* The input, watched for a document type declaration: the parse stops
 * before libxml2 sees one, so no DTD is ever parsed. */
typedef struct xml_input {
    FILE *in;
    bool doctype;
    char tail[9]; /* the last bytes read, for a "<!DOCTYPE" across chunks */
    size_t tail_len;
} xml_input;

static const char doctype_mark[] = "<!DOCTYPE";
#define MARK_LEN (sizeof doctype_mark - 1)

static bool contains_mark(const char *data, size_t len)
{
    for (size_t i = 0; i + MARK_LEN <= len; i++)
        if (data[i] == '<' && memcmp(data + i, doctype_mark, MARK_LEN) == 0)
            return true;
    return false;
}

/* Whether the mark is in this chunk, or begins in the bytes kept from the
 * chunks before; keeps the last MARK_LEN - 1 bytes for the next call. */
static bool has_doctype(xml_input *input, const char *data, size_t len)
{
    char joined[2 * MARK_LEN];
    size_t head = len < MARK_LEN ? len : MARK_LEN;
    memcpy(joined, input->tail, input->tail_len);
    memcpy(joined + input->tail_len, data, head);
    size_t joined_len = input->tail_len + head;
    if (contains_mark(joined, joined_len) || contains_mark(data, len))
        return true;
    /* the last bytes of tail + data become the new tail */
    const char *end = len >= MARK_LEN - 1 ? data + len : joined + joined_len;
    size_t keep = MARK_LEN - 1;
    if (len < MARK_LEN - 1 && joined_len < keep)
        keep = joined_len;
    memmove(input->tail, end - keep, keep);
    input->tail_len = keep;
    return false;
}

static int read_input(void *context, char *buffer, int len)
{
    xml_input *input = context;
    size_t got = fread(buffer, 1, (size_t)len, input->in);
    if (got == 0 && ferror(input->in))
        return -1;
    if (has_doctype(input, buffer, got)) {
        input->doctype = true;
        return -1;
    }
    return (int)got;
}

static int close_input(void *context)
{
    (void)context;
    return 0;
}

static void on_xml_error(void *context, xmlErrorPtr error)
{
    xml_source *x = context;
    if (x->error[0] || !error)
        return;
    snprintf(x->error, sizeof x->error, "XML: %s",
             error->message ? error->message : "malformed document");
    size_t len = strlen(x->error);
    while (len && (x->error[len - 1] == '\n' || x->error[len - 1] == ' '))
        x->error[--len] = '\0';
    x->error_where =
        (rgn_location){0, (uint32_t)(error->line > 0 ? error->line : 1),
                       (uint32_t)(error->int2 > 0 ? error->int2 : 1)};
}

static rgn_location here(const xml_source *x)
{
    int line = xmlTextReaderGetParserLineNumber(x->reader);
    int column = xmlTextReaderGetParserColumnNumber(x->reader);
    return (rgn_location){0, (uint32_t)(line > 0 ? line : 1),
                          (uint32_t)(column > 0 ? column : 1)};
}

/* Calls a visitor callback unless the game is being skipped; a non-zero
 * answer abandons the game. */
#define VISIT(x, callback, ...)                                                \
    do {                                                                       \
        if (!(x)->abandoned && (x)->visitor->callback &&                       \
            (x)->visitor->callback((x)->user, __VA_ARGS__))                    \
            (x)->abandoned = true;                                             \
    } while (0)

static void begin_game(xml_source *x, rgn_location where)
{
    x->in_game = true;
    x->abandoned = false;
    VISIT(x, begin_game, where);
}

static void end_game(xml_source *x, rgn_location where)
{
    x->visitor->end_game(x->user, where);
    x->in_game = false;
    x->abandoned = false;
}

/* A problem with the document itself: reported in a game of its own
 * (or the open one), which then ends. */
static void document_error(xml_source *x, rgn_location where,
                           const char *message)
{
    if (!x->in_game)
        begin_game(x, where);
    x->visitor->error(x->user, where, message);
    end_game(x, where);
}

static rgn_span attribute(xml_source *x, const char *name, xmlChar **owned)
{
    *owned = xmlTextReaderGetAttribute(x->reader, (const xmlChar *)name);
    if (!*owned)
        return (rgn_span){"", 0};
    return (rgn_span){(const char *)*owned, strlen((const char *)*owned)};
}

static bool is(const xmlChar *name, const char *word)
{
    return strcmp((const char *)name, word) == 0;
}

/* Returns false when the document is to be refused. */
static bool start_element(xml_source *x, const xmlChar *name)
{
    rgn_location where = here(x);
    xmlChar *a = NULL, *b = NULL;
    if (is(name, "rgn")) {
        rgn_span version = attribute(x, "version", &a);
        bool ok = version.len == 1 && version.data[0] == '1';
        xmlFree(a);
        if (!ok)
            document_error(x, where, "XML: <rgn> must have version=\"1\"");
        return ok;
    }
    if (is(name, "game")) {
        if (x->in_game) {
            document_error(x, where, "XML: <game> inside a game");
            return false;
        }
        begin_game(x, where);
        return true;
    }
    if (!x->in_game) {
        char message[160];
        snprintf(message, sizeof message, "XML: <%.40s> outside a <game>",
                 (const char *)name);
        document_error(x, where, message);
        return false;
    }
    if (is(name, "tag")) {
        rgn_span tag_name = attribute(x, "name", &a);
        rgn_span value = attribute(x, "value", &b);
        VISIT(x, tag, tag_name, value, where);
    } else if (is(name, "move")) {
        rgn_span san = attribute(x, "san", &a);
        VISIT(x, move, san, where);
    } else if (is(name, "nag")) {
        rgn_span value = attribute(x, "value", &a);
        char *end;
        long nag = strtol(value.data, &end, 10);
        if (value.len == 0 || *end || nag < 0 || nag > 255) {
            xmlFree(a);
            document_error(x, where, "XML: <nag> needs a value from 0 to 255");
            return false;
        }
        VISIT(x, nag, (unsigned)nag, where);
    } else if (is(name, "variation")) {
        VISIT(x, begin_variation, where);
    } else if (is(name, "comment") || is(name, "result") ||
               is(name, "invalid")) {
        x->collecting = true;
        x->text_where = where;
        rgn_buffer_reset(&x->text);
    } else if (!is(name, "start") && !is(name, "turn")) {
        /* <turn>: a chain the move text implies, so nothing to read */
        char message[160];
        snprintf(message, sizeof message, "XML: unexpected element <%.40s>",
                 (const char *)name);
        document_error(x, where, message);
        return false;
    }
    xmlFree(a);
    xmlFree(b);
    return true;
}

static void end_element(xml_source *x, const xmlChar *name)
{
    rgn_location where = here(x);
    if (is(name, "game")) {
        if (x->in_game)
            end_game(x, where);
    } else if (is(name, "variation")) {
        VISIT(x, end_variation, where);
    } else if (is(name, "comment") || is(name, "result") ||
               is(name, "invalid")) {
        rgn_span text = {x->text.data ? x->text.data : "", x->text.len};
        if (is(name, "comment"))
            VISIT(x, comment, text, x->text_where);
        else if (is(name, "invalid")) /* its Invalid tag, written out */
            VISIT(x, tag, (rgn_span){"Invalid", 7}, text, x->text_where);
        else
            VISIT(x, result, text, x->text_where);
        x->collecting = false;
    }
}

static const char refusal[] =
    "XML: document type declarations (<!DOCTYPE>) and entities are refused: "
    "they could read files or expand without bound";

int rgn_validator_read_xml(rgn_validator *validator, FILE *in, const char *name)
{
    xml_source x = {0};
    xml_input input = {in, false, "", 0};
    x.visitor = rgn_validator_visitor(validator, &x.user);
    if (!x.visitor)
        return -1; /* a validator of several jobs reads RGN only */
    x.reader = xmlReaderForIO(read_input, close_input, &input, name, NULL,
                              XML_PARSE_NONET | XML_PARSE_NOWARNING);
    if (!x.reader)
        return -1;
    xmlTextReaderSetStructuredErrorHandler(x.reader, on_xml_error, &x);
    int status;
    bool refused = false;
    while (!refused && (status = xmlTextReaderRead(x.reader)) == 1) {
        int type = xmlTextReaderNodeType(x.reader);
        const xmlChar *node = xmlTextReaderConstLocalName(x.reader);
        switch (type) {
        case XML_READER_TYPE_DOCUMENT_TYPE:
        case XML_READER_TYPE_ENTITY:
        case XML_READER_TYPE_ENTITY_REFERENCE:
            document_error(&x, here(&x), refusal);
            refused = true;
            break;
        case XML_READER_TYPE_ELEMENT: {
            bool empty = xmlTextReaderIsEmptyElement(x.reader);
            refused = !start_element(&x, node);
            if (!refused && empty)
                end_element(&x, node);
            break;
        }
        case XML_READER_TYPE_END_ELEMENT: end_element(&x, node); break;
        case XML_READER_TYPE_TEXT:
        case XML_READER_TYPE_CDATA:
        case XML_READER_TYPE_SIGNIFICANT_WHITESPACE:
        case XML_READER_TYPE_WHITESPACE:
            if (x.collecting) {
                const xmlChar *value = xmlTextReaderConstValue(x.reader);
                if (value)
                    rgn_buffer_puts(&x.text, (const char *)value);
            }
            break;
        default: break;
        }
    }
    if (!refused && input.doctype)
        document_error(&x, here(&x), refusal);
    else if (!refused && status < 0)
        document_error(&x, x.error[0] ? x.error_where : here(&x),
                       x.error[0] ? x.error : "XML: malformed document");
    else if (x.in_game)
        document_error(&x, here(&x), "XML: the document ends inside a game");
    xmlFreeTextReader(x.reader);
    rgn_buffer_free(&x.text);
    return ferror(in) ? -1 : 0;
}
