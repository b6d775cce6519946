/*
 * rgn.h - the one public header of librgn 1.0, the library under the rgn
 * program: game records of Rotary (Freeling), Rollerball, Rotary Chess,
 * Rotationary, Chess and Chess960. rgn(1) is the program, rgn(5) the
 * file formats; rgn(3) is this text, and each part of this header (a
 * banner below) has a manual page of its own, written from its comments:
 * rgn_validator(3), rgn_position(3), ...; man 3 FUNCTION finds any.
 *
 * The parts, in the order of the work:
 *
 *   - Reading, the simple way: rgn_games_open opens a file by name ("-"
 *     is standard input; rgn_games_open_memory a buffer), whatever it
 *     holds (RGN or PGN or XML, plain or compressed, UTF-8 or Latin-1),
 *     and rgn_games_next pulls its games one at a time, each an rgn_game
 *     with its tags, moves, positions, comments, variations, problems,
 *     file, offset and line. Options (rgn_read_options) choose the game
 *     of untagged games, a byte range, strictness.
 *   - Reading, the fast way: the validator (rgn_validator) pushes each
 *     game, part by part, to a game sink (rgn_game_sink, the one callback
 *     interface) of the caller's or the library's (a writer, a selector,
 *     a lister, tournaments, a database importer); a tee (rgn_tee) feeds
 *     one stream to several sinks, and a sink may skip the rest of a
 *     variation or a game.
 *   - Validating: every move is replayed under the game's rule set
 *     (rgn_variant, found by name with rgn_variant_find) and each problem
 *     found is a diagnostic (rgn_diagnostic): a stable code, a severity,
 *     a place, written as text with the source line and a caret or as
 *     JSON (rgn_diagnostic_write_text, rgn_diagnostic_write_json).
 *   - Positions and moves: rgn_position plays moves, lists the legal
 *     ones and reads and writes position strings; rgn_san_resolve reads a
 *     move as written.
 *   - Writing: rgn_writer, a sink that writes RGN, PGN, XML, JSON, HTML
 *     and other forms (enum rgn_format); rgn_splitter writes a stream
 *     into files named by a pattern.
 *   - Selecting: criteria (rgn_criteria) on tags, results, moves and
 *     positions pick games (rgn_selector, rgn_matcher), copies found or
 *     left out, edits (rgn_edits) applied on the way.
 *   - Listing: rgn_lister writes a table of the games' tags.
 *   - The database: rgn_db keeps games in one SQLite file, imported by a
 *     sink (rgn_db_importer), found by criteria (rgn_db_find), and counts
 *     the moves played from a position (rgn_db_tree_of).
 *   - Tournaments: rgn_tournaments groups games into tournaments,
 *     recognises each one's system, ranks the players with FIDE's
 *     tie-breaks, audits the records and writes standings, crosstables
 *     and rounds as text, CSV, JSON, HTML or TRF.
 *   - Diagrams: rgn_diagram_write draws a position, as text or SVG, with
 *     the way every piece points.
 *   - Rotationary, the solitaire: rgn_rotationary_solve, _layers,
 *     _survey and _puzzle.
 *
 * Conventions:
 *
 *   - Every name starts with rgn_ or RGN_.
 *   - Errors: a function that can fail returns an int (0 success, -1
 *     failure) or a pointer (NULL failure) and fills the rgn_error it is
 *     given (it may be NULL) with a message that says what went wrong,
 *     where and why; it is marked RGN_MUST_CHECK, so that the compiler
 *     warns when its result is ignored. A game's own problems are no
 *     failure of the call: they are diagnostics.
 *   - Ownership: a type known by its name only (rgn_position, rgn_games,
 *     ...) is opaque: *_new or *_open makes one, the caller releases it
 *     with the matching *_free or *_close. What the library hands out
 *     as const (a game from rgn_games_next, a name, a diagnostic) stays
 *     the library's, valid as long as the function's comment says (a
 *     pulled game until the next rgn_games_next). An rgn_span is a view
 *     of len bytes, not NUL-terminated. Whether an argument is copied or
 *     kept is said in its function's comment.
 *   - Threads: the library has no global state; different objects may
 *     be used on different threads at once, one object by one thread at
 *     a time.
 *   - Nothing allocates in the hot paths: move lists are arrays the
 *     caller passes in, of RGN_MAX_MOVES entries.
 *
 * An example (samples/read_games.c): the players and result of each game
 * of a file. Build it with cc read_games.c $(pkg-config --cflags --libs rgn).
 *
 *     #include <rgn.h>
 *     #include <stdio.h>
 *
 *     int main(int argc, char **argv)
 *     {
 *         rgn_error error;
 *         const rgn_game *game;
 *         const char *path = argc > 1 ? argv[1] : "-";
 *         rgn_games *games = rgn_games_open(path, NULL, &error);
 *         if (games == NULL) {
 *             fprintf(stderr, "%s\n", error.message);
 *             return 2;
 *         }
 *         int got;
 *         while ((got = rgn_games_next(games, &game, &error)) == 1) {
 *             rgn_span white = {"?", 1}, black = {"?", 1};
 *             rgn_span result = rgn_game_result(game);
 *             rgn_game_tag(game, "White", &white);
 *             rgn_game_tag(game, "Black", &black);
 *             printf("%.*s - ", (int)white.len, white.data);
 *             printf("%.*s ", (int)black.len, black.data);
 *             printf("%.*s\n", (int)result.len, result.data);
 *         }
 *         if (got < 0)
 *             fprintf(stderr, "%s\n", error.message);
 *         rgn_games_close(games);
 *         return got < 0 ? 2 : 0;
 *     }
 */
#ifndef RGN_H
#define RGN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RGN_VERSION "1.0.0"

/* Marks a fallible function (see "Errors" below): a caller that drops its
 * result gets a warning. */
#if defined(__GNUC__) || defined(__clang__)
#define RGN_MUST_CHECK __attribute__((warn_unused_result))
#else
#define RGN_MUST_CHECK
#endif

/* ------------------------------------------------------------------ */
/* Errors                                                             */

/* The error convention, which every part of this header follows:
 *
 *   - A call that can fail returns int, 0 on success and -1 on failure,
 *     or a pointer, NULL on failure. (A call that also answers a count or
 *     a choice returns it as a non-negative number, int or int64_t, or
 *     through an out-parameter; -1 is still its only failure.) No other
 *     value means failure: no UINT64_MAX or other sentinel, no errno
 *     alone, no sticky "_failed()" flag to ask afterwards.
 *   - It takes an "rgn_error *error" (the last parameter) and fills it
 *     on failure with why; error may be NULL, and then the reason is
 *     dropped. After a success its content says nothing.
 *   - Constructors that can fail take one too (rgn_position_new(variant,
 *     error)); freeing (*_free, *_close) never fails and accepts NULL.
 *   - Every fallible call is marked RGN_MUST_CHECK (warn_unused_result):
 *     a caller that drops its result is warned by gcc and clang. (gcc
 *     warns even through a cast to void: check the result.)
 *   - A look-up that may find nothing is no failure and takes no
 *     rgn_error: rgn_variant_find's NULL, rgn_square_parse's and
 *     rgn_direction_parse's -1 say "no such name", as rgn_square_at's -1
 *     says "no such square".
 *
 * Options that keep their ABI: the option structs (rgn_diagram_options,
 * rgn_db_import_options, rgn_db_merge_options, rgn_db_find_options,
 * rgn_rotationary_survey_options, rgn_validator_options,
 * rgn_tournament_options, rgn_writer_options, rgn_selector_options,
 * rgn_list_options) carry their own size. Their first member is "size_t
 * size", which the caller sets to sizeof its struct:
 *
 *     rgn_diagram_options options = {.size = sizeof options,
 *                                    .format = RGN_DIAGRAM_SVG};
 *
 * Fields are only ever added at the end, and a field's zero is its
 * default, so zero-initialised options are the defaults. The library
 * takes the fields that size covers and defaults the rest: a program
 * built against an older rgn.h keeps working with a newer library. A
 * size of 0 (a struct whose size was not set), one smaller than the
 * struct's first field needs, or a larger size than the library knows
 * whose bytes beyond its own are not all zero (options of a newer rgn.h
 * the library cannot honour) fails with a message that names the struct.
 * Options may be NULL where a function says so: all defaults.
 *
 * Why sized structs rather than opaque objects with setters: these
 * options are a handful of plain values, pointers and callbacks that
 * are read during one call; a struct keeps them in one designated
 * initializer, needs no allocation (so building options cannot fail),
 * and maps directly onto a binding's record type (ctypes, cffi). An
 * opaque object suits options that the library keeps past the call or
 * checks field by field as they are set (rgn_read_options). */

/* A message for the user and, when it points into a string the caller
 * passed (a position string, a move text), the 1-based column there. */
typedef struct rgn_error {
    int column; /* 0 when the error has no column */
    char message[256];
} rgn_error;

/* The reason at the end of error's message: the text after its last
 * ": " ("No space left on device" of "cannot write the games: No space
 * left on device"), or the whole message when it has none; for a caller
 * that says the failure in words of its own. */
const char *rgn_error_reason(const rgn_error *error);

/* ------------------------------------------------------------------ */
/* Text for other formats                                             */

/* Writes len bytes of text to out as a JSON string (RFC 8259), quotes
 * included, as every JSON output of the library writes one: '"' and '\\'
 * escaped, control characters as \n, \t, \r or \u00XX, and a byte that
 * is not well-formed UTF-8 as \ufffd, so that the output is valid JSON
 * whatever the text. 0, or -1 with error when memory ran out or the write
 * failed. */
RGN_MUST_CHECK int rgn_json_write_string(FILE *out, const char *text,
                                         size_t len, rgn_error *error);

/* ------------------------------------------------------------------ */
/* Did you mean                                                       */

/* The name nearest to one a person gave that is none of the names known
 * (a misspelt command, option, game or format): candidates are offered
 * one at a time, and best is the first of the nearest, at most two
 * edits from given in a name of more than four bytes and one in a
 * shorter one ("png" is not near "svg"), an edit being a letter put in,
 * left out, changed or swapped with its neighbour ("hmtl"), case aside;
 * names of more than 32 bytes are near nothing. The wording of the
 * question ("did you mean 'rotary'?") is the caller's. */
typedef struct rgn_nearest {
    const char *given; /* the name given (kept, not copied) */
    const char *best;  /* the nearest candidate offered so far, or NULL */
    size_t distance;   /* its edits from given */
} rgn_nearest;

/* Starts a search for the name nearest to given (kept, not copied). */
void rgn_nearest_init(rgn_nearest *nearest, const char *given);
/* Offers a candidate (kept, not copied; NULL is passed over): it becomes
 * nearest->best when it is near given and nearer than the best so far. */
void rgn_nearest_offer(rgn_nearest *nearest, const char *candidate);
/* The candidate of the NULL-terminated list (NULL: none) nearest to
 * given, as rgn_nearest_offer finds it; NULL when none is near. */
const char *rgn_nearest_name(const char *given, const char *const *candidates);

/* ------------------------------------------------------------------ */
/* Variants (rule sets)                                               */

typedef struct rgn_variant rgn_variant;

/* The registry of rule sets. rgn_variant_at(i) for i < rgn_variant_count()
 * lists them; the default is the rule set of a game without a Variant tag
 * (Rotary). */
size_t rgn_variant_count(void);
const rgn_variant *rgn_variant_at(size_t index);
const rgn_variant *rgn_variant_default(void);
/* Looks a rule set up by name or alias, case-insensitively and with '-'
 * or '_' for a space ("rotary", "Standard", "rotary-chess"). NULL if the
 * name is unknown. */
const rgn_variant *rgn_variant_find(const char *name);
/* The name or alias of a rule set nearest to name (see "Did you mean"),
 * for a name rgn_variant_find does not know; NULL when none is near. */
const char *rgn_variant_nearest(const char *name);
const char *rgn_variant_name(const rgn_variant *variant);
/* The other names of a rule set, NULL-terminated (maybe empty). */
const char *const *rgn_variant_aliases(const rgn_variant *variant);
/* The rule set that games without a Variant tag in a file of this name
 * are read as: the one whose file extension the name has (".pgn" is
 * Chess), a compression suffix (".gz", ".zst", ".bz2", ".xz") left
 * aside; NULL when none claims it. */
const rgn_variant *rgn_variant_for_file(const char *path);
/* One line that says what the game is. */
const char *rgn_variant_summary(const rgn_variant *variant);
/* Writes the line `rgn variants` gives a rule set into buf, without a
 * newline: its name, its aliases, its summary, its board, its players,
 * whether it needs a set-up and whether it is the default ("Chess (also
 * Standard, From Position): orthodox chess; 8x8, two players"). Returns
 * its length (as snprintf, the length it needed when size is too
 * small). */
size_t rgn_variant_describe(const rgn_variant *variant, char *buf, size_t size);
/* 2, or 1 for a solitaire (one number per move, results 1-0 and *). */
int rgn_variant_players(const rgn_variant *variant);
/* Whether every game needs a set-up position (a FEN tag). */
bool rgn_variant_needs_setup(const rgn_variant *variant);
/* The text diagrams' legend of a game whose letters and marks need their
 * own (NULL: the generic legend). */
const char *rgn_variant_diagram_key(const rgn_variant *variant);
/* For a game whose pieces are drawn in sizes (smaller than the largest
 * piece), a piece's drawn size as a fraction of the largest, by its
 * letter; 0 for games whose pieces are drawn alike. */
double rgn_variant_pyramid_scale(const rgn_variant *variant, char letter);
int rgn_variant_files(const rgn_variant *variant);
int rgn_variant_ranks(const rgn_variant *variant);
/* The upper-case letter of a piece type ('P' for a pawn); 0 if none. */
char rgn_variant_piece_letter(const rgn_variant *variant, int type);
/* The piece type of a letter, in either case ('k' and 'K' are the King);
 * 0 when the game has no such piece. */
int rgn_variant_piece_type(const rgn_variant *variant, char letter);
/* Whether pieces of the type are royal (the King): the pieces whose loss
 * loses the game, which a count of material leaves out. False for a
 * type the game does not have. */
bool rgn_variant_piece_royal(const rgn_variant *variant, int type);
/* The chess figure (UTF-8, "\u265a\ufe0e" for the King) that a diagram
 * asking for figures draws a piece of the type as when it has no fins
 * (no orientation); NULL when the game gives the type none. */
const char *rgn_variant_piece_figure(const rgn_variant *variant, int type);
/* Whether pieces of the type step one square, and so are drawn with
 * short fins (the King). */
bool rgn_variant_piece_short_fins(const rgn_variant *variant, int type);

/* Squares are small integers whose numbering belongs to the variant.
 * rgn_square_at gives -1 for a point that is not a square of the board
 * (off the grid, or in a hole). Files and ranks count from 0. */
int rgn_square_at(const rgn_variant *variant, int file, int rank);
int rgn_square_file(const rgn_variant *variant, int square);
int rgn_square_rank(const rgn_variant *variant, int square);
/* The direction pieces move forward in on a square, for boards where
 * that depends on the square (Rollerball's rings); -1 elsewhere. */
int rgn_square_forward(const rgn_variant *variant, int square);
/* Writes the square's name ("e4") into buf (at least 4 bytes). */
void rgn_square_name(const rgn_variant *variant, int square, char *buf);
/* The square a name of len bytes names, as rgn_square_name writes it (a
 * file letter from 'a', a rank from 1 without leading zeros); -1 when
 * the text is no such name or names no square of the board (off the
 * grid, in a hole). */
int rgn_square_parse(const rgn_variant *variant, const char *text, size_t len);

/* ------------------------------------------------------------------ */
/* Directions and orientations                                        */

/* Absolute compass directions, numbered clockwise from N. */
enum rgn_direction {
    RGN_N,
    RGN_NE,
    RGN_E,
    RGN_SE,
    RGN_S,
    RGN_SW,
    RGN_W,
    RGN_NW
};

/* "N", "NE", ... ; NULL for a value outside 0..7. */
const char *rgn_direction_name(int direction);
/* Parses a direction name (upper or lower case) of exactly len bytes;
 * -1 if it is not one. */
int rgn_direction_parse(const char *text, size_t len);

/* ------------------------------------------------------------------ */
/* Moves                                                              */

/* What kind of move a move is, so that nobody has to guess it from the
 * board (an en passant capture lands on an empty square). */
enum rgn_move_kind {
    RGN_MOVE_NORMAL,     /* a step, slide or leap, capturing or not */
    RGN_MOVE_PROMOTION,  /* a pawn move that promotes */
    RGN_MOVE_EN_PASSANT, /* a pawn capture of a pawn that passed to */
    RGN_MOVE_CASTLING,   /* the King's move; the Rook moves with it */
    RGN_MOVE_ROTATION,   /* a piece turns in place (from == to) */
    RGN_MOVE_TURN,       /* a solitaire's turn of a cell (from == to) */
    RGN_MOVE_NULL        /* a null move ("--"): the side to move passes;
                            from, to, promotion and orientation are 0 */
};

/* A move is a value of 8 bytes:
 *   from, to     squares in the rule set's numbering (from == to for a
 *                rotation or a turn)
 *   kind         enum rgn_move_kind
 *   promotion    the piece type promoted to (the rule set's numbering;
 *                rgn_variant_piece_letter names it), 0 if none
 *   orientation  the piece's final orientation in the canonical form of
 *                its direction set (for a Queen or King N or NE, for a
 *                Scythe one of N NE E SE), whether or not it changed; 0
 *                for pieces without one. For a turn: 1 clockwise, 3
 *                counter-clockwise (quarter turns added to the facing).
 *   spare        0 */
typedef struct rgn_move {
    uint16_t from;
    uint16_t to;
    uint8_t kind;
    uint8_t promotion;
    uint8_t orientation;
    uint8_t spare;
} rgn_move;

#define RGN_MAX_MOVES 2048

/* The null move of every two-player game (rgn(5), Moves): it passes the
 * turn. rgn_position_legal_moves never lists it; rgn_san_resolve reads
 * it from "--" (and "Z0", "@@@@") where the rules allow it. */
static inline rgn_move rgn_null_move(void)
{
    return (rgn_move){0, 0, RGN_MOVE_NULL, 0, 0, 0};
}

/* Whether m is the null move. */
static inline bool rgn_move_is_null(rgn_move m)
{
    return m.kind == RGN_MOVE_NULL;
}

/* Whether a and b are the same move (spare aside). */
static inline bool rgn_move_equal(rgn_move a, rgn_move b)
{
    return a.from == b.from && a.to == b.to && a.kind == b.kind &&
           a.orientation == b.orientation && a.promotion == b.promotion;
}

/* ------------------------------------------------------------------ */
/* Positions                                                          */

typedef struct rgn_position rgn_position;

enum rgn_color { RGN_WHITE = 0, RGN_BLACK = 1 };

/* The game's state after a position's last move, as the rules see it. */
enum rgn_status {
    RGN_ONGOING,
    RGN_CHECKMATE,  /* the side to move is mated */
    RGN_STALEMATE,  /* the side to move has no move and is not in check */
    RGN_KING_REACH, /* the side not to move has won by reaching its target */
    RGN_SOLVED      /* a solitaire's goal is reached */
};

/* A new position holding the variant's initial position. NULL with error
 * only when memory runs out. Free with rgn_position_free. */
RGN_MUST_CHECK rgn_position *rgn_position_new(const rgn_variant *variant,
                                              rgn_error *error);
void rgn_position_free(rgn_position *position);
void rgn_position_copy(rgn_position *to, const rgn_position *from);
const rgn_variant *rgn_position_variant(const rgn_position *position);

/* Reads a position string (RFEN for Rotary). On failure the position is
 * unchanged, err names the field and column, and -1 is returned. */
RGN_MUST_CHECK int rgn_position_set_fen(rgn_position *position, const char *fen,
                                        rgn_error *err);
/* Writes the canonical position string; returns its length (as snprintf,
 * the length it needed when size is too small). */
size_t rgn_position_fen(const rgn_position *position, char *buf, size_t size);

/* The side to move (enum rgn_color), the move number and the halfmove
 * clock of the position string, and whether the side to move is in
 * check. */
int rgn_position_side(const rgn_position *position);
int rgn_position_fullmove(const rgn_position *position);
int rgn_position_halfmove(const rgn_position *position);
bool rgn_position_in_check(const rgn_position *position);
/* Key for repetition: equal for positions with the same pieces on the
 * same squares with the same direction sets and the same side to move
 * (and the same castling rights, en passant captures or turn counts in
 * the games that have them). */
uint64_t rgn_position_key(const rgn_position *position);

/* What stands on a square: its letter (upper case, 'P' for a pawn), 0 if
 * empty. color and orientation (canonical; -1 if it has none) may be
 * NULL. */
char rgn_position_piece(const rgn_position *position, int square, int *color,
                        int *orientation);

/* The directions the piece on a square moves in now, one bit per
 * direction (1 << RGN_N, ...); 0 for an empty square and for pieces
 * without an orientation (pawns). */
unsigned rgn_position_directions(const rgn_position *position, int square);

/* Fills moves (RGN_MAX_MOVES entries) with the legal moves; returns how
 * many (none once the game is over, by mate or otherwise). */
int rgn_position_legal_moves(rgn_position *position, rgn_move *moves);
int rgn_position_count_moves(rgn_position *position);
enum rgn_status rgn_position_status(rgn_position *position);

/* Plays a move, which must be one of rgn_position_legal_moves or a null
 * move that rgn_san_resolve read in this position. */
void rgn_position_play(rgn_position *position, rgn_move move);

/* What rgn_position_play_undoable keeps of a move so that it can be taken
 * back; the caller owns it (on its stack, or an array for a line of
 * moves). state is the rule set's business. */
typedef struct rgn_played {
    rgn_move move;
    uint64_t state[6];
} rgn_played;
/* Plays a move as rgn_position_play does and fills *played. */
void rgn_position_play_undoable(rgn_position *position, rgn_move move,
                                rgn_played *played);
/* Takes back the move of played, which must be the last move played on
 * the position: the position is again the one before it (board, side to
 * move, rights, clocks). Several moves are taken back in the reverse
 * order of their playing. */
void rgn_position_undo(rgn_position *position, const rgn_played *played);

/* One turn of a move that turns several pieces one after another (a
 * chain): the square, the piece's letter and its facing after the turn
 * (RGN_N, RGN_E, RGN_S or RGN_W). */
typedef struct rgn_turn {
    int square;
    char piece;
    int facing;
} rgn_turn;
#define RGN_MAX_TURNS 8
/* The turns a legal move makes, in order, into turns (RGN_MAX_TURNS
 * entries); 0 for a game whose moves make no chain. */
int rgn_move_chain(const rgn_position *before, rgn_move move, rgn_turn *turns);

/* Number of legal move sequences of the given length. */
uint64_t rgn_perft(rgn_position *position, int depth);
/* A legal move, its coordinate form (rgn_move_coord) and the number of
 * legal move sequences of a length that begin with it. */
typedef struct rgn_perft_move {
    rgn_move move;
    char coord[32];
    uint64_t count;
} rgn_perft_move;
/* perft divided by the first move, how two move generators are compared
 * where they differ: fills moves (RGN_MAX_MOVES entries) with each legal
 * move of position and rgn_perft of the position after it at depth - 1,
 * in the order of their coordinate forms (as strcmp orders them), and
 * returns how many (0 when the game is over); the position is left as it
 * was. At depth 1 each count is 1: the legal moves in the order in which
 * rgn moves lists them. -1 with error when depth is below 1. */
RGN_MUST_CHECK int rgn_perft_divide(rgn_position *position, int depth,
                                    rgn_perft_move *moves, rgn_error *error);

/* ------------------------------------------------------------------ */
/* Move forms                                                         */

/* Coordinate form ("e3e4", "b2b6ne", "e8e9qne"). Returns the length. */
size_t rgn_move_coord(const rgn_position *position, rgn_move move, char *buf,
                      size_t size);

/* ------------------------------------------------------------------ */
/* Problems: what a diagnostic can say                                */

enum rgn_severity { RGN_ERROR, RGN_WARNING, RGN_NOTE };

/* The generic kinds of diagnostic, each with a stable code for scripts
 * (rgn_problem_code) and a severity. The lenient readings that rgn(5)
 * lists are the warnings RGN_W_*.
 *
 * A game may have kinds of its own, which its rule set registers with
 * their codes and severities (rgn_variant_problem lists them). They
 * are numbered from RGN_PROBLEM_COUNT on, game after game in the order
 * of the registry: the same numbers within one build of the library,
 * not across builds. A diagnostic's problem may be one of them;
 * rgn_problem_code and rgn_problem_severity know every kind, so a
 * program that keeps or compares kinds across builds keeps their codes,
 * not their numbers. */
enum rgn_problem {
    RGN_E_SYNTAX,                  /* the file is not RGN here */
    RGN_E_MOVE_SYNTAX,             /* a move text that is no move */
    RGN_E_UNMATCHED,               /* no legal move matches (with the reason) */
    RGN_E_AMBIGUOUS,               /* several legal moves match */
    RGN_E_NULL_ROTATION,           /* a rotation that keeps the direction set */
    RGN_E_PROMOTION_ORIENTATION,   /* "=Q" without ">Dir" */
    RGN_E_ORIENTATION_NOT_ALLOWED, /* ">Dir" in a game without them */
    RGN_E_MOVE_AFTER_END,          /* a move after mate (or another end) */
    RGN_E_RESULT_MISMATCH,         /* Result tag differs from the result */
    RGN_E_WRONG_RESULT,            /* mate, but the result says otherwise */
    RGN_E_RESULT_IN_VARIATION,
    RGN_E_VARIATION_FIRST, /* a variation before the first move */
    RGN_E_UNKNOWN_VARIANT,
    RGN_E_BAD_FEN,      /* the FEN tag cannot be read */
    RGN_E_NO_FEN,       /* a game with no start position lacks FEN */
    RGN_E_BAD_SETUP,    /* SetUp other than "1" where a set-up is due */
    RGN_E_KEPT_INVALID, /* an [Invalid] tag: a game kept with its error */
    RGN_W_LONG_FORM,    /* "Sb2-b6", "e3-e4" */
    RGN_W_PAWN_CAPTURE_WITHOUT_X, /* "de5" */
    RGN_W_SURPLUS_DISAMBIGUATION, /* "R1c1" where "Rc1" is enough */
    RGN_W_MISSING_CAPTURE_MARK,
    RGN_W_SURPLUS_CAPTURE_MARK,
    RGN_W_MISSING_CHECK_MARK,
    RGN_W_SURPLUS_CHECK_MARK,
    RGN_W_CHECK_MARK_ON_MATE, /* "+" on a mating move */
    RGN_W_MATE_MARK_WITHOUT_MATE,
    RGN_W_UNCHANGED_ORIENTATION,    /* ">N" naming the set the piece keeps */
    RGN_W_CASTLING_WITH_ZEROS,      /* "0-0" for "O-O" */
    RGN_W_COORDINATE_FORM,          /* "e2e4", "e7e8q" inside movetext */
    RGN_W_PROMOTION_WITHOUT_EQUALS, /* "a8Q", "a8(Q)", "a8/Q" */
    RGN_W_NULL_MOVE,                /* "--" in the main line */
    RGN_W_MISSING_TAG,              /* one of the seven-tag roster is missing */
    RGN_W_TAG_ORDER,                /* the seven-tag roster out of its order */
    RGN_W_MOVE_NUMBER,              /* a move number that is not the move's */
    RGN_W_TAG_QUOTE,                /* an unescaped '"' inside a tag value */
    RGN_W_EN_PASSANT_MARK,          /* "e.p." after an en passant capture */
    RGN_W_FEN_REPAIRED,             /* a FEN tag read as a program meant it */
    RGN_W_OPEN_RESULT,      /* "*" on a game that ended in mate or stalemate */
    RGN_W_LATIN1,           /* text that is not UTF-8, read as Latin-1 */
    RGN_W_OPEN_TERMINATION, /* "*" ends a game whose Result tag is a result */
    RGN_W_NO_MOVES,         /* tags that no moves or result follow */
    RGN_W_DATE_FORM,        /* a date tag as 1960/??/??, read as 1960.??.?? */
    RGN_W_NOT_A_DATE,       /* a date tag that holds no date */
    RGN_W_NO_GAME,          /* an input that holds no game (game 0) */
    RGN_N_REPETITION,       /* a position occurs for the third time */
    RGN_N_COMMENT_WITHOUT_GAME, /* comments that no game follows */
    RGN_N_RESULT_FIXED,         /* a result changed by RGN_EDIT_FIX_RESULT */
    RGN_N_ALREADY_STORED,       /* a game a database has: not stored again */
    /* the findings of a tournament's audit (rgn tournament --check) */
    RGN_T_PLAYER_TWICE_IN_ROUND, /* a player in two games of one round */
    RGN_T_REPEATED_PAIRING,      /* a round robin's pairing played again */
    RGN_T_MISSING_PAIRING,       /* a round robin's pairing never played */
    RGN_T_MISSING_ROUND,         /* no Round tag, or "-", "?" */
    RGN_T_MALFORMED_ROUND,       /* a Round tag that is not N or N.M */
    RGN_T_ROUND_DATE_ORDER,      /* a round dated before an earlier one */
    RGN_T_UNFINISHED_GAME,       /* "*" in a finished tournament */
    RGN_T_DUPLICATE_GAME,        /* the same game twice */
    RGN_T_SAME_PLAYER,           /* two spellings of one name, probably */
    RGN_T_COLOUR_SEQUENCE,       /* three games of one colour in a row */
    RGN_T_COLOUR_DIFFERENCE,     /* whites and blacks differ by more than 2 */
    RGN_T_GAME_WITHOUT_PAIRING,  /* a game the TRF does not pair */
    RGN_T_PAIRING_WITHOUT_GAME,  /* a TRF pairing with no game */
    RGN_T_MISSING_GAME,          /* a Swiss's player without game or bye */
    RGN_PROBLEM_COUNT /* the generic kinds; games' own kinds follow */
};

/* A kind's code ("illegal-move"; a game's own kind by the game's word,
 * "bad_cell"); "unknown" for a number that is no kind. */
const char *rgn_problem_code(enum rgn_problem problem);
/* A kind's severity; RGN_ERROR for a number that is no kind. */
enum rgn_severity rgn_problem_severity(enum rgn_problem problem);
/* The number of a game's own kinds, and the kind of the index-th
 * (index < that number): a game's kinds in a program's hands. */
int rgn_variant_problem_count(const rgn_variant *variant);
enum rgn_problem rgn_variant_problem(const rgn_variant *variant, int index);
/* The warning's bit in a warning set (only for the RGN_W_* problems). */
#define RGN_WARNING_BIT(problem) (1u << ((problem)-RGN_W_LONG_FORM))

/* ------------------------------------------------------------------ */
/* SAN                                                                */

/* A move text read without a board: only its syntax. Absent parts are
 * -1 (numbers) or 0 (characters). Files and ranks count from 0. */
typedef struct rgn_san {
    char piece; /* upper-case letter; 0 for a pawn */
    int8_t from_file, from_rank;
    int8_t to_file, to_rank;
    char separator;   /* 'x', '-' or 0 */
    char promotion;   /* the letter after '=' */
    int8_t direction; /* after '>' */
    char check;       /* '+' or '#' */
    char castling;    /* 'K' for O-O, 'Q' for O-O-O (the King's castling
                         move, whatever its squares), else 0 */
} rgn_san;

/* Reads the syntax of a move text (with its + or #, without ! or ?).
 * Fails with RGN_E_MOVE_SYNTAX, or with RGN_W_COORDINATE_FORM for a text
 * in coordinate form ("e2e4", which rgn_san_resolve reads with that
 * warning). */
RGN_MUST_CHECK int rgn_san_parse(const rgn_variant *variant, const char *text,
                                 size_t len, rgn_san *san,
                                 enum rgn_problem *problem, rgn_error *err);

/* Resolves a move text in a position: exactly by the matching rule of
 * rgn(5) ("Moves") first, else by the lenient readings. On
 * success returns 0, the move, and the set of lenient readings used
 * (RGN_WARNING_BIT of each warning). On failure returns -1 with the
 * problem and a message that says why (for an ambiguous text, the
 * candidates). */
RGN_MUST_CHECK int rgn_san_resolve(rgn_position *position, const char *text,
                                   size_t len, rgn_move *move,
                                   unsigned *warnings,
                                   enum rgn_problem *problem, rgn_error *err);
/* Plays a line of moves as a person types it, "1. e4 e5 2. Nf3", from
 * position: words apart by spaces, tabs or line ends, each read by
 * rgn_san_resolve, the move numbers ("12.", "12...", "12") passed over.
 * 0, or -1 with error->message "'WORD': why" and error->column the
 * word's in line; then the moves before it are played. */
RGN_MUST_CHECK int rgn_position_play_line(rgn_position *position,
                                          const char *line, rgn_error *error);

/* The canonical SAN of a legal move: shortest disambiguation, ">Dir" only
 * when the direction set changes, "+" or "#". Returns the length. */
size_t rgn_move_san(rgn_position *position, rgn_move move, char *buf,
                    size_t size);
/* Long algebraic form ("Sb2-b6", "Sb2xb7>E", "Rb2>NE", "e8-e9=Q>NE"), with
 * "+" or "#". */
size_t rgn_move_lan(rgn_position *position, rgn_move move, char *buf,
                    size_t size);

/* ------------------------------------------------------------------ */
/* Reading RGN                                                        */

/* A view into the reader's buffer: valid only during the callback that
 * receives it. Not NUL-terminated. */
typedef struct rgn_span {
    const char *data;
    size_t len;
} rgn_span;

/* Where a token starts: byte offset in the whole input, 1-based line, and
 * 1-based column counted in characters (UTF-8 code points). */
typedef struct rgn_location {
    uint64_t offset;
    uint32_t line;
    uint32_t column;
} rgn_location;

/* The deepest variation nesting the reader accepts. */
#define RGN_MAX_VARIATION_DEPTH 256
/* The longest comment, tag value or token the reader accepts, in bytes. */
#define RGN_MAX_TOKEN (1u << 20)

/* ------------------------------------------------------------------ */
/* Validating                                                         */

/* One finding about the input. Pointers and spans are valid only during
 * the report callback. */
typedef struct rgn_diagnostic {
    /* a generic kind or a game's own (rgn_problem_code names either) */
    enum rgn_problem problem;
    enum rgn_severity severity; /* an error under --strict for warnings */
    const char *message;
    rgn_location where;
    uint64_t game;        /* 1-based number of the game in the input;
                             0 for a finding about the input as a
                             whole (RGN_W_LATIN1), with no ply, move,
                             line, and "" for white and black */
    uint64_t game_offset; /* where the game begins in the input (the sink's
                             origin), when game is not 0 */
    const char *white;    /* the game's White and Black tags, or "?" */
    const char *black;
    int ply;                 /* the move's ply from the game's start, or 0 */
    const char *move_number; /* "23." or "23..." for a move, else "" */
    rgn_span move;           /* the move as written, or empty */
    rgn_span line;           /* the source line, when still buffered */
    size_t caret;            /* where's byte offset inside line */
    /* the input the game comes from, when the reporter names it (a
     * database's notes: the input as the database names it); else NULL */
    const char *file;
    /* RGN_N_ALREADY_STORED: the number in the database of the game this
     * one copies; else 0 */
    int64_t copy_of;
} rgn_diagnostic;

/* Flags of rgn_diagnostic_write_text: RGN_DIAGNOSTIC_COLOR writes ANSI
 * colours (the place in bold, the severity tinted). */
#define RGN_DIAGNOSTIC_COLOR 1u

/* Writes a diagnostic for people, as the rgn program prints it:
 * "FILE:LINE:COLUMN: SEVERITY: MESSAGE", then, for a diagnostic about a
 * game (game not 0), "  in game N (WHITE - BLACK)" with ", ply P: 23.
 * MOVE" when it concerns a move, and the source line, when it has one,
 * with a caret under the column and '~' under the rest of the move.
 * file names the input ("-" or anything the caller likes); d->game is
 * written as it is, so a caller that counts games over several inputs
 * passes a copy with its own number. 0, or -1 when the write failed. */
RGN_MUST_CHECK int rgn_diagnostic_write_text(FILE *out, const char *file,
                                             const rgn_diagnostic *d,
                                             unsigned flags);
/* Writes a diagnostic for programs: one JSON object and a newline, with
 * the members file, offset, line, column, game, game_offset, ply,
 * severity, code (rgn_problem_code) and message in this order; game,
 * game_offset and ply are null when the diagnostic has none (game 0,
 * ply 0). 0, or -1 when the write failed. */
RGN_MUST_CHECK int rgn_diagnostic_write_json(FILE *out, const char *file,
                                             const rgn_diagnostic *d);

/* What a game sink's skip answers: the parts it wants no more of. */
enum rgn_skip {
    RGN_SKIP_NOTHING = 0, /* go on */
    RGN_SKIP_VARIATION,   /* the rest of the current variation */
    RGN_SKIP_GAME         /* the rest of the game but its end_game */
};

/* What a validator passes on of each game it reads: the parts it has
 * checked, in order, up to the game's end or its first error. Writers of
 * other formats are sinks. Any callback may be NULL; spans and positions
 * are valid only during the call. */
typedef struct rgn_game_sink {
    /* before the games of each input (each member of an archive): its
     * name as diagnostics name it ("games.rgn", "<stdin>"), owned by the
     * library and valid until the next input event (a sink that keeps it
     * longer copies it); a recorded game keeps it (rgn_game_input) and
     * its replay sends it again */
    void (*input)(void *user, const char *file);
    void (*begin_game)(void *user, uint64_t number);
    /* just after begin_game: where the game begins in the input, its
     * first tag or, when it has none, its first element of movetext
     * (comments before it are not counted) */
    void (*origin)(void *user, rgn_location where);
    /* the game's tags as written (with force_variant, its Variant tag
     * names the forced rule set); the rule set it is read as is start's */
    void (*tag)(void *user, rgn_span name, rgn_span value);
    /* the movetext begins from start; has_fen when a FEN tag set it */
    void (*start)(void *user, const rgn_position *start, bool has_fen);
    /* a legal move from before, with its canonical SAN (check mark
     * included); the sink may use before and must leave it as it was */
    void (*move)(void *user, rgn_position *before, rgn_move move,
                 const char *san);
    /* just before move: the move as the input writes it, with any + or #
     * but without ! ? glyphs (they come as nag) */
    void (*move_text)(void *user, rgn_span written);
    void (*nag)(void *user, unsigned nag);
    void (*comment)(void *user, rgn_span text);
    void (*begin_variation)(void *user);
    void (*end_variation)(void *user);
    /* an invalid game's text from its first error on, as written and not
     * checked (its result left out; cut, and text empty, when longer
     * than RGN_MAX_TOKEN bytes), just before end_game; not for an error at
     * the game's result or end */
    void (*unchecked)(void *user, rgn_span text, bool cut);
    /* the end: for a valid game error is NULL and result its result; for
     * an invalid one error is its first error, the parts passed on stop
     * before it, and result is its result as written ("" when it has
     * none) */
    void (*end_game)(void *user, rgn_span result, const rgn_diagnostic *error);
    /* Optional: asked after each part of a game passed on, from
     * begin_game on (not after end_game, nor while parts are skipped),
     * whether the sink wants more of the game. RGN_SKIP_VARIATION: none of the
     * rest of the current variation, nested ones included, is passed on but its
     * end_variation, and parts go on after it (asked just after
     * begin_variation, the sink sees none of the variation's moves); in
     * the main line it is RGN_SKIP_GAME. RGN_SKIP_GAME: nothing more of
     * the game but its end_game (with its result and first error, as
     * always); the next game comes whole. Only what is passed on is
     * skipped: the game is still read and checked whole, reported and
     * counted. The validator, rgn_game_replay and the tee (rgn_tee) ask
     * it; a sink without it costs nothing more. */
    enum rgn_skip (*skip)(void *user);
    /* true: move is given "" for san, which the validator then need not
     * write (a sink that needs the SAN of a few moves only writes it
     * itself, with rgn_move_san) */
    bool without_san;
    /* true: move is given the position after the move instead of before
     * it (which the validator then need not take back for the call) */
    bool position_after;
} rgn_game_sink;

/* A tee passes one stream of games on to several sinks: each part to
 * each sink, in the order they were added, each with its own user. */
typedef struct rgn_tee rgn_tee;

/* A tee with no sink yet: NULL with error when memory runs out. */
RGN_MUST_CHECK rgn_tee *rgn_tee_new(rgn_error *error);
void rgn_tee_free(rgn_tee *tee);
/* Adds sink (with its user) after those added before; before the tee's
 * sink is handed to a validator or a replay. 0, or -1 with error "out of
 * memory" when memory runs out. */
RGN_MUST_CHECK int rgn_tee_add(rgn_tee *tee, const rgn_game_sink *sink,
                               void *user, rgn_error *error);
/* The tee's sink (pass it and the tee as a validator's sink and
 * sink_user, or to rgn_game_replay). It is given SAN unless every sink
 * added is without_san, and the position after each move when every sink
 * is position_after; else the position before, and the tee plays the
 * move for each sink that wants the position after it (and takes it
 * back). Each sink's skip is its own: a sink skipping a variation or a
 * game is passed nothing more of it (but its end) while the others go
 * on; the tee's own skip tells its source to skip what every sink
 * skips. Valid while the tee is. */
const rgn_game_sink *rgn_tee_sink(const rgn_tee *tee);

/* A piece of a larger input, such as a file cut into ranges: the games
 * whose origin (the sink's: a game's first tag, or its first element of
 * movetext when it has no tag) lies in [from, to), comments before it
 * included, read from start, a line before from (line
 * start_line of the whole), where a new reader is in the state the whole
 * input's reader is in (rgn_range_locate finds it). */
typedef struct rgn_range {
    uint64_t from, to;
    uint64_t start;
    uint32_t start_line;
} rgn_range;

/* Sets range->start and start_line for range->from, in data, the whole
 * input (size bytes; a file mapped, say). */
void rgn_range_locate(const char *data, uint64_t size, rgn_range *range);
/* The same, given the line on which byte range->from lies (line ends
 * before it counted, a CRLF ending at its LF): only the lines between
 * the anchor and from are counted, not the whole file's before it. */
void rgn_range_locate_at_line(const char *data, uint64_t size, rgn_range *range,
                              uint32_t line);
/* The line on which byte at of data (size bytes) lies, from 1. */
uint32_t rgn_range_line(const char *data, uint64_t size, uint64_t at);
/* Sets *cut to the origin of the first game whose origin lies at or
 * after at, as data is read (its text that is not UTF-8 read as
 * Windows-1252 with latin1, rgn_read_options_set_latin1, or not):
 * size when there is none, 0 for at 0. 0, or -1 with error when memory
 * runs out (*cut is then left as it was). */
RGN_MUST_CHECK int rgn_range_cut(const char *data, uint64_t size, uint64_t at,
                                 bool latin1, uint64_t *cut, rgn_error *error);
/* Reads a range as a person writes it, "START:END[:LINE]": two byte
 * offsets in decimal (END left out, "START:", is the input's end: *to is
 * then UINT64_MAX) and, when given, LINE, the line START lies on (from 1,
 * as `rgn ranges --lines` prints it; *line is 0 when it is not given),
 * the arguments of rgn_read_options_set_range. 0, or -1 with error when
 * text is no such range or START comes after END; the message is worded
 * to follow the name of what gave text ("--range takes START:END, ...";
 * "--range 50:10: START comes after END, ..."). */
RGN_MUST_CHECK int rgn_range_parse(const char *text, uint64_t *from,
                                   uint64_t *to, uint32_t *line,
                                   rgn_error *error);

/* A validator's options, a sized struct (see "Errors"): size first. A
 * validator validates the chunks it is fed, on the calling thread, as
 * UTF-8 RGN; how an input is read (threads, Latin-1, no replay, a range)
 * is rgn_games_read's choice (rgn_read_options). */
typedef struct rgn_validator_options {
    size_t size; /* sizeof (rgn_validator_options), as the caller knows it */
    bool strict; /* lenient readings and roster/number warnings are errors */
    const rgn_variant *variant; /* for games without a Variant tag */
    /* variant (not NULL) for every game: a Variant tag is passed on to
     * the sink as variant's name */
    bool force_variant;
    void (*report)(void *user, const rgn_diagnostic *diagnostic);
    void *user;
    const rgn_game_sink *sink; /* may be NULL */
    void *sink_user;
} rgn_validator_options;

typedef struct rgn_validation_counts {
    uint64_t games, valid, with_warnings, invalid, plies;
} rgn_validation_counts;

/* Writes counts for people, as rgn validate ends: "N games: V valid (W
 * with warnings), I invalid" ("1 game: ...") and a newline. 0, or -1
 * with error when the write failed. */
RGN_MUST_CHECK int
rgn_validation_counts_write_text(FILE *out, const rgn_validation_counts *counts,
                                 rgn_error *error);
/* Writes counts for programs: one JSON object and a newline, with the
 * members games, valid, with_warnings, invalid and plies in this order.
 * 0, or -1 with error when the write failed. */
RGN_MUST_CHECK int
rgn_validation_counts_write_json(FILE *out, const rgn_validation_counts *counts,
                                 rgn_error *error);

typedef struct rgn_validator rgn_validator;

/* A validator reads RGN (fed in chunks of any size), replays every
 * game, main line and variations, and reports what it finds. A game with
 * an error is reported and skipped from that point. options may be NULL
 * (all defaults); NULL with error when its size is refused or memory
 * runs out. */
RGN_MUST_CHECK rgn_validator *
rgn_validator_new(const rgn_validator_options *options, rgn_error *error);
/* Frees a validator (NULL: nothing). */
void rgn_validator_free(rgn_validator *validator);
/* Feeds the next len bytes of the input; finishing reads what is left
 * and ends the last game. 0, or -1 when memory runs out. */
RGN_MUST_CHECK int rgn_validator_feed(rgn_validator *validator,
                                      const char *data, size_t len);
RGN_MUST_CHECK int rgn_validator_finish(rgn_validator *validator);
/* Tells the sink (with its input event) that the games fed from now on
 * come from the input named file, as diagnostics name it; the validator
 * keeps a copy of the name for the sink. Before the input's first feed
 * (or rgn_validator_read_all, rgn_validator_read_xml). 0, or -1 when
 * memory runs out. */
RGN_MUST_CHECK int rgn_validator_input(rgn_validator *validator,
                                       const char *file);
/* Reports what the input fed so far shows, as far as one job would have
 * by now (with several jobs, the games still being read are finished
 * first), so that a message the caller prints next comes in the same
 * place among the diagnostics whatever the jobs. 0, or -1 as feed. */
RGN_MUST_CHECK int rgn_validator_sync(rgn_validator *validator);
rgn_validation_counts rgn_validator_counts(const rgn_validator *validator);
/* Reads data, the whole input (a file mapped, say), and finishes, as
 * feeding it in blocks of RGN_READ_BLOCK bytes at offsets that are
 * multiples of it and finishing would (data is never written;
 * rgn_games_read maps a plain file itself, and lets its pages go once
 * read). rgn_games_read with several jobs reads so, the jobs reading
 * ranges side by side, with the same reports and counts. Before any
 * feed; 0, or -1 as feed. */
RGN_MUST_CHECK int rgn_validator_read_all(rgn_validator *validator,
                                          const char *data, uint64_t size);
#define RGN_READ_BLOCK ((size_t)1 << 18)
/* Of a validator that reads a range (rgn_games_read's): whether a game
 * that begins at or after its end has been met, so that the rest of the
 * input need not be fed; false for any other. */
bool rgn_validator_done(const rgn_validator *validator);
/* Reads the XML that an RGN_FORMAT_XML writer writes and validates its
 * games as RGN, with diagnostics at XML lines. Refuses any document type
 * declaration (and so every entity), never touches the network, keeps
 * libxml2's size limits. name is for messages. Returns 0, or -1 when in
 * cannot be read. */
RGN_MUST_CHECK int rgn_validator_read_xml(rgn_validator *validator, FILE *in,
                                          const char *name);

/* ------------------------------------------------------------------ */
/* Writing                                                            */

enum rgn_format {
    RGN_FORMAT_RGN,   /* canonical RGN */
    RGN_FORMAT_LAN,   /* RGN with moves in long algebraic form */
    RGN_FORMAT_COORD, /* a game a line: coordinate moves, then the result */
    RGN_FORMAT_FEN,   /* "GAME PLY RFEN" after every ply of the main line */
    RGN_FORMAT_XML,   /* one document (grammar/rgn.rng) */
    /* one standalone HTML page that shows the games: a game viewer with
     * the SVG diagram of every ply, main line and variations */
    RGN_FORMAT_HTML,
    /* JSON Lines (grammar/rgn-game.schema.json): a game an object on one
     * line, with its tags, its plies (as written, SAN, LAN, coordinates),
     * NAGs, comments with [%clk] and [%eval] read into fields, variations
     * nested */
    RGN_FORMAT_JSON
};

/* The families of output formats, each an enum of its own: the games
 * written (enum rgn_format), a record a game (enum rgn_list_format),
 * tournaments (enum rgn_tournament_format). */
enum rgn_format_family {
    RGN_GAME_FORMATS,       /* rgn, lan, coord, fen, xml, html, json */
    RGN_LIST_FORMATS,       /* text, tsv, csv, json */
    RGN_TOURNAMENT_FORMATS, /* text, csv, json, html, trf */
    RGN_FORMAT_FAMILIES     /* their number */
};

/* The names of a family's formats, NULL-terminated, each at the index of
 * its enum value (the names rgn(1) gives them); NULL when family is
 * none. */
const char *const *rgn_format_names(enum rgn_format_family family);
/* The format of a name in a family: its enum value, or -1 with
 * error->message "unknown format 'NAME' (expected one of ...)". */
RGN_MUST_CHECK int rgn_format_parse(enum rgn_format_family family,
                                    const char *name, rgn_error *error);

/* The format of games written to a file named path (NULL: standard
 * output), by its extension in any case: .rgn and .pgn ask for RGN or
 * LAN, .xml for XML, .html and .htm for HTML, .json and .jsonl for JSON,
 * any other name for none. format (-1: none chosen) is kept when the
 * name asks for it or for none; -1 gives the first format the name asks
 * for, RGN when it asks for none. -1 with error "PATH is an HTML file's
 * name, but OPTION NAME writes another format" when the name asks for
 * others (NAME is format's name, OPTION option's, the program's option
 * that chose it: "--to"; NULL: "format"), or when format is no enum
 * rgn_format. */
RGN_MUST_CHECK int rgn_format_for_path(const char *path, int format,
                                       const char *option, rgn_error *error);

/* A sized struct (see "Errors"): size first. */
typedef struct rgn_writer_options {
    size_t size; /* sizeof the caller's struct (rgn.h, "Errors") */
    enum rgn_format format;
    bool keep_invalid; /* write invalid games up to their first error */
    bool xml_fen;      /* XML: the RFEN after each move */
    bool json_fen;     /* JSON: the position string after each ply */
    bool chains;       /* RGN: a chain-making move's turns in a comment */
    /* RGN: NAGs 1 to 6 as the glyphs ! ? !! ?? !? ?! joined to their
     * move, instead of $1 to $6 */
    bool nag_glyphs;
    /* The rule set that a reader of the output takes a game without a
     * Variant tag for (NULL: the default game, rgn_variant_default): a
     * game without one read as another rule set (by an option or its
     * file's name) is written with [Variant "NAME"], and one read as this
     * rule set without it. */
    const rgn_variant *tagless;
    /* HTML (other formats ignore them; each must outlive the writer):
     * the page's title, its heading (NULL: "Games"), written as text; its
     * language, a BCP 47 tag as rgn_language_tag_valid checks it (NULL or
     * not valid: "en"); and a preface: raw XHTML put at the top of the
     * page's body, inside <div class="preface" id="preface"> after the
     * heading and before the list of games and the viewer (NULL: none),
     * shown with or without the page's script. The preface is trusted,
     * not escaped: it must be well-formed XML (the page stays XML) with
     * no script. Its links #gG (game G, at its start) and #gGpP (game G
     * after main-line ply P) open that game in the viewer at that ply and
     * bring the viewer into sight, as the page's own fragments do;
     * without script, they go to the game's moves. */
    const char *title;
    const char *lang;
    const char *preface;
    /* The name of the file written (NULL or "-": standard output, whose
     * reader is unknown): with tagless NULL, an RGN or LAN writer takes
     * the rule set the name suggests (rgn_variant_for_file) as tagless,
     * so that the file reads back as written. */
    const char *path;
} rgn_writer_options;

/* Whether text is a language tag an HTML page may name: subtags of 1 to
 * 8 letters or digits separated by '-', the first of letters only
 * ("en", "nl-BE", "zh-Hant-TW"). */
bool rgn_language_tag_valid(const char *text);

typedef struct rgn_writer rgn_writer;

/* A writer is a game sink (pass rgn_writer_sink and the writer itself as
 * a validator's sink and sink_user) that writes to out. Each game is
 * built in memory and written whole when it ends; an invalid game is left
 * out, or (keep_invalid) written checked up to its error, the rest as
 * written in a comment that says it was not checked, with its Result tag
 * and result as written and, in RGN and HTML, an [Invalid "REASON"] tag
 * that makes it read as invalid again (rgn(5); JSON: an "invalid" member).
 * XML and JSON name each game by the name of the sink's last input event
 * and its origin's byte offset (the sink's origin), "-" when there was
 * none, and leave both out for a game whose origin the sink was not told
 * (memory running out for the name makes rgn_writer_finish fail).
 * options may be NULL (RGN, every default). NULL with error when the
 * options are wrong (their size, a format that is not an enum rgn_format),
 * memory runs out or the document's start cannot be written (said as
 * rgn_writer_finish says it). */
RGN_MUST_CHECK rgn_writer *rgn_writer_new(const rgn_writer_options *options,
                                          FILE *out, rgn_error *error);
const rgn_game_sink *rgn_writer_sink(const rgn_writer *writer);
/* The writer writes to out from now on: the same output, opened again
 * (a part of a split output, closed for a while); NULL while it has
 * none (what it would write then is dropped: set one before writing a
 * game or finishing). */
void rgn_writer_set_output(rgn_writer *writer, FILE *out);
/* The next game is numbered number (where the formats write a game's
 * number: fen, XML, HTML, JSON) when that is past the games written,
 * as a selection writes games under their numbers in its input. */
void rgn_writer_number_next(rgn_writer *writer, uint64_t number);
/* Ends the output (the XML document's end) and flushes out: 0, or -1
 * with error when a write failed, now or at any game before: "cannot
 * write the games: WHY", WHY the first failure's: the system's reason as
 * strerror gives it ("No space left on device"), "out of memory", or "a
 * write failed" when the system gave none. (Every library error about an
 * output written ends so, with ": WHY".) */
RGN_MUST_CHECK int rgn_writer_finish(rgn_writer *writer, rgn_error *error);
void rgn_writer_free(rgn_writer *writer);

/* ------------------------------------------------------------------ */
/* Selecting games                                                    */

/* One game as a validator's sink saw it, kept whole in memory so that it
 * can be judged once it has ended and passed on again to another sink. */
typedef struct rgn_game rgn_game;

/* A game to record into; NULL with error only when memory runs out. */
RGN_MUST_CHECK rgn_game *rgn_game_new(rgn_error *error);
void rgn_game_free(rgn_game *game);
/* The sink that records into the rgn_game given as its user; its
 * begin_game starts the game anew. It is without_san and position_after
 * (a SAN given is kept, else the replay writes it). */
const rgn_game_sink *rgn_game_recorder(void);
/* Whether the recorder keeps the moves as written (move_text), which
 * the replay passes on; not by default (only a few formats need them,
 * and a game is recorded a move at a time). */
void rgn_game_keep_move_texts(rgn_game *game, bool keep);
/* The name of the input the game was read from: a pulled game's file
 * (rgn_games_next), else the recorder's last input event, kept by the
 * game, which a replay sends on; NULL when the recorder was told of
 * none. */
const char *rgn_game_input(const rgn_game *game);

uint64_t rgn_game_number(const rgn_game *game); /* the validator's number */
/* Where the game begins in the input (the sink's origin). */
rgn_location rgn_game_origin(const rgn_game *game);
/* NULL before the game's movetext began (an error in its tags) */
const rgn_position *rgn_game_start(const rgn_game *game);
bool rgn_game_has_fen(const rgn_game *game);
size_t rgn_game_tag_count(const rgn_game *game);
void rgn_game_tag_at(const rgn_game *game, size_t index, rgn_span *name,
                     rgn_span *value);
/* The value of the game's first tag named name: true, or false (and
 * *value unchanged) when it has none. */
bool rgn_game_tag(const rgn_game *game, const char *name, rgn_span *value);
int rgn_game_plies(const rgn_game *game); /* of the main line */
/* Its result as the sink's end_game gave it ("" before the end). */
rgn_span rgn_game_result(const rgn_game *game);
/* Its first error; NULL for a valid game. */
const rgn_diagnostic *rgn_game_error(const rgn_game *game);

/* Changes made to a game as it is passed on (rgn_game_replay): stripped
 * parts, tags set or added, players renamed, comments added. */
typedef struct rgn_edits rgn_edits;

/* NULL with error only when memory runs out. Each adder returns 0, or
 * -1 with error->message saying what is wrong in its argument (or that
 * memory ran out). */
RGN_MUST_CHECK rgn_edits *rgn_edits_new(rgn_error *error);
void rgn_edits_free(rgn_edits *edits);
/* Leaves out a kind of part: "comments", "variations", "nags" (numeric
 * annotation glyphs) or "clocks" (the [%clk ...] commands of comments;
 * a comment left empty goes too). */
RGN_MUST_CHECK int rgn_edits_strip(rgn_edits *edits, const char *what,
                                   rgn_error *error);
/* "NAME=VALUE": the tag NAME gets VALUE, added after the game's tags
 * when it has none. NAME is letters, digits and '_'; FEN, SetUp,
 * Variant and Result are refused (they change how the game reads). */
RGN_MUST_CHECK int rgn_edits_set_tag(rgn_edits *edits, const char *assignment,
                                     rgn_error *error);
/* The spellings of players' names: text of len bytes, a line each
 * "SPELLING<TAB>NAME" (a White or Black tag whose value is SPELLING
 * gets NAME); empty lines and lines that begin with '#' are skipped, a
 * CR before the line's end is dropped. The error message of a
 * malformed line begins "line N: ". */
RGN_MUST_CHECK int rgn_edits_rename_players(rgn_edits *edits, const char *text,
                                            size_t len, rgn_error *error);
enum rgn_edit {
    RGN_EDIT_PLYCOUNT = 1,     /* a PlyCount tag (the main line's plies) */
    RGN_EDIT_FEN_COMMENTS = 2, /* the position string after each main-line
                                * move, as a comment */
    /* The result and the Result tag from how the game ends: a mate (or
     * another end the rules force) gives its result; else a result "*"
     * whose Result tag is 1-0, 0-1 or 1/2-1/2 gets the tag's; else the
     * Result tag gets the result (the terminator wins). A game invalid
     * only by its result (RGN_E_RESULT_MISMATCH, RGN_E_WRONG_RESULT) is
     * passed on as valid once fixed. A game without a Result tag gets
     * none. Each change is reported (rgn_edits_report). */
    RGN_EDIT_FIX_RESULT = 4
};
/* Adds the edits of flags (enum rgn_edit, ORed). */
void rgn_edits_add(rgn_edits *edits, unsigned flags);
/* report (NULL: none) hears of each change RGN_EDIT_FIX_RESULT makes,
 * as a note RGN_N_RESULT_FIXED at the game's origin. */
void rgn_edits_report(rgn_edits *edits,
                      void (*report)(void *user, const rgn_diagnostic *note),
                      void *user);

/* The edits as a program's options name them (rgn select and rgn db
 * find: --strip, --set-tag, ...), so that every program offers the same
 * ones: rgn_edits_option makes the edit of an option and its value. */
enum rgn_edit_option {
    RGN_EDIT_OPTION_STRIP,            /* "strip": rgn_edits_strip */
    RGN_EDIT_OPTION_SET_TAG,          /* "set-tag": rgn_edits_set_tag */
    RGN_EDIT_OPTION_ADD_PLYCOUNT,     /* "add-plycount": RGN_EDIT_PLYCOUNT */
    RGN_EDIT_OPTION_ADD_FEN_COMMENTS, /* "add-fen-comments" */
    RGN_EDIT_OPTION_RENAME_PLAYERS,   /* "rename-players": a file of
                                         rgn_edits_rename_players's text */
    RGN_EDIT_OPTION_FIX_RESULT,       /* "fix-result" */
    RGN_EDIT_OPTION_COUNT
};

/* What value an edit option takes. */
enum rgn_edit_value {
    RGN_EDIT_FLAG, /* none: its value is NULL */
    RGN_EDIT_TEXT, /* a text */
    RGN_EDIT_FILE  /* the path of a file, read whole */
};

/* The name of an edit option, its option's long name without the dashes
 * ("set-tag"); NULL when option is none. */
const char *rgn_edit_option_name(enum rgn_edit_option option);
/* What value an edit option takes (RGN_EDIT_FLAG when option is
 * none). */
enum rgn_edit_value rgn_edit_option_takes(enum rgn_edit_option option);
/* Adds the edit of option with its value (NULL for a flag): 0, or -1
 * with error->message: the adder's (rgn_edits_strip, ...), the system's
 * reason when a file cannot be read ("No such file or directory"),
 * "takes a value", "takes no value", or that option is none. */
RGN_MUST_CHECK int rgn_edits_option(rgn_edits *edits,
                                    enum rgn_edit_option option,
                                    const char *value, rgn_error *error);

/* The error a replay with edits passes on of game: its own, or NULL
 * when it is valid or RGN_EDIT_FIX_RESULT fixes it. */
const rgn_diagnostic *rgn_edits_error(const rgn_edits *edits,
                                      const rgn_game *game);

/* Passes the recorded game on to sink, part by part as the validator
 * did, the positions before each move replayed; edits (may be NULL)
 * change what is passed on; mark_ply >= 0 adds a comment
 * "rgn: matched here" after that main-line ply (0: before the first
 * move). 0, or -1 with error when memory runs out, now or while the game
 * was recorded ("out of memory: game N was recorded in part"; nothing is
 * passed on then). */
RGN_MUST_CHECK int rgn_game_replay(const rgn_game *game, const rgn_edits *edits,
                                   int mark_ply, const rgn_game_sink *sink,
                                   void *user, rgn_error *error);

/* Writes a recorded game with writer, as "rgn select", "rgn convert
 * --fix-result" and "rgn db find" write each game: numbered number in the
 * formats that write numbers (rgn_writer_number_next; 0 keeps the
 * writer's own count), named by the input it came from (the input event
 * the game recorded, rgn_game_input, which the replay sends), with edits (may
 * be NULL) and the comment "rgn: matched here" after main-line ply
 * mark_ply (-1: none), as rgn_game_replay passes it on. 0, or -1 with
 * error (may be NULL) filled when memory ran out (as rgn_game_replay
 * says it). */
RGN_MUST_CHECK int rgn_writer_write_game(rgn_writer *writer,
                                         const rgn_game *game, uint64_t number,
                                         const rgn_edits *edits, int mark_ply,
                                         rgn_error *error);

/* ------------------------------------------------------------------ */
/* Output files written atomically                                    */

/* A file written atomically: into a temporary file beside the target
 * (".NAME.XXXXXX" in its directory), renamed over the target only when
 * rgn_output_commit finds every write done and synced; a failed or
 * discarded output leaves the target as it was and removes the temporary
 * file. The new file keeps the mode of the file it replaces (a new one
 * gets 0666 less the umask), and a target that is a symbolic link is
 * written through: the file the link names is replaced, the link stays.
 * A target that is no regular file (a device such as /dev/null, a named
 * pipe, /dev/stdout) cannot be replaced without destroying it: it is
 * written directly, with no temporary file, and what was written to it
 * stays written when the output is discarded.
 *
 * Cleaning up on a signal: the library keeps no list of the outputs open
 * (no global state). A program that removes their temporary files when
 * it is killed keeps its own list of the outputs it holds and calls
 * rgn_output_remove_temporary (and rgn_splitter_remove_temporaries) on
 * each from its signal handler: they only read the object and call
 * unlink, which is async-signal-safe. The program takes an output off
 * its list before rgn_output_free. */
typedef struct rgn_output rgn_output;

/* Opens an output to path: the temporary file is created at once. NULL
 * with error: "output path too long: PATH", "cannot read the link LINK:
 * why", "cannot write PATH: Is a directory" (or a loop of links), "cannot
 * create a file beside PATH: why", "out of memory". */
RGN_MUST_CHECK rgn_output *rgn_output_open(const char *path, rgn_error *error);
/* The stream to write to: the output's until it is committed or
 * discarded (do not fclose it); NULL while it is held. */
FILE *rgn_output_file(const rgn_output *output);
/* Flushes, syncs and closes the stream and renames the temporary file
 * over the target: 0, or -1 with error "cannot write PATH: why" ("a write
 * failed" when the system said nothing), the temporary file removed and
 * the target untouched. Either way the output has ended: free it. */
RGN_MUST_CHECK int rgn_output_commit(rgn_output *output, rgn_error *error);
/* Ends the output without writing its target: the stream is closed and
 * the temporary file removed. NULL is accepted. */
void rgn_output_discard(rgn_output *output);
/* Closes the stream and keeps what was written in the temporary file
 * (still removed by rgn_output_remove_temporary), so that a program
 * writing many outputs keeps few files open: 0, or -1 with error "cannot
 * write PATH: why", the output then ended (its temporary file removed). */
RGN_MUST_CHECK int rgn_output_hold(rgn_output *output, rgn_error *error);
/* Opens a held output's temporary file again, for appending (the stream
 * is rgn_output_file's again): 0, or -1 with error "cannot write PATH:
 * why", the output then ended. */
RGN_MUST_CHECK int rgn_output_resume(rgn_output *output, rgn_error *error);
/* Discards the output if it has not ended, and frees it. */
void rgn_output_free(rgn_output *output);
/* The temporary file's path (the same from open to free; "" for a
 * target written directly). */
const char *rgn_output_temporary_path(const rgn_output *output);
/* Removes the output's temporary file if it is still there and not yet
 * renamed; async-signal-safe (for a signal handler; NULL is accepted). */
void rgn_output_remove_temporary(const rgn_output *output);
/* Which of count inputs (paths, "-" for standard input) is the regular
 * file path would write over, whatever names or links lead there: its
 * index, or -1 when none is (or path is "-", missing or no regular file),
 * so that a program refuses to write over a file it reads. */
int rgn_output_input_of(const char *path, const char *const *inputs,
                        size_t count);

/* ------------------------------------------------------------------ */
/* Games written into files named by a pattern (a split output)       */

/* A stream of recorded games written into parts, files whose paths a
 * pattern names ("rgn select --split-every" and "--split-by"): every
 * games a part, or a part for each value of a tag (by: "Event", or
 * "Round", whose value is the round, the part before its first dot, a
 * file per round; "Round:full" the whole value). The pattern's %n is the
 * part's number (from 1; under by, the values numbered in the order they
 * are first seen), %{TAG} (%{TAG:full}) the value of a tag in the part's
 * first game, made safe for a file name (no '/', '\\', control
 * character or leading '.'; at most 64 bytes; "none" when missing or
 * empty), %% a %. Games whose parts' paths are the same go to one part.
 * Each part is an atomic output (rgn_output): written to its temporary
 * file as the games come, renamed into place only by rgn_splitter_finish
 * with keep, after every part has ended; a run that failed leaves no
 * part and no temporary file. At most 16 parts are open at once; the one
 * used longest ago is held and resumed when a game goes to it. */
typedef struct rgn_splitter rgn_splitter;

typedef struct rgn_splitter_options {
    size_t size;
    const char *pattern; /* the parts' paths: text, %n, %{TAG}, %% */
    uint64_t every;      /* a part every this many games (or by) */
    const char *by;      /* a part for each value of this tag (or every) */
    /* The format and options each part is written with (rgn_writer_new),
     * read as each part starts: it must outlive the splitter. */
    const rgn_writer_options *writing;
    /* Called with a new part's path before it is created (NULL: none):
     * -1 with error (never NULL) refuses it, and the splitter fails
     * with that error (a program refuses a path that exists, or one of
     * its inputs: rgn_output_input_of). Parts are written over existing
     * files. */
    int (*check)(void *user, const char *path, rgn_error *error);
    void *user; /* check's */
    /* What messages call the pattern, every and by (a program's options:
     * "-o", "--split-every", "--split-by"; NULL: "pattern", "every",
     * "by"). */
    const char *pattern_name;
    const char *every_name;
    const char *by_name;
} rgn_splitter_options;

/* A splitter (options are copied; the strings they point at must outlive
 * it): NULL with error when the size is wrong, when pattern or writing
 * is missing or not exactly one of every and by is given, when by names
 * no tag ("BY 'X' names no tag (...)"), or the pattern is wrong: "PATTERN
 * 'P': %{ is not closed by }", "... %{X} names no tag", "... a lone % at
 * its end", "... unknown %c", or it names every part alike ("PATTERN 'P'
 * names every part alike: EVERY needs %n in it", "BY needs %n or %{TAG}
 * in it"). */
RGN_MUST_CHECK rgn_splitter *
rgn_splitter_new(const rgn_splitter_options *options, rgn_error *error);
/* Writes a game with its part's writer (rgn_writer_write_game: number,
 * edits, mark_ply as there; a game the edits leave invalid is written
 * only with writing's keep_invalid), its part created or resumed as
 * needed. 0, or -1 with error: the part's name too long ("the name of
 * part N is too long"), refused by check, its file not created or
 * written (rgn_output_open's and rgn_output_hold's messages), memory
 * run out; after a failure every call fails and finish keeps nothing. */
RGN_MUST_CHECK int rgn_splitter_game(rgn_splitter *splitter,
                                     const rgn_game *game, uint64_t number,
                                     const rgn_edits *edits, int mark_ply,
                                     rgn_error *error);
/* Ends the split output: with keep, every part's writer is finished and
 * then every part renamed into place; without keep (or after a failure)
 * every part's temporary file is removed. 0, or -1 with error (the first
 * failure: "cannot write PATH: why", or "the split output has failed"
 * when keep follows a failed rgn_splitter_game); the parts not renamed
 * by then are removed. */
RGN_MUST_CHECK int rgn_splitter_finish(rgn_splitter *splitter, bool keep,
                                       rgn_error *error);
/* Removes the temporary files of every part not yet renamed into place;
 * async-signal-safe, for a program's signal handler, as
 * rgn_output_remove_temporary (NULL is accepted). */
void rgn_splitter_remove_temporaries(const rgn_splitter *splitter);
/* Frees the splitter; parts not finished are removed. */
void rgn_splitter_free(rgn_splitter *splitter);

/* ------------------------------------------------------------------ */
/* Inputs, and their games pulled one at a time                       */

/* The whole of the file at path (text the caller reads in one piece: a
 * Tournament Report File, a list of players' spellings), NUL-terminated
 * after *len bytes, in memory the caller frees: NULL with error "PATH:
 * WHY" (WHY as strerror gives it, or "out of memory") when it cannot be
 * opened or read. */
RGN_MUST_CHECK char *rgn_file_read(const char *path, size_t *len,
                                   rgn_error *error);

/* An input of games: a file, standard input or memory, read as it is or
 * decompressed on the fly when its first bytes say so (gzip, zstd,
 * bzip2, xz; a zip archive member by member). */
typedef struct rgn_input rgn_input;

/* Opens path ("-": standard input). NULL with error's message "cannot
 * open PATH: WHY", or "cannot read PATH: unsupported compression (7z);
 * rgn reads gzip, zstd, bzip2, xz and zip" for an archive rgn does not
 * read (standard input named "<stdin>"). */
RGN_MUST_CHECK rgn_input *rgn_input_open(const char *path, rgn_error *error);
/* The same over len bytes of data, named name in messages; data must
 * outlive the input. */
RGN_MUST_CHECK rgn_input *rgn_input_open_memory(const char *name,
                                                const void *data, size_t len,
                                                rgn_error *error);
void rgn_input_close(rgn_input *input);
/* Reads up to size bytes of the decoded data (of a zip archive, of the
 * member being read) into buf: the bytes read, 0 at the end, -1 when the
 * data is at fault or cannot be read (rgn_input_problem says why). */
RGN_MUST_CHECK ptrdiff_t rgn_input_read(rgn_input *input, void *buf,
                                        size_t size);
/* The input's name as messages give it ("<stdin>" for "-"). */
const char *rgn_input_name(const rgn_input *input);
/* The compression read ("gzip", "zstd", "bzip2", "xz", "zip"), NULL for
 * plain data. */
const char *rgn_input_compression(const rgn_input *input);
/* Of a zip archive, the name of the member being read; NULL for any
 * other input. */
const char *rgn_input_member(const rgn_input *input);
/* Moves to the archive's next member that is a file: 1, 0 at the end
 * (and for an input that is no archive), -1 when the archive cannot be
 * read further (rgn_input_problem says why). A member that could not be
 * read alone (its method, a password) does not stop the others. */
RGN_MUST_CHECK int rgn_input_next_member(rgn_input *input);
/* Why reading failed when the data was at fault ("the gzip data is
 * corrupt"), or NULL. */
const char *rgn_input_problem(const rgn_input *input);
/* Whether the first len bytes of an input are XML: its first character,
 * after a byte order mark and white space, is '<' (which RGN never
 * begins with). 0: no, 1: yes, -1: nothing but white space. */
int rgn_input_looks_like_xml(const char *head, size_t len);

/* How games are read (rgn_games_open): an opaque object with setters,
 * so that a new choice keeps the ABI. By default: the rule set of games
 * without a Variant tag is the one the file's name says, else Rotary;
 * lenient; text that is not UTF-8 read as Windows-1252; the format
 * sniffed (XML when the input begins with '<'); the whole input. */
typedef struct rgn_read_options rgn_read_options;
/* The format of an input: told by its first bytes (XML when it begins
 * with '<'), or given. */
enum rgn_read_format { RGN_READ_AUTO, RGN_READ_RGN, RGN_READ_XML };
/* NULL only when memory runs out (error says so). */
RGN_MUST_CHECK rgn_read_options *rgn_read_options_new(rgn_error *error);
void rgn_read_options_free(rgn_read_options *options);
/* The rule set of games without a Variant tag; with force, of every
 * game (rgn_validator_options' force_variant). NULL: the default. */
void rgn_read_options_set_variant(rgn_read_options *options,
                                  const rgn_variant *variant, bool force);
/* Lenient readings and roster/number warnings are errors. */
void rgn_read_options_set_strict(rgn_read_options *options, bool strict);
/* Whether text that is not UTF-8 is read as Windows-1252, as older PGN
 * archives are written (the default), or is a syntax error: a byte that
 * does not begin a well-formed UTF-8 character (RFC 3629) is the
 * Windows-1252 character of that code (the Latin-1 one, but for 0x80 to
 * 0x9F: curly quotes, dashes, the euro sign; the five codes Windows-1252
 * leaves undefined keep their Latin-1 meaning), passed on as UTF-8;
 * lines, columns and offsets stay the input's. The first such byte of an
 * input is reported once, as a warning RGN_W_LATIN1 about the input
 * (game 0, a warning also when strict, counted in no game), after the
 * reports that one thread would have made by then of the input before
 * it: at least up to the last run of 512 or more ASCII bytes before it,
 * whatever the jobs. Not for XML, whose text is UTF-8. */
void rgn_read_options_set_latin1(rgn_read_options *options, bool latin1);
/* Replays nothing: each game's tags, moves as written (a sink is given
 * move_text, never start or move; rgn_game_replay passes them on as move
 * texts; the game has no plies, no SAN and no positions), NAGs,
 * comments after its first tag or move, variations and result, with
 * only what the reader finds as problems (syntax errors and lenient
 * readings; a game is invalid only by a syntax error); for listing
 * trusted archives at the reader's speed. */
void rgn_read_options_set_no_replay(rgn_read_options *options, bool no_replay);
/* The input's format (RGN_READ_AUTO by default): an input that is not
 * of the format given is refused (rgn_games_open). */
void rgn_read_options_set_format(rgn_read_options *options,
                                 enum rgn_read_format format);
/* Reads only the games whose origin lies in the bytes [from, to) of the
 * input (to UINT64_MAX: to its end), read as a reader of the whole
 * input reads them; line, when not 0, is the line from lies on (as
 * `rgn ranges --lines` gives it), which spares counting the lines
 * before. Only for a plain (uncompressed) file or memory, in RGN. 0, or
 * -1 when from comes after to. */
RGN_MUST_CHECK int rgn_read_options_set_range(rgn_read_options *options,
                                              uint64_t from, uint64_t to,
                                              uint32_t line, rgn_error *error);

/* Threads to validate with: a plain file (or memory) read whole in RGN,
 * without a sink and with replay, is read in ranges side by side, one
 * validator a range, with the same reports and counts, in the same
 * order, as one thread (rgn_validator_read_all); elsewhere (a sink, a
 * stream, a compressed input, XML, a range, no replay) the choice is
 * ignored and one thread reads. 1 by default; below 1 is 1. For
 * rgn_games_read (rgn_games_open reads on one thread). */
void rgn_read_options_set_jobs(rgn_read_options *options, int jobs);

/* Why the reading of an input failed, so that a caller may add its own
 * words (the option that chose what was refused): the message alone says
 * it whole. */
enum rgn_read_failure {
    RGN_READ_FAILED,  /* cannot be opened or read; binary data; memory */
    RGN_READ_NOT_RGN, /* XML, where RGN was asked for */
    RGN_READ_NOT_XML, /* not XML, where XML was asked for */
    /* a range of an input that is read whole only (compressed, a zip
     * archive, standard input): "cannot read PATH: WHY" */
    RGN_READ_NOT_RANGED,
    /* a range the input cannot give: "cannot read PATH (SIZE bytes):
     * the range begins after the end of the file", or ": XML is read
     * whole" */
    RGN_READ_RANGE_REFUSED,
};

/* What rgn_games_read tells as it reads, a sized struct (see "Errors"):
 * size first; every member may be NULL. */
typedef struct rgn_read_handlers {
    size_t size; /* sizeof (rgn_read_handlers), as the caller knows it */
    /* each diagnostic, as a validator's report gives it, with its file
     * (the input's name, "ARCHIVE(MEMBER)" for a member) and its game
     * counted over the members of a zip archive; an input (a zip
     * archive's member) read to its end without a game, or holding
     * nothing but white space, is RGN_W_NO_GAME about the input (game 0;
     * an error when strict), but for a range */
    void (*report)(void *user, const rgn_diagnostic *diagnostic);
    void *user;                /* for report, input, progress and failed */
    const rgn_game_sink *sink; /* every game, as a validator passes it on */
    void *sink_user;
    /* before each input's games (each member of a zip archive): its
     * name as diagnostics give it ("ARCHIVE(MEMBER)" for a member) and
     * the rule set its games without a Variant tag are read as (NULL:
     * the default game) */
    void (*input)(void *user, const char *file, const rgn_variant *tagless);
    /* now and then while a stream is read: the bytes read so far and the
     * counts so far, for a progress display */
    void (*progress)(void *user, uint64_t bytes,
                     const rgn_validation_counts *counts);
    /* each failure as it happens (a zip archive's member that cannot be
     * read fails alone, and the next is read): its kind and message */
    void (*failed)(void *user, enum rgn_read_failure kind, const char *message);
} rgn_read_handlers;

/* Reads the games of path ("-": standard input) as a program does: opens
 * it as rgn_input_open does, refuses binary data and the wrong format as
 * rgn_games_open does, reads XML or RGN, a plain file with the jobs asked
 * for, a range, or a zip archive member after member, each member's
 * games read as the game its name says, else the archive's ("games.pgn":
 * Chess; this without a variant in options), and passes every game to
 * handlers' sink and every diagnostic to its report. options and
 * handlers may be NULL (the defaults; nothing told). *counts (NULL:
 * not wanted) is set to the counts of the games read (over every member
 * of a zip archive). 0 when all was read, else -1 with error holding the
 * first failure (each is told to handlers' failed): the games read
 * before it have been passed on and counted. */
RGN_MUST_CHECK int rgn_games_read(const char *path,
                                  const rgn_read_options *options,
                                  const rgn_read_handlers *handlers,
                                  rgn_validation_counts *counts,
                                  rgn_error *error);
/* The same over len bytes of data named name (compressed data is
 * decompressed). */
RGN_MUST_CHECK int rgn_games_read_memory(const char *name, const void *data,
                                         size_t len,
                                         const rgn_read_options *options,
                                         const rgn_read_handlers *handlers,
                                         rgn_validation_counts *counts,
                                         rgn_error *error);
/* Reads the games of count paths in turn (none: standard input), each
 * as rgn_games_read does, as one input: the diagnostics number the
 * games from 1 over all the paths, progress gives the bytes and counts
 * so far over all, and *counts (NULL: not wanted) is set to the counts
 * of all. A path that fails does not stop the next. 0 when all was read,
 * else -1 with error holding the first failure (each is told to
 * handlers' failed). */
RGN_MUST_CHECK int rgn_games_read_all(char *const *paths, int count,
                                      const rgn_read_options *options,
                                      const rgn_read_handlers *handlers,
                                      rgn_validation_counts *counts,
                                      rgn_error *error);

/* A piece of a file cut for readers side by side (rgn ranges; a driver
 * that reads each with rgn_read_options_set_range): the bytes [from, to)
 * and the line from lies on (0 when lines were not counted). */
typedef struct rgn_piece {
    uint64_t from, to;
    uint32_t line;
} rgn_piece;

/* How rgn_input_cut cuts, a sized struct (see "Errors"): size first,
 * then one of parts and part_size. */
typedef struct rgn_cut_options {
    size_t size;        /* sizeof (rgn_cut_options), as the caller knows it */
    uint64_t parts;     /* the file's size divided by parts, rounded up, */
    uint64_t part_size; /* or this many bytes, is the size of a part */
    bool lines;         /* each piece's line counted */
} rgn_cut_options;

/* Cuts the plain file path into pieces that begin at games: the first
 * ends at the origin of the first game whose origin lies at or after the
 * part size (rgn_range_cut, text that is not UTF-8 read as
 * Windows-1252), the next at the first origin at or after twice the part
 * size that lies after that, and so on; a game longer than a part ends
 * no piece, the last piece ends at the file's end, and an empty file is
 * one piece [0, 0). *pieces is an array of *count pieces that cover the
 * file in order, allocated with malloc: the caller frees it. 0, or -1
 * with error (*pieces NULL): "cannot open PATH: WHY" (as
 * rgn_input_open), "cannot read PATH: WHY" for a file that is read whole
 * only ("a compressed file is read whole (decompress it first)", "a zip
 * archive is read whole", "not a regular file (a pipe or a device is
 * read whole)"), the options' size wrong, "give one of parts and
 * part_size", or memory run out. */
RGN_MUST_CHECK int rgn_input_cut(const char *path,
                                 const rgn_cut_options *options,
                                 rgn_piece **pieces, size_t *count,
                                 rgn_error *error);

/* The games of an input, pulled one at a time. */
typedef struct rgn_games rgn_games;
/* Opens path ("-": standard input) as rgn_input_open does and reads its
 * games as options say (NULL: the defaults; the options are copied).
 * NULL with error when it cannot be opened, or when it is not a game
 * file ("NAME is not a game file: it holds binary data (a NUL byte at
 * offset N)"), or is XML where RGN was asked for, or the other way. */
RGN_MUST_CHECK rgn_games *rgn_games_open(const char *path,
                                         const rgn_read_options *options,
                                         rgn_error *error);
/* The same over len bytes of data named name (which must outlive the
 * rgn_games); compressed data is decompressed. */
RGN_MUST_CHECK rgn_games *rgn_games_open_memory(const char *name,
                                                const void *data, size_t len,
                                                const rgn_read_options *options,
                                                rgn_error *error);
/* The next game into *game: 1, 0 after the last, -1 when reading failed
 * (error says why: the data is corrupt, memory ran out); a further call
 * gives -1 again, but for a zip archive's member that could not be read
 * (its method, a password, its data), which fails alone: the next call
 * goes on with the next member, as the program reads an archive. The game,
 * valid or not, is the recorder's (rgn_game above, with its problems, file and
 * moves below) and stays valid until the next call or the close. A zip
 * archive's games come member after member, each game's file named
 * "ARCHIVE(MEMBER)". Memory does not grow with the input, except for XML,
 * whose document is read whole. */
RGN_MUST_CHECK int rgn_games_next(rgn_games *games, const rgn_game **game,
                                  rgn_error *error);
void rgn_games_close(rgn_games *games);

/* The problems reported while a pulled game was read, in order, copies
 * owned by the game (a problem about the input as a whole, such as its
 * first Latin-1 byte, game 0, is kept with the game that follows it). */
size_t rgn_game_problem_count(const rgn_game *game);
/* The index-th problem, NULL past the last. */
const rgn_diagnostic *rgn_game_problem_at(const rgn_game *game, size_t index);
/* The index-th move of the main line (from 0; rgn_game_plies counts
 * them), with its SAN (NUL-terminated, owned by the game): 0, or -1 with
 * error when index is out of range ("no move N: the main line has P")
 * or memory runs out. Either out may be NULL. Its
 * coordinates: rgn_move_coord on the position before it. Not to be
 * called on one game from two threads at once (its first call indexes
 * the game). */
RGN_MUST_CHECK int rgn_game_move_at(const rgn_game *game, int index,
                                    rgn_move *move, const char **san,
                                    rgn_error *error);
/* The position after ply plies of the main line (0: the start) into out
 * (an rgn_position_new of any rule set): 0, or -1 with error when the
 * game has no start ("game N has no start: an error in its tags"), ply
 * is out of range ("no ply N: the main line has P") or memory runs
 * out. */
RGN_MUST_CHECK int rgn_game_position_at(const rgn_game *game, int ply,
                                        rgn_position *out, rgn_error *error);

/* A set of criteria a game is selected by (rgn select's options; rgn(1)
 * documents the language). */
typedef struct rgn_criteria rgn_criteria;

/* The kinds of criterion, one for each criterion option of rgn select
 * (rgn(1) says what each value means); RGN_CRITERION_COUNT is their
 * number, so that a loop over them lists them all. */
enum rgn_criterion {
    RGN_CRITERION_TAG,            /* "tag": a test of a tag, as White~tal */
    RGN_CRITERION_PLIES,          /* "plies": a number or range of plies */
    RGN_CRITERION_ENDS,           /* "ends": how the game ends */
    RGN_CRITERION_POSITION,       /* "position": a position reached */
    RGN_CRITERION_PATTERN,        /* "pattern": some pieces on squares */
    RGN_CRITERION_MATERIAL,       /* "material": the pieces of both sides */
    RGN_CRITERION_MATERIAL_PLIES, /* "material-plies": for how long */
    RGN_CRITERION_MOVES,          /* "moves": the opening moves */
    RGN_CRITERION_GAMES,          /* "games": game numbers and ranges */
    RGN_CRITERION_HAS,            /* "has": comments, variations, ... */
    RGN_CRITERION_PROMOTION,      /* "promotion": any, or to one piece */
    RGN_CRITERION_UNDERPROMOTION, /* "underpromotion" */
    RGN_CRITERION_SETUP,          /* "setup": a game from a set position */
    RGN_CRITERION_VALID,          /* "valid" */
    RGN_CRITERION_INVALID,        /* "invalid" */
    RGN_CRITERION_IN_VARIATIONS,  /* "in-variations": positions searched
                                     in the variations too */
    RGN_CRITERION_COUNT
};

/* What value a criterion takes. */
enum rgn_criterion_value {
    RGN_CRITERION_FLAG,     /* none: its value is NULL */
    RGN_CRITERION_REQUIRED, /* a value */
    RGN_CRITERION_OPTIONAL  /* a value or none (promotion: to any piece) */
};

/* The name of a criterion, its option's long name without the dashes
 * ("tag", "material-plies"); NULL when criterion is none. */
const char *rgn_criterion_name(enum rgn_criterion criterion);
/* The criterion of a name as rgn_criterion_name gives it: its value, or
 * -1 with error->message "unknown criterion 'NAME' (expected one of
 * ...)". */
RGN_MUST_CHECK int rgn_criterion_parse(const char *name, rgn_error *error);
/* What value a criterion takes (RGN_CRITERION_FLAG when criterion is
 * none). */
enum rgn_criterion_value rgn_criterion_takes(enum rgn_criterion criterion);
/* The values a criterion takes when they are words from a list ("ends":
 * mate, stalemate, ...; "has": comments, variations, ...),
 * NULL-terminated; NULL for any other criterion. */
const char *const *rgn_criterion_choices(enum rgn_criterion criterion);

/* Criteria that match every game until some are added; NULL with error
 * only when memory runs out. */
RGN_MUST_CHECK rgn_criteria *rgn_criteria_new(rgn_error *error);
void rgn_criteria_free(rgn_criteria *criteria);
/* Adds a criterion with its value (NULL for a flag, or a promotion to
 * any piece). Returns 0, or -1 with error->message saying what is wrong
 * in value, or that the criterion takes a value, or none. */
RGN_MUST_CHECK int rgn_criteria_add(rgn_criteria *criteria,
                                    enum rgn_criterion criterion,
                                    const char *value, rgn_error *error);
/* Whether the criteria need a game's moves replayed (false: its tags,
 * number and result decide). */
bool rgn_criteria_need_moves(const rgn_criteria *criteria);

/* Judges games against criteria while they are read: a game sink (pass
 * rgn_matcher_sink and the matcher, beside any other sink, or replay a
 * recorded game into it). */
typedef struct rgn_matcher rgn_matcher;

/* NULL with error only when memory runs out; criteria must outlive the
 * matcher. */
RGN_MUST_CHECK rgn_matcher *rgn_matcher_new(const rgn_criteria *criteria,
                                            rgn_error *error);
void rgn_matcher_free(rgn_matcher *matcher);
const rgn_game_sink *rgn_matcher_sink(void);
/* After the game's end_game: whether it matches every criterion (the
 * games are numbered, for the criterion "games", in the order the
 * matcher hears of them); *ply
 * (may be NULL) the main-line ply by which every position criterion had
 * matched (0: the start), -1 when there is none. */
bool rgn_matcher_matched(const rgn_matcher *matcher, int *ply);

/* What the selector says of a game it selected. */
typedef struct rgn_selection {
    uint64_t index;  /* 1-based, among the games selected */
    uint64_t number; /* 1-based, among the games the selector heard of */
    int ply;         /* as rgn_matcher_matched's, or -1 */
    /* with duplicates RGN_DUPLICATES_NOTE: the number (as number) of the
     * game's first copy, else 0 */
    uint64_t duplicate_of;
} rgn_selection;

enum rgn_duplicates {
    RGN_DUPLICATES_ANY,    /* copies are not looked for */
    RGN_DUPLICATES_UNIQUE, /* the first copy of each game only */
    RGN_DUPLICATES_ONLY,   /* every copy after the first */
    RGN_DUPLICATES_NOTE    /* every game, a copy with its duplicate_of */
};

/* A sized struct (see "Errors"): size first. */
typedef struct rgn_selector_options {
    size_t size; /* sizeof the caller's struct (rgn.h, "Errors") */
    const rgn_criteria *criteria; /* NULL: every game matches */
    bool invert;                  /* select the games that do not match */
    /* invalid games are never selected (whatever the criteria and
     * invert): for an output that leaves them out, so that they are not
     * counted, limited or taken for copies; a game that edits (may be
     * NULL) repairs counts as valid (rgn_edits_error) */
    bool valid_only;
    const rgn_edits *edits;
    uint64_t limit; /* at most this many; 0: no limit */
    /* Copies are the same game from the same start with the same
     * main-line moves (tags may differ); with fuzzy_ply > 0 the games
     * that reach the same position at that ply. Judged after the
     * criteria, among the games that match. */
    enum rgn_duplicates duplicates;
    int fuzzy_ply;
    bool move_texts; /* keep the moves as written (rgn_game_keep_move_texts) */
    /* the games selected are only counted: their movetext is not
     * recorded (a selected game has no moves to replay, and
     * rgn_game_plies is 0), unless copies are looked for */
    bool count_only;
    /* each game selected, in input order, right after its end_game */
    void (*selected)(void *user, const rgn_game *game,
                     const rgn_selection *selection);
    void *user;
} rgn_selector_options;

/* A game sink (pass rgn_selector_sink and the selector as a validator's
 * sink) that records each game, judges it and hands on the ones
 * selected. */
typedef struct rgn_selector rgn_selector;

/* options may be NULL (every game, every default). NULL with error when
 * the options' size is wrong or memory runs out. */
RGN_MUST_CHECK rgn_selector *
rgn_selector_new(const rgn_selector_options *options, rgn_error *error);
void rgn_selector_free(rgn_selector *selector);
const rgn_game_sink *rgn_selector_sink(void);
/* The games selected so far. */
uint64_t rgn_selector_count(const rgn_selector *selector);
/* After the last game: 0 when every game was judged whole, or -1 with
 * error when memory ran out for one (it was neither judged nor handed
 * on, and the games after it were judged without it): "out of memory:
 * game N could not be judged", N among the games the selector heard
 * of. */
RGN_MUST_CHECK int rgn_selector_finish(rgn_selector *selector,
                                       rgn_error *error);

/* ------------------------------------------------------------------ */
/* Listing games                                                      */

/* A record per game (rgn list, rgn select --format; rgn(1) documents
 * the fields and columns); the family RGN_LIST_FORMATS of
 * rgn_format_names and rgn_format_parse. */
enum rgn_list_format {
    RGN_LIST_TEXT, /* an aligned table for people */
    RGN_LIST_TSV,  /* a header line, then a line a game, tab-separated */
    RGN_LIST_CSV,  /* the same, comma-separated and quoted (RFC 4180) */
    RGN_LIST_JSON  /* JSON Lines: an object a game, all its fields */
};

/* A sized struct (see "Errors"): size first. */
typedef struct rgn_list_options {
    size_t size; /* sizeof the caller's struct (rgn.h, "Errors") */
    enum rgn_list_format format;
    /* The columns of a table, comma-separated: the fields game, file,
     * offset, line, variant, plies, result, valid, problem,
     * duplicate_of, ply, and any other name a tag's. NULL: the
     * format's default. Not for JSON, which has every field. */
    const char *columns;
    bool duplicate_of; /* the field duplicate_of (rgn_selection's) */
    bool ply;          /* the field ply (rgn_selection's) */
    /* the games were read without replaying their moves
     * (rgn_read_options_set_no_replay):
     * valid is unknown (null) unless a syntax error made a game invalid,
     * plies are the main line's move texts */
    bool unchecked;
} rgn_list_options;

typedef struct rgn_lister rgn_lister;

/* A lister writing to out; options may be NULL (a text table of the
 * default columns). NULL with error->message when the options are wrong
 * (their size, a format that is not an enum rgn_list_format, an empty
 * column name, columns for JSON) or memory runs out. */
RGN_MUST_CHECK rgn_lister *rgn_lister_new(const rgn_list_options *options,
                                          FILE *out, rgn_error *error);
void rgn_lister_free(rgn_lister *lister);
/* The rule set that the next games without a Variant tag are read as
 * (the validator's variant option for their input; NULL:
 * rgn_variant_default), for the field variant of a game whose start was
 * not passed on. A game's field file is the name of its input: the
 * recorded game's (rgn_game_input), else the sink's last input event's,
 * else "-". */
void rgn_lister_set_tagless(rgn_lister *lister, const rgn_variant *tagless);
/* The record of a game recorded whole (a selector's selected game);
 * selection may be NULL (then the game is numbered by the lister).
 * 0, or -1 with error "out of memory" when memory runs out. (A failed
 * write is told by rgn_lister_finish.) */
RGN_MUST_CHECK int rgn_lister_game(rgn_lister *lister, const rgn_game *game,
                                   const rgn_selection *selection,
                                   rgn_error *error);
/* rgn_lister_game as a selector's selected hook (user: the lister); a
 * failure is told by rgn_lister_finish. */
void rgn_lister_selected(void *user, const rgn_game *game,
                         const rgn_selection *selection);
/* A game sink (pass rgn_lister_sink and the lister as a validator's
 * sink) that writes each game's record as it ends, numbered by the
 * lister: for games read without replay (rgn_read_options_set_no_replay),
 * which are not recorded whole. */
const rgn_game_sink *rgn_lister_sink(void);
/* The sink that a reading (rgn_games_read_all) passes its games to for
 * the lister to list them all, and its user in *user: without replay
 * (options' unchecked) rgn_lister_sink and the lister, else a selector
 * of the lister's own that hands each game to rgn_lister_game, noting
 * the copies when options' duplicate_of is set (RGN_DUPLICATES_NOTE).
 * NULL with error (*user unchanged) when memory runs out. */
RGN_MUST_CHECK const rgn_game_sink *
rgn_lister_reading(rgn_lister *lister, void **user, rgn_error *error);
/* Writes what is held back (the first rows of a text table, whose
 * widths they decide) and flushes out: 0, or -1 with error when memory
 * ran out (a game rgn_lister_reading's selector could not judge too)
 * or a write failed, now or before: "cannot write the list: WHY", WHY
 * as rgn_writer_finish's. */
RGN_MUST_CHECK int rgn_lister_finish(rgn_lister *lister, rgn_error *error);

/* ------------------------------------------------------------------ */
/* Where the games selected go                                        */

/* The one destination of the games a selector selects or a database
 * finds (rgn select, rgn db find): written by a writer, listed by a
 * lister (a record a game), written into the parts of a splitter, or
 * only counted, each with the same edits and mark. */
typedef struct rgn_destination rgn_destination;

/* A sized struct (see "Errors"): size first. */
typedef struct rgn_destination_options {
    size_t size; /* sizeof the caller's struct (rgn.h, "Errors") */
    /* the games' writer (rgn_writer_new; NULL: RGN, every default); its
     * keep_invalid lists the games the edits leave invalid too */
    const rgn_writer_options *writing;
    /* not NULL: a record a game (rgn_lister_new) instead of the games */
    const rgn_list_options *listing;
    /* not NULL: the games written into its parts (rgn_splitter_game)
     * instead of out; the caller made it and frees it after
     * rgn_destination_finish, which finishes it */
    rgn_splitter *split;
    const rgn_edits *edits; /* made as each game is written (NULL: none) */
    /* a comment "rgn: matched here" at the ply a position criterion
     * matched (rgn_selection's ply) */
    bool mark;
    /* told of the first failure of a game handed on, as it happens
     * (NULL: none; rgn_destination_finish returns it too) */
    void (*report)(void *user, const rgn_error *error);
    void *user;
} rgn_destination_options;

/* A destination writing to out (NULL without split: the games are only
 * counted, nothing is written); options may be NULL (the games written
 * in RGN, every default). NULL with error when the options are
 * wrong (their size, listing or writing as rgn_lister_new and
 * rgn_writer_new refuse them, listing with split), memory runs out or
 * the writer's start cannot be written. */
RGN_MUST_CHECK rgn_destination *
rgn_destination_new(const rgn_destination_options *options, FILE *out,
                    rgn_error *error);
void rgn_destination_free(rgn_destination *destination);
/* Hands on a game recorded whole: written as rgn_writer_write_game
 * writes it, numbered selection->number; its record listed
 * (rgn_lister_game, with selection) unless the edits leave it invalid
 * (rgn_edits_error) and writing's keep_invalid is not set; written by
 * the splitter (its own numbering). 0, or -1 with error: memory ran out,
 * the splitter failed (rgn_splitter_game's messages), or an earlier
 * game failed (its error): after a failure nothing more is handed on. */
RGN_MUST_CHECK int rgn_destination_game(rgn_destination *destination,
                                        const rgn_game *game,
                                        const rgn_selection *selection,
                                        rgn_error *error);
/* rgn_destination_game as a selector's selected hook (user: the
 * destination), its failure told to report and by finish. */
void rgn_destination_selected(void *user, const rgn_game *game,
                              const rgn_selection *selection);
/* The rule set of the next games without a Variant tag, for the
 * records of a listing (rgn_lister_set_tagless); else nothing. */
void rgn_destination_set_tagless(rgn_destination *destination,
                                 const rgn_variant *tagless);
/* Ends the output: the writer or lister finished (rgn_writer_finish,
 * rgn_lister_finish), the splitter finished, its parts kept when keep is
 * set and no game failed. 0, or -1 with error: the first failure, a
 * game's (told to report already), else the writer's, lister's or
 * splitter's ("cannot write ...: WHY"). */
RGN_MUST_CHECK int rgn_destination_finish(rgn_destination *destination,
                                          bool keep, rgn_error *error);

/* ------------------------------------------------------------------ */
/* Tournaments (rgn(1), "tournament", documents what is read)         */

/* Game records grouped into tournaments (by Event and Site), each with
 * its system recognised, its standings, tie-breaks (FIDE's Tie-Break
 * Regulations) and an audit of the record set. */
typedef struct rgn_tournaments rgn_tournaments;

/* What rgn_tournaments_write writes: the family RGN_TOURNAMENT_FORMATS of
 * rgn_format_names and rgn_format_parse. */
enum rgn_tournament_format {
    RGN_TOURNAMENT_TEXT, /* standings, crosstable or rounds, for people */
    RGN_TOURNAMENT_CSV,  /* the standings, a line a player (RFC 4180) */
    RGN_TOURNAMENT_JSON, /* one document, every tournament */
    RGN_TOURNAMENT_HTML, /* one page: standings, crosstable and the games */
    RGN_TOURNAMENT_TRF   /* FIDE's Tournament Report File */
};

/* A tournament's system. */
enum rgn_tournament_system {
    RGN_SYSTEM_UNKNOWN,            /* recognised from the pairings */
    RGN_SYSTEM_ROUND_ROBIN,        /* "round-robin" */
    RGN_SYSTEM_DOUBLE_ROUND_ROBIN, /* "double-round-robin" */
    RGN_SYSTEM_SWISS,              /* "swiss" */
    RGN_SYSTEM_MATCH,              /* "match" */
    RGN_SYSTEM_COUNT
};

/* The name of a system ("round-robin", ...; rgn(1) gives them); NULL for
 * RGN_SYSTEM_UNKNOWN, which has none, and past the systems. */
const char *rgn_tournament_system_name(enum rgn_tournament_system system);
/* The system of a name as rgn_tournament_system_name gives it, or -1 with
 * error->message "unknown system 'NAME' (known: ...)". */
RGN_MUST_CHECK int rgn_tournament_system_parse(const char *name,
                                               rgn_error *error);

/* The tie-break regulations: FIDE's C.07 in force from August 2024, or
 * as amended from 1 March 2026. */
enum rgn_tiebreak_rules {
    RGN_RULES_UNSTATED = 0, /* those a tie-break list states, else those in
                               force on a tournament's last date */
    RGN_RULES_2024 = 2024,
    RGN_RULES_2026 = 2026
};

/* The name of rules ("2024", "2026"); NULL for RGN_RULES_UNSTATED and any
 * other value. */
const char *rgn_tiebreak_rules_name(enum rgn_tiebreak_rules rules);
/* The rules of a name ("2024", "2026"), or -1 with error->message
 * "unknown tie-break rules 'NAME' (known: ...)". */
RGN_MUST_CHECK int rgn_tiebreak_rules_parse(const char *name, rgn_error *error);

/* The tie-break codes (FIDE's Tie-Break Regulations; rgn(1) says what
 * each counts). */
enum rgn_tiebreak_code {
    RGN_TIEBREAK_BH,  /* Buchholz */
    RGN_TIEBREAK_SB,  /* Sonneborn-Berger */
    RGN_TIEBREAK_WIN, /* games won, forfeits included */
    RGN_TIEBREAK_WON, /* games won over the board */
    RGN_TIEBREAK_BPG, /* games played with Black */
    RGN_TIEBREAK_BWG, /* games won with Black */
    RGN_TIEBREAK_GE,  /* games elected to play */
    RGN_TIEBREAK_DE,  /* direct encounter */
    RGN_TIEBREAK_ARO, /* average rating of the opponents */
    RGN_TIEBREAK_TPR, /* tournament performance rating */
    RGN_TIEBREAK_KS,  /* Koya system */
    RGN_TIEBREAK_PS,  /* progressive scores */
    RGN_TIEBREAK_COUNT
};

/* The most tie-breaks a list has. */
#define RGN_MAX_TIEBREAKS 16

/* A tie-break: its code and modifiers. */
typedef struct rgn_tiebreak {
    enum rgn_tiebreak_code code;
    /* the values left out: Cut-n (C1: cut_low 1, cut_high 0), Median-n
     * (M1: both 1); n from 1 to 9, only for the codes that take them */
    int cut_low, cut_high;
    enum rgn_tiebreak_rules rules; /* stated by the code (BH/V2026) */
} rgn_tiebreak;

/* The name of a code ("BH", "SB", ...); NULL past the codes. */
const char *rgn_tiebreak_name(enum rgn_tiebreak_code code);
/* Whether a code takes the modifiers Cut-n and Median-n (BH, SB, ARO). */
bool rgn_tiebreak_cuts(enum rgn_tiebreak_code code);
/* Reads a comma-separated tie-break list, codes in any case, each with
 * its modifiers after '-', '/' or '#' ("BH-C1,SB", "BH/C1,SB/V2026"),
 * into out (room for RGN_MAX_TIEBREAKS). Returns their number, or -1
 * with error->message and error->column (where the code starts) when a
 * code or modifier is unknown, two codes state different rules, or
 * there are more than RGN_MAX_TIEBREAKS. */
RGN_MUST_CHECK int rgn_tiebreaks_parse(const char *list, rgn_tiebreak *out,
                                       rgn_error *error);

/* A sized struct (see "Errors"): size first. */
typedef struct rgn_tournament_options {
    size_t size; /* sizeof (rgn_tournament_options), as the caller knows it */
    /* only the games whose Event tag is this, as one tournament (NULL:
     * every game, grouped by Event and Site) */
    const char *event;
    /* the system of every tournament (RGN_SYSTEM_UNKNOWN: recognised
     * from the pairings) */
    enum rgn_tournament_system system;
    /* the tie-breaks in order, tiebreak_count of them (0: the system's
     * own) */
    const rgn_tiebreak *tiebreaks;
    int tiebreak_count;
    /* the spellings of players' names: lines "SPELLING<TAB>NAME", as
     * rgn_edits_rename_players reads them (NULL: none) */
    const char *same_player;
    size_t same_player_len;
    /* HTML: the games are kept to be written into the page */
    enum rgn_tournament_format format;
    const char *title, *lang; /* HTML: the page's title and language */
    /* the audit only: a system that cannot be recognised is no error */
    bool check_only;
    /* the tie-break regulations (RGN_RULES_UNSTATED: those the tie-break
     * list states, else those in force on each tournament's last date,
     * the 2026 rules when it has none) */
    enum rgn_tiebreak_rules tiebreak_rules;
    /* the rounds planned (0: those played, or those a TRF read states):
     * a TRF written mid-event states them, so that a pairing program
     * pairs the next round; fewer than a tournament has is an error */
    long planned_rounds;
} rgn_tournament_options;

/* Tournaments to be read into. options may be NULL (all defaults).
 * NULL with error when an option is wrong (its size, a system, tie-break
 * or rules out of their enums, a modifier the code does not take, rules
 * the tie-break list states otherwise, a malformed spelling line) or
 * memory runs out. */
RGN_MUST_CHECK rgn_tournaments *
rgn_tournaments_new(const rgn_tournament_options *options, rgn_error *error);
void rgn_tournaments_free(rgn_tournaments *tournaments);
/* A game sink (pass it and the tournaments as a validator's sink) that
 * keeps each game's record (and, for HTML, the game), with the name of
 * its input (the sink's input event) for the findings about it. */
const rgn_game_sink *rgn_tournaments_sink(void);
/* Reads a Tournament Report File of len bytes named file as a
 * tournament; the games read afterwards are checked against its
 * pairings. 0, or -1 with error->message "FILE:LINE:COLUMN: why". */
RGN_MUST_CHECK int rgn_tournaments_read_trf(rgn_tournaments *tournaments,
                                            const char *text, size_t len,
                                            const char *file, rgn_error *error);
/* After the last game: groups the records, recognises each system,
 * ranks the players and audits the records; report (may be NULL) hears
 * each finding (a problem RGN_T_*) as a diagnostic about the input file,
 * its game numbered over all inputs (0: about the tournament). 0; 1 when some
 * finding is an error or a warning; -1 with error->message when a system cannot
 * be recognised (it says why) or memory runs out. */
RGN_MUST_CHECK int
rgn_tournaments_finish(rgn_tournaments *tournaments,
                       void (*report)(void *user, const char *file,
                                      const rgn_diagnostic *diagnostic),
                       void *user, rgn_error *error);
/* Writes the tournaments in format to out and flushes it: 0, or -1 with
 * error when a write failed or memory ran out: "cannot write the
 * tournaments: WHY", WHY as rgn_writer_finish's, or format is not an
 * enum rgn_tournament_format. */
RGN_MUST_CHECK int rgn_tournaments_write(rgn_tournaments *tournaments,
                                         enum rgn_tournament_format format,
                                         FILE *out, rgn_error *error);

/* ------------------------------------------------------------------ */
/* The database (rgn(5), "Database", documents the file)              */

/* A database of games in one SQLite file: every game with its tags,
 * origin, validity and moves, and an index of the positions reached. */
typedef struct rgn_db rgn_db;

/* Opens the database at path. To read it (write false), it must exist;
 * it is never changed, it is read without write access (on read-only
 * media too), and no file is left beside it. To write it (write true),
 * it is created when missing (the file appears only when rgn_db_commit
 * succeeds; the temporary files of imports killed before their commit
 * are removed), else a transaction begins, which rgn_db_commit ends
 * (rgn_db_close without it leaves the file as it was); a writer waits
 * 10 s for another import or merge writing the database to end. NULL
 * with error->message: the file cannot be opened (or written), is not
 * an rgn database, has a newer schema, or is damaged; another writer
 * did not end in time; such a file is not changed. */
RGN_MUST_CHECK rgn_db *rgn_db_open(const char *path, bool write,
                                   rgn_error *error);
/* The same, a writer waiting at most wait seconds (0: not at all). */
RGN_MUST_CHECK rgn_db *rgn_db_open_wait(const char *path, bool write,
                                        double wait, rgn_error *error);
/* Closes it; a transaction not committed is rolled back (a new
 * database's temporary file removed). */
void rgn_db_close(rgn_db *db);
/* Makes what was written since rgn_db_open permanent: 0, or -1 with
 * error (nothing of it is then kept). Free the importer first
 * (rgn_db_importer_free): its statements keep the file open. */
RGN_MUST_CHECK int rgn_db_commit(rgn_db *db, rgn_error *error);
/* The temporary file a new database is being written to (for a signal
 * handler to remove), or NULL. */
const char *rgn_db_pending_file(const rgn_db *db);
/* SQLite's quick check of the whole file: 0, or -1 with error saying
 * what is damaged. */
RGN_MUST_CHECK int rgn_db_check(rgn_db *db, rgn_error *error);

typedef struct rgn_db_stats {
    uint64_t games, valid, invalid, plies;
    uint64_t positions; /* entries of the position index */
    uint64_t files;     /* input files imported */
    uint64_t bytes;     /* the size of the database */
    int schema_version;
} rgn_db_stats;

/* What the database holds: 0, or -1 with error. */
RGN_MUST_CHECK int rgn_db_info(rgn_db *db, rgn_db_stats *stats,
                               rgn_error *error);

/* Importing games: a game sink (pass rgn_db_importer_sink and the
 * importer as a validator's sink) that stores every game it is given,
 * valid or not, into a database opened for writing. */
typedef struct rgn_db_importer rgn_db_importer;

typedef struct rgn_db_import_options {
    size_t size;     /* sizeof the caller's struct (rgn.h, "Errors") */
    bool variations; /* index the positions of variations too */
    /* told of each note of the import (NULL: none), as a validator's
     * report is: RGN_N_ALREADY_STORED for a game not stored because the
     * database has it (the same tags, start and moves), with its number
     * (game) and origin (where) in its input, the input as
     * rgn_db_importer_input named it (file, NULL before any), and the
     * number in the database of the game it copies (copy_of); its White
     * and Black are "?" */
    void (*report)(void *user, const rgn_diagnostic *note);
    void *user;
} rgn_db_import_options;

typedef struct rgn_db_import_counts {
    uint64_t games;            /* read */
    uint64_t valid, invalid;   /* of those stored */
    uint64_t duplicates;       /* not stored */
    uint64_t plies, positions; /* of those stored */
    uint64_t invalid_read;     /* of those read, stored or not */
} rgn_db_import_counts;

/* NULL with error when memory runs out or the database cannot be
 * written. */
RGN_MUST_CHECK rgn_db_importer *
rgn_db_importer_new(rgn_db *db, const rgn_db_import_options *options,
                    rgn_error *error);
void rgn_db_importer_free(rgn_db_importer *importer);
/* The sink: the games that follow an input event are stored as from
 * the file it names (the database keeps that name, as given). */
const rgn_game_sink *rgn_db_importer_sink(void);
/* Writes what is left (the last part of the index): 0, or -1 with
 * error, which is also set when an earlier game could not be stored
 * (then nothing should be committed). counts may be NULL. */
RGN_MUST_CHECK int rgn_db_importer_finish(rgn_db_importer *importer,
                                          rgn_db_import_counts *counts,
                                          rgn_error *error);

/* Merging databases: the games of other databases added to one, as if
 * their inputs had been imported into it, in order, in one import. */
typedef struct rgn_db_merge_options {
    size_t size; /* sizeof the caller's struct (rgn.h, "Errors") */
    /* told of each note of the merge (NULL: none), as
     * rgn_db_import_options.report is: RGN_N_ALREADY_STORED for a game
     * not stored because the database has it already, its file the one
     * it was imported from (as its database names it), its number there
     * and its origin those of that import */
    void (*report)(void *user, const rgn_diagnostic *note);
    void *user;
} rgn_db_merge_options;

/* Adds to db (open for writing) every game of the rgn databases at
 * inputs[0], ..., inputs[count - 1], in that order, each in the order of
 * its import, numbered on from db's last game; the position index is
 * copied (a game is not replayed). A game db already has, or an earlier
 * input gave, is not stored (options->report is told of it). A file
 * read in pieces (imported with a byte range each, into one database a
 * piece, given here in the order of the file) is one file of db, its
 * games numbered as in one import of the whole file: the games of an
 * input's file whose first game comes after every game db has of the
 * same path continue that file (its row of files, its numbering). counts (may
 * be NULL) counts the games read from the inputs, stored or not, and what was
 * stored. 0, or -1 with error->message beginning with the path of the database
 * at fault (an input that cannot be opened, is not an rgn database, is
 * damaged or is db itself, or db that cannot be written): then nothing
 * should be committed. options may be NULL. */
RGN_MUST_CHECK int rgn_db_merge(rgn_db *db, const char *const *inputs,
                                size_t count,
                                const rgn_db_merge_options *options,
                                rgn_db_import_counts *counts, rgn_error *error);

/* Finding games: the criteria of rgn select, answered from the index
 * where one applies, by replaying the stored games where none does. */
typedef struct rgn_db_found {
    int64_t id;           /* the game's number in the database, from 1 */
    const char *file;     /* the input it was imported from */
    const rgn_game *game; /* the game, recorded whole, numbered id, with
                             file as its input (rgn_game_input) */
    int ply;              /* the first ply every position criterion had
                             matched by, -1 when none */
} rgn_db_found;

typedef struct rgn_db_find_options {
    size_t size;                  /* sizeof the caller's struct ("Errors") */
    const rgn_criteria *criteria; /* NULL: every game */
    bool invert;
    bool valid_only; /* invalid games are never found */
    /* with valid_only, an invalid game that these edits repair
     * (rgn_edits_error) is found, as the selector finds it (NULL: none);
     * the caller replays the games found with them */
    const rgn_edits *edits;
    uint64_t limit;  /* 0: no limit */
    bool count_only; /* found games are not recorded (game is NULL) */
    /* told of each game found, in the database's order; non-zero stops */
    int (*found)(void *user, const rgn_db_found *found);
    void *user;
    /* copies, as rgn_selector_options has them (RGN_DUPLICATES_NOTE is
     * not for finding): judged after the criteria, among the games that
     * match, in the database's order */
    enum rgn_duplicates duplicates;
    int fuzzy_ply;
} rgn_db_find_options;

/* Finds the games: their number, or -1 with error (a damaged database). */
RGN_MUST_CHECK int64_t rgn_db_find(rgn_db *db,
                                   const rgn_db_find_options *options,
                                   rgn_error *error);

/* The rule sets the database holds games of, by name, into variants (at
 * most max of them): their number (which may be more than max), or -1
 * with error. A rule set this build of rgn does not know is left out. */
RGN_MUST_CHECK int rgn_db_variants(rgn_db *db, const rgn_variant **variants,
                                   size_t max, rgn_error *error);

/* The opening explorer: what was played from a position. */
typedef struct rgn_db_tree_move {
    rgn_move move; /* the null move for "the game ended here" */
    char san[72];  /* "" for the end */
    uint64_t games, white, draws, black; /* by the games' results */
    uint64_t elo_sum, elo_games;         /* the Elo of the player who moved */
    long last_date; /* YYYYMMDD, 0 for unknown parts; 0: none */
} rgn_db_tree_move;

typedef struct rgn_db_tree {
    uint64_t games; /* that reached the position (ending there or not) */
    rgn_db_tree_move *moves; /* by games, most first, then by SAN */
    size_t count;
} rgn_db_tree;

/* Every move played from position in the games' main lines (the first
 * time each game reaches it): 0, or -1 with error. */
RGN_MUST_CHECK int rgn_db_tree_of(rgn_db *db, rgn_position *position,
                                  rgn_db_tree *tree, rgn_error *error);
void rgn_db_tree_free(rgn_db_tree *tree);

/* The answers written for people or programs: the findings of one
 * question as text (a table) or as one JSON object. */
enum rgn_db_format { RGN_DB_TEXT, RGN_DB_JSON };

/* Finds the games as rgn_db_find does (options's found and user are not
 * used) and hands each found on to destination (rgn_destination_game:
 * written numbered as in the database, listed numbered in the order
 * found, with its database number, its file as imported and the ply at
 * which a position criterion matched); NULL: only counted. The caller
 * finishes the destination. The number of games found, or -1 with
 * error: a damaged database, a game the destination failed to hand on
 * (the rest is not handed on). */
RGN_MUST_CHECK int64_t rgn_db_find_write(rgn_db *db,
                                         const rgn_db_find_options *options,
                                         rgn_destination *destination,
                                         rgn_error *error);
/* The rule sets of the database's games that read fen (a position
 * string; NULL: the game's start, which a solitaire does not have) and
 * then play line (rgn_position_play_line; NULL: no moves), in the order
 * rgn_db_variants gives them, into found: how many, 0, 1 or 2 (two or
 * more: the question is ambiguous, found holds the first two). In a
 * database with no games, every rule set rgn knows is asked and the
 * first that reads them is the one (1), or without fen the default game
 * is. With 0, found[0] is the rule set in which to say why the position
 * is not read (the database's first, or the default). -1 with error
 * when the database cannot be read. */
RGN_MUST_CHECK int rgn_db_tree_games(rgn_db *db, const char *fen,
                                     const char *line,
                                     const rgn_variant *found[2],
                                     rgn_error *error);
/* Writes tree, the moves played from position (rgn_db_tree_of), to out:
 * as text, the position string, "N games" and, when moves were played,
 * a table of each move's games, share, wins, draws and losses of the side
 * to move (as percentages), average Elo and last date; as JSON, one line
 * {"position", "games", "moves": [{"move", "games", "white", "draws",
 * "black", "win", "draw", "loss", "elo", "last_date"}, ...]}, unknown
 * Elo and dates null (rgn(1), "db tree"). 0, or -1 with error when the
 * write failed, memory ran out or format is no enum rgn_db_format. */
RGN_MUST_CHECK int rgn_db_tree_write(FILE *out, const rgn_db_tree *tree,
                                     const rgn_position *position,
                                     enum rgn_db_format format,
                                     rgn_error *error);
/* Writes stats (rgn_db_info) to out: as text a line each ("games",
 * "valid games", ..., "bytes per ply", "schema version"), as JSON one
 * line {"games", "valid", "invalid", "plies", "positions", "files",
 * "bytes", "bytes_per_ply", "schema_version"}. 0, or -1 with error when
 * the write failed, memory ran out or format is no enum rgn_db_format. */
RGN_MUST_CHECK int rgn_db_stats_write(FILE *out, const rgn_db_stats *stats,
                                      enum rgn_db_format format,
                                      rgn_error *error);
/* Writes counts (of an import or a merge) to out: as text one line
 * "N games stored (V valid, I invalid), D already there, P positions
 * indexed" (stored is valid and invalid, "1 game" for one), as JSON one
 * line {"games", "stored", "valid", "invalid", "duplicates", "plies",
 * "positions", "invalid_read"}. 0, or -1 with error when the write
 * failed, memory ran out or format is no enum rgn_db_format. */
RGN_MUST_CHECK int
rgn_db_import_counts_write(FILE *out, const rgn_db_import_counts *counts,
                           enum rgn_db_format format, rgn_error *error);

/* ------------------------------------------------------------------ */
/* Diagrams                                                           */

/* Pictures of a position that show which way every piece points. */
enum rgn_diagram_format {
    /* plain ASCII text: each piece as its letter (upper case White, lower
     * case Black) and a mark of its orientation as seen on the page: an
     * arrow ^ ^> > v> v v< < ^< for a piece with one middle direction,
     * + or x for four orthogonal or diagonal directions, | / - \ for two
     * opposite ones; a legend below */
    RGN_DIAGRAM_ASCII,
    /* UTF-8 text laid out as ASCII, with an arrow (↑ ↗ → ↘ ↓ ↙ ← ↖) for
     * every direction the piece moves in; ANSI colours with color */
    RGN_DIAGRAM_UNICODE,
    /* a standalone SVG image: each piece a disc of its side's colour with
     * its letter and a fin for each of its move directions */
    RGN_DIAGRAM_SVG
};

typedef struct rgn_diagram_arrow {
    int from, to; /* squares */
} rgn_diagram_arrow;

/* SVG widths accepted, in pixels. */
#define RGN_DIAGRAM_MIN_SIZE 64
#define RGN_DIAGRAM_MAX_SIZE 16384
#define RGN_DIAGRAM_DEFAULT_SIZE 480

/* What a diagram shows besides the position. Options with only their
 * size set (or NULL options) give an ASCII diagram with coordinates and
 * White at the bottom. The pointers are only read, during the call.
 * Squares that are not squares of the position's board are left out. */
typedef struct rgn_diagram_options {
    size_t size; /* sizeof the caller's struct (rgn.h, "Errors") */
    enum rgn_diagram_format format;
    bool flip;                 /* Black at the bottom */
    bool no_coordinates;       /* no file and rank labels */
    bool color;                /* UNICODE: ANSI colours (for a terminal) */
    int width;                 /* SVG: the width in pixels; 0 for the default */
    const char *title;         /* NULL, or UTF-8 text above the board (anything
                                * else is replaced; markup is escaped) */
    const rgn_move *last_move; /* NULL, or the move that led here: its
                                * origin and destination are marked (a
                                * rotation in place on its square) */
    const int *highlights;     /* squares to mark */
    size_t highlight_count;
    const rgn_diagram_arrow *arrows; /* SVG: drawn; text: listed */
    size_t arrow_count;
    const rgn_position *before; /* NULL, or the position last_move was
                                 * made in: text diagrams list the chain
                                 * of a move that makes one */
    /* Marks as a person lists them: highlight_list_count lists of
     * squares ("e4,d5", as rgn_diagram_read_squares reads them) and
     * arrow_list_count lists of arrows ("b2-b6,e3-e4"), read on the
     * position's board when it is drawn and marked after highlights and
     * arrows; at most RGN_DIAGRAM_MAX_MARKS squares and as many arrows in
     * all. A square that is not on the board fails the drawing
     * (rgn_diagram_options_check tells it before). */
    const char *const *highlight_lists;
    size_t highlight_list_count;
    const char *const *arrow_lists;
    size_t arrow_list_count;
} rgn_diagram_options;

/* The squares, and the arrows, that the lists of rgn_diagram_options
 * hold at most. */
#define RGN_DIAGRAM_MAX_MARKS 256

/* Whether options can draw a position of variant: 0, or -1 with error
 * when they are wrong (their size, an SVG width out of range, an unknown
 * format), their lists hold a misshapen item or too many marks, or a
 * square of theirs is not on variant's board ("e9 is not a square of the
 * Chess board"), for a program that refuses them before it writes
 * anything. With variant NULL the lists are read for their shape alone
 * (a program reads its options before it knows the board). */
RGN_MUST_CHECK int rgn_diagram_options_check(const rgn_diagram_options *options,
                                             const rgn_variant *variant,
                                             rgn_error *error);

/* The diagram as a NUL-terminated string of *len bytes (len may be NULL),
 * allocated with malloc: the caller frees it. options may be NULL (the
 * defaults). NULL with error when the options are wrong (their size, an
 * SVG size out of range, an unknown format) or memory runs out. */
RGN_MUST_CHECK char *rgn_diagram_render(const rgn_position *position,
                                        const rgn_diagram_options *options,
                                        size_t *len, rgn_error *error);
/* Renders the diagram and writes it to out; 0, or -1 with error when
 * rendering or writing failed. */
RGN_MUST_CHECK int rgn_diagram_write(const rgn_position *position,
                                     const rgn_diagram_options *options,
                                     FILE *out, rgn_error *error);
/* Writes to out the diagram of the position after ply plies of game's
 * main line (-1: its end), as rgn_diagram_write does with options (may
 * be NULL), the move that led there marked and the position it was made
 * in given, in place of the options' last_move and before (a text
 * diagram lists the chain of a move that makes one). 0, or -1 with
 * error when the options are wrong, the game has no start or no such
 * ply (as rgn_game_position_at says), memory runs out or writing
 * failed. */
RGN_MUST_CHECK int rgn_diagram_write_game(const rgn_game *game, int ply,
                                          const rgn_diagram_options *options,
                                          FILE *out, rgn_error *error);

/* The squares a diagram marks as a person lists them, "e4,d5": each item
 * a file letter and a rank, apart by commas. With variant, their
 * squares on its board (rgn_square_parse) into squares (max entries);
 * with variant NULL, only the shape of each is read and squares is not
 * used (a program reads an option before it knows the board). The
 * number of squares (at most max), or -1 with error->message: an empty
 * or misshapen item, more than max, "e9 is not a square of the Chess
 * board". */
RGN_MUST_CHECK int rgn_diagram_read_squares(const rgn_variant *variant,
                                            const char *list, int *squares,
                                            size_t max, rgn_error *error);
/* The same for arrows, "b2-b6,e3-e4": each item two squares joined by
 * '-', from and to, into arrows (max entries; not used when variant is
 * NULL). */
RGN_MUST_CHECK int rgn_diagram_read_arrows(const rgn_variant *variant,
                                           const char *list,
                                           rgn_diagram_arrow *arrows,
                                           size_t max, rgn_error *error);

/* The diagrams of every ply of a game as the files of one folder, a
 * frame a ply: DIR/0000.svg for the start, DIR/0001.svg after the first
 * ply, ... (.txt for the text formats). Makes dir and the folders above
 * it that are missing, as "mkdir -p": 0, or -1 with error->message
 * "cannot create PATH: why". */
RGN_MUST_CHECK int rgn_diagram_frames_folder(const char *dir, rgn_error *error);
/* The path of ply's frame in dir, written into buf (size bytes) as
 * snprintf writes: the length it needs. */
int rgn_diagram_frame_path(char *buf, size_t size, const char *dir, size_t ply,
                           enum rgn_diagram_format format);
/* Removes from dir the frames (four to nine digits, then .svg or .txt)
 * that a run writing the frames of plies 0 to plies in format did not
 * write: those numbered above, and those of the other extension; other
 * files are left alone. 0, or -1 with error->message naming the folder
 * that cannot be read or the first frame that could not be removed (the
 * others are still removed). */
RGN_MUST_CHECK int rgn_diagram_frames_prune(const char *dir, size_t plies,
                                            enum rgn_diagram_format format,
                                            rgn_error *error);

/* The format of a diagram written to a file named path (NULL: standard
 * output), by its extension in any case: .svg asks for SVG, .txt for a
 * text format, a name without one for none. format (-1: none chosen) is
 * kept when the name allows it; -1 gives SVG for a .svg name, else
 * fallback. -1 with error when the name has another extension
 * ("cannot write a .png file: PATH_OPTION takes a .svg or .txt name (an
 * SVG converts to PNG with e.g. rsvg-convert)") or asks for another
 * format ("PATH_OPTION PATH is an SVG name, but FORMAT_OPTION ascii
 * writes text"), or format or fallback is no enum rgn_diagram_format.
 * The options are the program's that gave the path and the format
 * ("-o", "--format"; NULL: "the file" and "the format"). */
RGN_MUST_CHECK int rgn_diagram_format_for_path(const char *path, int format,
                                               int fallback,
                                               const char *path_option,
                                               const char *format_option,
                                               rgn_error *error);

/* ------------------------------------------------------------------ */
/* Solitaire tools (Rotationary)                                      */

/* Searches over the positions of the solitaire Rotationary and its
 * cousin Rotationary Wrap (rgn-rotationary(7)): the rule set is the
 * position's (rgn_variant_find("Rotationary") or "Rotationary Wrap").
 * Each fails with -1 and err filled in when the position is of another
 * game or memory runs out. */

/* Whether the solitaire tools take positions of variant: true for
 * Rotationary and Rotationary Wrap, false for any other (or NULL). */
bool rgn_rotationary_knows(const rgn_variant *variant);

/* The position at the end of a recorded game's main line (rgn_game), for
 * the solitaire tools: its start read under rules (Rotationary or
 * Rotationary Wrap; NULL: the game's own, which must be one of them),
 * then its moves played, into end (an rgn_position_new of any rule set).
 * A game whose only error is about its result (a mismatch with the
 * Result tag, a result the final position contradicts, the game's own
 * end-of-game rule) was played whole. Returns 0; 1 when the game was not
 * played whole (it has no start, or, a Rotationary game, an error before
 * its end, which the validator reported); or -1 with error: rules is
 * another game, or the game is "game N is Chess, not Rotationary (no
 * Variant tag)" (or "(its Variant tag)", or "(its Variant tag or its
 * file's name)" when its input's name, rgn_game_input, also makes it that
 * game), "game N has a position Rotationary Wrap cannot read", "game N
 * has a move after the puzzle is solved: 'a1+'" (under the other rules),
 * or memory ran out. N is rgn_game_number. */
RGN_MUST_CHECK int rgn_rotationary_game_end(const rgn_game *game,
                                            const rgn_variant *rules,
                                            rgn_position *end,
                                            rgn_error *error);

/* The longest solution a result holds; no position needs as many. */
#define RGN_ROTATIONARY_MAX_SOLUTION 64
/* The facings of one arrangement (4^15), which a survey goes through. */
#define RGN_ROTATIONARY_FACINGS 1073741824u

/* counts[n-1]: the number of distinct positions first reached after
 * exactly n moves from position, for n = 1..depth (depth below
 * RGN_ROTATIONARY_MAX_SOLUTION), in a breadth-first search in which a
 * solved position has no successors. Memory grows about tenfold a
 * layer. */
RGN_MUST_CHECK int rgn_rotationary_layers(const rgn_position *position,
                                          int depth, uint64_t *counts,
                                          rgn_error *err);

typedef struct rgn_rotationary_solution {
    int distance; /* the moves of an optimal solution; -1: unsolvable */
    /* the first distance moves: each one legal (rgn_position_play,
     * rgn_move_san) in the position the ones before it lead to */
    rgn_move moves[RGN_ROTATIONARY_MAX_SOLUTION];
    uint64_t positions_visited; /* by the search, from both ends */
} rgn_rotationary_solution;

/* An optimal solution of position (a bidirectional breadth-first
 * search), or proof that there is none. */
RGN_MUST_CHECK int rgn_rotationary_solve(const rgn_position *position,
                                         rgn_rotationary_solution *solution,
                                         rgn_error *err);
/* Writes solution, position's (rgn_rotationary_solve), to out for
 * people: "distance D" and a line of the D moves apart by spaces (an
 * empty line for a solved position), or the line "unsolvable"; with
 * hint, only the line of the first move. The moves are written from
 * position as a set-up. 0, or -1 with error when the write failed or
 * memory ran out. */
RGN_MUST_CHECK int
rgn_rotationary_solution_write_text(FILE *out, const rgn_position *position,
                                    const rgn_rotationary_solution *solution,
                                    bool hint, rgn_error *error);
/* Writes solution as a complete game record through writer, numbered
 * number (its Round too): Event "Optimal solution", White "rgn solve",
 * the Variant, SetUp and FEN of position, the moves and the result 1-0,
 * or "*" and a comment saying that no sequence of moves solves it. 0, or
 * -1 with error when memory ran out; the writer's own failures are
 * rgn_writer_finish's. */
RGN_MUST_CHECK int
rgn_rotationary_solution_write_game(rgn_writer *writer,
                                    const rgn_position *position,
                                    const rgn_rotationary_solution *solution,
                                    uint64_t number, rgn_error *error);

/* The distances a survey counts: 0 to 14 moves (the largest known is
 * 12). */
#define RGN_ROTATIONARY_SURVEY_DISTANCES 15

typedef struct rgn_rotationary_distances {
    /* count[d]: the facings at distance d, d = 0..max_distance */
    uint64_t count[RGN_ROTATIONARY_SURVEY_DISTANCES];
    int max_distance;
    uint64_t unsolvable; /* facings no sequence of moves solves */
    double mean;         /* the distance's mean over the solvable ones */
} rgn_rotationary_distances;

/* How a survey runs; the struct carries its size (rgn.h, "Errors"). */
typedef struct rgn_rotationary_survey_options {
    size_t size;
    int threads; /* from 1 to 64; 0: one */
    /* when not NULL, called after each distance with the facings
     * reached so far (of RGN_ROTATIONARY_FACINGS) */
    void (*progress)(void *user, int distance, uint64_t done);
    void *user;
} rgn_rotationary_survey_options;

/* The distance of every facing of position's arrangement (its empty cell
 * and the size of each piece; its facings play no part), by a search
 * backwards from the solved ones, in about 520 MB. options may be NULL
 * (one thread, no progress). example, when not NULL, is set to a copy of
 * position with facings at the largest distance. Takes minutes. -1 with
 * err also for options that are wrong (their size, threads out of
 * range). */
RGN_MUST_CHECK int
rgn_rotationary_survey(const rgn_position *position,
                       const rgn_rotationary_survey_options *options,
                       rgn_rotationary_distances *distances,
                       rgn_position *example, rgn_error *err);
/* Writes a survey's distances (rgn_rotationary_survey) to out for
 * people: a line "D COUNT" for each distance D from 0 to max_distance,
 * then "max D EXAMPLE" (example, the survey's, as a position string),
 * "mean M" (four decimals) and "unsolvable COUNT". 0, or -1 with error
 * when the write failed or memory ran out. */
RGN_MUST_CHECK int rgn_rotationary_distances_write_text(
    FILE *out, const rgn_rotationary_distances *distances,
    const rgn_position *example, rgn_error *error);

/* Sets puzzle (a position of the game wanted) to a random set-up (random
 * arrangement and facings) whose optimal solution has exactly distance
 * moves. *state is the random generator's state: a seed to begin with;
 * each call moves it on, so the same seed gives the same puzzles on
 * every platform. Returns 0, or 1 (puzzle unchanged) when none of
 * max_tries set-ups has that distance (distances of 11 and more are
 * rare), or -1 with err. */
RGN_MUST_CHECK int rgn_rotationary_puzzle(rgn_position *puzzle, int distance,
                                          uint64_t *state, int max_tries,
                                          rgn_error *err);

#ifdef __cplusplus
}
#endif

#endif /* RGN_H */
