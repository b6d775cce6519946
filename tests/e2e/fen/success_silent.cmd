fen samples/king-mate.rgn
