list --format json --range 1000:2335 samples/club-championship.rgn
