validate --diagnostics=json samples/bad/rotationary-empty-cell.rgn
