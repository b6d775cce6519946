solve samples/bad/rotationary-move-after-solved.rgn
