validate --range 0:10 samples/king-mate.rgn samples/king-mate.rgn
