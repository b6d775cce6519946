validate samples/bad/rollerball-promotion-queen.rgn
