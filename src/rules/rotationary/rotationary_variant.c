/*
 * rotationary_variant.c - Rotationary and Rotationary Wrap behind the
 * common interface. The position keeps the piece size as the piece type
 * (S M L) and the facing in orientation[]; every move goes through the
 * compact core (core.c), so the chain rule lives in one place.
 */
#include <stdio.h>
#include <string.h>

#include "rules/rotationary/rotationary_core.h"
#include "rules/variant.h"

static const char rot_letters[] = " SML"; /* type = ROT_SMALL..ROT_LARGE */
static const double rot_pyramids[] = {0, 0.6, 0.8, 1.0};

static int rot_square_at(int file, int rank)
{
    if (file < 0 || file > 3 || rank < 0 || rank > 3)
        return -1;
    return rank * 4 + file;
}
static int rot_square_file(int square) { return square % 4; }
static int rot_square_rank(int square) { return square / 4; }

/* Which of the two rule sets: the variant's context. */
static const rot_rules basic_rules = ROT_BASIC, wrap_rules = ROT_WRAP;

static rot_rules rules_of(const rgn_position *pos)
{
    return *(const rot_rules *)pos->variant->context;
}

/* Rotationary's own problem kinds, by the names of its rules. */
enum {
    BAD_FEN,
    BAD_SETUP,
    BAD_MOVE,
    BAD_CELL,
    BAD_TURN,
    EMPTY_CELL,
    MOVE_AFTER_SOLVED,
    FALSE_SOLVED,
    UNCLAIMED_SOLVED,
    BAD_RESULT,
    RESULT_TAG_MISMATCH,
};

static const rgn_problem_kind rot_problems[] = {
    [BAD_FEN] = {"bad_fen", RGN_ERROR, ""},
    [BAD_SETUP] = {"bad_setup", RGN_ERROR, ""},
    [BAD_MOVE] = {"bad_move", RGN_ERROR, ""},
    [BAD_CELL] = {"bad_cell", RGN_ERROR, ""},
    [BAD_TURN] = {"bad_turn", RGN_ERROR, ""},
    [EMPTY_CELL] = {"empty_cell", RGN_ERROR, ""},
    [MOVE_AFTER_SOLVED] = {"move_after_solved", RGN_ERROR, ""},
    [FALSE_SOLVED] = {"false_solved", RGN_ERROR, ""},
    [UNCLAIMED_SOLVED] = {"unclaimed_solved", RGN_ERROR, ""},
    [BAD_RESULT] = {"bad_result", RGN_ERROR, ""},
    [RESULT_TAG_MISMATCH] = {"result_tag_mismatch", RGN_ERROR, ""},
    {NULL, RGN_ERROR, NULL},
};

/* The compact form of a position and the board of its arrangement. */
static void to_core(const rgn_position *pos, rot_board *board,
                    rot_facings *facings)
{
    rot_arrangement a;
    memset(&a, 0, sizeof a);
    for (int c = 0; c < ROT_CELLS; c++) {
        a.size[c] = RGN_TYPE(pos->board[c]);
        if (pos->board[c] == RGN_EMPTY)
            a.empty = (uint8_t)c;
    }
    rot_board_init(board, &a, rules_of(pos));
    rot_facings w = 0;
    for (int s = 0; s < ROT_PIECES; s++)
        w |= (rot_facings)pos->orientation[board->cell_of_slot[s]] << (2 * s);
    *facings = w;
}

static uint64_t key_of(const rgn_position *pos)
{
    uint64_t k = 0;
    for (int c = 0; c < ROT_CELLS; c++)
        k ^= rgn_mix64(((uint64_t)c << 16) | (uint64_t)pos->board[c] << 8 |
                       pos->orientation[c]);
    return k;
}

static void set_facings(rgn_position *pos, const rot_board *board,
                        rot_facings w)
{
    for (int s = 0; s < ROT_PIECES; s++)
        pos->orientation[board->cell_of_slot[s]] = (uint8_t)rot_facing_of(w, s);
    pos->key = key_of(pos);
}

void rot_to_position(rgn_position *pos, const rot_position *p)
{
    rot_board board;
    rot_board_init(&board, &p->arrangement, rules_of(pos));
    memset(pos->board, RGN_OFF, sizeof pos->board);
    memset(pos->orientation, 0, sizeof pos->orientation);
    for (int c = 0; c < ROT_CELLS; c++)
        pos->board[c] = (uint8_t)p->arrangement.size[c]; /* 0 = empty */
    pos->side = RGN_WHITE;
    pos->castling = 0;
    pos->ep_square = -1;
    pos->halfmove = 0;
    pos->fullmove = 1;
    pos->extra[0] = pos->extra[1] = 0;
    pos->check_cache = -1;
    set_facings(pos, &board, p->facings);
}

static int rot_set_fen(rgn_position *pos, const char *fen, rgn_error *err)
{
    rot_position p;
    if (rot_parse(fen, &p, err) < 0) {
        if (err->column > 0) { /* the column in the message too */
            char message[sizeof err->message];
            memcpy(message, err->message, sizeof message);
            /* the core's messages are far shorter than 200 bytes */
            snprintf(err->message, sizeof err->message, "column %d: %.200s",
                     err->column, message);
        }
        return -1;
    }
    rot_to_position(pos, &p);
    return 0;
}

static size_t rot_write_fen(const rgn_position *pos, char *buf, size_t size)
{
    rot_board board;
    rot_position p;
    to_core(pos, &board, &p.facings);
    p.arrangement = board.arrangement;
    char text[ROT_TEXT_MAX];
    rot_format(&p, text);
    size_t n = strlen(text);
    if (size)
        snprintf(buf, size, "%s", text);
    return n;
}

static bool solved(const rgn_position *pos)
{
    rot_board board;
    rot_facings w;
    to_core(pos, &board, &w);
    return rot_is_solved(w);
}

static rgn_move turn_move(int cell, int turn)
{
    rgn_move m = {
        (uint16_t)cell, (uint16_t)cell, RGN_MOVE_TURN, 0, (uint8_t)turn, 0};
    return m;
}

/* The moves of the pieces of one type (0 = any) on one cell (-1 = any). */
static int moves_of(rgn_position *pos, rgn_move *moves, int type, int to)
{
    if (solved(pos))
        return 0; /* a solved position ends the game */
    int n = 0;
    for (int c = 0; c < ROT_CELLS; c++) {
        int t = RGN_TYPE(pos->board[c]);
        if (!t || (type && t != type) || (to >= 0 && c != to))
            continue;
        moves[n++] = turn_move(c, 1);
        moves[n++] = turn_move(c, 3);
    }
    return n;
}

static int rot_legal_moves(rgn_position *pos, rgn_move *moves)
{
    return moves_of(pos, moves, 0, -1);
}

static int rot_legal_moves_to(rgn_position *pos, rgn_move *moves, int type,
                              int to)
{
    return moves_of(pos, moves, type, to);
}

static int rot_count_moves(rgn_position *pos)
{
    return solved(pos) ? 0 : ROT_MOVES;
}

static int core_move(const rot_board *board, rgn_move move)
{
    return rot_move_make(board->slot_of_cell[move.from], move.orientation == 1);
}

static int chain_of(const rgn_position *before, rgn_move move, rgn_turn *turns)
{
    rot_board board;
    rot_facings w;
    to_core(before, &board, &w);
    rot_chain chain;
    rot_apply(&board, w, core_move(&board, move), &chain);
    for (int i = 0; i < chain.count; i++) {
        int cell = chain.turn[i].cell;
        turns[i].square = cell;
        turns[i].piece = rot_letters[board.arrangement.size[cell]];
        turns[i].facing = 2 * chain.turn[i].facing; /* among 8 directions */
    }
    return chain.count;
}

static void rot_make(rgn_position *pos, rgn_move move, rgn_undo *undo)
{
    rot_board board;
    rot_facings w;
    to_core(pos, &board, &w);
    undo->key = pos->key;
    undo->fullmove = pos->fullmove;
    undo->halfmove = pos->halfmove;
    undo->extra[0] = (int)w; /* 30 bits */
    set_facings(pos, &board,
                rot_apply(&board, w, core_move(&board, move), NULL));
    pos->fullmove++; /* a solitaire counts every move */
    pos->check_cache = -1;
}

static void rot_unmake(rgn_position *pos, rgn_move move, const rgn_undo *undo)
{
    (void)move;
    rot_board board;
    rot_facings w;
    to_core(pos, &board, &w);
    set_facings(pos, &board, (rot_facings)undo->extra[0]);
    pos->key = undo->key;
    pos->fullmove = undo->fullmove;
    pos->halfmove = undo->halfmove;
    pos->check_cache = -1;
}

static bool rot_in_check(const rgn_position *pos)
{
    (void)pos;
    return false;
}

static enum rgn_status rot_status(rgn_position *pos)
{
    return solved(pos) ? RGN_SOLVED : RGN_ONGOING;
}

static enum rgn_problem rot_explain(rgn_position *pos, const rgn_san *san,
                                    char *why, size_t size)
{
    (void)pos;
    (void)san;
    snprintf(why, size, "no such turn");
    return RGN_E_UNMATCHED;
}

static int rot_resolve(rgn_position *pos, const char *text, size_t len,
                       rgn_move *move, enum rgn_problem *problem,
                       rgn_error *err)
{
    err->column = 0;
    char t[8];
    if (len >= sizeof t)
        len = sizeof t - 1;
    memcpy(t, text, len);
    t[len] = '\0';
    bool cell_shape =
        len >= 2 && t[0] >= 'a' && t[0] <= 'z' && t[1] >= '0' && t[1] <= '9';
    if (!cell_shape && len >= 2 && t[0] >= 'A' && t[0] <= 'Z' && t[1] >= '0' &&
        t[1] <= '9')
        cell_shape = true; /* "B3+": a cell, wrongly spelt */
    if (!cell_shape) {
        *problem = RGN_OWN_PROBLEM(BAD_MOVE);
        snprintf(err->message, sizeof err->message,
                 "'%s' is not a Rotationary move (a cell and + or -)", t);
        return -1;
    }
    if (t[0] < 'a' || t[0] > 'd' || t[1] < '1' || t[1] > '4' ||
        (len > 2 && t[2] >= '0' && t[2] <= '9')) {
        *problem = RGN_OWN_PROBLEM(BAD_CELL);
        snprintf(err->message, sizeof err->message,
                 "'%s' names a cell off the 4x4 grid", t);
        return -1;
    }
    if (len != 3 || (t[2] != '+' && t[2] != '-')) {
        *problem = RGN_OWN_PROBLEM(BAD_TURN);
        snprintf(err->message, sizeof err->message,
                 "'%s': the cell must be followed by + or -", t);
        return -1;
    }
    int cell = (t[1] - '1') * 4 + (t[0] - 'a');
    if (solved(pos)) {
        *problem = RGN_OWN_PROBLEM(MOVE_AFTER_SOLVED);
        snprintf(err->message, sizeof err->message,
                 "'%s' follows a solved position", t);
        return -1;
    }
    if (pos->board[cell] == RGN_EMPTY) {
        *problem = RGN_OWN_PROBLEM(EMPTY_CELL);
        snprintf(err->message, sizeof err->message,
                 "'%s' picks the empty cell %.2s", t, t);
        return -1;
    }
    *move = turn_move(cell, t[2] == '+' ? 1 : 3);
    return 0;
}

static size_t rot_write(const rgn_position *pos, rgn_move move, char *buf,
                        size_t size)
{
    (void)pos;
    char t[4] = {(char)('a' + move.from % 4), (char)('1' + move.from / 4),
                 move.orientation == 1 ? '+' : '-', '\0'};
    if (size)
        snprintf(buf, size, "%s", t);
    return 3;
}

/* N E S W (0..3) among the eight compass directions */
static int rot_facing(const rgn_position *pos, int square)
{
    return RGN_TYPE(pos->board[square]) ? 2 * pos->orientation[square] : -1;
}

static const rgn_notation rot_notation = {rot_resolve, rot_write};

static enum rgn_problem rot_own_problem(enum rgn_problem generic)
{
    switch (generic) {
    case RGN_E_BAD_FEN:
    case RGN_E_NO_FEN: return RGN_OWN_PROBLEM(BAD_FEN);
    case RGN_E_BAD_SETUP: return RGN_OWN_PROBLEM(BAD_SETUP);
    case RGN_E_MOVE_SYNTAX: return RGN_OWN_PROBLEM(BAD_MOVE);
    case RGN_E_MOVE_AFTER_END: return RGN_OWN_PROBLEM(MOVE_AFTER_SOLVED);
    case RGN_E_RESULT_MISMATCH: return RGN_OWN_PROBLEM(RESULT_TAG_MISMATCH);
    default: return generic;
    }
}

/* 1-0 = solved, * = not solved (rgn-rotationary(7), THE END);
 * a solitaire has no 0-1 or draw. */
static bool rot_judge_result(rgn_position *final, const char *result,
                             enum rgn_problem *problem, char *why, size_t size)
{
    bool is_solved = solved(final);
    if (strcmp(result, "1-0") == 0 && !is_solved) {
        snprintf(why, size,
                 "the result 1-0 claims a solved puzzle, but the "
                 "final position is not solved");
        *problem = RGN_OWN_PROBLEM(FALSE_SOLVED);
        return true;
    }
    if (strcmp(result, "*") == 0 && is_solved) {
        snprintf(why, size,
                 "the final position is solved, so the result "
                 "must be 1-0, not *");
        *problem = RGN_OWN_PROBLEM(UNCLAIMED_SOLVED);
        return true;
    }
    if (strcmp(result, "1-0") != 0 && strcmp(result, "*") != 0) {
        snprintf(why, size,
                 "a solitaire's result is 1-0 (solved) or * (not "
                 "solved), not %s",
                 result);
        *problem = RGN_OWN_PROBLEM(BAD_RESULT);
        return true;
    }
    return false;
}

#define ROTATIONARY_COMMON                                                     \
    .players = 1, .files = 4, .ranks = 4, .square_at = rot_square_at,          \
    .square_file = rot_square_file, .square_rank = rot_square_rank,            \
    .piece_letters = rot_letters, .set_fen = rot_set_fen,                      \
    .write_fen = rot_write_fen, .legal_moves = rot_legal_moves,                \
    .legal_moves_to = rot_legal_moves_to, .count_moves = rot_count_moves,      \
    .make = rot_make, .unmake = rot_unmake, .in_check = rot_in_check,          \
    .explain_unmatched = rot_explain, .status = rot_status,                    \
    .notation = &rot_notation, .problems = rot_problems,                       \
    .own_problem = rot_own_problem, .judge_result = rot_judge_result,          \
    .facing = rot_facing, .chain = chain_of, .pyramid_scale = rot_pyramids,    \
    .diagram_key = "S M L: small, medium, large piece; it points ^ N, > E, "   \
                   "v S, < W. '.': the empty cell."

const struct rgn_variant rgn_rotationary_variant = {
    .name = "Rotationary",
    .summary = "Chalker's solitaire of turning pyramids, chains stop at "
               "nothing",
    .context = &basic_rules,
    ROTATIONARY_COMMON,
};

const struct rgn_variant rgn_rotationary_wrap_variant = {
    .name = "Rotationary Wrap",
    .summary = "Rotationary with pointing round the edges, past the empty "
               "cell",
    .context = &wrap_rules,
    ROTATIONARY_COMMON,
};

bool rot_variant(const rgn_variant *variant)
{
    return variant->make == rot_make;
}

bool rot_from_position(const rgn_position *pos, rot_position *out,
                       rot_rules *rules)
{
    if (pos->variant->make != rot_make) /* another game */
        return false;
    rot_board board;
    to_core(pos, &board, &out->facings);
    out->arrangement = board.arrangement;
    *rules = rules_of(pos);
    return true;
}
