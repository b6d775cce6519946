/*
 * tournament.h - what the files of the tournament stage share (private):
 * the record of each game read (a pairing and its result), the
 * tournaments they are grouped into, their players and rounds, and the
 * findings of the audit.
 *
 * Points are counted in halves everywhere (a win 2, a draw 1, a loss 0),
 * so that sums stay exact; tie-breaks that need more (SB, ARO, TPR) are
 * doubles, written rounded.
 */
#ifndef RGN_TOURNAMENT_H
#define RGN_TOURNAMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buffer.h"
#include "rgn.h"

/* How a round went for one player. */
enum round_kind {
    ROUND_NONE,         /* not paired, no record (absent) */
    ROUND_PLAYED,       /* a game over the board */
    ROUND_FORFEIT_WIN,  /* the opponent did not come */
    ROUND_FORFEIT_LOSS, /* the player did not come */
    ROUND_BYE_FULL,     /* a bye worth a win (a pairing-allocated bye) */
    ROUND_BYE_HALF,
    ROUND_BYE_ZERO,
};

/* One game record as read: a pairing and its result. Strings are the
 * set of records' (rgn_tournaments.texts: each text kept once, since
 * games repeat their events, players and dates), NUL-terminated, never
 * NULL: "" when the tag is missing. */
typedef struct t_record {
    const char *file; /* the input's name (owned by the set of records) */
    uint64_t game;    /* the validator's number of the game */
    rgn_location where;
    const char *event, *site, *date, *round_text, *white, *black;
    const char *white_elo, *black_elo, *white_fide_id, *black_fide_id;
    const char *white_title, *black_title, *white_fed, *black_fed;
    const char *result_tag; /* the Result tag as written */
    const char *result;     /* the movetext's terminator as the sink gave it */
    const char *termination;
    const char *time_control, *event_date;
    int round, board;     /* parsed from round_text; 0 when none */
    int placed_round;     /* the round it counts in: its own, or for a game
                             without one the one after its players' last */
    bool round_malformed; /* round_text is neither "", "-", "?" nor N[.M] */
    /* the result read (halves of White and of Black; -1 both when the
     * game is unfinished "*"), and how it was reached */
    int white_points, black_points;
    bool forfeit;   /* not played over the board */
    bool white_bye; /* White's name says it is a bye ("BYE", "-") */
    bool black_bye;
    bool valid;                /* the validator found no error in the game */
    enum rgn_problem error;    /* its first error's kind, when not valid */
    const char *error_message; /* its first error's message, or NULL */
    uint64_t fingerprint;      /* of tags and moves: the same game twice */
    int plies;                 /* of the main line */
    uint64_t page_game;        /* the game's number in an HTML page, 0: none */
} t_record;

/* One player's round. */
typedef struct t_round {
    enum round_kind kind;
    int opponent;  /* index of the opponent in the tournament, -1: none */
    char colour;   /* 'w', 'b' (a forfeit too), or 0 for a bye or none */
    int points;    /* halves; -1 while unfinished ("*") */
    size_t record; /* index into the tournament's records; SIZE_MAX none */
} t_round;

/* A round without a game, a bye or a forfeit. */
#define T_NO_ROUND ((t_round){ROUND_NONE, -1, 0, 0, SIZE_MAX})

#define T_MAX_TIEBREAKS 16

typedef struct t_player {
    char *name;
    int rating;    /* 0 when unrated */
    char *fide_id; /* "" when none */
    char *title;   /* "" when none */
    char *federation;
    int start_rank;  /* 1-based: by rating (high first), then name */
    t_round *rounds; /* rounds[0 .. rounds-1] for rounds 1..N */
    int score;       /* halves */
    int games;       /* rounds with a game over the board */
    double tiebreaks[T_MAX_TIEBREAKS]; /* NAN: no value (ARO, TPR) */
    int rank;      /* 1-based; tied players share the best */
    unsigned line; /* its 001 line in a TRF; 0 for a player of games */
} t_player;

enum t_system {
    T_SYSTEM_UNKNOWN,
    T_SYSTEM_ROUND_ROBIN,
    T_SYSTEM_DOUBLE_ROUND_ROBIN,
    T_SYSTEM_SWISS,
    T_SYSTEM_MATCH,
};

/* The tie-breaks: a code and a modifier (Cut-n or Median-n). */
enum t_tiebreak_kind {
    TB_BH,
    TB_SB,
    TB_WIN,
    TB_WON,
    TB_BPG,
    TB_BWG,
    TB_GE,
    TB_DE,
    TB_ARO,
    TB_TPR,
    TB_KS,
    TB_PS,
};

/* The tie-break regulations a tournament is computed under: FIDE's
 * C.07 in force from August 2024, or as amended from 1 March 2026
 * (Art. 16: the dummy opponent of an unplayed round). */
enum t_rules {
    T_RULES_UNSTATED = 0, /* by the tournament's last date */
    T_RULES_2024 = 2024,
    T_RULES_2026 = 2026,
};

typedef struct t_tiebreak {
    enum t_tiebreak_kind kind;
    int cut_low, cut_high; /* values left out: C1 = 1,0; M1 = 1,1 */
    char code[12];         /* as written out: "BH-C1" */
    enum t_rules rules;    /* stated by the code (BH/V2026), or unstated */
} t_tiebreak;

/* A finding of the audit (a problem RGN_T_*, or a game's own error
 * about its result), or about a tournament as a whole. */
typedef struct t_finding {
    enum rgn_problem problem;
    char *message;
    size_t record; /* the record it is about; SIZE_MAX: the tournament */
    unsigned line; /* without a record: the TRF's line it is about, or 0 */
} t_finding;

typedef struct tournament {
    char *event, *site;
    char *trf_file; /* the TRF's name when read from one, else NULL */
    enum t_system system;
    bool system_given; /* by --system */
    int rounds;
    int planned_rounds; /* --rounds, or a TRF's 142/XXR; 0 none */
    t_record **records; /* the games of this tournament, in input order */
    size_t record_count;
    t_player *players; /* in rank order once ranked */
    size_t player_count;
    t_tiebreak tiebreaks[T_MAX_TIEBREAKS];
    int tiebreak_count;
    enum t_rules rules; /* given, or decided when ranked */
    t_finding *findings;
    size_t finding_count, finding_capacity;
    /* read from the records (or a TRF): "YYYY.MM.DD" or "" */
    char *start_date, *end_date;
    char **round_dates; /* [rounds], each "YYYY.MM.DD" or "" */
    char *time_control; /* "" when none */
} tournament;

/* A new, empty tournament (NULL when memory runs out) and its end. */
tournament *tournament_new(void);
void tournament_free(tournament *t);

/* The player named name in t: its index, or -1. */
int tournament_player(const tournament *t, const char *name);
/* Whether round r (0-based) was held: some player has a game, a bye or
 * a forfeit in it (a round planned, or one a file leaves out, has none). */
bool tournament_round_held(const tournament *t, int r);
/* Adds a finding about record (SIZE_MAX: none); message is printf-like.
 * -1 when memory runs out. */
int tournament_finding(tournament *t, enum rgn_problem problem, size_t record,
                       const char *format, ...)
    __attribute__((format(printf, 4, 5)));
/* Adds a finding about player (an index in t->players), located at its
 * first game, or at its line of a TRF. -1 when memory runs out. */
int tournament_player_finding(tournament *t, enum rgn_problem problem,
                              size_t player, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
/* The system t's games make, as if the player merged (an index, or -1:
 * none) were the player into; T_SYSTEM_UNKNOWN with why (of size bytes)
 * when they make none. */
enum t_system tournament_recognise(const tournament *t, int merged, int into,
                                   char *why, size_t size);

/* Reads a tie-break list ("BH-C1,SB,DE", or "BH/C1,SB,DE"; a code may
 * state the rules, "BH/C1/V2026", all alike): 0, or -1 with error. */
int tiebreaks_parse(const char *list, t_tiebreak *out, int *count,
                    rgn_error *error);
/* A tie-break of the API as the tournaments keep it: 0, or -1 with
 * error->message when it is out of its enums or takes a modifier its
 * code does not. */
int tiebreak_from(const rgn_tiebreak *in, t_tiebreak *out, rgn_error *error);
/* The error of a code that states rules other than an earlier one's:
 * -1. */
int tiebreak_rules_clash(rgn_error *error, const char *code, enum t_rules rules,
                         enum t_rules earlier);
/* The rules a tie-break list states (T_RULES_UNSTATED: none). */
enum t_rules tiebreaks_rules(const t_tiebreak *list, int count);
/* The rules in force on date ("YYYY.MM.DD", unknown parts '?'; "" or
 * no known year: none, T_RULES_UNSTATED). */
enum t_rules tiebreak_rules_on(const char *date);
/* The rules t is computed under when nothing states them: those in
 * force on its last date (its games', its end's, its rounds'), the
 * 2026 rules when it has none. */
enum t_rules tournament_rules_in_force(const tournament *t);
/* The rules t is computed under: those given (t->rules), else those its
 * tie-break list states, else those in force. */
enum t_rules tournament_rules(const tournament *t);
/* The default list for a system. */
void tiebreaks_default(enum t_system system, t_tiebreak *out, int *count);
/* Computes score, games, the tie-breaks and the ranks of t's players
 * and sorts them in rank order. -1 when memory runs out. */
int tournament_rank(tournament *t);

/* The audit's checks on a tournament whose players and rounds are built
 * (audit.c). -1 when memory runs out. */
int tournament_audit(tournament *t);

/* The Tournament Report File (trf.c). Writes t (ranked) to out: 0, or
 * -1 when a write fails. */
int trf_write(const tournament *t, FILE *out);
/* Reads the TRF text of len bytes (named file) into t, a new tournament:
 * event, site, dates, the players (name, rating, federation, FIDE id,
 * title, start rank) and each one's rounds; no records. 0, or -1 with
 * error->message "FILE:LINE:COLUMN: why" (a line that does not fit the
 * format) or that memory ran out. */
int trf_read(const char *text, size_t len, const char *file, tournament *t,
             rgn_error *error);
/* Checks the games of played (built from records) against the pairings
 * of reported (read from a TRF), players matched by name: a finding
 * RGN_T_GAME_WITHOUT_PAIRING in played for each game the TRF does not
 * pair, RGN_T_PAIRING_WITHOUT_GAME for each TRF pairing (not a bye) no
 * game has. -1 when memory runs out. */
int trf_compare(const tournament *reported, tournament *played);

/* The name of a system as options and outputs spell it. */
const char *tournament_system_name(enum t_system system);
/* Its name in prose: "round robin", "Swiss", "system unknown". */
const char *tournament_system_words(enum t_system system);

#endif
