validate --rnage 0: samples/king-mate.rgn
