solve --variant 'rotationary wrap' samples/rotationary-chains.rgn
