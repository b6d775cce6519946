validate samples/bad/move-after-mate.rgn
