fen samples/rollerball-mate.rgn
