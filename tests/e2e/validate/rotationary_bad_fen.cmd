validate --diagnostics=json samples/bad/rotationary-bad-fen.rgn
