ranges --parts 3 samples/club-championship.rgn
