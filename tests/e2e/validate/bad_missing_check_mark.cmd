validate samples/bad/missing-check-mark.rgn
