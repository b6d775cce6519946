validate --diagnostics=json samples/bad/rotationary-bad-turn.rgn
