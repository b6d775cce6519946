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
            int cell =
                pointed_cell(arrangement, rules, board->cell_of_slot[s], d);
            board->target[s][d] =
                cell == ROT_NONE ? ROT_NONE : board->slot_of_cell[cell];
        }
}

/* Turns slot s by turn (1 or 3) in w; stores its new facing. */
static inline rot_facings turn_slot(rot_facings w, int s, int turn, int *facing)
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

/*
 * Predecessors: a pre-move position differs from w only on the chain, each
 * chain cell turned once or twice (a second turn needs two more steps of
 * the chain: A, B, A). Walking the chain forward, the facing a cell points
 * with after a turn is its facing in w less the turns still to come; so
 * for each way the turns can fall (which cells turn twice) the chain is
 * fixed, and it is kept when it comes back exactly as guessed. The cases
 * are few and are written out below; the unit tests compare them with a
 * brute force over the cells near the picked one.
 */

/* w with slot s turned back `times` times. */
static inline rot_facings turned_back(rot_facings w, int s, int turn, int times)
{
    int f = (rot_facing_of(w, s) - times * turn) & 3;
    return (w & ~(3u << (2 * s))) | ((rot_facings)f << (2 * s));
}

/* Where slot s points when it has `still` turns to come. */
static inline int points_at(const rot_board *board, rot_facings w, int s,
                            int turn, int still)
{
    return board->target[s][(rot_facing_of(w, s) - still * turn) & 3];
}

int rot_predecessors(const rot_board *board, rot_facings w, int move,
                     rot_facings out[ROT_MAX_PREDECESSORS])
{
    int t = rot_move_turn(move), s = rot_move_slot(move);
    int k = board->chain_length[s]; /* further turns */
    int found = 0;
    /* s turns once: s, n1, n2, n3 each once, as far as k and the chain go;
     * the chain fails when it comes back to a cell already done. */
    rot_facings before = turned_back(w, s, t, 1);
    int n1 = points_at(board, w, s, t, 0);
    if (n1 == ROT_NONE) {
        out[found++] = before;
    } else {
        before = turned_back(before, n1, t, 1);
        int n2 = points_at(board, w, n1, t, 0);
        if (k == ROT_SMALL || n2 == ROT_NONE) {
            out[found++] = before;
        } else if (n2 != s) {
            before = turned_back(before, n2, t, 1);
            int n3 = points_at(board, w, n2, t, 0);
            if (k == ROT_MEDIUM || n3 == ROT_NONE)
                out[found++] = before;
            else if (n3 != s && n3 != n1)
                out[found++] = turned_back(before, n3, t, 1);
        }
        /* A large piece: s once, n1 twice (s, n1, n2, n1). */
        if (k == ROT_LARGE) {
            int m2 = points_at(board, w, n1, t, 1);
            if (m2 != ROT_NONE && m2 != s &&
                points_at(board, w, m2, t, 0) == n1)
                out[found++] = turned_back(
                    turned_back(turned_back(w, s, t, 1), n1, t, 2), m2, t, 1);
        }
    }
    if (k == ROT_SMALL)
        return found;
    /* s twice: s, b, s (then, for a large piece, on to one more cell), or
     * for a large piece s, b, c, s. */
    int b = points_at(board, w, s, t, 1);
    if (b == ROT_NONE)
        return found;
    rot_facings twice = turned_back(turned_back(w, s, t, 2), b, t, 1);
    int c = points_at(board, w, b, t, 0);
    if (c == s) {
        int d = k == ROT_LARGE ? points_at(board, w, s, t, 0) : ROT_NONE;
        if (d == ROT_NONE)
            out[found++] = twice;
        else if (d != b)
            out[found++] = turned_back(twice, d, t, 1);
    } else if (k == ROT_LARGE && c != ROT_NONE &&
               points_at(board, w, c, t, 0) == s) {
        out[found++] = turned_back(twice, c, t, 1);
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

static int reject(rgn_error *err, int column, const char *format, ...)
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

int rot_parse(const char *text, rot_position *out, rgn_error *err)
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
                return reject(err, column, "rank %d has %d cells, not 4",
                              rank + 1, file);
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
                    return reject(err, column, "more than one empty cell");
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
                              "letter (N, E, S or W)",
                              c);
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
                          "S, W), empty-cell count (1-4) or '/'",
                          c);
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
            return reject(err, sixth_column[size], "more than 5 %s pieces (%d)",
                          size_name[size], pieces_of_size[size]);
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
