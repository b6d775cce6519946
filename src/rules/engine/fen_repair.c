/*
 * fen_repair.c - reading the FEN tags of chess files from the wild, which
 * a strict reader refuses: a castling right whose King or Rook is not in
 * place (set-ups from problem collections keep KQkq), or a move number of
 * 0. What it repairs it says, for a warning; the strict reader then reads
 * the repaired string, so every other rule still holds.
 */
#include <stdio.h>
#include <string.h>

#include "rules/engine/engine.h"

#define MAX_FIELDS 6

/* Splits copy (modified) at spaces into at most MAX_FIELDS fields. */
static int split(char *copy, char *field[MAX_FIELDS])
{
    int n = 0;
    for (char *p = copy; *p && n < MAX_FIELDS;) {
        field[n++] = p;
        p = strchr(p, ' ');
        if (!p)
            break;
        *p++ = '\0';
    }
    return n;
}

int eng_repair_fen(eng_position *pos, const char *fen, char *what,
                   size_t what_size)
{
    const eng_rules *r = eng_rules_of(pos);
    char copy[512], rights[16] = "", dropped[16] = "";
    if (strlen(fen) >= sizeof copy)
        return -1;
    strcpy(copy, fen);
    char *field[MAX_FIELDS];
    int fields = split(copy, field);
    eng_position board;
    rgn_error err;
    if (fields < 3 || eng_read_board(r, &board, field[0], &err) < 0)
        return -1;

    /* field 3: keep the rights whose King and Rook stand in place */
    size_t kept = 0, gone = 0;
    for (const char *c = field[2]; *c && strcmp(field[2], "-") != 0; c++) {
        int rook;
        if (eng_castling_letter(r, &board, *c, &rook) < 0 ||
            kept + 1 >= sizeof rights)
            return -1; /* not a right: nothing to repair */
        if (rook >= 0)
            rights[kept++] = *c;
        else if (gone + 1 < sizeof dropped)
            dropped[gone++] = *c;
    }
    if (gone)
        field[2] = kept ? rights : "-";
    /* field 6: a move number of 0 is the first move */
    bool zero_move = fields == 6 && strcmp(field[5], "0") == 0;
    if (zero_move)
        field[5] = "1";
    if (!gone && !zero_move)
        return -1;

    char fixed[512];
    size_t n = 0;
    for (int i = 0; i < fields; i++)
        n += (size_t)snprintf(fixed + n, sizeof fixed - n, "%s%s", i ? " " : "",
                              field[i]);
    if (n >= sizeof fixed || eng_read_fen(r, pos, fixed, &err) < 0)
        return -1;
    snprintf(what, what_size, "%s%s%s%s%s%s, read as \"%s\"",
             gone ? "castling right" : "",
             gone > 1 ? "s "
             : gone   ? " "
                      : "",
             gone ? dropped : "",
             gone ? " dropped (King or Rook not in place)" : "",
             gone && zero_move ? ", " : "",
             zero_move ? "move number 0 made 1" : "", fixed);
    return 0;
}
