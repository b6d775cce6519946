validate --diagnostics=json samples/bad/rotationary-unclaimed-solved.rgn
