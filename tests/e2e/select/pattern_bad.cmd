select -q --pattern '8/8/8/8/8/8/8/9' tests/e2e/inputs/select_games.pgn
