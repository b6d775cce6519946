perft -- 2 3
