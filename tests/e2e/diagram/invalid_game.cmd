diagram --quiet samples/bad/slide-rotates-rook.rgn
