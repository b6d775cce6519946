validate --summary json samples/club-championship.rgn
