select -q --tag 'White' tests/e2e/inputs/select_games.pgn
