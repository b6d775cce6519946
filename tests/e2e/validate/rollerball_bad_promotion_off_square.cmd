validate samples/bad/rollerball-promotion-off-square.rgn
