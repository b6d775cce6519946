tournament tests/e2e/inputs/tournament_round_robin.pgn
