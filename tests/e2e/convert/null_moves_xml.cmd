convert --quiet --to xml tests/e2e/inputs/null_moves.pgn
