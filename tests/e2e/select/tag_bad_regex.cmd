select -q --tag 'White=~(Tal' tests/e2e/inputs/select_games.pgn
