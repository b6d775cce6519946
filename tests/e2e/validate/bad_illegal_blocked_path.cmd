validate samples/bad/illegal-blocked-path.rgn
