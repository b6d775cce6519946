fen --ply 9 samples/bad/illegal-blocked-path.rgn samples/king-mate.rgn
