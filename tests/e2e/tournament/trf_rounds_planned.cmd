tournament --format trf --rounds 5 tests/e2e/inputs/tournament_swiss.pgn
