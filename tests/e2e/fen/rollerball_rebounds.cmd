fen samples/rollerball-rebounds.rgn
