validate samples/bad/king-slide.rgn
