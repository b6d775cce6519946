fen --game 2 samples/bad/illegal-blocked-path.rgn
