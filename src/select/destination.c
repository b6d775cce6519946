/*
 * destination.c - where the games selected go (rgn_destination): a
 * writer, a lister, a splitter's parts or only a count, so that every
 * command that selects or finds games hands them on the same way.
 */
#include <stdlib.h>

#include "base/errors.h"
#include "select/select.h"

struct rgn_destination {
    rgn_destination_options options;
    bool keep_invalid; /* writing's: listed even when invalid */
    rgn_writer *writer;
    rgn_lister *lister;
    bool failed;       /* a game was not handed on: nothing more is */
    rgn_error failure; /* the first failure */
};

rgn_destination *rgn_destination_new(const rgn_destination_options *options,
                                     FILE *out, rgn_error *error)
{
    rgn_destination_options taken;
    if (rgn_options_take(&taken, sizeof taken, options,
                         RGN_OPTIONS_MIN(rgn_destination_options, writing),
                         "rgn_destination_options", error) < 0)
        return NULL;
    if (taken.listing && taken.split) {
        rgn_fail(error, "rgn_destination_options: a listing or a split "
                        "output, not both");
        return NULL;
    }
    rgn_destination *d = calloc(1, sizeof *d);
    if (!d) {
        rgn_fail(error, "out of memory");
        return NULL;
    }
    d->options = taken;
    d->keep_invalid = taken.writing && taken.writing->keep_invalid;
    if (out && taken.listing)
        d->lister = rgn_lister_new(taken.listing, out, error);
    else if (out && !taken.split)
        d->writer = rgn_writer_new(taken.writing, out, error);
    if (out && !taken.split && !d->lister && !d->writer) {
        free(d);
        return NULL;
    }
    return d;
}

void rgn_destination_free(rgn_destination *destination)
{
    if (!destination)
        return;
    rgn_writer_free(destination->writer);
    rgn_lister_free(destination->lister);
    free(destination);
}

/* The game handed on to the lister, the splitter or the writer: 0, or
 * -1 with error. */
static int hand_on(rgn_destination *d, const rgn_game *game,
                   const rgn_selection *selection, rgn_error *error)
{
    const rgn_destination_options *o = &d->options;
    int mark = o->mark ? selection->ply : -1;
    if (d->lister)
        /* the games the writer would write */
        return !rgn_edits_error(o->edits, game) || d->keep_invalid
                   ? rgn_lister_game(d->lister, game, selection, error)
                   : 0;
    if (o->split)
        return rgn_splitter_game(o->split, game, 0, o->edits, mark, error);
    if (d->writer)
        return rgn_writer_write_game(d->writer, game, selection->number,
                                     o->edits, mark, error);
    return 0; /* only counted */
}

int rgn_destination_game(rgn_destination *destination, const rgn_game *game,
                         const rgn_selection *selection, rgn_error *error)
{
    rgn_destination *d = destination;
    if (!d->failed && hand_on(d, game, selection, &d->failure) < 0) {
        d->failed = true;
        if (d->options.report)
            d->options.report(d->options.user, &d->failure);
    }
    if (d->failed && error)
        *error = d->failure;
    return d->failed ? -1 : 0;
}

void rgn_destination_selected(void *user, const rgn_game *game,
                              const rgn_selection *selection)
{
    if (rgn_destination_game(user, game, selection, NULL) < 0)
        return; /* told to report, and by rgn_destination_finish */
}

void rgn_destination_set_tagless(rgn_destination *destination,
                                 const rgn_variant *tagless)
{
    if (destination->lister)
        rgn_lister_set_tagless(destination->lister, tagless);
}

int rgn_destination_finish(rgn_destination *destination, bool keep,
                           rgn_error *error)
{
    rgn_destination *d = destination;
    rgn_error ended;
    int rc = d->lister   ? rgn_lister_finish(d->lister, &ended)
             : d->writer ? rgn_writer_finish(d->writer, &ended)
                         : 0;
    if (rc < 0 && !d->failed) {
        d->failed = true;
        d->failure = ended;
    }
    if (d->options.split &&
        rgn_splitter_finish(d->options.split, keep && !d->failed, &ended) < 0 &&
        !d->failed) {
        d->failed = true;
        d->failure = ended;
    }
    if (d->failed && error)
        *error = d->failure;
    return d->failed ? -1 : 0;
}
