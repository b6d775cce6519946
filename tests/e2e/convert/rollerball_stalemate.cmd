convert samples/rollerball-stalemate.rgn
