tournament --format json tests/e2e/inputs/tournament_swiss.pgn
