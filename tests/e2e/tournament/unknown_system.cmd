tournament tests/e2e/inputs/tournament_unknown_system.pgn
