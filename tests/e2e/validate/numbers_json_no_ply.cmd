validate --diagnostics=json samples/king-mate.rgn samples/bad/missing-roster-tags.rgn
