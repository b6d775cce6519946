validate --diagnostics=json samples/bad/rotationary-missing-fen.rgn
