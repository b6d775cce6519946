validate --summary yaml samples/club-championship.rgn
