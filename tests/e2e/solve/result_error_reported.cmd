solve --format rgn samples/bad/rotationary-result-tag-mismatch.rgn 2>&1 >/dev/null | grep -v 'positions searched'
