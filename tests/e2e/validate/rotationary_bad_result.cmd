validate --diagnostics=json samples/bad/rotationary-bad-result.rgn
