select -q --to coord --ends stalemate tests/e2e/inputs/select_games.pgn
