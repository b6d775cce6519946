/*
 * diagnostic.c - a diagnostic written for people (file:line:column,
 * severity, message, the game and its move, the source line with a
 * caret) or for programs (one JSON object a line), as every command of
 * the rgn program prints them; so too the counts of a reading, the
 * summary that ends rgn validate.
 */
#include <string.h>

#include "base/errors.h"
#include "rgn.h"

static const char *const severity_names[] = {"error", "warning", "note"};
static const char *const severity_colors[] = {"\033[1;31m", "\033[1;35m",
                                              "\033[1;36m"};

static const char *severity_name(enum rgn_severity severity)
{
    return (unsigned)severity <= RGN_NOTE ? severity_names[severity] : "error";
}

/* The source line with a caret under the column (one column a
 * character; tabs kept so that the caret lines up with them). */
static void write_source(FILE *out, const rgn_diagnostic *d, const char *color)
{
    if (d->line.len == 0)
        return;
    int gutter = fprintf(out, " %5u | ", d->where.line) - 2;
    for (size_t i = 0; i < d->line.len; i++) {
        unsigned char c = (unsigned char)d->line.data[i];
        fputc(c < 0x20 && c != '\t' ? '?' : c, out);
    }
    fprintf(out, "\n%*s| ", gutter > 0 ? gutter : 0, "");
    size_t caret = d->caret < d->line.len ? d->caret : d->line.len;
    for (size_t i = 0; i < caret; i++) {
        unsigned char c = (unsigned char)d->line.data[i];
        if ((c & 0xC0) != 0x80)
            fputc(c == '\t' ? '\t' : ' ', out);
    }
    fprintf(out, "%s^", color);
    for (size_t i = 1; i < d->move.len; i++)
        fputc('~', out);
    fprintf(out, "%s\n", *color ? "\033[0m" : "");
}

int rgn_diagnostic_write_text(FILE *out, const char *file,
                              const rgn_diagnostic *d, unsigned flags)
{
    bool color = flags & RGN_DIAGNOSTIC_COLOR;
    const char *bold = color ? "\033[1m" : "";
    const char *tint = "";
    if (color)
        tint = (unsigned)d->severity <= RGN_NOTE ? severity_colors[d->severity]
                                                 : severity_colors[RGN_ERROR];
    const char *reset = color ? "\033[0m" : "";
    fprintf(out, "%s%s:%u:%u:%s %s%s:%s %s\n", bold, file, d->where.line,
            d->where.column, reset, tint, severity_name(d->severity), reset,
            d->message);
    /* about the input as a whole: its place is all there is to say */
    if (d->game) {
        fprintf(out, "  in game %llu (%s - %s)", (unsigned long long)d->game,
                d->white, d->black);
        if (d->ply > 0)
            fprintf(out, ", ply %d: %s %.*s", d->ply, d->move_number,
                    (int)d->move.len, d->move.data);
        fputc('\n', out);
        write_source(out, d, tint);
    }
    return ferror(out) ? -1 : 0;
}

int rgn_diagnostic_write_json(FILE *out, const char *file,
                              const rgn_diagnostic *d)
{
    fputs("{\"file\":", out);
    int status = rgn_json_write_string(out, file, strlen(file), NULL);
    fprintf(out, ",\"offset\":%llu,\"line\":%u,\"column\":%u,\"game\":",
            (unsigned long long)d->where.offset, d->where.line,
            d->where.column);
    /* the game by its place in the file too, which needs no counting
     * across the pieces a file is read in (--range) */
    if (d->game)
        fprintf(out, "%llu,\"game_offset\":%llu", (unsigned long long)d->game,
                (unsigned long long)d->game_offset);
    else
        fputs("null,\"game_offset\":null", out);
    fputs(",\"ply\":", out);
    /* null: the problem concerns no move (ply 0 is the start position) */
    if (d->game && d->ply > 0)
        fprintf(out, "%d", d->ply);
    else
        fputs("null", out);
    fprintf(out, ",\"severity\":\"%s\",\"code\":", severity_name(d->severity));
    const char *code = rgn_problem_code(d->problem);
    if (rgn_json_write_string(out, code, strlen(code), NULL) < 0)
        status = -1;
    fputs(",\"message\":", out);
    if (rgn_json_write_string(out, d->message, strlen(d->message), NULL) < 0)
        status = -1;
    fputs("}\n", out);
    return status < 0 || ferror(out) ? -1 : 0;
}

/* What a summary's write gives: 0, or -1 with error when it failed. */
static int written(FILE *out, rgn_error *error)
{
    return ferror(out) ? rgn_fail(error, "the summary could not be written")
                       : 0;
}

int rgn_validation_counts_write_text(FILE *out, const rgn_validation_counts *c,
                                     rgn_error *error)
{
    fprintf(out, "%llu game%s: %llu valid (%llu with warnings), %llu invalid\n",
            (unsigned long long)c->games, c->games == 1 ? "" : "s",
            (unsigned long long)c->valid, (unsigned long long)c->with_warnings,
            (unsigned long long)c->invalid);
    return written(out, error);
}

int rgn_validation_counts_write_json(FILE *out, const rgn_validation_counts *c,
                                     rgn_error *error)
{
    fprintf(out,
            "{\"games\":%llu,\"valid\":%llu,\"with_warnings\":%llu,"
            "\"invalid\":%llu,\"plies\":%llu}\n",
            (unsigned long long)c->games, (unsigned long long)c->valid,
            (unsigned long long)c->with_warnings,
            (unsigned long long)c->invalid, (unsigned long long)c->plies);
    return written(out, error);
}
