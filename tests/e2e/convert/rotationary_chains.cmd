convert --chains samples/rotationary-chains.rgn
