select -q --to coord --ends repetition tests/e2e/inputs/select_games.pgn
