validate samples/bad/wrong-move-number.rgn
