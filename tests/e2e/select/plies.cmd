select -q --to coord --plies 2-8 tests/e2e/inputs/select_games.pgn
