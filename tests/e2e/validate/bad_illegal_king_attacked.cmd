validate samples/bad/illegal-king-attacked.rgn
