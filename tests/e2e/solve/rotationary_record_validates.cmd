solve --format rgn - 2>/dev/null < tests/e2e/inputs/rotationary_record.rgn | "$RGN" validate -
