ranges --size 12Q samples/club-championship.rgn
