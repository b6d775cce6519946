validate --range 5000:999999 samples/king-mate.rgn
