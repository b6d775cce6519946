validate samples/bad/syntax-stray-bracket.rgn
