select -q --to coord --ends fifty tests/e2e/inputs/select_games.pgn
