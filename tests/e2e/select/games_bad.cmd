select -q --games 0,2 tests/e2e/inputs/select_games.pgn
