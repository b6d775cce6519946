diagram --format ascii --ply 3 samples/rotationary-abandoned.rgn
