validate samples/bad/missing-roster-tags.rgn
