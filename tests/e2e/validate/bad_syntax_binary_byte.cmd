validate samples/bad/syntax-binary-byte.rgn
