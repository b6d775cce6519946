convert --quiet tests/e2e/inputs/null_moves.pgn
