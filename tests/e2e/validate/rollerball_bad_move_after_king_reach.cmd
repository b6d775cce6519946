validate samples/bad/rollerball-move-after-king-reach.rgn
