/*
 * input.h - what the input stage shares (private): the ways into an
 * rgn_input that the reading of games takes besides rgn_input_read, the
 * reading's options, and what its two forms (pull.c, read.c) do first
 * (start.c).
 */
#ifndef RGN_INPUT_H
#define RGN_INPUT_H

#include "rgn.h"

/* Whether the input is a regular file read as it is (no compression):
 * one that can be mapped (input_raw_file's descriptor). */
bool input_is_plain_file(const rgn_input *input);
/* The raw file under the input (NULL for empty memory). */
FILE *input_raw_file(const rgn_input *input);
/* Whether the input is memory read as it is: true with its bytes. */
bool input_plain_memory(const rgn_input *input, const char **data, size_t *len);

struct rgn_read_options {
    const rgn_variant *variant;
    bool force_variant, strict, latin1, no_replay;
    enum rgn_read_format format;
    bool ranged;
    uint64_t from, to;
    uint32_t line;
    int jobs; /* rgn_games_read's; 0 is 1 */
};

/* The defaults, as rgn_read_options_new makes them. */
#define INPUT_READ_DEFAULTS                                                    \
    ((rgn_read_options){.latin1 = true, .to = UINT64_MAX})

/* A failure of the reading: its kind and its message. */
typedef struct input_failure {
    enum rgn_read_failure kind;
    char message[256];
} input_failure;

/* The bytes read first to tell an input's format. */
#define INPUT_HEAD ((size_t)4096)

/* Reads the head of what is read now (up to INPUT_HEAD bytes into buf,
 * *len of them) and tells its format, file naming it in messages: 1 XML,
 * 0 RGN, 2 nothing but white space (no game, whatever the format); -1
 * with *failure when it cannot be read, holds binary data or is not of
 * the format asked for. */
int input_read_head(rgn_input *input, const char *file,
                    enum rgn_read_format format, char *buf, size_t *len,
                    input_failure *failure);

/* A plain input in memory whole: a mapping of the file's own, or the
 * caller's buffer (mapping NULL). */
typedef struct input_whole {
    const char *data;
    uint64_t size;
    void *mapping;
} input_whole;

/* The whole of a plain file or memory into *whole, path naming it; -1
 * with *failure (RGN_READ_NOT_RANGED) for any other input. */
int input_map_whole(rgn_input *input, const char *path, input_whole *whole,
                    input_failure *failure);
void input_unmap_whole(input_whole *whole);

/* The range options ask for, in whole (path naming it), with its start
 * found; -1 with *failure when the range cannot be read of it. */
int input_start_range(const input_whole *whole, const char *path,
                      const rgn_read_options *options, rgn_range *range,
                      input_failure *failure);

/* The XML reader's input: the head read (len bytes, pos of them given
 * already), then the rest of input. */
typedef struct input_xml {
    rgn_input *input;
    const char *head;
    size_t len, pos;
} input_xml;
/* A FILE over xml, which must outlive it; NULL when memory runs out. */
FILE *input_xml_open(input_xml *xml);

/* "ARCHIVE(MEMBER)", the name of a zip archive's member in messages, in
 * memory the caller frees; NULL when memory runs out. */
char *input_member_name(const rgn_input *input, const char *member);

#endif
