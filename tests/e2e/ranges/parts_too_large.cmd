ranges --parts 99999999999999999999 samples/king-mate.rgn
