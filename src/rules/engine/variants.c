/*
 * variants.c - the engine's games as tables, Greenwade's Rotary Chess
 * (12 x 12), orthodox Chess and Chess960, and the rule sets that put them
 * behind struct rgn_variant. The tables are compiled once, on first use; each
 * rule set's context is its game's tables, so the engine's functions
 * stand in the rule sets directly.
 */
#include "rules/engine/engine.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ROTARY_CHESS_LETTERS "?KQRBTMLSCGWFJP"
#define CHESS_LETTERS "?KQRBNP"
/* the King, type 1 in both games, is royal and steps one square */
#define ENGINE_KING (1u << 1)

/* The figures of the pieces chess has, in the order of the letters. */
static const char *const rotary_chess_figures[] = {
    NULL,
    RGN_FIGURE_KING,
    RGN_FIGURE_QUEEN,
    RGN_FIGURE_ROOK,
    RGN_FIGURE_BISHOP,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    NULL,
    RGN_FIGURE_PAWN,
};
static const char *const chess_figures[] = {
    NULL,
    RGN_FIGURE_KING,
    RGN_FIGURE_QUEEN,
    RGN_FIGURE_ROOK,
    RGN_FIGURE_BISHOP,
    RGN_FIGURE_KNIGHT,
    RGN_FIGURE_PAWN,
};
_Static_assert(sizeof rotary_chess_figures / sizeof *rotary_chess_figures ==
                   sizeof ROTARY_CHESS_LETTERS - 1,
               "a figure or NULL for each type");
_Static_assert(sizeof chess_figures / sizeof *chess_figures ==
                   sizeof CHESS_LETTERS - 1,
               "a figure or NULL for each type");

/* clang-format off */
static const char *const rotary_chess_xbetza[] = {
    NULL,   "KisO4", "Q",      "R",        "B", "NG", "sWsyafsW", "WG",
    "FsN",  "FNZ",   "K",      "F3mAmG",   "WNZFXDX", "GZ", "ifmnDfmWfceF",
};
/* clang-format on */

const eng_game eng_rotary_chess_game = {
    "Rotary Chess",
    12,
    12,
    ROTARY_CHESS_LETTERS,
    rotary_chess_xbetza,
    "rfcgbqkbgcfr/mtswjlljwstm/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/"
    "MTSWJLLJWSTM/RFCGBQKBGCFR w KQkq - 0 1",
    "BRQTMLSCGWFJ",
    false,
};

static const char *const chess_xbetza[] = {
    NULL, "KisO2", "Q", "R", "B", "N", "ifmnDfmWfceF",
};

const eng_game eng_chess_game = {
    "Chess",
    8,
    8,
    CHESS_LETTERS,
    chess_xbetza,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "QRBN",
    false,
};

/* Chess with the back rank shuffled: the same pieces, castling with the
 * Rooks wherever they stand. Its own start is a game's FEN tag; without
 * one, the orthodox start (Chess960's position 518). */
const eng_game eng_chess960_game = {
    "Chess960",
    8,
    8,
    CHESS_LETTERS,
    chess_xbetza,
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "QRBN",
    .any_rook_castles = true,
};

/* The tables are the program's own: failing to compile them is a bug.
 * Threads that meet the rules unready wait here for the first to compile
 * them; after that the acquiring load of eng_variant_rules is all a move
 * costs. */
static const eng_rules *compile_tables(eng_tables *tables)
{
    static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&lock);
    if (!atomic_load_explicit(&tables->ready, memory_order_relaxed)) {
        rgn_error err;
        if (eng_compile(tables->rules, tables->game, &err) < 0) {
            fprintf(stderr, "rgn: internal error in %s: %s\n",
                    tables->game->name, err.message);
            abort();
        }
        atomic_store_explicit(&tables->ready, tables->rules,
                              memory_order_release);
    }
    pthread_mutex_unlock(&lock);
    return tables->rules;
}

static eng_rules rotary_chess_rules, chess_rules, chess960_rules;
static eng_tables rotary_chess_tables = {
    NULL, compile_tables, &eng_rotary_chess_game, &rotary_chess_rules};
static eng_tables chess_tables = {NULL, compile_tables, &eng_chess_game,
                                  &chess_rules};
static eng_tables chess960_tables = {NULL, compile_tables, &eng_chess960_game,
                                     &chess960_rules};

/* ------------------------------------------------------------------ */
/* The rule sets                                                       */

/* The mailbox geometry from the game table alone (the move readers ask
 * for squares on every ply; no need to reach the compiled rules). */
static int square_in(const eng_game *game, int file, int rank)
{
    if (file < 0 || file >= game->files || rank < 0 || rank >= game->ranks)
        return -1;
    return (rank + ENG_BORDER) * (game->files + 2 * ENG_BORDER) + file +
           ENG_BORDER;
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
static int rotary_chess_file(int square)
{
    return file_of(&eng_rotary_chess_game, square);
}
static int rotary_chess_rank(int square)
{
    return rank_of(&eng_rotary_chess_game, square);
}
static int chess_square_at(int file, int rank)
{
    return square_in(&eng_chess_game, file, rank);
}
static int chess_file(int square) { return file_of(&eng_chess_game, square); }
static int chess_rank(int square) { return rank_of(&eng_chess_game, square); }

static bool in_check(const rgn_position *pos)
{
    if (pos->check_cache < 0) /* a cache, not state: filled on demand */
        ((rgn_position *)pos)->check_cache =
            (int8_t)eng_in_check(eng_rules_of(pos), pos);
    return pos->check_cache;
}

static enum rgn_status status(rgn_position *pos)
{
    if (eng_has_moves(pos))
        return RGN_ONGOING;
    return in_check(pos) ? RGN_CHECKMATE : RGN_STALEMATE;
}

/* Why no legal move matches a text: the promotion rules first, then
 * whether a piece of the kind is there at all. */
static enum rgn_problem explain(rgn_position *pos, const rgn_san *s, char *why,
                                size_t size)
{
    const eng_rules *r = eng_rules_of(pos);
    int side = pos->side;
    const char *color = side ? "Black" : "White";
    int type = s->piece ? eng_type_of_letter(r, s->piece) : r->pawn_type;
    int last = side ? 1 : r->ranks;
    if (s->promotion && type != r->pawn_type) {
        snprintf(why, size, "only a pawn can promote");
        return RGN_E_UNMATCHED;
    }
    if (s->promotion && !strchr(r->game->promotion_letters, s->promotion)) {
        snprintf(why, size, "a pawn promotes to one of %s",
                 r->game->promotion_letters);
        return RGN_E_UNMATCHED;
    }
    if (type == r->pawn_type && s->promotion && s->to_rank + 1 != last) {
        snprintf(why, size, "a %s pawn promotes only on rank %d", color, last);
        return RGN_E_UNMATCHED;
    }
    if (type == r->pawn_type && !s->promotion && s->to_rank + 1 == last) {
        snprintf(why, size, "a pawn arriving on rank %d must promote (=%c)",
                 last, r->game->promotion_letters[0]);
        return RGN_E_UNMATCHED;
    }
    if (type == r->king_type) { /* "Kk1" for castling */
        rgn_move moves[RGN_MAX_MOVES];
        int n = eng_legal_moves_to(pos, moves, type,
                                   eng_square(r, s->to_file, s->to_rank));
        for (int i = 0; i < n; i++)
            if (moves[i].kind == RGN_MOVE_CASTLING) {
                snprintf(why, size, "castling is written %s",
                         eng_file(r, moves[i].to) > eng_file(r, moves[i].from)
                             ? "O-O"
                             : "O-O-O");
                return RGN_E_UNMATCHED;
            }
    }
    const char *name = type == r->pawn_type ? "pawn" : NULL;
    char letter[2] = {s->piece, 0};
    bool any = false;
    for (int rank = 0; rank < r->ranks; rank++)
        for (int file = 0; file < r->files; file++)
            any |= pos->board[eng_square(r, file, rank)] ==
                       RGN_PIECE(side, type) &&
                   (s->from_file < 0 || s->from_file == file) &&
                   (s->from_rank < 0 || s->from_rank == rank);
    if (!any)
        snprintf(why, size, "there is no %s %s%s", color, name ? name : letter,
                 s->from_file >= 0 || s->from_rank >= 0 ? " there" : "");
    else
        snprintf(why, size, "no %s %s can go to %c%d%s", color,
                 name ? name : letter, 'a' + s->to_file, s->to_rank + 1,
                 eng_in_check(r, pos) ? " (the King is in check)" : "");
    return RGN_E_UNMATCHED;
}

/* lichess writes "From Position" on every chess game set up from a FEN */
static const char *const chess_aliases[] = {"Standard", "From Position", NULL};
/* as lichess, ChessBase, Scid and other programs write it */
static const char *const chess960_aliases[] = {
    "Fischerandom", "Fischer Random", "Fischer Random Chess",
    "FRC",          "Chess 960",      NULL};

/* Chess's own problem kinds: the note that suggests it for a Rotary
 * record that reads as chess. */
enum { CHESS_HINT };
static const rgn_problem_kind chess_problems[] = {
    [CHESS_HINT] = {"chess-hint", RGN_NOTE, ""},
    {NULL, RGN_ERROR, NULL},
};

/* Whether a game that failed as the default game reads as chess: the
 * error is at a FEN tag without a single '>' orientation, at a move with
 * a chess piece letter (N, B) or castling (O-O, 0-0), or at a pawn move
 * of the first two plies from the initial position that no pawn can make
 * (a chess double step such as 1... e5). */
static bool looks_like_chess(const rgn_failed_game *g, enum rgn_problem *note)
{
    *note = RGN_OWN_PROBLEM(CHESS_HINT);
    if (g->problem == RGN_E_BAD_FEN)
        return g->fen && !strchr(g->fen, '>');
    if (g->problem != RGN_E_UNMATCHED && g->problem != RGN_E_MOVE_SYNTAX &&
        g->problem != RGN_E_AMBIGUOUS)
        return false;
    if (g->move.len < 2)
        return false;
    const char *m = g->move.data;
    if (g->move.len >= 3 &&
        (memcmp(m, "O-O", 3) == 0 || memcmp(m, "0-0", 3) == 0))
        return true;
    if ((m[0] == 'N' || m[0] == 'B') &&
        ((m[1] >= 'a' && m[1] <= 'h') || m[1] == 'x' ||
         (m[1] >= '1' && m[1] <= '8')))
        return true;
    return g->problem == RGN_E_UNMATCHED && !g->fen && g->ply >= 1 &&
           g->ply <= 2 && m[0] >= 'a' && m[0] <= 'h';
}

#define ENGINE_FUNCTIONS                                                       \
    .players = 2, .castling = true, .resets_are_irreversible = true,           \
    .fifty_move_rule = true, .set_initial = eng_set_initial,                   \
    .set_fen = eng_set_fen, .write_fen = eng_write_fen,                        \
    .legal_moves = eng_legal_moves, .legal_moves_to = eng_legal_moves_to,      \
    .find_moves = eng_find_moves, .count_moves = eng_count_moves,              \
    .has_moves = eng_has_moves, .make = eng_make, .unmake = eng_unmake,        \
    .in_check = in_check, .status = status, .explain_unmatched = explain,      \
    .repair_fen = eng_repair_fen

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
    .royal = ENGINE_KING,
    .figures = rotary_chess_figures,
    .short_fins = ENGINE_KING,
    .context = &rotary_chess_tables,
    ENGINE_FUNCTIONS,
};

/* Whether the material left can never mate (FIDE's dead positions of
 * the simplest kind): King against King, King and a minor piece against
 * a King, or Kings and Bishops only, all on squares of one colour. */
static bool chess_dead_position(const rgn_position *pos)
{
    enum { KING = 1, BISHOP = 4, KNIGHT = 5 }; /* in CHESS_LETTERS */
    int minors = 0, knights = 0;
    bool bishop_colour[2] = {false, false};
    for (int rank = 0; rank < 8; rank++)
        for (int file = 0; file < 8; file++) {
            uint8_t piece = pos->board[chess_square_at(file, rank)];
            int type = RGN_TYPE(piece);
            if (piece == RGN_EMPTY || type == KING)
                continue;
            if (type != BISHOP && type != KNIGHT)
                return false;
            minors++;
            if (type == KNIGHT)
                knights++;
            else
                bishop_colour[(file + rank) % 2] = true;
        }
    if (minors <= 1)
        return true;
    return knights == 0 && !(bishop_colour[0] && bishop_colour[1]);
}

/* The board and pieces of Chess and Chess960. */
#define CHESS_BOARD                                                            \
    .open_result_on_finished_game = true, .files = 8, .ranks = 8,              \
    .dead_position = chess_dead_position, .square_at = chess_square_at,        \
    .square_file = chess_file, .square_rank = chess_rank,                      \
    .piece_letters = CHESS_LETTERS,                                            \
    .pawn_type = (int)sizeof CHESS_LETTERS - 2, .royal = ENGINE_KING,          \
    .figures = chess_figures, .short_fins = ENGINE_KING

const struct rgn_variant rgn_chess_variant = {
    .name = "Chess",
    .aliases = chess_aliases,
    .summary = "orthodox chess",
    .file_extension = "pgn",
    CHESS_BOARD,
    .context = &chess_tables,
    .problems = chess_problems,
    .looks_like_own = looks_like_chess,
    ENGINE_FUNCTIONS,
};

const struct rgn_variant rgn_chess960_variant = {
    .name = "Chess960",
    .aliases = chess960_aliases,
    .summary = "chess from a shuffled back rank, castling with the Rooks "
               "where they stand",
    CHESS_BOARD,
    .context = &chess960_tables,
    ENGINE_FUNCTIONS,
};
