validate - < tests/e2e/inputs/white_space_head.rgn
