tournament --format trf tests/e2e/inputs/tournament_missing_game.pgn
