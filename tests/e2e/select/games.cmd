select -q --to coord --games 2-3,6 tests/e2e/inputs/select_games.pgn
