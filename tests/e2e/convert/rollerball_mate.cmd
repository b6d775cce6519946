convert samples/rollerball-mate.rgn
