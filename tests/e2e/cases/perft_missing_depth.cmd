perft
