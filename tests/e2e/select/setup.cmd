select -q --to coord --setup tests/e2e/inputs/select_games.pgn
