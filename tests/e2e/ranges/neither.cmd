ranges samples/club-championship.rgn
