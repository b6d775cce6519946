validate samples/bad/truncated.rgn
