diagram --size=3 samples/king-mate.rgn
