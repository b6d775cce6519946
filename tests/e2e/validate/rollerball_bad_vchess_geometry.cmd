validate samples/bad/rollerball-vchess-geometry.rgn
