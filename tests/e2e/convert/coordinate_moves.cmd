convert --quiet tests/e2e/inputs/coordinate_moves.pgn
