validate --range 10 samples/king-mate.rgn
