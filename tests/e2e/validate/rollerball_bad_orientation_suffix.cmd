validate samples/bad/rollerball-orientation-suffix.rgn
