validate samples/bad/last-rank-without-promotion.rgn
