convert --quiet --to coord tests/e2e/inputs/null_moves.pgn
