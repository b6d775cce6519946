/* output_format.c - the format of the games written: --to, or the
 * output file's name. */
#include <strings.h>

#include "cli.h"

int cli_take_format(const cli_command *command, const char *value, void *out)
{
    const char *const *names = rgn_format_names(RGN_GAME_FORMATS);
    int format = rgn_format_parse(RGN_GAME_FORMATS, value, NULL);
    if (format < 0) {
        cli_usage_error(command, "no format '%s' (%s)%s", value,
                        cli_alternatives(names),
                        cli_nearest_hint_in(value, names));
        return -1;
    }
    *(int *)out = format;
    return 0;
}

/* The formats a file name asks for by its extension: the first when
 * --to is absent; another is a contradiction. A name not listed asks for
 * none. */
static const struct {
    const char *extension;
    enum rgn_format formats[2];
    int count;
    const char *what;
} named_formats[] = {
    {".rgn", {RGN_FORMAT_RGN, RGN_FORMAT_LAN}, 2, "an RGN"},
    {".pgn", {RGN_FORMAT_RGN, RGN_FORMAT_LAN}, 2, "a PGN"},
    {".xml", {RGN_FORMAT_XML}, 1, "an XML"},
    {".html", {RGN_FORMAT_HTML}, 1, "an HTML"},
    {".htm", {RGN_FORMAT_HTML}, 1, "an HTML"},
    {".json", {RGN_FORMAT_JSON}, 1, "a JSON"},
    {".jsonl", {RGN_FORMAT_JSON}, 1, "a JSON Lines"},
};

int cli_output_format(const cli_command *command, int to, const char *path)
{
    const char *const *names = rgn_format_names(RGN_GAME_FORMATS);
    const char *dot = path ? cli_extension(path) : NULL;
    for (size_t i = 0; dot && i < sizeof named_formats / sizeof *named_formats;
         i++) {
        if (strcasecmp(dot, named_formats[i].extension) != 0)
            continue;
        if (to < 0)
            return (int)named_formats[i].formats[0];
        for (int f = 0; f < named_formats[i].count; f++)
            if ((int)named_formats[i].formats[f] == to)
                return to;
        return cli_usage_error(command,
                               "%s is %s file's name, but --to %s "
                               "writes another format",
                               path, named_formats[i].what, names[to]),
               -1;
    }
    return to < 0 ? RGN_FORMAT_RGN : to;
}
