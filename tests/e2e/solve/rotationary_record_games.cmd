solve --format rgn - < tests/e2e/inputs/rotationary_record.rgn
