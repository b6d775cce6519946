validate samples/bad/rollerball-wrong-result-after-stalemate.rgn
