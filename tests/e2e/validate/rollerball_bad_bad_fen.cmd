validate samples/bad/rollerball-bad-fen.rgn
