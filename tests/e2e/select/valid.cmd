select -q --count --valid tests/e2e/inputs/select_games.pgn
