validate -q -- samples/king-mate.rgn
