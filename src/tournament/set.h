/*
 * set.h - the set of tournaments behind rgn.h's rgn_tournaments
 * (private to the stage): the records kept by its game sink
 * (records.c), the tournaments built from them (tournament.c) and what
 * the options asked for.
 */
#ifndef RGN_TOURNAMENT_SET_H
#define RGN_TOURNAMENT_SET_H

#include "base/interned.h"
#include "tournament/tournament.h"

struct rgn_tournaments {
    rgn_tournament_options options; /* strings copied (event, title, lang) */
    enum t_system system;           /* --system, or unknown: recognised */
    t_tiebreak tiebreaks[T_MAX_TIEBREAKS];
    int tiebreak_count;
    bool tiebreaks_given;
    enum t_rules rules;   /* --tiebreak-rules, or unstated */
    rgn_edits *spellings; /* --same-player */
    char **files;         /* the inputs' names, as diagnostics give them */
    size_t file_count;
    const char *file;   /* the current input's */
    uint64_t games;     /* begun, over all inputs */
    t_record *current;  /* the game being read */
    int depth;          /* of variations in it */
    t_record **records; /* kept, in input order */
    rgn_interned texts; /* their texts, each kept once */
    size_t record_count, record_capacity;
    bool keep_games; /* HTML: each record's game, kept[i] */
    rgn_game *game;
    rgn_game **kept;
    tournament **list; /* built by rgn_tournaments_finish */
    size_t count;
    tournament *reported; /* read from a TRF, or NULL */
    bool failed;          /* memory ran out */
};

#endif
