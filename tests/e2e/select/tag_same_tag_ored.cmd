select -q --to coord --tag 'White~tal' --tag 'White~morphy' tests/e2e/inputs/select_games.pgn
