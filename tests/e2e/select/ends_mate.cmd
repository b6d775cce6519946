select -q --to coord --ends mate tests/e2e/inputs/select_games.pgn
