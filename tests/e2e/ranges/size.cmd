ranges --size 1K samples/club-championship.rgn
