convert --to coord samples/rollerball-king-reach.rgn samples/rollerball-mate.rgn samples/rollerball-rebounds.rgn samples/rollerball-stalemate.rgn
