validate --range 50:10 samples/king-mate.rgn
