validate samples/bad/ambiguous-move.rgn
