convert --to xml samples/king-mate.rgn
