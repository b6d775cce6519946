validate --summary json --range 1000: samples/club-championship.rgn
