select -q --count --promotion=Q tests/e2e/inputs/select_games.pgn
