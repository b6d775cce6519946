validate --diagnostics=json samples/bad/rotationary-result-tag-mismatch.rgn
