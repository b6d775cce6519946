fen samples/rollerball-stalemate.rgn
