/*
 * fuzz_edits.c - libFuzzer target for the readers of rgn select's
 * cleaning options and of rgn list's columns: the first byte chooses the
 * reader (a --rename-players file, a --set-tag assignment, a --strip
 * part, a --columns list), the rest is its text. A text refused must say
 * why; one taken is used: a few games are replayed with the edits into a
 * writer, or listed in those columns, into a memory stream.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rgn.h"

static const char games[] =
    "[White \"Tal\"]\n[Black \"Fischer\"]\n[Result \"1-0\"]\n\n"
    "1. e4 {[%clk 0:03:00] x} e5 $1 (1... c5) 2. Qh5 Nc6 3. Bc4 Nf6 "
    "4. Qxf7# *\n\n"
    "[White \"Broken\"]\n\n1. e4 e5 2. Ke3 *\n\n";

typedef struct use {
    const rgn_edits *edits;
    rgn_lister *lister;
    rgn_writer *writer;
} use;

static void on_selected(void *user, const rgn_game *game,
                        const rgn_selection *selection)
{
    use *u = user;
    /* memory running out is no finding: finish reports it */
    int rc = u->lister
                 ? rgn_lister_game(u->lister, game, selection, NULL)
                 : rgn_game_replay(game, u->edits, selection->ply,
                                   rgn_writer_sink(u->writer), u->writer, NULL);
    (void)rc;
}

static void check(int status, const rgn_error *error)
{
    if (status != 0 && error->message[0] == '\0')
        abort(); /* a refusal must say why */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *text = malloc(size);
    rgn_edits *edits = rgn_edits_new(NULL);
    char *written = NULL;
    size_t written_size = 0;
    FILE *out = open_memstream(&written, &written_size);
    if (!text || !edits || !out) {
        free(text);
        rgn_edits_free(edits);
        if (out)
            fclose(out);
        free(written);
        return 0;
    }
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0'; /* the readers take C strings */
    rgn_error error = {0};
    int status = 0;
    use u = {.edits = edits};
    switch (data[0] % 4) {
    case 0:
        status = rgn_edits_rename_players(edits, (const char *)data + 1,
                                          size - 1, &error);
        break;
    case 1: status = rgn_edits_set_tag(edits, text, &error); break;
    case 2: status = rgn_edits_strip(edits, text, &error); break;
    default: {
        rgn_list_options options = {
            .size = sizeof options, .format = RGN_LIST_CSV, .columns = text};
        u.lister = rgn_lister_new(&options, out, &error);
        status = u.lister ? 0 : -1;
        break;
    }
    }
    check(status, &error);
    if (status == 0) {
        rgn_edits_add(edits, RGN_EDIT_PLYCOUNT | RGN_EDIT_FEN_COMMENTS |
                                 RGN_EDIT_FIX_RESULT);
        rgn_writer_options wo = {
            .size = sizeof wo, .format = RGN_FORMAT_RGN, .keep_invalid = true};
        if (!u.lister)
            u.writer = rgn_writer_new(&wo, out, NULL);
        rgn_selector_options so = {
            .size = sizeof so, .selected = on_selected, .user = &u};
        rgn_selector *selector = rgn_selector_new(&so, NULL);
        rgn_validator_options vo = {.size = sizeof vo,
                                    .variant = rgn_variant_find("Chess"),
                                    .sink = rgn_selector_sink(),
                                    .sink_user = selector};
        rgn_validator *validator = rgn_validator_new(&vo, NULL);
        /* what was read is finished only when the reading worked */
        if (selector && validator && (u.lister || u.writer) &&
            rgn_validator_feed(validator, games, sizeof games - 1) == 0 &&
            rgn_validator_finish(validator) == 0) {
            int rc = u.lister ? rgn_lister_finish(u.lister, NULL)
                              : rgn_writer_finish(u.writer, NULL);
            (void)rc; /* out is a memory stream: only memory can run out */
        }
        rgn_validator_free(validator);
        rgn_selector_free(selector);
        rgn_writer_free(u.writer);
    }
    rgn_lister_free(u.lister);
    rgn_edits_free(edits);
    fclose(out);
    free(written);
    free(text);
    return 0;
}
