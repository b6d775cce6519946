validate samples/bad/rollerball-hole-square.rgn
