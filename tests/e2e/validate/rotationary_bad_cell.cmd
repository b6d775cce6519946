validate --diagnostics=json samples/bad/rotationary-bad-cell.rgn
