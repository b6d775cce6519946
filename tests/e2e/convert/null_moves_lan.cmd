convert --quiet --to lan tests/e2e/inputs/null_moves.pgn
