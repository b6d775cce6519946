/*
 * start.c - what both forms of reading an input's games do first (pull.c
 * pulls them, read.c pushes them): the head read and the format told,
 * binary data refused, and a range's input taken whole and its start
 * found, each failure with a kind that lets a program add its words.
 */
#define _GNU_SOURCE /* fopencookie */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "input/input.h"

static int failed(input_failure *failure, enum rgn_read_failure kind,
                  const char *format, ...)
    __attribute__((format(printf, 3, 4)));
static int failed(input_failure *failure, enum rgn_read_failure kind,
                  const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(failure->message, sizeof failure->message, format, args);
    va_end(args);
    failure->kind = kind;
    return -1;
}

/* No game record holds a NUL byte: an image, a program, a database,
 * UTF-16 text. */
static int refuse_binary(const char *head, size_t len, const char *file,
                         input_failure *failure)
{
    const char *nul = memchr(head, '\0', len);
    if (!nul)
        return 0;
    return failed(failure, RGN_READ_FAILED,
                  "%s is not a game file: it holds binary data (a NUL byte "
                  "at offset %zu)",
                  file, (size_t)(nul - head));
}

int input_read_head(rgn_input *input, const char *file,
                    enum rgn_read_format format, char *buf, size_t *len,
                    input_failure *failure)
{
    ptrdiff_t n;
    *len = 0;
    while (*len < INPUT_HEAD &&
           (n = rgn_input_read(input, buf + *len, INPUT_HEAD - *len)) > 0)
        *len += (size_t)n;
    const char *why = rgn_input_problem(input);
    if (why)
        return failed(failure, RGN_READ_FAILED, "cannot read %s: %s", file,
                      why);
    int look = rgn_input_looks_like_xml(buf, *len);
    if (look < 0 && *len == INPUT_HEAD)
        look = format == RGN_READ_XML; /* white space, and more after it: the
                                          format asked for, RGN by default */
    if (format == RGN_READ_RGN && look == 1)
        return failed(failure, RGN_READ_NOT_RGN, "%s looks like XML, not RGN",
                      file);
    if (refuse_binary(buf, *len, file, failure) < 0)
        return -1;
    if (format == RGN_READ_XML && look == 0)
        return failed(failure, RGN_READ_NOT_XML,
                      "%s does not look like XML (it does not begin with "
                      "'<')",
                      file);
    if (look < 0)
        return 2;
    return format != RGN_READ_AUTO ? format == RGN_READ_XML : look == 1;
}

int input_map_whole(rgn_input *input, const char *path, input_whole *whole,
                    input_failure *failure)
{
    const char *data;
    size_t len;
    *whole = (input_whole){.data = ""};
    if (rgn_input_member(input))
        return failed(failure, RGN_READ_NOT_RANGED,
                      "cannot read %s: a zip archive is read whole", path);
    if (rgn_input_compression(input))
        return failed(failure, RGN_READ_NOT_RANGED,
                      "cannot read %s: a compressed file is read whole "
                      "(decompress it first)",
                      path);
    if (input_plain_memory(input, &data, &len)) {
        whole->data = data;
        whole->size = len;
        return 0;
    }
    FILE *raw = input_raw_file(input);
    struct stat st;
    if (!input_is_plain_file(input) || !raw)
        return failed(failure, RGN_READ_NOT_RANGED,
                      "cannot read %s: not a regular file (a pipe or a "
                      "device is read whole)",
                      path);
    if (fstat(fileno(raw), &st) != 0)
        return failed(failure, RGN_READ_NOT_RANGED, "cannot read %s: %s", path,
                      strerror(errno));
    if (st.st_size == 0)
        return 0;
    void *map =
        mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fileno(raw), 0);
    if (map == MAP_FAILED)
        return failed(failure, RGN_READ_NOT_RANGED, "cannot read %s: %s", path,
                      strerror(errno));
    whole->data = whole->mapping = map;
    whole->size = (uint64_t)st.st_size;
    return 0;
}

void input_unmap_whole(input_whole *whole)
{
    if (whole->mapping)
        munmap(whole->mapping, (size_t)whole->size);
    *whole = (input_whole){.data = ""};
}

int input_start_range(const input_whole *whole, const char *path,
                      const rgn_read_options *o, rgn_range *range,
                      input_failure *failure)
{
    size_t head = whole->size < INPUT_HEAD ? (size_t)whole->size : INPUT_HEAD;
    const char *why = NULL;
    if (o->from > whole->size)
        why = "the range begins after the end of the file";
    else if (o->format == RGN_READ_XML ||
             (o->format == RGN_READ_AUTO &&
              rgn_input_looks_like_xml(whole->data, head) == 1))
        why = "XML is read whole";
    if (why)
        return failed(failure, RGN_READ_RANGE_REFUSED,
                      "cannot read %s (%llu bytes): %s", path,
                      (unsigned long long)whole->size, why);
    if (refuse_binary(whole->data, head, path, failure) < 0)
        return -1;
    /* an end past the input is its end */
    *range = (rgn_range){.from = o->from,
                         .to = o->to > whole->size ? whole->size : o->to};
    if (whole->size && o->line)
        rgn_range_locate_at_line(whole->data, whole->size, range, o->line);
    else if (whole->size)
        rgn_range_locate(whole->data, whole->size, range);
    return 0;
}

char *input_member_name(const rgn_input *input, const char *member)
{
    const char *archive = rgn_input_name(input);
    size_t size = strlen(archive) + strlen(member) + 3;
    char *name = malloc(size);
    if (name)
        snprintf(name, size, "%s(%s)", archive, member);
    return name;
}

static ssize_t xml_read(void *cookie, char *out, size_t size)
{
    input_xml *xml = cookie;
    if (xml->pos < xml->len) {
        size_t n = xml->len - xml->pos;
        if (n > size)
            n = size;
        memcpy(out, xml->head + xml->pos, n);
        xml->pos += n;
        return (ssize_t)n;
    }
    ptrdiff_t n = rgn_input_read(xml->input, out, size);
    if (n < 0)
        errno = EIO;
    return n;
}

FILE *input_xml_open(input_xml *xml)
{
    cookie_io_functions_t io = {xml_read, NULL, NULL, NULL};
    return fopencookie(xml, "rb", io);
}
