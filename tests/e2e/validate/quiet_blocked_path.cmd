validate --quiet samples/bad/illegal-blocked-path.rgn
