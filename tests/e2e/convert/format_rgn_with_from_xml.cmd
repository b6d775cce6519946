convert --from xml samples/king-mate.rgn
