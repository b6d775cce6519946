validate --diagnostics=json --diagnostics-file - samples/bad/illegal-blocked-path.rgn
