validate samples/bad/rollerball-wrong-result-after-king-reach.rgn
