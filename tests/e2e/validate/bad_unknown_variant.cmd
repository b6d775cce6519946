validate samples/bad/unknown-variant.rgn
