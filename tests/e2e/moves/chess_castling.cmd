moves --variant chess --fen "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
