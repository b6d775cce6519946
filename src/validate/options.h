/*
 * options.h - a validator's options within the library (private): the
 * public rgn_validator_options' fields, and the choices of how an input
 * is read that src/input makes for rgn_games_read and rgn_games_open
 * (rgn_read_options), which a caller of rgn_validator_new does not.
 */
#ifndef RGN_VALIDATE_OPTIONS_H
#define RGN_VALIDATE_OPTIONS_H

#include "rgn.h"

typedef struct validator_options {
    size_t size;
    bool strict;
    const rgn_variant *variant;
    bool force_variant;
    void (*report)(void *user, const rgn_diagnostic *diagnostic);
    void *user;
    const rgn_game_sink *sink;
    void *sink_user;
    /* threads to validate with (without a sink, a range or no_replay):
     * the reports and counts are the same, in the same order, as with
     * one */
    int jobs;
    /* text that is not UTF-8 read as Windows-1252
     * (rgn_read_options_set_latin1): its first byte reported once
     * (RGN_W_LATIN1, game 0) where one job would report it */
    bool latin1;
    /* replay nothing (rgn_read_options_set_no_replay): scan.c reads */
    bool no_replay;
    /* a range of a larger input (NULL: the whole input): the input fed
     * begins at range->start of the whole (offsets and lines are the
     * whole's), and only the games that begin in [range->from,
     * range->to) are read, counted, reported and passed on, numbered
     * from 1; the input after the last one need not be fed
     * (rgn_validator_done) */
    const rgn_range *range;
} validator_options;

/* A validator with every option (NULL with error when memory runs out);
 * rgn_validator_new is this with the public ones alone. */
rgn_validator *validator_new(const validator_options *options,
                             rgn_error *error);

#endif
