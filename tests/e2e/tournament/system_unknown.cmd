tournament --system knockout tests/e2e/inputs/tournament_swiss.pgn
