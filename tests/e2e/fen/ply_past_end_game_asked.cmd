fen --ply 999 --game 3 samples/bad/illegal-blocked-path.rgn samples/king-mate.rgn
