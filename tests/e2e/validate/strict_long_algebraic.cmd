validate --strict samples/bad/long-algebraic.rgn
