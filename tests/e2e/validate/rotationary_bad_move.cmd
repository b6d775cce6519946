validate --diagnostics=json samples/bad/rotationary-bad-move.rgn
