validate samples/king-mate.rgn samples/bad/last-rank-without-promotion.rgn
