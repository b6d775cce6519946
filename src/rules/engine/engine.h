/*
 * engine.h - a data-driven move generator for chess-like games (private).
 *
 * A game is a table (eng_game: board size, pieces as XBetza strings,
 * start position, promotion choices); eng_compile turns it into per-type
 * rays on a mailbox board whose border is 5 squares deep, so that any
 * leap up to (0,5) from a square lands on the board or on RGN_OFF and no
 * move needs a bounds test. Castling (from the King's O atom, towards the
 * corner Rooks of the start position) and en passant are the only rules
 * outside the tables. A game whose back rank may be set up in any order
 * (Chess960) castles with the Rook of its castling right on whatever
 * file it stands, the King and Rook ending where they end in the start
 * position's castling.
 *
 * Legality: a pseudo-legal move is tested (by playing it on the board)
 * only when it could be illegal: King moves, en passant, any move while
 * in check, and moves of pieces that stand between their King and an
 * enemy piece that could attack it along that line (pin candidates).
 */
#ifndef RGN_ENGINE_H
#define RGN_ENGINE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rules/variant.h"
#include "rules/engine/xbetza.h"
#include "rules/engine/bitboard.h"

#define ENG_BORDER 5
#define ENG_CAPACITY RGN_BOARD_CAPACITY
#define ENG_MAX_TYPES 15
#define ENG_MAX_RAYS 40
#define ENG_MAX_LINES 64
#define ENG_MAX_REACH 16
/* The engine reads and writes the library's own types: positions indexed
 * by mailbox squares, moves of rgn_move_kind, the caller's undo record. */
typedef rgn_move eng_move;
typedef rgn_position eng_position;
typedef rgn_undo eng_undo;

/* A game as data. letters[type] is a type's upper-case letter (index 0
 * unused, as rgn_variant's piece_letters), xbetza[type] its moves; the
 * King's letter is K, the Pawn's P and the castling partner's R. */
typedef struct eng_game {
    const char *name;
    int files, ranks;
    const char *letters;
    const char *const *xbetza;
    const char *start_fen;
    const char *promotion_letters; /* the choices, in the order perft
                                      and move lists give them */
    /* The back rank may be shuffled (Chess960): a castling right names
     * its Rook, which may stand on any file of the King's side, and the
     * castling move goes from the King's square to that Rook's (the
     * King "takes" its own Rook, as UCI writes Chess960's castling), so
     * that no castling move shares its squares with a King's step. */
    bool any_rook_castles;
} eng_game;

/* One direction of an atom for one colour, in mailbox steps. */
typedef struct eng_ray {
    int16_t step;
    int16_t path_step; /* non-jumping leap: the step between its squares */
    int16_t bend[2];   /* bent move: the second leg's steps */
    uint8_t bend_count;
    uint8_t bend_range;
    uint8_t range;
    uint8_t path_len; /* non-jumping leap: squares that must be empty */
    uint8_t mode;     /* XB_MOVE | XB_CAPTURE */
    uint8_t flags;    /* XB_INITIAL, XB_EN_PASSANT, XB_BENT */
} eng_ray;

/* The attack tables seen from the attacked square: a piece of a type in
 * types_at[k] attacks s from s - k * step when the k - 1 squares between
 * are empty. */
typedef struct eng_line {
    int16_t step;
    uint8_t reach;
    uint16_t types_at[ENG_MAX_REACH + 1];
} eng_line;

typedef struct eng_bent_attack {
    int16_t first, second;
    uint8_t range;
    uint8_t type;
} eng_bent_attack;

/* A castling right's squares. The rules hold the start position's; in a
 * game where any Rook castles, the King's and the Rook's squares come
 * from the position (eng_castling_at). */
typedef struct eng_castling {
    char letter; /* K Q k q */
    uint8_t color;
    uint16_t king_from, king_to, rook_from, rook_to;
} eng_castling;

typedef struct eng_rules {
    const eng_game *game;
    int files, ranks, width;
    int type_count;
    int king_type, pawn_type, rook_type;
    const char *letters; /* the game's */
    xb_piece atoms[ENG_MAX_TYPES + 1];
    eng_ray rays[2][ENG_MAX_TYPES + 1][ENG_MAX_RAYS];
    uint8_t ray_count[2][ENG_MAX_TYPES + 1];
    /* types whose rays can reach one square twice (the Walrus's F3 and
     * A): their moves are de-duplicated */
    bool overlapping[ENG_MAX_TYPES + 1];
    uint16_t initial_ranks[2][ENG_MAX_TYPES + 1]; /* bit per rank */
    eng_line lines[2][ENG_MAX_LINES];
    int line_count[2];
    eng_bent_attack bents[2][ENG_MAX_RAYS];
    int bent_count[2];
    uint8_t promotion_types[ENG_MAX_TYPES];
    int promotion_count;
    eng_castling castling[4];
    int castling_count;
    uint8_t castling_kept[ENG_CAPACITY]; /* rights a move from or to the
                                            square keeps */
    eng_position start;
    eng_bitboards bb; /* the fast path, when bb.usable */
} eng_rules;

/* Compiles a game; 0, or -1 with err set (a bad XBetza string, a start
 * position that does not read). */
int eng_compile(eng_rules *rules, const eng_game *game, rgn_error *err);

/* A piece's part of a position's key: piece code on mailbox square. */
static inline uint64_t eng_piece_key(int piece, int square)
{
    return rgn_mix64(((uint64_t)piece << 16) ^ (uint64_t)square);
}

static inline int eng_square(const eng_rules *r, int file, int rank)
{
    return (rank + ENG_BORDER) * r->width + file + ENG_BORDER;
}
static inline int eng_file(const eng_rules *r, int square)
{
    return square % r->width - ENG_BORDER;
}
static inline int eng_rank(const eng_rules *r, int square)
{
    return square / r->width - ENG_BORDER;
}
/* -1 for a letter that names no piece (case ignored). */
int eng_type_of_letter(const eng_rules *rules, char letter);

/* A game's compiled rules, made on first use by whichever thread asks
 * first (the context of the game's rule set). compile is reached through
 * the table, so that the engine's files need not call the file that
 * holds the games (which calls them). */
typedef struct eng_tables {
    const eng_rules *_Atomic ready; /* rules, once compiled */
    /* compiles the rules if no thread has; gives them */
    const eng_rules *(*compile)(struct eng_tables *tables);
    const eng_game *game;
    eng_rules *rules; /* where they are compiled */
} eng_tables;

/* The compiled rules of a rule set of the engine. Once they are ready an
 * acquiring load (a plain one on common processors) is all a call
 * needs. */
static inline const eng_rules *
eng_variant_rules(const struct rgn_variant *variant)
{
    eng_tables *tables = (eng_tables *)variant->context;
    const eng_rules *r =
        atomic_load_explicit(&tables->ready, memory_order_acquire);
    return __builtin_expect(r != NULL, 1) ? r : tables->compile(tables);
}

static inline const eng_rules *eng_rules_of(const eng_position *pos)
{
    return eng_variant_rules(pos->variant);
}

/* Where any Rook castles, the position keeps the file of each right's
 * Rook in extra[0], four bits a right (they stay the same over a game:
 * a right is only ever lost). */
static inline int eng_castling_rook_file(const eng_position *pos, int right)
{
    return pos->extra[0] >> 4 * right & 15;
}

/* Castling right i's squares in the position, while it holds the right
 * (its King has not moved, so it stands on pos->king). */
static inline eng_castling eng_castling_at(const eng_rules *r,
                                           const eng_position *pos, int i)
{
    eng_castling c = r->castling[i];
    if (r->game->any_rook_castles) {
        c.king_from = pos->king[c.color];
        c.rook_from = (uint16_t)(c.rook_to - eng_file(r, c.rook_to) +
                                 eng_castling_rook_file(pos, i));
    }
    return c;
}

/* The square a castling move goes to: the King's destination, or where
 * any Rook castles the Rook's square (eng_game.any_rook_castles). */
static inline int eng_castling_move_to(const eng_rules *r,
                                       const eng_castling *c)
{
    return r->game->any_rook_castles ? c->rook_from : c->king_to;
}

/* The squares that must be empty for castling c: those the King and the
 * Rook pass over or land on, but for the two themselves. */
static inline bool eng_castling_path_empty(const uint8_t *board,
                                           const eng_castling *c)
{
    for (int pair = 0; pair < 2; pair++) {
        int from = pair ? c->rook_from : c->king_from;
        int to = pair ? c->rook_to : c->king_to;
        int step = to > from ? 1 : -1;
        for (int sq = from; sq != to;) {
            sq += step;
            if (sq != c->king_from && sq != c->rook_from &&
                board[sq] != RGN_EMPTY)
                return false;
        }
    }
    return true;
}

/* What a letter of a castling field names on a board (read with
 * eng_read_board): the right's index, or -1 for a letter that names
 * none; *rook is then the right's Rook's square, or -1 when the King or
 * the Rook is not in place. Where any Rook castles, K Q k q name the
 * outermost Rook on the King's side and a file letter (upper case for
 * White) the Rook on that file (X-FEN, Shredder-FEN). */
int eng_castling_letter(const eng_rules *rules, const eng_position *board,
                        char letter, int *rook);

/* The rule set's functions: each finds the rules through the position's
 * variant (eng_rules_of). */

/* Position strings (FEN; 12 x 12 boards write runs up to 12). */
int eng_set_fen(eng_position *pos, const char *fen, rgn_error *err);
size_t eng_write_fen(const eng_position *pos, char *buf, size_t size);
/* The strict reader's refusals that files in the wild make, repaired (a
 * castling right without its King or Rook in place dropped, a move number
 * of 0 read as 1): 0 with what saying what changed, -1 when there is
 * nothing of the kind to repair or the repaired string is still refused. */
int eng_repair_fen(eng_position *pos, const char *fen, char *what,
                   size_t what_size);
void eng_set_initial(eng_position *pos);

int eng_legal_moves(eng_position *pos, eng_move *moves);
int eng_legal_moves_to(eng_position *pos, eng_move *moves, int type, int to);
/* The legal moves of the type to the square on to_file and to_rank,
 * castling aside, from file from_file and rank from_rank (-1: any),
 * promoting to type `promotion` (0: not promoting): their number, and
 * the first in *first. SAN's common question, answered without a move
 * list on the fast path. */
int eng_find_moves(eng_position *pos, int type, int to_file, int to_rank,
                   int from_file, int from_rank, int promotion,
                   eng_move *first);
int eng_count_moves(eng_position *pos);
bool eng_has_moves(eng_position *pos);
void eng_make(eng_position *pos, eng_move move, eng_undo *undo);
void eng_unmake(eng_position *pos, eng_move move, const eng_undo *undo);
uint64_t eng_perft(eng_position *pos, int depth);

/* The same from given rules, for positions that have no variant yet
 * (the compiler's start position). */
int eng_read_fen(const eng_rules *rules, eng_position *pos, const char *fen,
                 rgn_error *err);
/* Reads only the board field (the first) into pos: board and kings. */
int eng_read_board(const eng_rules *rules, eng_position *pos, const char *fen,
                   rgn_error *err);
/* The Zobrist key of a position (pos is only read: the en passant test
 * plays the capture and takes it back). */
uint64_t eng_compute_key(const eng_rules *rules, eng_position *pos);

bool eng_attacked(const eng_rules *rules, const uint8_t *board, int square,
                  int by_color);
bool eng_in_check(const eng_rules *rules, const eng_position *pos);
/* Whether the side to move has a legal en passant capture. */
bool eng_en_passant_possible(const eng_rules *rules, eng_position *pos);

/* The fast path (bitboard.c). eng_bb_compile sets rules->bb up when every
 * ray of the game fits it; the functions above turn to the ones below
 * when bb.usable, and positions keep their sets through eng_bb_sync. */
void eng_bb_compile(eng_rules *rules);
void eng_bb_sync(const eng_rules *rules, eng_position *pos);
bool eng_bb_in_check(const eng_rules *rules, const eng_position *pos);
/* The same, known to follow move m: from what the move changed. */
bool eng_bb_check_after(const eng_rules *rules, const eng_position *pos,
                        eng_move m);
/* The legal moves into moves, or only their number when moves is NULL. */
int eng_bb_legal_moves(const eng_rules *rules, const eng_position *pos,
                       eng_move *moves);
/* Whether there is a legal move, found with the least work. */
bool eng_bb_has_moves(const eng_rules *rules, const eng_position *pos);
int eng_bb_legal_moves_to(const eng_rules *rules, const eng_position *pos,
                          eng_move *moves, int type, int to);
int eng_bb_find_moves(const eng_rules *rules, const eng_position *pos, int type,
                      int to_file, int to_rank, int from_file, int from_rank,
                      int promotion, eng_move *first);

/* The games of the engine (variants.c) and their rule sets. */
extern const eng_game eng_rotary_chess_game;
extern const eng_game eng_chess_game;
extern const eng_game eng_chess960_game;
extern const struct rgn_variant rgn_rotary_chess_variant;
extern const struct rgn_variant rgn_chess_variant;
extern const struct rgn_variant rgn_chess960_variant;

#endif
