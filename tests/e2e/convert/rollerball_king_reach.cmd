convert samples/rollerball-king-reach.rgn
