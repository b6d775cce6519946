validate samples/bad/slide-rotates-rook.rgn
