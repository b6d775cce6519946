validate samples/bad/rollerball-missing-promotion.rgn
