diagram --game 2 --ply 0 --format ascii --no-coords samples/bad/illegal-blocked-path.rgn
