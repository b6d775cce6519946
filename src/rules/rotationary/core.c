/*
 * core.c - Rotationary boards, moves (both rule sets), predecessors, the
 * position string and move text.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "rotationary_core.h"

static const int file_step[4] = {0, 1, 0, -1}; /* N E S W */
static const int rank_step[4] = {1, 0, -1, 0};

/* The cell a piece on cell faces in direction d points at, or ROT_NONE. */
static int pointed_cell(const rot_arrangement *a, rot_rules rules, int cell,
                        int d)
{
    int file = cell % 4, rank = cell / 4;
    for (int step = 0; step < 4; step++) {
        file += file_step[d];
        rank += rank_step[d];
        if (rules == ROT_BASIC) {
            if (file < 0 || file > 3 || rank < 0 || rank > 3)
                return ROT_NONE;
            int next = rank * 4 + file;
            return next == a->empty ? ROT_NONE : next;
        }
        file &= 3; /* wrap round the row or column */
        rank &= 3;
        int next = rank * 4 + file;
        if (next != a->empty && next != cell)
            return next;
    }
    return ROT_NONE; /* unreachable: a line holds at least two pieces */
}

void rot_board_init(rot_board *board, const rot_arrangement *arrangement,
                    rot_rules rules)
{
    memset(board, 0, sizeof *board);
    board->rules = rules;
    board->arrangement = *arrangement;
    int slot = 0;
    for (int cell = 0; cell < ROT_CELLS; cell++) {
        if (cell == arrangement->empty) {
            board->slot_of_cell[cell] = ROT_NONE;
            continue;
        }
        board->cell_of_slot[slot] = (uint8_t)cell;
        board->slot_of_cell[cell] = (uint8_t)slot;
        board->chain_length[slot] = arrangement->size[cell];
        slot++;
    }
    for (int s = 0; s < ROT_PIECES; s++)
        for (int d = 0; d < 4; d++) {
            int cell = pointed_cell(arrangement, rules,
                                    board->cell_of_slot[s], d);
            board->target[s][d] =
                cell == ROT_NONE ? ROT_NONE : board->slot_of_cell[cell];
        }
}

/* Turns slot s by turn (1 or 3) in w; stores its new facing. */
static inline rot_facings turn_slot(rot_facings w, int s, int turn,
                                    int *facing)
{
    int f = (rot_facing_of(w, s) + turn) & 3;
    *facing = f;
    return (w & ~(3u << (2 * s))) | ((rot_facings)f << (2 * s));
}

rot_facings rot_apply(const rot_board *board, rot_facings w, int move,
                      rot_chain *chain)
{
    int active = rot_move_slot(move), turn = rot_move_turn(move);
    int steps = board->chain_length[active];
    int facing;
    if (chain)
        chain->count = 0;
    for (;;) {
        w = turn_slot(w, active, turn, &facing);
        if (chain) {
            chain->turn[chain->count].cell = board->cell_of_slot[active];
            chain->turn[chain->count].facing = (uint8_t)facing;
            chain->count++;
        }
        int next = board->target[active][facing];
        if (steps-- == 0 || next == ROT_NONE)
            return w;
        active = next;
    }
}

static void add_predecessor(rot_facings *out, int *found, rot_facings before)
{
    for (int i = 0; i < *found; i++)
        if (out[i] == before)
            return;
    if (*found < ROT_MAX_PREDECESSORS)
        out[(*found)++] = before;
}

/*
 * Predecessors: a pre-move position differs from w only on the chain, each
 * chain cell turned once or twice. Walk the chain forward over hypotheses:
 * when a cell is first reached, guess how many times it will be turned in
 * all (1 or 2); that fixes its facing before the move, so the walk can go
 * on; a completed walk is kept when every guess came true. The other guess
 * waits on a small stack (a walk makes at most three guesses that leave
 * room for a second turn), which the solver's backward search calls
 * millions of times: no recursion.
 */
typedef struct pred_walk {
    rot_facings before;  /* hypothesised position before the move */
    rot_facings current; /* the same, part-way through the move */
    int active, steps_left;
    unsigned reached;
} pred_walk;

/* w with slot s turned back `times` times. */
static inline rot_facings turned_back(rot_facings w, int s, int turn,
                                      int times)
{
    int f = (rot_facing_of(w, s) - times * turn) & 3;
    return (w & ~(3u << (2 * s))) | ((rot_facings)f << (2 * s));
}

/* The walk below, worked out by hand for the short chains: a small piece
 * (one further turn) cannot come back to a cell, so it has exactly one
 * predecessor; a medium one has at most two, the second from A, B, A. */
static int short_chain_predecessors(const rot_board *board, rot_facings w,
                                    int s, int turn, rot_facings *out)
{
    int found = 0;
    rot_facings before = turned_back(w, s, turn, 1);
    int n1 = board->target[s][rot_facing_of(w, s)];
    if (n1 == ROT_NONE) {
        out[found++] = before;
    } else {
        before = turned_back(before, n1, turn, 1);
        int n2 = board->target[n1][rot_facing_of(w, n1)];
        if (board->chain_length[s] == ROT_SMALL || n2 == ROT_NONE)
            out[found++] = before;
        else if (n2 != s) /* s has made its one turn: A, B, A fails */
            out[found++] = turned_back(before, n2, turn, 1);
    }
    if (board->chain_length[s] == ROT_MEDIUM) {
        /* A, B, A: s pointed at b after its first turn, b back at s */
        int b = board->target[s][(rot_facing_of(w, s) - turn) & 3];
        if (b != ROT_NONE && board->target[b][rot_facing_of(w, b)] == s)
            out[found++] = turned_back(turned_back(w, s, turn, 2), b, turn,
                                       1);
    }
    return found;
}

int rot_predecessors(const rot_board *board, rot_facings w, int move,
                     rot_facings out[ROT_MAX_PREDECESSORS])
{
    int turn = rot_move_turn(move), slot = rot_move_slot(move);
    if (board->chain_length[slot] != ROT_LARGE)
        return short_chain_predecessors(board, w, slot, turn, out);
    pred_walk stack[ROT_MAX_CHAIN + 1];
    int depth = 0, found = 0;
    stack[depth++] = (pred_walk){w, w, slot, board->chain_length[slot], 0};
    while (depth > 0) {
        pred_walk p = stack[--depth];
        for (;;) {
            int a = p.active;
            rot_facings mask = 3u << (2 * a);
            if (!(p.reached & (1u << a))) {
                p.reached |= 1u << a;
                int after = rot_facing_of(w, a);
                /* Turning a cell again takes two more steps at least
                 * (A, B, A). */
                if (p.steps_left >= 2) {
                    pred_walk twice = p;
                    rot_facings bits = (rot_facings)((after - 2 * turn) & 3)
                                       << (2 * a);
                    twice.before = (p.before & ~mask) | bits;
                    twice.current = (p.current & ~mask) | bits;
                    stack[depth++] = twice;
                }
                rot_facings bits = (rot_facings)((after - turn) & 3)
                                   << (2 * a);
                p.before = (p.before & ~mask) | bits;
                p.current = (p.current & ~mask) | bits;
            } else if (((p.current ^ w) & mask) == 0) {
                break; /* a cell that has made all its guessed turns */
            }
            int facing;
            p.current = turn_slot(p.current, a, turn, &facing);
            int next = board->target[a][facing];
            if (p.steps_left == 0 || next == ROT_NONE) {
                if (p.current == w) /* every guess came true */
                    add_predecessor(out, &found, p.before);
                break;
            }
            p.steps_left--;
            p.active = next;
        }
    }
    return found;
}

/* ---- position string ---- */

static const char facing_letter[4] = {'N', 'E', 'S', 'W'};
static const char size_letter[4] = {'?', 's', 'm', 'l'};
static const char *const size_name[4] = {"", "small", "medium", "large"};

static int facing_index(char c)
{
    const char *p = c ? strchr("NESW", c) : NULL;
    return p ? (int)(p - "NESW") : -1;
}

static int size_index(char c)
{
    const char *p = c ? strchr("sml", c) : NULL;
    return p ? (int)(p - "sml") + 1 : 0;
}

static int reject(rot_parse_error *err, int column, const char *format, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, format);
        err->column = column;
        vsnprintf(err->message, sizeof err->message, format, ap);
        va_end(ap);
    }
    return -1;
}

int rot_parse(const char *text, rot_position *out, rot_parse_error *err)
{
    if (!text || !*text)
        return reject(err, 0, "empty position string");
    rot_arrangement a;
    memset(&a, 0, sizeof a);
    uint8_t facing[ROT_CELLS] = {0};
    int pieces_of_size[4] = {0};
    int sixth_column[4] = {0}; /* where a size first had too many pieces */
    int empties = 0, rank = 3, file = 0;
    for (int i = 0;; i++) {
        char c = text[i];
        int column = i + 1;
        if (c == '/' || c == '\0') {
            if (file != 4)
                return reject(err, column,
                              "rank %d has %d cells, not 4", rank + 1, file);
            if (c == '\0')
                break;
            if (rank == 0)
                return reject(err, column, "more than 4 ranks");
            rank--;
            file = 0;
            continue;
        }
        if (c >= '1' && c <= '4') {
            if (file + (c - '0') > 4)
                return reject(err, column, "rank %d is wider than 4 cells",
                              rank + 1);
            for (int k = 0; k < c - '0'; k++) {
                if (++empties > 1)
                    return reject(err, column,
                                  "more than one empty cell");
                a.empty = (uint8_t)(rank * 4 + file++);
            }
            continue;
        }
        int size = size_index(c);
        if (size) {
            int f = facing_index(text[i + 1]);
            if (f < 0)
                return reject(err, column,
                              "size letter '%c' is not followed by a facing "
                              "letter (N, E, S or W)", c);
            if (file == 4)
                return reject(err, column, "rank %d is wider than 4 cells",
                              rank + 1);
            if (++pieces_of_size[size] == 6)
                sixth_column[size] = column;
            a.size[rank * 4 + file] = (uint8_t)size;
            facing[rank * 4 + file] = (uint8_t)f;
            file++;
            i++;
            continue;
        }
        if (facing_index(c) >= 0)
            return reject(err, column,
                          "facing letter '%c' without a size letter before it",
                          c);
        if (c >= 0x21 && c < 0x7f)
            return reject(err, column,
                          "'%c' is not a size letter (s, m, l), facing (N, E, "
                          "S, W), empty-cell count (1-4) or '/'", c);
        return reject(err, column,
                      "character 0x%02x is not a size letter (s, m, l), "
                      "facing (N, E, S, W), empty-cell count (1-4) or '/'",
                      (unsigned char)c);
    }
    if (rank != 0)
        return reject(err, 0, "%d ranks, not 4", 4 - rank);
    if (empties != 1)
        return reject(err, 0, "no empty cell (there must be exactly one)");
    /* 15 pieces, so exactly 5 of each size unless one has more. */
    for (int size = ROT_SMALL; size <= ROT_LARGE; size++)
        if (pieces_of_size[size] > 5)
            return reject(err, sixth_column[size],
                          "more than 5 %s pieces (%d)", size_name[size],
                          pieces_of_size[size]);
    rot_board board;
    rot_board_init(&board, &a, ROT_BASIC);
    rot_facings w = 0;
    for (int s = 0; s < ROT_PIECES; s++)
        w |= (rot_facings)facing[board.cell_of_slot[s]] << (2 * s);
    out->arrangement = a;
    out->facings = w;
    return 0;
}

void rot_cell_facings(const rot_board *board, rot_facings w,
                      uint8_t facing_of_cell[ROT_CELLS])
{
    for (int cell = 0; cell < ROT_CELLS; cell++) {
        int s = board->slot_of_cell[cell];
        facing_of_cell[cell] =
            s == ROT_NONE ? ROT_NONE : (uint8_t)rot_facing_of(w, s);
    }
}

void rot_format(const rot_position *pos, char out[ROT_TEXT_MAX])
{
    rot_board board;
    rot_board_init(&board, &pos->arrangement, ROT_BASIC);
    uint8_t facing[ROT_CELLS];
    rot_cell_facings(&board, pos->facings, facing);
    char *p = out;
    for (int rank = 3; rank >= 0; rank--) {
        for (int file = 0; file < 4; file++) {
            int cell = rank * 4 + file;
            if (cell == pos->arrangement.empty) {
                *p++ = '1';
                continue;
            }
            *p++ = size_letter[pos->arrangement.size[cell]];
            *p++ = facing_letter[facing[cell]];
        }
        if (rank)
            *p++ = '/';
    }
    *p = '\0';
}

void rot_format_move(const rot_board *board, int move, char out[4])
{
    int cell = board->cell_of_slot[rot_move_slot(move)];
    out[0] = (char)('a' + cell % 4);
    out[1] = (char)('1' + cell / 4);
    out[2] = rot_move_turn(move) == 1 ? '+' : '-';
    out[3] = '\0';
}

int rot_parse_move(const rot_board *board, const char *text)
{
    if (text[0] < 'a' || text[0] > 'd' || text[1] < '1' || text[1] > '4' ||
        (text[2] != '+' && text[2] != '-') || text[3] != '\0')
        return -1;
    int slot = board->slot_of_cell[(text[1] - '1') * 4 + (text[0] - 'a')];
    if (slot == ROT_NONE)
        return -1;
    return rot_move_make(slot, text[2] == '+');
}
