validate samples/bad/result-in-variation.rgn
