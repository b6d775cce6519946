validate --diagnostics=json samples/bad/rotationary-move-after-solved.rgn
