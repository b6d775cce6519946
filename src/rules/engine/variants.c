/*
 * variants.c - the engine's games as tables: Greenwade's Rotary Chess
 * (12 x 12) and orthodox Chess, each compiled once on first use.
 */
#include "rules/engine/engine.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static const eng_piece_def rotary_chess_pieces[] = {
    {'K', "KisO4"},       {'Q', "Q"},          {'R', "R"},
    {'B', "B"},           {'T', "NG"},         {'M', "sWsyafsW"},
    {'L', "WG"},          {'S', "FsN"},        {'C', "FNZ"},
    {'G', "K"},           {'W', "F3mAmG"},     {'F', "WNZFXDX"},
    {'J', "GZ"},          {'P', "ifmnDfmWfceF"},
};

const eng_game eng_rotary_chess_game = {
    "Rotary Chess", 12, 12,
    (int)(sizeof rotary_chess_pieces / sizeof rotary_chess_pieces[0]),
    rotary_chess_pieces,
    "rfcgbqkbgcfr/mtswjlljwstm/pppppppppppp/12/12/12/12/12/12/PPPPPPPPPPPP/"
    "MTSWJLLJWSTM/RFCGBQKBGCFR w KQkq - 0 1",
    "BRQTMLSCGWFJ",
};

static const eng_piece_def chess_pieces[] = {
    {'K', "KisO2"}, {'Q', "Q"}, {'R', "R"}, {'B', "B"}, {'N', "N"},
    {'P', "ifmnDfmWfceF"},
};

const eng_game eng_chess_game = {
    "Chess", 8, 8,
    (int)(sizeof chess_pieces / sizeof chess_pieces[0]),
    chess_pieces,
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

const eng_rules *eng_rotary_chess_rules(void)
{
    pthread_once(&rotary_chess_once, compile_rotary_chess);
    return &rotary_chess_rules;
}

const eng_rules *eng_chess_rules(void)
{
    pthread_once(&chess_once, compile_chess);
    return &chess_rules;
}
