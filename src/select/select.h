/*
 * select.h - what the files of the selection share (private): the parts
 * of a recorded game (game.c), read in order by the replay, the edits
 * and the criteria.
 */
#ifndef RGN_SELECT_H
#define RGN_SELECT_H

#include "base/buffer.h"
#include "rgn.h"

/* The kinds of part a recorded game keeps, in the order the sink heard
 * them (begin_game, origin and end_game are the game's own fields). */
enum part_kind {
    PART_TAG,       /* name, text: the value */
    PART_START,     /* rgn_game_start is the position */
    PART_MOVE_TEXT, /* text: the move as written */
    PART_MOVE,      /* move, text: its SAN (NUL-terminated) */
    PART_NAG,       /* nag */
    PART_COMMENT,   /* text */
    PART_BEGIN_VARIATION,
    PART_END_VARIATION,
    PART_UNCHECKED, /* text, cut */
};

typedef struct game_part {
    enum part_kind kind;
    rgn_span name, text;
    rgn_move move;
    unsigned nag;
    bool cut;
} game_part;

/* The part at *at (0: the first) into *part, and *at past it; false
 * after the last. */
bool game_part_next(const rgn_game *game, size_t *at, game_part *part);

/* For a reader of games one at a time (input/): ended is called with
 * context when the recorder has recorded a game whole; game_swap trades
 * two games' contents, each keeping its hook, so that a recorder's game
 * is handed on without a copy; the input's name and each problem kept
 * with a game (copied). */
void game_on_end(rgn_game *game, void (*ended)(void *context, rgn_game *game),
                 void *context);
void game_swap(rgn_game *a, rgn_game *b);
void game_add_problem(rgn_game *game, const rgn_diagnostic *problem);
/* Whether memory ran out while the game was recorded (it is incomplete):
 * what uses it reports so (rgn_game_replay, rgn_selector_finish). */
bool game_failed(const rgn_game *game);
void game_clear_problems(rgn_game *game);

/* What a replay changes (edits.c, read by game.c's replay). */
enum strip {
    STRIP_COMMENTS = 1,
    STRIP_VARIATIONS = 2,
    STRIP_NAGS = 4,
    STRIP_CLOCKS = 8,
};

typedef struct tag_setting {
    char *name, *value;
} tag_setting;

typedef struct player_spelling {
    char *spelling, *name;
    unsigned line; /* in the file, for the error of a spelling given twice */
} player_spelling;

struct rgn_edits {
    unsigned strip; /* enum strip */
    unsigned flags; /* enum rgn_edit */
    tag_setting *tags;
    size_t tag_count;
    player_spelling *players; /* sorted by spelling */
    size_t player_count;
    void (*report)(void *user, const rgn_diagnostic *note);
    void *user;
};

/* The name a player spelt spelling is renamed to, or NULL. */
const char *edits_player(const rgn_edits *edits, rgn_span spelling);
/* The comment text without its [%clk ...] commands into out (reset
 * first); false when nothing but space is left. */
bool edits_strip_clocks(rgn_span text, rgn_buffer *out);

/* The games seen so far, each kept as a fingerprint of 8 bytes and the
 * number of its first copy (duplicates.c). */
typedef struct duplicate_set duplicate_set;

duplicate_set *duplicate_set_new(void); /* NULL when memory runs out */
void duplicate_set_free(duplicate_set *set);
/* Looks for an earlier copy of game (fuzzy_ply > 0: a game that reached
 * the same position at that ply) and remembers this one as number:
 * *first is the earlier copy's number, or 0 when there is none. 0, or -1
 * when memory runs out. */
int duplicate_set_check(duplicate_set *set, const rgn_game *game,
                        uint64_t number, int fuzzy_ply, uint64_t *first);
/* The same for a game's fingerprint (any 64 bits). */
int duplicate_set_add(duplicate_set *set, uint64_t fingerprint, uint64_t number,
                      uint64_t *first);
/* The bytes of the set's table; *games the games it holds. */
size_t duplicate_set_bytes(const duplicate_set *set, size_t *games);

#endif
