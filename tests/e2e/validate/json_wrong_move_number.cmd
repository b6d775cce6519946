validate --diagnostics=json samples/bad/wrong-move-number.rgn
