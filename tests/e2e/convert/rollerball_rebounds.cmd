convert samples/rollerball-rebounds.rgn
