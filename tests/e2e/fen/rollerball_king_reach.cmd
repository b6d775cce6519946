fen samples/rollerball-king-reach.rgn
