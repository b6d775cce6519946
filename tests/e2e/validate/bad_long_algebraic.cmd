validate samples/bad/long-algebraic.rgn
