validate --summary jsn samples/king-mate.rgn
