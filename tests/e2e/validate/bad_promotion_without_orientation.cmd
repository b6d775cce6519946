validate samples/bad/promotion-without-orientation.rgn
