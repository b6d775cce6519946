/*
 * frames.c - the diagrams of every ply of a game as files of one folder,
 * "DIR/0000.svg" (the start), "DIR/0001.svg", ...: the folder made, each
 * frame's name, and the frames of an earlier run that this one did not
 * write removed, so that the folder holds one game's frames only.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/errors.h"
#include "base/util.h"
#include "rgn.h"

int rgn_diagram_frames_folder(const char *dir, rgn_error *error)
{
    char *path = strdup(dir);
    if (!path)
        return rgn_fail(error, "out of memory");
    int status = 0;
    /* each folder of the path in turn, as "mkdir -p" makes them */
    for (char *p = path + (path[0] != '\0');; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        struct stat st;
        if (mkdir(path, 0777) < 0 &&
            (errno != EEXIST || stat(path, &st) < 0 || !S_ISDIR(st.st_mode))) {
            status = rgn_fail(error, "cannot create %s: %s", path,
                              strerror(errno == EEXIST ? ENOTDIR : errno));
            break;
        }
        *p = c;
        if (c == '\0')
            break;
    }
    free(path);
    return status;
}

static const char *extension_of(enum rgn_diagram_format format)
{
    return format == RGN_DIAGRAM_SVG ? "svg" : "txt";
}

int rgn_diagram_frame_path(char *buf, size_t size, const char *dir, size_t ply,
                           enum rgn_diagram_format format)
{
    return snprintf(buf, size, "%s/%04zu.%s", dir, ply, extension_of(format));
}

/* A frame's name: four to nine digits, then .svg or .txt; the number, or
 * -1 for another name. */
static long frame_number(const char *name, const char **extension)
{
    size_t digits = strspn(name, "0123456789");
    if (digits < 4 || digits > 9 ||
        (strcmp(name + digits, ".svg") != 0 &&
         strcmp(name + digits, ".txt") != 0))
        return -1;
    *extension = name + digits + 1;
    return strtol(name, NULL, 10);
}

int rgn_diagram_frames_prune(const char *dir, size_t plies,
                             enum rgn_diagram_format format, rgn_error *error)
{
    DIR *d = opendir(dir);
    if (!d)
        return rgn_fail(error, "cannot read %s: %s", dir, strerror(errno));
    const char *extension = extension_of(format);
    size_t path_size = strlen(dir) + 300;
    char *path = malloc(path_size);
    int status = path ? 0 : rgn_fail(error, "out of memory");
    struct dirent *entry;
    while (path && (entry = readdir(d)) != NULL) {
        const char *ext;
        long n = frame_number(entry->d_name, &ext);
        if (n < 0 || (n <= (long)plies && strcmp(ext, extension) == 0))
            continue;
        snprintf(path, path_size, "%s/%s", dir, entry->d_name);
        /* the first failure is told; the other frames are still tried */
        if (unlink(path) < 0 && status == 0)
            status = rgn_fail(error, "cannot remove the stale frame %s: %s",
                              path, strerror(errno));
    }
    free(path);
    closedir(d);
    return status;
}

int rgn_diagram_format_for_path(const char *path, int format, int fallback,
                                const char *path_option,
                                const char *format_option, rgn_error *error)
{
    static const char *const names[] = {"ascii", "unicode", "svg"};
    if (format < -1 || format > RGN_DIAGRAM_SVG || fallback < 0 ||
        fallback > RGN_DIAGRAM_SVG)
        return rgn_fail(error, "no diagram format %d",
                        format < -1 || format > RGN_DIAGRAM_SVG ? format
                                                                : fallback);
    const char *dot = rgn_path_extension(path);
    bool svg_name = dot && strcasecmp(dot, ".svg") == 0;
    bool text_name = dot && strcasecmp(dot, ".txt") == 0;
    const char *as = path_option ? path_option : "the file";
    const char *by = format_option ? format_option : "the format";
    if (dot && !svg_name && !text_name)
        return rgn_fail(error,
                        "cannot write a %s file: %s takes a .svg or .txt name "
                        "(an SVG converts to PNG with e.g. rsvg-convert)",
                        dot, as);
    if (format >= 0 && svg_name && format != RGN_DIAGRAM_SVG)
        return rgn_fail(error, "%s %s is an SVG name, but %s %s writes text",
                        as, path, by, names[format]);
    if (format >= 0 && text_name && format == RGN_DIAGRAM_SVG)
        return rgn_fail(error, "%s %s is a text name, but %s svg writes SVG",
                        as, path, by);
    return format >= 0 ? format : svg_name ? RGN_DIAGRAM_SVG : fallback;
}
