/*
 * open.c - an input of games opened (rgn_input): a file, standard input
 * or a memory buffer, read as it is or, when its first bytes say so,
 * decompressed on the fly (gzip, zstd, bzip2 with their own libraries;
 * xz and zip archives through libarchive), so that a compressed archive
 * needs no temporary copy; a zip archive's members are read one after
 * another, each to its end (rgn_input_member, rgn_input_next_member).
 */
#define _GNU_SOURCE /* fmemopen */
#include <archive.h>
#include <archive_entry.h>
#include <bzlib.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <zlib.h>
#include <zstd.h>

#include "base/errors.h"
#include "input/input.h"

enum compression { PLAIN, GZIP, ZSTD, BZIP2, XZ, ZIP, UNSUPPORTED };

static const char *const compression_names[] = {"plain", "gzip", "zstd",
                                                "bzip2", "xz",   "zip"};

/* The bytes read to tell the formats apart. */
#define MAGIC_LEN 6

#define RAW_CHUNK (1 << 16)

struct rgn_input {
    char *name;     /* as messages name it: "<stdin>" for standard input */
    FILE *raw;      /* NULL for empty memory */
    bool close_raw; /* not for standard input */
    enum compression kind;
    unsigned char buf[RAW_CHUNK]; /* raw bytes read, not yet used */
    size_t len, pos;
    bool raw_eof;
    bool stream_done;    /* a compressed stream ended; another may follow */
    const char *problem; /* why reading failed, or NULL */
    z_stream gzip;
    ZSTD_DStream *zstd;
    bz_stream bzip2;
    struct archive *archive; /* xz and zip */
    bool seekable;           /* a zip's directory can be read at its end */
    bool in_member;          /* a zip member is being read */
    char *member;            /* its name */
    char message[256];       /* problem's text, when libarchive gave it */
    bool fatal;              /* the archive cannot be read further */
    bool regular;            /* a regular file (which can be mapped) */
    bool is_memory;          /* rgn_input_open_memory's */
    const char *memory;      /* its bytes */
    size_t memory_len;
};
typedef struct rgn_input input;

/* The name of an archive format rgn does not read, from its first bytes
 * (7z and RAR; libarchive could, but they are not game archives that rgn
 * meets); NULL for another. */
static const char *unsupported(const unsigned char *head, size_t len)
{
    if (len >= 6 && memcmp(head, "7z\xBC\xAF\x27\x1C", 6) == 0)
        return "7z";
    if (len >= 6 && memcmp(head, "Rar!\x1A\x07", 6) == 0)
        return "RAR";
    return NULL;
}

static enum compression sniff(const unsigned char *head, size_t len)
{
    if (len >= 6 && memcmp(head,
                           "\xFD"
                           "7zXZ\0",
                           6) == 0)
        return XZ;
    /* a local file header, or the end of an empty archive */
    if (len >= 4 &&
        (memcmp(head, "PK\3\4", 4) == 0 || memcmp(head, "PK\5\6", 4) == 0))
        return ZIP;
    if (unsupported(head, len))
        return UNSUPPORTED;
    if (len >= 2 && head[0] == 0x1F && head[1] == 0x8B)
        return GZIP;
    if (len >= 4 && head[0] == 0x28 && head[1] == 0xB5 && head[2] == 0x2F &&
        head[3] == 0xFD)
        return ZSTD;
    /* a skippable frame (magic 0x184D2A50 to 0x184D2A5F, little-endian):
     * pzstd writes one before each zstd frame; libzstd passes over it */
    if (len >= 4 && (head[0] & 0xF0) == 0x50 && head[1] == 0x2A &&
        head[2] == 0x4D && head[3] == 0x18)
        return ZSTD;
    if (len >= 3 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h')
        return BZIP2;
    return PLAIN;
}

/* Makes raw bytes available: false at the end of the raw input (or on a
 * read error, with problem set). */
static bool refill(input *in)
{
    if (in->pos < in->len)
        return true;
    if (in->raw_eof || !in->raw)
        return false;
    in->pos = 0;
    in->len = fread(in->buf, 1, sizeof in->buf, in->raw);
    if (in->len == 0) {
        in->raw_eof = true;
        if (ferror(in->raw))
            in->problem = strerror(errno);
        return false;
    }
    return true;
}

static ssize_t fail(input *in, const char *problem)
{
    in->problem = problem;
    errno = EIO;
    return -1;
}

/* After the end of one compressed stream: another may follow (gzip
 * members and bzip2 streams are concatenated by cat and by parallel
 * compressors); anything else is the end. */
static bool another_stream_follows(input *in)
{
    return in->stream_done && refill(in);
}

static ssize_t read_gzip(input *in, char *out, size_t size)
{
    z_stream *z = &in->gzip;
    z->next_out = (Bytef *)out;
    z->avail_out = (uInt)size;
    while (z->avail_out == size) {
        if (in->stream_done) {
            if (!another_stream_follows(in))
                break;
            if (inflateReset(z) != Z_OK)
                return fail(in, "cannot restart the gzip decoder");
            in->stream_done = false;
        }
        if (!refill(in))
            return in->problem ? fail(in, in->problem)
                               : fail(in, "the gzip data is cut short");
        z->next_in = in->buf + in->pos;
        z->avail_in = (uInt)(in->len - in->pos);
        int rc = inflate(z, Z_NO_FLUSH);
        in->pos = in->len - z->avail_in;
        if (rc == Z_STREAM_END)
            in->stream_done = true;
        else if (rc != Z_OK && rc != Z_BUF_ERROR)
            return fail(in, "the gzip data is corrupt");
    }
    return (ssize_t)(size - z->avail_out);
}

static ssize_t read_zstd(input *in, char *out, size_t size)
{
    ZSTD_outBuffer output = {out, size, 0};
    while (output.pos == 0) {
        if (!refill(in)) {
            if (in->problem)
                return fail(in, in->problem);
            if (!in->stream_done)
                return fail(in, "the zstd data is cut short");
            break;
        }
        ZSTD_inBuffer input = {in->buf, in->len, in->pos};
        size_t rc = ZSTD_decompressStream(in->zstd, &output, &input);
        in->pos = input.pos;
        if (ZSTD_isError(rc))
            return fail(in, "the zstd data is corrupt");
        /* 0: a frame ended and nothing of it is pending */
        in->stream_done = rc == 0;
    }
    return (ssize_t)output.pos;
}

static ssize_t read_bzip2(input *in, char *out, size_t size)
{
    bz_stream *bz = &in->bzip2;
    bz->next_out = out;
    bz->avail_out = (unsigned)size;
    while (bz->avail_out == size) {
        if (in->stream_done) {
            if (!another_stream_follows(in))
                break;
            BZ2_bzDecompressEnd(bz);
            if (BZ2_bzDecompressInit(bz, 0, 0) != BZ_OK)
                return fail(in, "cannot restart the bzip2 decoder");
            in->stream_done = false;
        }
        if (!refill(in))
            return in->problem ? fail(in, in->problem)
                               : fail(in, "the bzip2 data is cut short");
        bz->next_in = (char *)in->buf + in->pos;
        bz->avail_in = (unsigned)(in->len - in->pos);
        int rc = BZ2_bzDecompress(bz);
        in->pos = in->len - bz->avail_in;
        if (rc == BZ_STREAM_END)
            in->stream_done = true;
        else if (rc != BZ_OK)
            return fail(in, "the bzip2 data is corrupt");
    }
    return (ssize_t)(size - bz->avail_out);
}

/* libarchive's read callback: the raw bytes, the first ones sniffed
 * included. */
static la_ssize_t archive_feed(struct archive *archive, void *cookie,
                               const void **block)
{
    input *in = cookie;
    if (!refill(in)) {
        if (!in->problem)
            return 0;
        archive_set_error(archive, EIO, "%s", in->problem);
        return ARCHIVE_FATAL;
    }
    *block = in->buf + in->pos;
    size_t n = in->len - in->pos;
    in->pos = in->len;
    return (la_ssize_t)n;
}

/* libarchive's seek callback, for a file: a zip is read from its central
 * directory, which names every member whatever wrote it. */
static la_int64_t archive_seek(struct archive *archive, void *cookie,
                               la_int64_t offset, int whence)
{
    input *in = cookie;
    (void)archive;
    if (fseeko(in->raw, (off_t)offset, whence) != 0)
        return ARCHIVE_FATAL;
    in->pos = in->len = 0;
    in->raw_eof = false;
    return (la_int64_t)ftello(in->raw);
}

/* Why libarchive failed (with rc), as the problem of the input:
 * "unsupported compression" when it names a method it cannot read or an
 * encryption. */
static ssize_t archive_fail(input *in, int rc)
{
    const char *why = archive_error_string(in->archive);
    if (!why)
        why = "the data is corrupt";
    in->fatal = rc != ARCHIVE_FAILED; /* FAILED: this member only */
    bool unsupported_method = strstr(why, "nsupported") ||
                              strstr(why, "ncrypted") ||
                              strstr(why, "assphrase");
    if (unsupported_method)
        snprintf(in->message, sizeof in->message,
                 "unsupported compression in the %s archive (%s)",
                 compression_names[in->kind], why);
    else
        snprintf(in->message, sizeof in->message, "the %s data is corrupt (%s)",
                 compression_names[in->kind], why);
    return fail(in, in->message);
}

/* Moves to the next member that is a file (directories and links are
 * passed by): false at the end of the archive, or with problem set. */
static bool next_member(input *in)
{
    struct archive_entry *entry;
    in->in_member = false;
    free(in->member);
    in->member = NULL;
    for (;;) {
        int rc = archive_read_next_header(in->archive, &entry);
        if (rc == ARCHIVE_EOF)
            return false;
        if (rc < ARCHIVE_WARN) {
            archive_fail(in, rc);
            return false;
        }
        if (archive_entry_filetype(entry) != AE_IFREG)
            continue;
        const char *name = archive_entry_pathname(entry);
        in->member = strdup(name ? name : "?");
        if (!in->member) {
            fail(in, "out of memory");
            return false;
        }
        in->in_member = true;
        return true;
    }
}

static ssize_t read_archive(input *in, char *out, size_t size)
{
    if (!in->in_member)
        return 0;
    la_ssize_t n = archive_read_data(in->archive, out, size);
    if (n < 0)
        return archive_fail(in, (int)n);
    if (n == 0 && in->kind == XZ)
        in->in_member = false;
    return (ssize_t)n;
}

/* Plain data from a pipe: first the bytes read to sniff it, then the
 * rest. */
static ssize_t read_plain(input *in, char *out, size_t size)
{
    if (in->pos < in->len) {
        size_t n = in->len - in->pos < size ? in->len - in->pos : size;
        memcpy(out, in->buf + in->pos, n);
        in->pos += n;
        return (ssize_t)n;
    }
    if (!in->raw)
        return 0;
    size_t n = fread(out, 1, size, in->raw);
    if (n == 0 && ferror(in->raw))
        return fail(in, strerror(errno));
    return (ssize_t)n;
}

static ssize_t read_decoded(input *in, char *out, size_t size)
{
    if (in->problem) {
        errno = EIO;
        return -1;
    }
    switch (in->kind) {
    case GZIP: return read_gzip(in, out, size);
    case ZSTD: return read_zstd(in, out, size);
    case BZIP2: return read_bzip2(in, out, size);
    case XZ:
    case ZIP: return read_archive(in, out, size);
    default: return read_plain(in, out, size);
    }
}

ptrdiff_t rgn_input_read(rgn_input *in, void *buf, size_t size)
{
    return read_decoded(in, buf, size);
}

void rgn_input_close(rgn_input *in)
{
    if (!in)
        return;
    if (in->kind == GZIP)
        inflateEnd(&in->gzip);
    else if (in->kind == ZSTD)
        ZSTD_freeDStream(in->zstd);
    else if (in->kind == BZIP2)
        BZ2_bzDecompressEnd(&in->bzip2);
    if (in->archive)
        archive_read_free(in->archive);
    free(in->member);
    free(in->name);
    if (in->close_raw && in->raw)
        fclose(in->raw);
    free(in);
}

/* An xz stream is read as one file; a zip archive member by member,
 * from the first that is a file. False when memory runs out; a problem
 * of the data is kept for the first read. */
static bool start_archive(input *in)
{
    in->archive = archive_read_new();
    if (!in->archive)
        return false;
    if (in->kind == XZ) {
        archive_read_support_filter_xz(in->archive);
        archive_read_support_format_raw(in->archive);
    } else {
        archive_read_support_format_zip(in->archive);
    }
    if (in->seekable) { /* read from the start, through the callbacks */
        if (fseek(in->raw, 0, SEEK_SET) != 0)
            return false;
        in->pos = in->len = 0;
        archive_read_set_seek_callback(in->archive, archive_seek);
    }
    archive_read_set_read_callback(in->archive, archive_feed);
    archive_read_set_callback_data(in->archive, in);
    if (archive_read_open1(in->archive) != ARCHIVE_OK) {
        archive_fail(in, ARCHIVE_FATAL);
        return true;
    }
    next_member(in);
    if (in->kind == XZ) { /* the raw format's one entry, named "data" */
        free(in->member);
        in->member = NULL;
    }
    return true;
}

static bool start_decoder(input *in)
{
    switch (in->kind) {
    case GZIP: /* 15 + 32: a window of any size, gzip or zlib headers */
        return inflateInit2(&in->gzip, 15 + 32) == Z_OK;
    case ZSTD:
        in->zstd = ZSTD_createDStream();
        return in->zstd && !ZSTD_isError(ZSTD_initDStream(in->zstd));
    case BZIP2: return BZ2_bzDecompressInit(&in->bzip2, 0, 0) == BZ_OK;
    case XZ:
    case ZIP: return start_archive(in);
    default: return true;
    }
}

static rgn_input *out_of_memory(rgn_input *in, rgn_error *error)
{
    rgn_input_close(in);
    rgn_fail(error, "out of memory");
    return NULL;
}

/* Sniffs raw (NULL: empty) and starts its decoder; the input named name
 * is then ready to read. NULL after filling error. */
static rgn_input *wrap(FILE *raw, bool close_raw, bool seekable,
                       const char *name, rgn_error *error)
{
    input *in = calloc(1, sizeof *in);
    if (!in) {
        if (close_raw && raw)
            fclose(raw);
        rgn_fail(error, "out of memory");
        return NULL;
    }
    in->raw = raw;
    in->close_raw = close_raw;
    in->seekable = seekable;
    in->name = strdup(name);
    if (!in->name)
        return out_of_memory(in, error);
    if (raw)
        in->len = fread(in->buf, 1, MAGIC_LEN, raw);
    in->kind = sniff(in->buf, in->len);
    if (in->kind == UNSUPPORTED) {
        rgn_fail(error,
                 "cannot read %s: unsupported compression (%s); rgn reads "
                 "gzip, zstd, bzip2, xz and zip",
                 name, unsupported(in->buf, in->len));
        rgn_input_close(in);
        return NULL;
    }
    if (in->kind == PLAIN && seekable && raw && fseek(raw, 0, SEEK_SET) == 0)
        in->pos = in->len = 0; /* a plain file: read directly */
    if (!start_decoder(in))
        return out_of_memory(in, error);
    return in;
}

rgn_input *rgn_input_open(const char *path, rgn_error *error)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *raw = is_stdin ? stdin : fopen(path, "rb");
    struct stat st;
    if (raw && !is_stdin && fstat(fileno(raw), &st) == 0 &&
        S_ISDIR(st.st_mode)) {
        fclose(raw);
        raw = NULL;
        errno = EISDIR;
    }
    if (!raw) {
        rgn_fail(error, "cannot open %s: %s", path, strerror(errno));
        return NULL;
    }
    bool regular =
        !is_stdin && fstat(fileno(raw), &st) == 0 && S_ISREG(st.st_mode);
    rgn_input *in =
        wrap(raw, !is_stdin, !is_stdin, is_stdin ? "<stdin>" : path, error);
    if (in)
        in->regular = regular;
    return in;
}

rgn_input *rgn_input_open_memory(const char *name, const void *data, size_t len,
                                 rgn_error *error)
{
    /* fmemopen refuses an empty buffer: empty memory reads as no byte */
    FILE *raw = len ? fmemopen((void *)data, len, "rb") : NULL;
    if (len && !raw) {
        rgn_fail(error, "cannot read %s: %s", name, strerror(errno));
        return NULL;
    }
    rgn_input *in = wrap(raw, true, true, name, error);
    if (in) {
        in->is_memory = true;
        in->memory = data;
        in->memory_len = len;
    }
    return in;
}

const char *rgn_input_name(const rgn_input *in) { return in->name; }

const char *rgn_input_compression(const rgn_input *in)
{
    return in->kind == PLAIN ? NULL : compression_names[in->kind];
}

const char *rgn_input_member(const rgn_input *in)
{
    return in->kind == ZIP ? in->member : NULL;
}

int rgn_input_next_member(rgn_input *in)
{
    if (in->kind != ZIP || (!in->member && !in->problem))
        return 0;
    if (in->problem && in->fatal)
        return -1;
    /* a member that could not be read alone (its method, a password)
     * does not stop the others; the rest of a member not read to its end
     * is passed */
    in->problem = NULL;
    if (!next_member(in))
        return in->problem ? -1 : 0;
    return 1;
}

const char *rgn_input_problem(const rgn_input *in) { return in->problem; }

bool input_is_plain_file(const rgn_input *in)
{
    return in->kind == PLAIN && in->regular;
}

bool input_plain_memory(const rgn_input *in, const char **data, size_t *len)
{
    if (in->kind != PLAIN || !in->is_memory)
        return false;
    *data = in->memory;
    *len = in->memory_len;
    return true;
}

FILE *input_raw_file(const rgn_input *in) { return in->raw; }

int rgn_input_looks_like_xml(const char *head, size_t len)
{
    size_t i = 0;
    if (len >= 3 && memcmp(head, "\xEF\xBB\xBF", 3) == 0)
        i = 3;
    while (i < len && strchr(" \t\r\n", head[i]) && head[i] != '\0')
        i++;
    if (i == len)
        return -1;
    return head[i] == '<';
}
