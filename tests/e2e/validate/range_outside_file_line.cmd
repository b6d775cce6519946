validate --range 5000:999999:40 samples/king-mate.rgn
