select -q --plies 8-2 tests/e2e/inputs/select_games.pgn
