validate samples/bad/wrong-result-after-mate.rgn
