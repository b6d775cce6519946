validate --diagnostics=json samples/bad/rotationary-false-solved.rgn
