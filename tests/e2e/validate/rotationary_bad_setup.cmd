validate --diagnostics=json samples/bad/rotationary-bad-setup.rgn
