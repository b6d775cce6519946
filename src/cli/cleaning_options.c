/*
 * cleaning_options.c - the cleaning options of the commands that write
 * games they select (select, db find): --strip, --set-tag,
 * --add-plycount, --add-fen-comments, --rename-players, --fix-result,
 * gathered into an rgn_edits.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int take_strip(const cli_command *command, const char *value, void *out)
{
    rgn_error error;
    if (rgn_edits_strip(out, value, &error) == 0)
        return 0;
    return cli_usage_error(command, "--strip '%s': %s", value, error.message),
           -1;
}

static int take_set_tag(const cli_command *command, const char *value,
                        void *out)
{
    rgn_error error;
    if (rgn_edits_set_tag(out, value, &error) == 0)
        return 0;
    return cli_usage_error(command, "--set-tag '%s': %s", value, error.message),
           -1;
}

/* --rename-players FILE: the file read whole into the edits. */
static int take_players(const cli_command *command, const char *path, void *out)
{
    size_t len = 0;
    char *text = cli_read_whole_file(path, &len);
    if (!text)
        return cli_usage_error(command, "--rename-players %s: %s", path,
                               strerror(errno)),
               -1;
    rgn_error error;
    int rc = 0;
    if (rgn_edits_rename_players(out, text, len, &error) < 0) {
        cli_usage_error(command, "--rename-players %s: %s", path,
                        error.message);
        rc = -1;
    }
    free(text);
    return rc;
}

const cli_option *cli_cleaning_options(cli_cleaning *c)
{
    const cli_option rows[] = {
        {"--strip", .take = take_strip, .out = c->edits},
        {"--set-tag", .take = take_set_tag, .out = c->edits},
        {"--add-plycount", .flag = &c->plycount},
        {"--add-fen-comments", .flag = &c->fen_comments},
        {"--rename-players", .take = take_players, .out = c->edits},
        {"--fix-result", .flag = &c->fix_result},
        {0},
    };
    _Static_assert(sizeof rows == sizeof c->rows, "CLI_CLEANING_OPTIONS");
    memcpy(c->rows, rows, sizeof rows);
    return c->rows;
}

void cli_cleaning_flags(cli_cleaning *c)
{
    rgn_edits_add(c->edits, (c->plycount ? RGN_EDIT_PLYCOUNT : 0) |
                                (c->fen_comments ? RGN_EDIT_FEN_COMMENTS : 0) |
                                (c->fix_result ? RGN_EDIT_FIX_RESULT : 0));
}
