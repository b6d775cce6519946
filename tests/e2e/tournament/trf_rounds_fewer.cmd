tournament --format trf --rounds 2 tests/e2e/inputs/tournament_swiss.pgn
