validate samples/bad/surplus-disambiguation.rgn
