validate --range 0:10 tests/e2e/inputs/blocked_path.rgn.xz
