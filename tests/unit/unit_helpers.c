/* unit_helpers.c - see unit_helpers.h. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "unit_helpers.h"

int unit_folders(int argc, char **argv, const char *name, const char **inputs,
                 const char **work)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s INPUTS_DIR WORK_DIR\n", name);
        return -1;
    }
    *inputs = argv[1];
    *work = argv[2];
    char command[8300];
    snprintf(command, sizeof command, "mkdir -p '%s'", *work);
    if (system(command) != 0) {
        fprintf(stderr, "%s: cannot make %s\n", name, *work);
        return -1;
    }
    return 0;
}

const rgn_game *unit_first_game(rgn_games **games, const char *name,
                                const char *text)
{
    rgn_error error;
    *games = rgn_games_open_memory(name, text, strlen(text), NULL, &error);
    assert_non_null(*games);
    const rgn_game *game;
    assert_int_equal(rgn_games_next(*games, &game, &error), 1);
    return game;
}

int unit_each_game(const char *name, const char *text,
                   int (*each)(const rgn_game *game, uint64_t number,
                               void *user),
                   void *user)
{
    rgn_error error;
    rgn_games *games =
        rgn_games_open_memory(name, text, strlen(text), NULL, &error);
    assert_non_null(games);
    const rgn_game *game;
    int got, rc = 0;
    uint64_t n = 0;
    while ((got = rgn_games_next(games, &game, &error)) == 1)
        if (each(game, ++n, user) < 0)
            rc = -1;
    assert_int_equal(got, 0);
    rgn_games_close(games);
    return rc;
}
