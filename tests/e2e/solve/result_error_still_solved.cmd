solve samples/bad/rotationary-false-solved.rgn 2>/dev/null
