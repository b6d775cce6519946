convert --to fen samples/rollerball-stalemate.rgn
