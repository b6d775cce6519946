tournament --format csv tests/e2e/inputs/tournament_round_robin.pgn tests/e2e/inputs/tournament_swiss.pgn
