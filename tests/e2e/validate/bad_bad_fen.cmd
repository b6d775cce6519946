validate samples/bad/bad-fen.rgn
