validate --variant chess tests/e2e/inputs/null_moves.pgn
