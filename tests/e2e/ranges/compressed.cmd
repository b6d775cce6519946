ranges --parts 2 tests/e2e/inputs/blocked_path.rgn.xz
