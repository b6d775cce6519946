fen --ply 999 samples/king-mate.rgn
