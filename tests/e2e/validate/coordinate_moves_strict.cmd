validate --strict tests/e2e/inputs/coordinate_moves.pgn
