select -q --to coord --ends insufficient tests/e2e/inputs/select_games.pgn
