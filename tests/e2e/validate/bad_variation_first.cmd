validate samples/bad/variation-first.rgn
