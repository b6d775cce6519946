solve samples/bad/rotationary-bad-cell.rgn
