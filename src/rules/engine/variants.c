/*
 * variants.c - the engine's games as tables, Greenwade's Rotary Chess
 * (12 x 12) and orthodox Chess, and the rule sets that put them behind
 * struct rgn_variant. The tables are compiled once, on first use.
 */
#include "rules/engine/engine.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROTARY_CHESS_LETTERS "?KQRBTMLSCGWFJP"
#define CHESS_LETTERS "?KQRBNP"

static const char *const rotary_chess_xbetza[] = {
    NULL,   "KisO4", "Q",      "R",        "B", "NG", "sWsyafsW", "WG",
    "FsN",  "FNZ",   "K",      "F3mAmG",   "WNZFXDX", "GZ", "ifmnDfmWfceF",
};

const eng_game eng_rotary_chess_game = {
    "Rotary Chess", 12, 12, ROTARY_CHESS_LETTERS, rotary_chess_xbetza,
    "rfcgbqkbgcfr/mtswjlljwstm/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/"
    "MTSWJLLJWSTM/RFCGBQKBGCFR w KQkq - 0 1",
    "BRQTMLSCGWFJ",
};

static const char *const chess_xbetza[] = {
    NULL, "KisO2", "Q", "R", "B", "N", "ifmnDfmWfceF",
};

const eng_game eng_chess_game = {
    "Chess", 8, 8, CHESS_LETTERS, chess_xbetza,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "QRBN",
};

static eng_rules rotary_chess_rules, chess_rules;
static pthread_once_t rotary_chess_once = PTHREAD_ONCE_INIT;
static pthread_once_t chess_once = PTHREAD_ONCE_INIT;

/* The tables are the program's own: failing to compile them is a bug. */
static void compile_or_die(eng_rules *rules, const eng_game *game)
{
    rgn_error err;
    if (eng_compile(rules, game, &err) < 0) {
        fprintf(stderr, "rgn: internal error in %s: %s\n", game->name, err.message);
        abort();
    }
}

static void compile_rotary_chess(void)
{
    compile_or_die(&rotary_chess_rules, &eng_rotary_chess_game);
}

static void compile_chess(void)
{
    compile_or_die(&chess_rules, &eng_chess_game);
}

/* Set once the rules are compiled: after that, an acquiring load (a
 * plain one on common processors) is all a move needs, not the cost of
 * a pthread_once per call. */
static const eng_rules *_Atomic rotary_chess_ready, *_Atomic chess_ready;

static const eng_rules *compiled(const eng_rules *_Atomic *ready, pthread_once_t *once,
                                 void (*compile)(void), const eng_rules *rules)
{
    const eng_rules *r = atomic_load_explicit(ready, memory_order_acquire);
    if (r)
        return r;
    pthread_once(once, compile);
    atomic_store_explicit(ready, rules, memory_order_release);
    return rules;
}

const eng_rules *eng_rotary_chess_rules(void)
{
    return compiled(&rotary_chess_ready, &rotary_chess_once, compile_rotary_chess,
                    &rotary_chess_rules);
}

const eng_rules *eng_chess_rules(void)
{
    return compiled(&chess_ready, &chess_once, compile_chess, &chess_rules);
}

/* ------------------------------------------------------------------ */
/* The rule sets                                                       */

static const eng_rules *rules_of(const rgn_position *pos)
{
    return pos->variant == &rgn_chess_variant ? eng_chess_rules()
                                              : eng_rotary_chess_rules();
}

/* The mailbox geometry from the game table alone (the move readers ask
 * for squares on every ply; no need to reach the compiled rules). */
static int square_in(const eng_game *game, int file, int rank)
{
    if (file < 0 || file >= game->files || rank < 0 || rank >= game->ranks)
        return -1;
    return (rank + ENG_BORDER) * (game->files + 2 * ENG_BORDER) + file + ENG_BORDER;
}
static int file_of(const eng_game *game, int square)
{
    return square % (game->files + 2 * ENG_BORDER) - ENG_BORDER;
}
static int rank_of(const eng_game *game, int square)
{
    return square / (game->files + 2 * ENG_BORDER) - ENG_BORDER;
}

static int rotary_chess_square_at(int file, int rank)
{
    return square_in(&eng_rotary_chess_game, file, rank);
}
static int rotary_chess_file(int square) { return file_of(&eng_rotary_chess_game, square); }
static int rotary_chess_rank(int square) { return rank_of(&eng_rotary_chess_game, square); }
static int chess_square_at(int file, int rank) { return square_in(&eng_chess_game, file, rank); }
static int chess_file(int square) { return file_of(&eng_chess_game, square); }
static int chess_rank(int square) { return rank_of(&eng_chess_game, square); }

static void set_initial(rgn_position *pos) { eng_set_initial(rules_of(pos), pos); }

static int set_fen(rgn_position *pos, const char *fen, rgn_error *err)
{
    return eng_set_fen(rules_of(pos), pos, fen, err);
}

static size_t write_fen(const rgn_position *pos, char *buf, size_t size)
{
    return eng_write_fen(rules_of(pos), pos, buf, size);
}

static int legal_moves(rgn_position *pos, rgn_move *moves)
{
    return eng_legal_moves(rules_of(pos), pos, moves);
}

static int legal_moves_to(rgn_position *pos, rgn_move *moves, int type, int to)
{
    return eng_legal_moves_to(rules_of(pos), pos, moves, type, to);
}

static int find_moves(rgn_position *pos, int type, int to_file, int to_rank,
                      int from_file, int from_rank, int promotion, rgn_move *first)
{
    return eng_find_moves(rules_of(pos), pos, type, to_file, to_rank, from_file, from_rank,
                          promotion, first);
}

static int count_moves(rgn_position *pos)
{
    return eng_count_moves(rules_of(pos), pos);
}

static void make(rgn_position *pos, rgn_move move, rgn_undo *undo)
{
    eng_make(rules_of(pos), pos, move, undo);
}

static void unmake(rgn_position *pos, rgn_move move, const rgn_undo *undo)
{
    eng_unmake(rules_of(pos), pos, move, undo);
}

static bool has_moves(rgn_position *pos)
{
    return eng_has_moves(rules_of(pos), pos);
}

static bool in_check(const rgn_position *pos)
{
    if (pos->check_cache < 0) /* a cache, not state: filled on demand */
        ((rgn_position *)pos)->check_cache = (int8_t)eng_in_check(rules_of(pos), pos);
    return pos->check_cache;
}

static enum rgn_status status(rgn_position *pos)
{
    if (has_moves(pos))
        return RGN_ONGOING;
    return in_check(pos) ? RGN_CHECKMATE : RGN_STALEMATE;
}

/* Why no legal move matches a text: the promotion rules first, then
 * whether a piece of the kind is there at all. */
static enum rgn_problem explain(rgn_position *pos, const rgn_san *s, char *why,
                                size_t size)
{
    const eng_rules *r = rules_of(pos);
    int side = pos->side;
    const char *color = side ? "Black" : "White";
    int type = s->piece ? eng_type_of_letter(r, s->piece) : r->pawn_type;
    int last = side ? 1 : r->ranks;
    if (s->promotion && type != r->pawn_type) {
        snprintf(why, size, "only a pawn can promote");
        return RGN_E_UNMATCHED;
    }
    if (s->promotion && !strchr(r->game->promotion_letters, s->promotion)) {
        snprintf(why, size, "a pawn promotes to one of %s", r->game->promotion_letters);
        return RGN_E_UNMATCHED;
    }
    if (type == r->pawn_type && s->promotion && s->to_rank + 1 != last) {
        snprintf(why, size, "a %s pawn promotes only on rank %d", color, last);
        return RGN_E_UNMATCHED;
    }
    if (type == r->pawn_type && !s->promotion && s->to_rank + 1 == last) {
        snprintf(why, size, "a pawn arriving on rank %d must promote (=%c)", last,
                 r->game->promotion_letters[0]);
        return RGN_E_UNMATCHED;
    }
    if (type == r->king_type) { /* "Kk1" for castling */
        rgn_move moves[RGN_MAX_MOVES];
        int n = eng_legal_moves_to(r, pos, moves, type, eng_square(r, s->to_file, s->to_rank));
        for (int i = 0; i < n; i++)
            if (moves[i].kind == RGN_MOVE_CASTLING) {
                snprintf(why, size, "castling is written %s",
                         eng_file(r, moves[i].to) > eng_file(r, moves[i].from) ? "O-O" : "O-O-O");
                return RGN_E_UNMATCHED;
            }
    }
    const char *name = type == r->pawn_type ? "pawn" : NULL;
    char letter[2] = {s->piece, 0};
    bool any = false;
    for (int rank = 0; rank < r->ranks; rank++)
        for (int file = 0; file < r->files; file++)
            any |= pos->board[eng_square(r, file, rank)] == RGN_PIECE(side, type) &&
                   (s->from_file < 0 || s->from_file == file) &&
                   (s->from_rank < 0 || s->from_rank == rank);
    if (!any)
        snprintf(why, size, "there is no %s %s%s", color, name ? name : letter,
                 s->from_file >= 0 || s->from_rank >= 0 ? " there" : "");
    else
        snprintf(why, size, "no %s %s can go to %c%d%s", color, name ? name : letter,
                 'a' + s->to_file, s->to_rank + 1,
                 eng_in_check(r, pos) ? " (the King is in check)" : "");
    return RGN_E_UNMATCHED;
}

static int repair_fen(rgn_position *pos, const char *fen, char *what,
                      size_t size)
{
    return eng_repair_fen(rules_of(pos), pos, fen, what, size);
}

static const char *const chess_aliases[] = {"Standard", NULL};

#define ENGINE_FUNCTIONS                                                     \
    .players = 2, .castling = true, .resets_are_irreversible = true,        \
    .set_initial = set_initial,                                              \
    .set_fen = set_fen,                                                      \
    .write_fen = write_fen, .legal_moves = legal_moves,                      \
    .legal_moves_to = legal_moves_to, .find_moves = find_moves,              \
    .count_moves = count_moves,                                              \
    .has_moves = has_moves,                                                  \
    .make = make, .unmake = unmake, .in_check = in_check, .status = status,  \
    .explain_unmatched = explain, .repair_fen = repair_fen

const struct rgn_variant rgn_rotary_chess_variant = {
    .name = "Rotary Chess",
    .summary = "Greenwade's 12x12 chess with fourteen kinds of pieces",
    .files = 12,
    .ranks = 12,
    .square_at = rotary_chess_square_at,
    .square_file = rotary_chess_file,
    .square_rank = rotary_chess_rank,
    .piece_letters = ROTARY_CHESS_LETTERS,
    .pawn_type = (int)sizeof ROTARY_CHESS_LETTERS - 2,
    ENGINE_FUNCTIONS,
};

const struct rgn_variant rgn_chess_variant = {
    .name = "Chess",
    .aliases = chess_aliases,
    .summary = "orthodox chess",
    .file_extension = "pgn",
    .open_result_on_finished_game = true,
    .files = 8,
    .ranks = 8,
    .square_at = chess_square_at,
    .square_file = chess_file,
    .square_rank = chess_rank,
    .piece_letters = CHESS_LETTERS,
    .pawn_type = (int)sizeof CHESS_LETTERS - 2,
    ENGINE_FUNCTIONS,
};
