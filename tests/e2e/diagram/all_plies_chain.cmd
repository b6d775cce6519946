diagram --format ascii --all-plies "$RGN_TMP/frames" samples/rotationary-abandoned.rgn && cat "$RGN_TMP/frames/0003.txt"
