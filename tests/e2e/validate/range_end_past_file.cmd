validate --summary json --range 0:99999999999999 samples/king-mate.rgn
