/*
 * variant.h - the interface every rule set implements (private).
 *
 * The generic code of rules/ (positions, perft, move texts) talks to a
 * rule set through struct rgn_variant; the stages above rules/ do not
 * see it, and ask through rules/rule_set.h and rgn.h. A rule set owns its board
 * geometry (how squares are numbered), its piece set, its position string and
 * its move generator; nothing outside it may assume a 9x9 board or that every
 * piece has an orientation.
 */
#ifndef RGN_VARIANT_H
#define RGN_VARIANT_H

#include "base/problems.h"
#include "rules/position.h"
#include "rules/rule_set.h"

/* Move texts for a game whose moves are not SAN (Rotationary's "b3+").
 * resolve reads a text in a position as rgn_san_resolve does; write
 * gives a legal move's text. */
typedef struct rgn_notation {
    int (*resolve)(rgn_position *position, const char *text, size_t len,
                   rgn_move *move, enum rgn_problem *problem, rgn_error *err);
    size_t (*write)(const rgn_position *position, rgn_move move, char *buf,
                    size_t size);
} rgn_notation;

/* A rule set's functions name the i-th kind of its own problems table
 * RGN_OWN_PROBLEM(i); generic code turns that into the kind's registered
 * number (rgn_problem_of) before it leaves for a caller. */
#define RGN_OWN_PROBLEM(i) ((enum rgn_problem)(RGN_PROBLEM_COUNT + (i)))

/* The chess figures a rule set may give its pieces (the solid glyphs of
 * U+265A to U+265F, for both sides: a diagram's fill tells them apart);
 * U+FE0E asks for the text glyph, not an emoji. */
#define RGN_FIGURE_KING "\u265a\ufe0e"
#define RGN_FIGURE_QUEEN "\u265b\ufe0e"
#define RGN_FIGURE_ROOK "\u265c\ufe0e"
#define RGN_FIGURE_BISHOP "\u265d\ufe0e"
#define RGN_FIGURE_KNIGHT "\u265e\ufe0e"
#define RGN_FIGURE_PAWN "\u265f\ufe0e"

/* A rule set is mostly data. Members marked "optional" are NULL (or 0)
 * when the game has no such thing; generic code asks, never assumes. */
struct rgn_variant {
    const char *name;
    /* other names [Variant] and --variant accept; NULL-terminated; optional */
    const char *const *aliases;
    const char *summary; /* one line for "rgn variants" */
    /* the file name extension ("pgn") whose files are read as this game
     * when no --variant says otherwise; optional */
    const char *file_extension;
    /* 2, or 1 for a solitaire, whose positions keep White to move and
     * count every move in the fullmove number ("1. b3+ 2. a1-") */
    int players;
    int files, ranks;

    /* Geometry: -1 from square_at for points that are not squares. */
    int (*square_at)(int file, int rank);
    int (*square_file)(int square);
    int (*square_rank)(int square);
    /* why a point of the grid is no square, for messages ("is in the
     * hole"); NULL when every point is a square */
    const char *not_a_square;
    /* a square's forward direction where it depends on the square; NULL
     * when it does not */
    int (*square_forward)(int square);

    /* Piece set: piece_letters[type] is the upper-case letter of a piece
     * type (index 0 unused); pawn_type the type written without a letter
     * (0 when the game has no pawns). */
    const char *piece_letters;
    int pawn_type;
    /* The royal piece types (the King), a bit (1u << type) each: the
     * pieces whose loss loses the game, which a material count leaves
     * out; 0 for a game without them. */
    unsigned royal;
    /* How diagrams draw the pieces: figures[type] the figure (UTF-8, one
     * of the RGN_FIGURE_* below) a diagram that asks for figures draws a
     * piece without fins as, NULL for none (optional: NULL for a game
     * without figures); short_fins the types, a bit (1u << type) each,
     * that step one square and are drawn with short fins. */
    const char *const *figures;
    unsigned short_fins;
    bool castling; /* the game has castling moves, written O-O, O-O-O */
    /* whether a move that resets the halfmove clock (a capture, a pawn
     * move) can never be undone: no position before it occurs again, and
     * repetitions need only be looked for since the last one */
    bool resets_are_irreversible;
    /* whether a result of "*" on a game that ends in mate or stalemate is
     * only a warning (chess files of puzzles and studies do this), not an
     * error */
    bool open_result_on_finished_game;
    /* whether a game may be claimed drawn once the halfmove clock reaches
     * 100 (the fifty-move rule) */
    bool fifty_move_rule;
    /* Whether neither side can ever mate, whatever is played (chess's
     * dead positions by insufficient material); optional: NULL when the
     * game has no such rule. */
    bool (*dead_position)(const rgn_position *position);
    /* Orientations (optional, all three NULL for games without them):
     * orientation_count[type] the number of distinct direction sets of
     * the type, 0 for pieces without one. Canonical orientations are
     * 0..count-1 and name the direction of the same number (for a Queen
     * 0 = N, 1 = NE). */
    const uint8_t *orientation_count;
    /* Maps any direction a piece of the type may be said to face onto
     * the canonical orientation of the same direction set. */
    int (*canonical_orientation)(int type, int direction);
    /* The direction set (bit per direction) of a type in an orientation;
     * 0 for types without one. */
    unsigned (*direction_set)(int type, int orientation);

    /* The start position; optional: NULL when every game needs a set-up
     * (a FEN tag). */
    void (*set_initial)(rgn_position *position);
    int (*set_fen)(rgn_position *position, const char *fen, rgn_error *err);
    /* Reads a position string that set_fen refused the way files in the
     * wild mean it (a chess castling right whose Rook is gone), saying in
     * what what it changed; -1 when it cannot. Optional. */
    int (*repair_fen)(rgn_position *position, const char *fen, char *what,
                      size_t size);
    size_t (*write_fen)(const rgn_position *position, char *buf, size_t size);

    /* Legal moves into a caller-owned array; count_moves only counts
     * them (perft's leaves). */
    int (*legal_moves)(rgn_position *position, rgn_move *moves);
    /* Only the legal moves of one piece type to one square. */
    int (*legal_moves_to)(rgn_position *position, rgn_move *moves, int type,
                          int to);
    /* SAN's common question without a move list: the number of legal
     * moves of the type to the square on file to_file and rank to_rank,
     * castling aside, from file from_file and rank from_rank (-1: any),
     * promoting to type `promotion` (0: not promoting), and the first in
     * *first. Files and ranks count from 0; a square off the board has
     * no move. Optional, and only for games whose pieces have no
     * orientation. */
    int (*find_moves)(rgn_position *position, int type, int to_file,
                      int to_rank, int from_file, int from_rank, int promotion,
                      rgn_move *first);
    int (*count_moves)(rgn_position *position);
    /* Whether there is a legal move at all (judging '#' needs no count);
     * optional: NULL asks count_moves. */
    bool (*has_moves)(rgn_position *position);
    void (*make)(rgn_position *position, rgn_move move, rgn_undo *undo);
    void (*unmake)(rgn_position *position, rgn_move move, const rgn_undo *undo);
    bool (*in_check)(const rgn_position *position);
    /* Whether the game ended by a rule other than having no move (a
     * king-reach win); NULL when there is none. The move generators follow
     * the rules of movement alone, so that "#" is judged by them. */
    bool (*game_over)(const rgn_position *position);
    /* Says why no legal move matches a move text ("the path is blocked
     * at d4"), and which problem that is. */
    enum rgn_problem (*explain_unmatched)(rgn_position *position,
                                          const rgn_san *san, char *why,
                                          size_t size);
    enum rgn_status (*status)(rgn_position *position);
    /* Move texts other than SAN; optional (NULL: SAN, src/rules/san.c). */
    const rgn_notation *notation;
    /* The compiled tables its functions work from (found through a
     * position's variant); optional. */
    const void *context;
    /* The compass direction (RGN_N..RGN_NW) a piece points that has no
     * orientation in the chess sense (a Rotationary pyramid), -1 for
     * none; optional. Diagrams draw it as a piece's one direction. */
    int (*facing)(const rgn_position *position, int square);
    /* The turns of a move's chain (rgn_move_chain); optional. */
    int (*chain)(const rgn_position *before, rgn_move move, rgn_turn *turns);
    /* Pieces drawn as pyramids: pyramid_scale[type] their size (1 the
     * largest); optional, NULL for pieces drawn as discs. */
    const double *pyramid_scale;
    /* The text diagrams' legend where the generic one does not fit (a
     * solitaire's letters and arrows); optional. */
    const char *diagram_key;
    /* The game's own kinds of problem, ended by a row whose code is NULL;
     * optional. Rule sets that share a table share its kinds. */
    const rgn_problem_kind *problems;
    /* The game's own name for a generic problem (Rotationary reports a
     * missing FEN as its "bad_fen"), or the generic; optional. */
    enum rgn_problem (*own_problem)(enum rgn_problem generic);
    /* Judges a result token against the final position: false when it
     * fits, else true with the problem and why filled in; optional
     * (NULL: the result a mate or another end forces). */
    bool (*judge_result)(rgn_position *final, const char *result,
                         enum rgn_problem *problem, char *why, size_t size);
    /* Whether a game without a Variant tag that failed as another game
     * may be one of this game's (chess pieces and castling in a Rotary
     * record, Rotary pieces in a chess one): then *note is
     * set to the kind of the note that suggests --variant. Optional. */
    bool (*looks_like_own)(const rgn_failed_game *game, enum rgn_problem *note);
};

/* A problem a rule set's function gave, as the registry numbers it: a
 * generic kind stays, RGN_OWN_PROBLEM(i) becomes the i-th of the game's
 * own kinds (rules/registry.c). */
enum rgn_problem rgn_problem_of(const struct rgn_variant *variant,
                                enum rgn_problem problem);

/* Whether the side to move has a legal move by the rules of movement. */
static inline bool rgn_variant_has_moves(const struct rgn_variant *v,
                                         rgn_position *position)
{
    return v->has_moves ? v->has_moves(position) : v->count_moves(position) > 0;
}

/* A null move, the same in every two-player game (position.c): the turn
 * passes, the en passant square is cleared, the halfmove clock counts
 * it and the fullmove number goes on as after any move. */
void rgn_null_make(rgn_position *position, rgn_undo *undo);
void rgn_null_unmake(rgn_position *position, const rgn_undo *undo);

/* Makes and unmakes any move, a null move included: the rule set's own
 * functions know only the moves it generates. */
static inline void rgn_make(rgn_position *position, rgn_move move,
                            rgn_undo *undo)
{
    if (__builtin_expect(rgn_move_is_null(move), 0))
        rgn_null_make(position, undo);
    else
        position->variant->make(position, move, undo);
}

static inline void rgn_unmake(rgn_position *position, rgn_move move,
                              const rgn_undo *undo)
{
    if (__builtin_expect(rgn_move_is_null(move), 0))
        rgn_null_unmake(position, undo);
    else
        position->variant->unmake(position, move, undo);
}

/* Whether pieces of the type have an orientation. */
static inline bool rgn_variant_oriented(const struct rgn_variant *v, int type)
{
    return v->orientation_count && v->orientation_count[type];
}

#endif
