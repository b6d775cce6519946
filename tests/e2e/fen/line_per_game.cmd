fen samples/bad/illegal-blocked-path.rgn samples/king-mate.rgn
