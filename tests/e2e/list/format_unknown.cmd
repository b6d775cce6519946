list --format xml samples/king-mate.rgn
