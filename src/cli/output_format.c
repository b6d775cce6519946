/* output_format.c - the format of the games written: --to, or the
 * output file's name. */
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

int cli_output_format(const cli_command *command, int to, const char *path)
{
    rgn_error error;
    int format = rgn_format_for_path(path, to, "--to", &error);
    if (format < 0)
        cli_usage_error(command, "%s", error.message);
    return format;
}
