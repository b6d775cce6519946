select -q --to coord --promotion=N --underpromotion tests/e2e/inputs/select_games.pgn
