select -q --to coord --ends unfinished tests/e2e/inputs/select_games.pgn
