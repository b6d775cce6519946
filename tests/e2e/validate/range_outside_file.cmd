validate --range 0:999999 samples/king-mate.rgn
