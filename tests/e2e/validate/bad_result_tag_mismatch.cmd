validate samples/bad/result-tag-mismatch.rgn
